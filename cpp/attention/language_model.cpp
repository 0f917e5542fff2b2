// The language model around the lecture's block (see language_model.hpp): its parameters, its
// forward pass through the stage functions of pipeline.hpp, the next-token cross-entropy, and the
// backward pass through backward.hpp's stage functions.
#include "language_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "errors.hpp"
#include "pipeline.hpp"
#include "torch_rng.hpp"

namespace attention {
namespace {

// π, spelled out: M_PI is POSIX, not standard C++, and strict builds may not define it.
constexpr double kPi = 3.14159265358979323846;

// N(0, std²) by Box–Muller from two 53-bit uniforms of the torch stream (u1 in (0, 1]).
float normal(TorchGenerator& rng, double std) {
  const double scale = std::ldexp(1.0, -53);
  const double u1 = 1.0 - static_cast<double>(rng.random64() >> 11) * scale;
  const double u2 = static_cast<double>(rng.random64() >> 11) * scale;
  return static_cast<float>(std * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * kPi * u2));
}

void require(bool ok, const char* option, const std::string& message) {
  if (!ok) throw OptionError(option, message);
}

// The block's parameter gradients into the model's (no qkv bias: the block has none).
void add_attention_gradients(const Weights& from, Weights& into) {
  auto add = [](const std::vector<float>& f, std::vector<float>& i) {
    for (std::size_t e = 0; e < f.size(); ++e) i[e] += f[e];
  };
  add(from.query_weight, into.query_weight);
  add(from.key_weight, into.key_weight);
  add(from.value_weight, into.value_weight);
  add(from.out_weight, into.out_weight);
  add(from.out_bias, into.out_bias);
}

}  // namespace

void validate(const LanguageModelConfig& c) {
  require(c.vocabulary >= 2 && c.vocabulary <= 65536, "vocabulary",
          "the vocabulary must have from 2 to 65536 tokens");
  require(c.width >= 1 && c.width <= 4096, "width", "the width d must be from 1 to 4096");
  require(c.heads >= 1 && c.heads <= c.width && c.width % c.heads == 0, "heads",
          "the number of heads must divide the width d = " + std::to_string(c.width));
  require(c.context >= 2 && c.context <= 4096, "context", "the context must be from 2 to 4096");
  require(c.dropout >= 0.0 && c.dropout < 1.0, "dropout", "dropout must be in [0, 1)");
}

Config attention_config(const LanguageModelConfig& lm, int tokens, bool training) {
  Config c;  // MultiHeadAttention(d_in = d, d_out = d, context_length, dropout, num_heads = h)
  c.module = Module::mha;
  c.batch = 1;
  c.tokens = tokens;
  c.d_in = c.d_out = lm.width;
  c.heads = lm.heads;
  c.qkv_bias = false;
  c.causal = true;
  c.dropout = lm.dropout;
  c.training = training;
  c.seed = lm.seed;
  c.trace = true;
  return c;
}

LanguageModel init_language_model(const LanguageModelConfig& config) {
  validate(config);
  const std::size_t V = config.vocabulary, d = config.width, C = config.context;
  LanguageModel m;
  m.config = config;
  TorchGenerator rng(config.seed);
  m.token_embedding.resize(V * d);
  for (float& x : m.token_embedding) x = normal(rng, 0.02);
  m.position_embedding.resize(C * d);
  for (float& x : m.position_embedding) x = normal(rng, 0.02);
  m.attention = init_weights_like_torch(attention_config(config, config.context, false), rng);
  // out_head = nn.Linear(d, V): uniform in ±1/√d for the weight and the bias.
  const float bound = static_cast<float>(1.0 / std::sqrt(static_cast<double>(d)));
  m.unembedding_weight.resize(V * d);
  for (float& x : m.unembedding_weight) x = rng.uniform(-bound, bound);
  m.unembedding_bias.resize(V);
  for (float& x : m.unembedding_bias) x = rng.uniform(-bound, bound);
  return m;
}

LanguageModel zeros_like(const LanguageModel& like) {
  LanguageModel zero = like;
  for (const NamedParameter& p : parameters(zero))
    std::fill(p.values->begin(), p.values->end(), 0.0f);
  return zero;
}

std::vector<NamedParameter> parameters(LanguageModel& m) {
  const int V = m.config.vocabulary, d = m.config.width, C = m.config.context;
  Weights& a = m.attention;
  return {
      {"tok_emb.weight", {V, d}, &m.token_embedding, true},
      {"pos_emb.weight", {C, d}, &m.position_embedding, true},
      {"att.W_query.weight", {d, d}, &a.query_weight, true},
      {"att.W_key.weight", {d, d}, &a.key_weight, true},
      {"att.W_value.weight", {d, d}, &a.value_weight, true},
      {"att.out_proj.weight", {d, d}, &a.out_weight, true},
      {"att.out_proj.bias", {d}, &a.out_bias, false},
      {"out_head.weight", {V, d}, &m.unembedding_weight, true},
      {"out_head.bias", {V}, &m.unembedding_bias, false},
  };
}

