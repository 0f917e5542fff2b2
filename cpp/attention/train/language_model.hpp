// A small language model around the lecture's block, as chapter 4 builds GPTModel but with one
// block and nothing else in it: token embedding + learned position embedding → one causal
// MultiHeadAttention (the weight split, out_proj) added back onto its input (the shortcut) → an
// unembedding to next-token logits, trained with cross-entropy on the next token. No layer norm
// and no feed-forward layer: every number between the tokens and the logits is a stage the
// lecture shows. Shapes: B batch, T tokens, V vocabulary, d = d_in = d_out, h heads.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/model.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/weights.hpp"
#include "attention/train/backward.hpp"

namespace attention {

struct LanguageModelConfig {
  int vocabulary = 2048;     // V: the corpus's most frequent GPT-2 tokens, the last id for the rest
  int width = 64;            // d: embedding width, d_in = d_out of the attention block
  int heads = 4;             // h (d_h = d / h)
  int context = 64;          // the longest sequence (rows of the position embedding)
  double dropout = 0.1;      // attention dropout, in training only
  std::uint32_t seed = 123;  // torch.manual_seed for the initial parameters
};

// Throws OptionError naming the first size out of range (each from 1, h dividing d, p in [0, 1)).
void validate(const LanguageModelConfig& config);

// The parameters, under chapter 4's names: tok_emb, pos_emb, att (the block), out_head. The same
// struct holds their gradients and the optimiser's moments.
struct LanguageModel {
  LanguageModelConfig config;
  std::vector<float> token_embedding;     // tok_emb.weight (V, d)
  std::vector<float> position_embedding;  // pos_emb.weight (context, d)
  Weights attention;                      // att.W_query.weight (d, d), ..., att.out_proj.bias (d)
  std::vector<float> unembedding_weight;  // out_head.weight (V, d)
  std::vector<float> unembedding_bias;    // out_head.bias (V)
};

// The block's configuration for T tokens: MultiHeadAttention(d, d, context, p, h), qkv_bias off.
Config attention_config(const LanguageModelConfig& config, int tokens, bool training);

// torch.manual_seed(seed), then the parameters in constructor order: embeddings from N(0, 0.02²)
// (GPT-2's initialisation; Box–Muller on the torch stream, not torch.normal_'s own numbers), the
// block exactly as nn.Linear draws it, and out_head as nn.Linear(d, V).
LanguageModel init_language_model(const LanguageModelConfig& config);

// A model of the same sizes with every parameter 0 (for gradients and optimiser moments).
LanguageModel zeros_like(const LanguageModel& like);

// Every parameter vector under its state_dict name, in constructor order (the optimiser, the
// weights file and the tests walk this one list). `decays`: AdamW's weight decay applies (matrices,
// not biases).
struct NamedParameter {
  std::string name;
  std::vector<int> shape;
  std::vector<float>* values;
  bool decays;
};
std::vector<NamedParameter> parameters(LanguageModel& model);
std::size_t parameter_count(const LanguageModel& model);

// Every stage of one forward pass of one sequence (B = 1), kept for the backward pass.
struct LanguageModelForward {
  std::vector<int> ids;   // (T) model token ids
  bool training = false;  // whether the block dropped attention weights
  Tensor inputs;          // (1,T,d): token + position embeddings, the block's inputs
  Trace attention;        // the block's trace, stage by stage (as Model records it)
  Tensor hidden;          // (1,T,d): inputs + block output (the shortcut)
  Tensor logits;          // (1,T,V)
};

// ids: T model ids, each in [0, V), T ≤ context. With `keep` (1,h,T,T) the block drops its
// attention weights with that mask (training); without, it runs in evaluation mode.
LanguageModelForward language_model_forward(const LanguageModel& model, const std::vector<int>& ids,
                                            const Tensor* keep = nullptr);

// The stages of language_model_forward, in order:
// 1. token embedding + position embedding: the block's inputs (1,T,d).
Tensor embed_tokens(const LanguageModel& model, const std::vector<int>& ids);
// 2. the lecture's MultiHeadAttention on them, every stage in its trace; `keep` (1,h,T,T) is the
// dropout mask (read only when config.dropping()).
Trace attention_block(const Config& config, const Weights& weights, const Tensor& inputs,
                      const Tensor& keep);
// 3. the shortcut: inputs + block output (1,T,d).
Tensor add_shortcut(const Tensor& inputs, const Tensor& block_output);
// 4. the unembedding: next-token logits (1,T,V).
Tensor unembed(const LanguageModel& model, const Tensor& hidden);
// 5. what the model predicts: at each position t, the k most probable next tokens (model ids,
// softmax of the logits at t), most probable first; ties: the smaller id first. This is what the
// causal mask is for: position t has seen tokens 0 … t only.
struct NextToken {
  int id;              // model id
  double probability;  // softmax(logits[t])[id]
};
std::vector<std::vector<NextToken>> next_tokens(const Tensor& logits, int k);

// The mean cross-entropy of predicting ids[t + 1] from the logits at t, over the T − 1 positions
// that have a next token in `targets` (targets[t] is the token after position t; −1 skips it).
// Returns the summed loss; d_logits (1,T,V) receives (softmax − one-hot) · scale.
double cross_entropy(const Tensor& logits, const std::vector<int>& targets, float scale,
                     Tensor* d_logits);

// Backwards through out_head, the shortcut, the block and both embeddings, adding every gradient
// into `grads` (same sizes as the model); `block` receives the block's stage gradients.
void language_model_backward(const LanguageModel& model, const LanguageModelForward& forward,
                             const Tensor& d_logits, LanguageModel& grads,
                             AttentionGradients* block = nullptr);

// 1. backwards: each position's gradient into its token's row and its position's row.
void embed_tokens_backward(const Tensor& d_inputs, const std::vector<int>& ids,
                           LanguageModel& grads);

}  // namespace attention
