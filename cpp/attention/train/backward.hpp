// The backward pass of causal multi-head self-attention: one small function per forward stage of
// pipeline.hpp, in reverse lecture order. Each takes d<stage>, the gradient of the loss with
// respect to that stage's output, and returns the gradient with respect to what the stage read,
// adding parameter gradients into a Weights of the same layout. Shapes use the lecture's names:
// B batch, T tokens, d_in, D = h·d_h, h heads, d_h head size.
#pragma once

#include "attention/api/config.hpp"
#include "attention/api/model.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/pipeline.hpp"
#include "attention/reference/weights.hpp"

namespace attention {

// nn.Linear y = x·Wᵀ + b, backwards: returns dx = dy·W (B,T,in) and adds dW += dyᵀ·x (out × in)
// and db += Σ_rows dy (when d_bias is not null).
Tensor linear_backward(const Tensor& x, const float* weight, const Tensor& d_y, float* d_weight,
                       float* d_bias);

// 11. out_proj: d_merged (B,T,D) = d_output · out_proj; out_proj's gradients into `grads`.
Tensor project_output_backward(const Tensor& merged, const Weights& weights, const Tensor& d_output,
                               Weights& grads);

// 10. The merge only moved numbers, so its gradient moves them back: (B,T,D) → (B,h,T,d_h).
Tensor merge_heads_backward(const Tensor& d_merged, int heads);

// 9. context = weights · V: d_weights = d_context · Vᵀ (B,h,T,T), d_values = weightsᵀ · d_context
// (B,h,T,d_h). `weights` are the ones V was multiplied with: after dropout.
struct WeightedValuesGradients {
  Tensor weights, values;
};
WeightedValuesGradients weighted_values_backward(const Tensor& dropped_weights,
                                                 const Tensor& values, const Tensor& d_context);

// 8. Dropout multiplied each weight by keep·1/(1−p): the gradient passes through the same mask
// with the same scale, so a dropped weight gets no gradient.
Tensor apply_dropout_backward(const Tensor& d_dropped, const Tensor& keep, double p);

// 7. Softmax, per row: d_scores_j = w_j · (d_w_j − Σ_k w_k·d_w_k) (B,h,T,T).
Tensor softmax_rows_backward(const Tensor& weights, const Tensor& d_weights);

// 6. The causal mask wrote constants (−∞) above the diagonal: no gradient flows to the future.
Tensor apply_causal_mask_backward(const Tensor& d_masked);

// 5. ÷ √d_h, backwards: the same division.
Tensor scale_scores_backward(const Tensor& d_scaled, int head_size);

// 4. scores = Q·Kᵀ: d_queries = d_scores · K, d_keys = d_scoresᵀ · Q, each (B,h,T,d_h).
struct QueryKeyGradients {
  Tensor queries, keys;
};
QueryKeyGradients attention_scores_backward(const Tensor& queries, const Tensor& keys,
                                            const Tensor& d_scores);

// 3. The split only moved numbers: (B,h,T,d_h) → (B,T,D), the merge's layout.
Tensor split_heads_backward(const Tensor& d_heads);

// 2. The three projections read the same inputs, so their input gradients add up:
// d_inputs (B,T,d_in) = d_Q·W_query + d_K·W_key + d_V·W_value; weight gradients into `grads`.
Tensor project_qkv_backward(const Tensor& inputs, const Weights& weights,
                            const QueriesKeysValues& d_projected, Weights& grads);

// Every gradient of one MultiHeadAttention forward pass (the fused layout), named by stage.
struct AttentionGradients {
  Tensor output, merged, context;           // (B,T,D), (B,T,D), (B,h,T,d_h)
  Tensor dropped, weights, masked, scaled;  // (B,h,T,T)
  Tensor scores;                            // (B,h,T,T)
  QueriesKeysValues heads;                  // (B,h,T,d_h) each
  QueriesKeysValues projected;              // (B,T,D) each
  Tensor inputs;                            // (B,T,d_in)
  Weights parameters;                       // d W_query, d W_key, ..., d out_proj
};

// The whole block backwards, reading the forward pass's trace (its inputs, queries, keys, values,
// heads, attention weights, dropout mask and merged heads): module 'mha', fused layout, −∞ masking
// (causal or not), with or without dropout and qkv_bias.
AttentionGradients attention_backward(const Config& config, const Weights& weights,
                                      const Trace& trace, const Tensor& d_output);

// A Weights of zeros with the layout of `like` (the parameter gradients start from it).
Weights zeros_like(const Weights& like);

}  // namespace attention