std::size_t parameter_count(const LanguageModel& model) {
  LanguageModel& m = const_cast<LanguageModel&>(model);  // parameters() only points into it
  std::size_t n = 0;
  for (const NamedParameter& p : parameters(m)) n += p.values->size();
  return n;
}

LanguageModelForward language_model_forward(const LanguageModel& m, const std::vector<int>& ids,
                                            const Tensor* keep) {
  const LanguageModelConfig& lm = m.config;
  const int T = static_cast<int>(ids.size()), V = lm.vocabulary;
  if (T < 1 || T > lm.context) {
    throw InputError("tokens", "the model reads 1 to " + std::to_string(lm.context) +
                                   " tokens at a time, not " + std::to_string(T));
  }
  for (int id : ids) {
    if (id < 0 || id >= V)
      throw InputError("tokens", "token id " + std::to_string(id) + " is outside the vocabulary");
  }
  const Config c = attention_config(lm, T, keep != nullptr);
  LanguageModelForward f;
  f.ids = ids;
  f.training = c.dropping();
  f.inputs = embed_tokens(m, ids);  // (1,T,d)
  const Tensor no_dropout = keep != nullptr ? Tensor() : Tensor({1, lm.heads, T, T}, 1.0f);
  f.attention = attention_block(c, m.attention, f.inputs, keep != nullptr ? *keep : no_dropout);
  f.hidden = add_shortcut(f.inputs, *f.attention.find(Stage::output));  // (1,T,d)
  f.logits = unembed(m, f.hidden);                                      // (1,T,V)
  return f;
}

Tensor embed_tokens(const LanguageModel& m, const std::vector<int>& ids) {
  const int T = static_cast<int>(ids.size()), d = m.config.width;
  Tensor inputs({1, T, d});  // (1,T,d)
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < d; ++k)
      inputs.data[std::size_t(t) * d + k] = m.token_embedding[std::size_t(ids[t]) * d + k] +
                                            m.position_embedding[std::size_t(t) * d + k];
  return inputs;
}

Trace attention_block(const Config& c, const Weights& w, const Tensor& inputs, const Tensor& keep) {
  // The lecture's MultiHeadAttention, stage by stage, as Model's fused layout strings them (a test
  // checks the two agree bit for bit); every stage is kept for the backward pass.
  QueriesKeysValues projected = project_qkv(inputs, w, 0, c.d_out);  // (1,T,d) each
  QueriesKeysValues heads = {split_heads(projected.queries, c.heads),
                             split_heads(projected.keys, c.heads),
                             split_heads(projected.values, c.heads)};  // (1,h,T,d_h) each
  Tensor scores = attention_scores(heads.queries, heads.keys);         // (1,h,T,T)
  Tensor scaled = scale_scores(scores, c.head_size());
  Tensor masked = apply_causal_mask(scaled);
  Tensor weights = softmax_rows(masked);
  Tensor dropped = c.dropping() ? apply_dropout(weights, keep, c.dropout) : weights;
  Tensor context = weighted_values(dropped, heads.values);  // (1,h,T,d_h)
  Tensor merged = merge_heads(context);                     // (1,T,d)
  Tensor output = project_output(merged, w);                // (1,T,d)

  Trace trace;
  trace.add(Stage::inputs, inputs);
  trace.add(Stage::queries, std::move(projected.queries));
  trace.add(Stage::keys, std::move(projected.keys));
  trace.add(Stage::values, std::move(projected.values));
  trace.add(Stage::queryHeads, std::move(heads.queries));
  trace.add(Stage::keyHeads, std::move(heads.keys));
  trace.add(Stage::valueHeads, std::move(heads.values));
  trace.add(Stage::attentionScores, std::move(scores));
  trace.add(Stage::scaledScores, std::move(scaled));
  trace.add(Stage::maskedScores, std::move(masked));
  trace.add(Stage::attentionWeights, std::move(weights));
  trace.add(Stage::dropoutMask, keep);
  trace.add(Stage::droppedWeights, std::move(dropped));
  trace.add(Stage::contextHeads, std::move(context));
  trace.add(Stage::mergedHeads, std::move(merged));
  trace.add(Stage::output, std::move(output));
  return trace;
}

Tensor add_shortcut(const Tensor& inputs, const Tensor& block_output) {
  Tensor hidden = block_output;  // the block adds what it found to the embeddings it read
  for (std::size_t e = 0; e < hidden.size(); ++e) hidden.data[e] += inputs.data[e];
  return hidden;
}

