// The stages of causal multi-head self-attention, one small function each, in lecture order.
// Shapes use the lecture's names: B batch, T tokens, d_in, D = h·d_h, h heads, d_h head size.
#pragma once

#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/torch_rng.hpp"
#include "attention/reference/weights.hpp"

namespace attention {

// nn.Linear: x (B,T,in) · weightᵀ + bias → (B,T,out). weight is PyTorch's (out × in), row-major;
// bias may be null (qkv_bias = false).
Tensor linear(const Tensor& x, const float* weight, const float* bias, int out_features);

// Queries, keys and values: the same inputs through three projections, (B,T,n) each.
struct QueriesKeysValues {
  Tensor queries, keys, values;
};

// Rows [first_row, first_row + n) of W_query, W_key and W_value (and their biases): all D rows at
// once for the weight split, or one head's d_h rows for the loop over heads.
QueriesKeysValues project_qkv(const Tensor& inputs, const Weights& weights, int first_row, int n);

// (B,T,D) → view (B,T,h,d_h): no number moves, each row is read as h pieces of d_h.
Tensor view_heads(const Tensor& x, int heads);

// (B,T,D) → view (B,T,h,d_h) → transpose(1,2) → (B,h,T,d_h): column block i becomes head i.
Tensor split_heads(const Tensor& x, int heads);

// The lecture's warning: Q·Kᵀ on the views, without the transpose, multiplies over the head axis
// instead of the token axis: (B,T,h,d_h) · (B,T,d_h,h) → (B,T,h,h), "attention" between the heads
// of one token instead of between tokens.
Tensor forgotten_transpose_scores(const Tensor& query_view, const Tensor& key_view);

// Q·Kᵀ for every batch and head: (B,h,T,d_h) × (B,h,T,d_h)ᵀ → (B,h,T,T).
Tensor attention_scores(const Tensor& queries, const Tensor& keys);

// ÷ √d_h, so that the softmax of long dot products does not collapse onto a single key.
Tensor scale_scores(const Tensor& scores, int head_size);

// Everything above the diagonal (a token looking at a later token) becomes exactly −∞.
Tensor apply_causal_mask(const Tensor& scaled_scores);

// Softmax along each row (the last axis); every row sums to 1, and −∞ becomes exactly 0.
Tensor softmax_rows(const Tensor& masked_scores);

// The notebook's first try: each row divided by its sum. Rows sum to 1 too, but negative scores
// give negative weights and the largest score does not stand out: why softmax is used instead.
Tensor sum_normalise_rows(const Tensor& scores);

// The naive route the lecture rejects: softmax over all tokens, zero the future, renormalise.
struct NaiveWeights {
  Tensor unmasked;      // softmax over every token (B,h,T,T)
  Tensor zeroed;        // the same with the upper triangle set to 0
  Tensor renormalised;  // each row divided by its remaining sum
};
NaiveWeights naive_causal_weights(const Tensor& scaled_scores, bool causal);

// Which order the reference module draws its dropout randoms in.
enum class DropOrder {
  batch_head,  // MultiHeadAttention: one dropout over (B,h,T,T)
  head_batch,  // MultiHeadAttentionWrapper: each head's CausalAttention drops (B,T,T) in turn
};

// The keep mask (B,h,T,T) of 1 (kept) and 0 (dropped), drawn as PyTorch's CPU dropout does
// (DropoutRng::cpu: two 32-bit draws per element), or as its MKL builds do on Intel CPUs
// (DropoutRng::mkl: one 32-bit draw per dropout call seeds MKL's MCG31m1).
Tensor draw_dropout_mask(TorchGenerator& rng, int batch, int heads, int tokens, double p,
                         DropOrder order, DropoutRng kind = DropoutRng::cpu);

// keep[e] = 1 with probability 1 − p, in row-major order, for one dropout call on `count` values.
void draw_keep(TorchGenerator& rng, double p, DropoutRng kind, float* keep, std::size_t count);

// Dropped weights are 0, survivors are multiplied by 1/(1−p) so the expected row sum stays 1.
Tensor apply_dropout(const Tensor& weights, const Tensor& keep, double p);

// Context vectors per head: weights (B,h,T,T) · values (B,h,T,d_h) → (B,h,T,d_h).
Tensor weighted_values(const Tensor& weights, const Tensor& values);

// (B,h,T,d_h) → transpose(1,2) → (B,T,h,d_h) → view (B,T,D): the inverse of split_heads.
Tensor merge_heads(const Tensor& context_heads);

// out_proj (mha only): merged (B,T,D) · out_projᵀ + bias → (B,T,D), so each output mixes all heads.
Tensor project_output(const Tensor& merged, const Weights& weights);

// The loop-over-heads way of merging: torch.cat of per-head (B,T,d_h) tensors along the last axis.
Tensor concat_heads(const std::vector<Tensor>& per_head);

// The loop layout's bookkeeping: stack per-head (B,1,T,X) tensors into one (B,h,T,X).
Tensor stack_heads(const std::vector<Tensor>& per_head);

// One head's (B,1,T,X) slice of a (B,h,T,X) tensor.
Tensor head_slice(const Tensor& x, int head);

}  // namespace attention