Tensor unembed(const LanguageModel& m, const Tensor& hidden) {
  // One logit per vocabulary entry and position, (1,T,V).
  return linear(hidden, m.unembedding_weight.data(), m.unembedding_bias.data(),
                m.config.vocabulary);
}

std::vector<std::vector<NextToken>> next_tokens(const Tensor& logits, int k) {
  const int T = logits.dim(1), V = logits.dim(2);
  if (k < 1 || k > V)
    throw OptionError(
        "k", "k must be from 1 to V = " + std::to_string(V) + ", not " + std::to_string(k));
  std::vector<std::vector<NextToken>> out(T);
  std::vector<int> order(V);
  for (int t = 0; t < T; ++t) {
    const float* z = &logits.data[std::size_t(t) * V];
    // Overflowing logits would give NaN probabilities: refused, as forward() refuses its scores.
    if (!std::all_of(z, z + V, [](float x) { return std::isfinite(x); }))
      throw NumericalError("weights", "the logits after position " + std::to_string(t) +
                                          " are not finite numbers: these weights overflow "
                                          "float32 (a parameter far beyond trained values)");
    // The softmax's sum, with the maximum subtracted first (exp never overflows), in double.
    const float max = *std::max_element(z, z + V);
    double sum = 0.0;
    for (int j = 0; j < V; ++j) sum += std::exp(static_cast<double>(z[j] - max));
    std::iota(order.begin(), order.end(), 0);
    std::partial_sort(order.begin(), order.begin() + k, order.end(),
                      [&](int a, int b) { return z[a] > z[b] || (z[a] == z[b] && a < b); });
    for (int r = 0; r < k; ++r)
      out[t].push_back({order[r], std::exp(static_cast<double>(z[order[r]] - max)) / sum});
  }
  return out;
}

double cross_entropy(const Tensor& logits, const std::vector<int>& targets, float scale,
                     Tensor* d_logits) {
  const int T = logits.dim(1), V = logits.dim(2);
  if (d_logits != nullptr) *d_logits = Tensor({1, T, V});
  std::vector<float> exps(V);  // one exp per logit: they are most of the cost at V in thousands
  double loss = 0.0;
  for (int t = 0; t < T; ++t) {
    if (targets[t] < 0) continue;
    const float* z = &logits.data[std::size_t(t) * V];
    // Pass 1: the maximum, subtracted so that exp never overflows (softmax ignores the shift).
    const float max = *std::max_element(z, z + V);
    // Pass 2: the exponentials and their sum, summed in double over thousands of terms.
    double sum = 0.0;
    for (int j = 0; j < V; ++j) sum += (exps[j] = std::exp(z[j] - max));
    loss += std::log(sum) - static_cast<double>(z[targets[t]] - max);  // −log p(target)
    if (d_logits == nullptr) continue;
    // Pass 3: d(−log p_target)/dz_j = p_j − [j = target]: more probability where it was wrong.
    float* d = &d_logits->data[std::size_t(t) * V];
    const float inverse = static_cast<float>(1.0 / sum) * scale;
    for (int j = 0; j < V; ++j) d[j] = exps[j] * inverse;
    d[targets[t]] -= scale;
  }
  return loss;
}

void language_model_backward(const LanguageModel& m, const LanguageModelForward& f,
                             const Tensor& d_logits, LanguageModel& grads,
                             AttentionGradients* block_gradients) {
  const Config c = attention_config(m.config, static_cast<int>(f.ids.size()), f.training);
  // 4. out_head: d_hidden (1,T,d).
  const Tensor d_hidden =
      linear_backward(f.hidden, m.unembedding_weight.data(), d_logits,
                      grads.unembedding_weight.data(), grads.unembedding_bias.data());
  // 3. The shortcut copies the gradient to both of its branches: the block and the embeddings.
  AttentionGradients block = attention_backward(c, m.attention, f.attention, d_hidden);
  add_attention_gradients(block.parameters, grads.attention);
  Tensor d_inputs = d_hidden;  // (1,T,d)
  for (std::size_t e = 0; e < d_inputs.size(); ++e) d_inputs.data[e] += block.inputs.data[e];
  // 1. The embeddings.
  embed_tokens_backward(d_inputs, f.ids, grads);
  if (block_gradients != nullptr) *block_gradients = std::move(block);
}

void embed_tokens_backward(const Tensor& d_inputs, const std::vector<int>& ids,
                           LanguageModel& grads) {
  // Each position's gradient goes to the row of its token and to the row of its position; a token
  // that occurs twice collects both.
  const int T = static_cast<int>(ids.size()), d = grads.config.width;
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < d; ++k) {
      const float g = d_inputs.data[std::size_t(t) * d + k];
      grads.token_embedding[std::size_t(ids[t]) * d + k] += g;
      grads.position_embedding[std::size_t(t) * d + k] += g;
    }
}

}  // namespace attention
