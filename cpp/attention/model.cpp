// Weights (initialised like PyTorch or loaded from a state dict) and the forward pass that strings
// the stage functions together, fused or in a loop over heads.
#include "model.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "errors.hpp"
#include "fast_path.hpp"
#include "pipeline.hpp"
#include "simd.hpp"

namespace attention {
namespace {

// nn.Linear.reset_parameters: kaiming_uniform_(a=√5) for the weight, uniform(±1/√fan_in) for the
// bias; the bounds are Python doubles, cast to float32 by uniform_.
void init_linear(TorchGenerator& rng, int out, int in, bool with_bias, float* weight, float* bias) {
  const double gain = std::sqrt(2.0 / (1.0 + 5.0));
  const double weight_bound = std::sqrt(3.0) * (gain / std::sqrt(static_cast<double>(in)));
  for (int e = 0; e < out * in; ++e)
    weight[e] = rng.uniform(static_cast<float>(-weight_bound), static_cast<float>(weight_bound));
  if (with_bias) {
    const double bias_bound = 1.0 / std::sqrt(static_cast<double>(in));
    for (int e = 0; e < out; ++e)
      bias[e] = rng.uniform(static_cast<float>(-bias_bound), static_cast<float>(bias_bound));
  }
}

struct Parameter {
  std::string name;
  std::vector<int> shape;
  std::vector<float>* storage;
  std::size_t offset;  // into storage (head blocks of the wrapper)
};

// The parameters in the reference constructor's order, pointing into `w`.
std::vector<Parameter> parameters(const Config& c, Weights& w) {
  const int D = c.width(), d_in = c.d_in;
  std::vector<Parameter> list;
  auto qkv = [&](const std::string& prefix, int rows, std::size_t head) {
    const char* names[] = {"W_query", "W_key", "W_value"};
    std::vector<float>* weights[] = {&w.query_weight, &w.key_weight, &w.value_weight};
    std::vector<float>* biases[] = {&w.query_bias, &w.key_bias, &w.value_bias};
    for (int m = 0; m < 3; ++m) {
      list.push_back({prefix + names[m] + ".weight", {rows, d_in}, weights[m], head * rows * d_in});
      if (c.qkv_bias) list.push_back({prefix + names[m] + ".bias", {rows}, biases[m], head * rows});
    }
  };
  if (c.module == Module::wrapper) {
    for (int h = 0; h < c.heads; ++h) qkv("heads." + std::to_string(h) + ".", c.d_out, h);
  } else {
    qkv("", D, 0);
  }
  if (c.has_output_projection()) {
    list.push_back({"out_proj.weight", {D, D}, &w.out_weight, 0});
    list.push_back({"out_proj.bias", {D}, &w.out_bias, 0});
  }
  return list;
}

Weights allocate_weights(const Config& c) {
  const std::size_t D = c.width(), d_in = c.d_in, bias = c.qkv_bias ? D : 0;
  Weights w;
  w.query_weight.resize(D * d_in);
  w.key_weight.resize(D * d_in);
  w.value_weight.resize(D * d_in);
  w.query_bias.resize(bias);
  w.key_bias.resize(bias);
  w.value_bias.resize(bias);
  if (c.has_output_projection()) {
    w.out_weight.resize(D * D);
    w.out_bias.resize(D);
  }
  return w;
}

std::size_t count(const std::vector<int>& shape) {
  std::size_t n = 1;
  for (int d : shape) n *= static_cast<std::size_t>(d);
  return n;
}

const float* bias_or_null(const std::vector<float>& b, std::size_t offset = 0) {
  return b.empty() ? nullptr : b.data() + offset;
}

void require_finite_output(const Tensor& t, const char* what) {
  if (simd::all_finite(t.data.data(), t.data.size())) return;
  for (float v : t.data) {
    if (!std::isfinite(v)) {
      throw NumericalError("inputs", std::string(what) +
                                         " overflowed float32 (a value beyond ±3.4e38): the "
                                         "inputs or weights are too large in magnitude; scale "
                                         "them down (values of order 1 are typical)");
    }
  }
}

void require_finite_scores(const Tensor& scaled) {
  require_finite_output(scaled, "the attention scores Q·Kᵀ");
}

// The naive route fails silently in float32 when a row's past weights all underflow to 0.
void require_renormalisable(const NaiveWeights& naive) {
  const Tensor& z = naive.zeroed;
  const int B = z.dim(0), H = z.dim(1), T = z.dim(2);
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h)
      for (int i = 0; i < T; ++i) {
        const float* row = &z.data[((std::size_t(b) * H + h) * T + i) * T];
        float sum = 0.0f;
        for (int j = 0; j < T; ++j) sum += row[j];
        if (!(sum > 0.0f)) {
          std::ostringstream msg;
          msg << "masking = 'naive': in batch " << b << ", head " << h << ", token " << i
              << " gave all of its softmax weight to future tokens, so after zeroing the future "
                 "its row sums to 0 and renormalising would divide 0 by 0; masking with −∞ "
                 "before the softmax avoids this: use masking = 'neg-inf'";
          throw NumericalError("masking", msg.str());
        }
      }
}

}  // namespace

Weights init_weights_like_torch(const Config& c, TorchGenerator& rng) {
  Weights w = allocate_weights(c);
  std::vector<Parameter> list = parameters(c, w);
  // Parameters come in (weight, bias) pairs per nn.Linear; biases follow their weight.
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Parameter& p = list[i];
    const bool has_bias = i + 1 < list.size() && list[i + 1].shape.size() == 1;
    const Parameter* bias = has_bias ? &list[i + 1] : nullptr;
    init_linear(rng, p.shape[0], p.shape[1], has_bias, p.storage->data() + p.offset,
                has_bias ? bias->storage->data() + bias->offset : nullptr);
    if (has_bias) ++i;
  }
  return w;
}

std::vector<std::pair<std::string, Tensor>> state_dict(const Config& c, const Weights& weights) {
  Weights copy = weights;
  std::vector<std::pair<std::string, Tensor>> out;
  for (const Parameter& p : parameters(c, copy)) {
    Tensor t(p.shape);
    std::copy_n(p.storage->data() + p.offset, t.size(), t.data.data());
    out.emplace_back(p.name, std::move(t));
  }
  return out;
}

Weights weights_from_state_dict(const Config& c,
                                const std::map<std::string, std::vector<float>>& state) {
  Weights w = allocate_weights(c);
  std::vector<Parameter> list = parameters(c, w);
  std::string expected;
  for (const Parameter& p : list) expected += (expected.empty() ? "" : ", ") + p.name;
  for (const auto& entry : state) {
    bool known = false;
    for (const Parameter& p : list) known = known || p.name == entry.first;
    if (!known) {
      throw InputError("weights", "weights has an unexpected key '" + entry.first +
                                      "'; for this module the keys are: " + expected);
    }
  }
  for (const Parameter& p : list) {
    auto found = state.find(p.name);
    if (found == state.end()) {
      throw InputError("weights", "weights is missing '" + p.name + "'; for this module the keys are: " + expected);
    }
    const std::size_t n = count(p.shape);
    if (found->second.size() != n) {
      std::string shape;
      for (int d : p.shape) shape += (shape.empty() ? "" : "×") + std::to_string(d);
      throw InputError("weights." + p.name, "weights['" + p.name + "'] has " +
                                                std::to_string(found->second.size()) +
                                                " values; it must have " + std::to_string(n) +
                                                " (shape " + shape + ", row-major as in PyTorch)");
    }
    for (std::size_t e = 0; e < n; ++e) {
      if (!std::isfinite(found->second[e])) {
        throw InputError("weights." + p.name, "weights['" + p.name + "'][" + std::to_string(e) +
                                                  "] is not a finite number; weights must be finite");
      }
    }
    std::copy(found->second.begin(), found->second.end(), p.storage->begin() + p.offset);
  }
  return w;
}

Model::~Model() = default;
Model::Model(Model&&) noexcept = default;

const Tensor* Trace::find(Stage s) const {
  for (const auto& entry : stages)
    if (entry.first == s) return &entry.second;
  return nullptr;
}

Model::Model(const Config& config) : config_(config), rng_(config.seed) {
  validate(config_);
  weights_ = init_weights_like_torch(config_, rng_);
}

Model::Model(const Config& config, Weights weights) : Model(config) {
  // Check the given weights against this configuration (they normally come from state_dict names).
  Weights expected = allocate_weights(config_);
  auto same = [](const std::vector<float>& a, const std::vector<float>& b) { return a.size() == b.size(); };
  if (!same(weights.query_weight, expected.query_weight) || !same(weights.key_weight, expected.key_weight) ||
      !same(weights.value_weight, expected.value_weight) || !same(weights.query_bias, expected.query_bias) ||
      !same(weights.key_bias, expected.key_bias) || !same(weights.value_bias, expected.value_bias) ||
      !same(weights.out_weight, expected.out_weight) || !same(weights.out_bias, expected.out_bias)) {
    throw InputError("weights", "the weights do not have the sizes this configuration needs");
  }
  weights_ = std::move(weights);
}

Tensor Model::draw_keep_mask() {
  const Config& c = config_;
  // PyTorch's dropout returns its input untouched (and draws nothing) when p = 0 or in eval mode.
  if (!c.training || c.dropout == 0.0) return Tensor({c.batch, c.heads, c.tokens, c.tokens}, 1.0f);
  const DropOrder order = c.module == Module::wrapper ? DropOrder::head_batch : DropOrder::batch_head;
  return draw_dropout_mask(rng_, c.batch, c.heads, c.tokens, c.dropout, order);
}

// scores → scaled → masked → softmax → dropout, for a (B,h',T,d_h) group of heads; returns the
// dropped weights and fills the trace (when given) with each stage.
Tensor Model::attend(const Tensor& query_heads, const Tensor& key_heads, const Tensor& keep,
                     Trace* trace, Tensor* weights_out) {
  const Config& c = config_;
  Tensor scores = attention_scores(query_heads, key_heads);  // (B,h,T,T)
  Tensor scaled = scale_scores(scores, c.head_size());
  require_finite_scores(scaled);
  Tensor weights;
  if (c.masking == Masking::neg_inf) {
    Tensor masked = c.causal ? apply_causal_mask(scaled) : scaled;
    weights = softmax_rows(masked);
    if (trace) {
      trace->add(Stage::attentionScores, std::move(scores));
      trace->add(Stage::scaledScores, std::move(scaled));
      trace->add(Stage::maskedScores, std::move(masked));
    }
  } else {
    NaiveWeights naive = naive_causal_weights(scaled, c.causal);
    require_renormalisable(naive);
    weights = naive.renormalised;
    if (trace) {
      trace->add(Stage::attentionScores, std::move(scores));
      trace->add(Stage::scaledScores, std::move(scaled));
      trace->add(Stage::unmaskedWeights, std::move(naive.unmasked));
      trace->add(Stage::zeroedWeights, std::move(naive.zeroed));
    }
  }
  const bool dropping = c.training && c.dropout > 0.0;
  Tensor dropped = dropping ? apply_dropout(weights, keep, c.dropout) : weights;
  if (trace) {
    trace->add(Stage::attentionWeights, weights);
    trace->add(Stage::dropoutMask, keep);
  }
  if (weights_out) *weights_out = std::move(weights);
  return dropped;
}

Result Model::forward(const float* inputs, std::size_t n) {
  const Config& c = config_;
  const std::size_t expected = std::size_t(c.batch) * c.tokens * c.d_in;
  if (n != expected) {
    throw InputError("inputs", "inputs has " + std::to_string(n) + " values; batch × tokens × dIn = " +
                                   std::to_string(c.batch) + " × " + std::to_string(c.tokens) + " × " +
                                   std::to_string(c.d_in) + " = " + std::to_string(expected) +
                                   " are needed (row-major (B,T,d_in))");
  }
  if (!simd::all_finite(inputs, n)) {  // then find the first bad value, to name it
    for (std::size_t e = 0; e < n; ++e) {
      if (!std::isfinite(inputs[e])) {
        const std::size_t row = e / c.d_in;
        throw InputError("inputs", "inputs[" + std::to_string(e) + "] (batch " +
                                       std::to_string(row / c.tokens) + ", token " +
                                       std::to_string(row % c.tokens) + ") is " +
                                       (std::isnan(inputs[e]) ? "NaN" : "infinite") +
                                       "; every input must be a finite number");
      }
    }
  }
  Result result;
  if (uses_fast_path()) {
    result.output = forward_fast(inputs);
  } else {
    Tensor x({c.batch, c.tokens, c.d_in});  // (B,T,d_in)
    std::copy_n(inputs, n, x.data.data());
    result = c.layout == Layout::fused ? forward_fused(x) : forward_loop(x);
  }
  require_finite_output(result.output, "the output");
  return result;
}

Result Model::forward_fused(const Tensor& inputs) {
  const Config& c = config_;
  const Weights& w = weights_;
  const int D = c.width();
  Result r;
  Trace* trace = c.trace ? &r.trace : nullptr;
  if (trace) trace->add(Stage::inputs, inputs);

  // One matmul per projection for all heads at once: the weight split.
  Tensor queries = linear(inputs, w.query_weight.data(), bias_or_null(w.query_bias), D);  // (B,T,D)
  Tensor keys = linear(inputs, w.key_weight.data(), bias_or_null(w.key_bias), D);
  Tensor values = linear(inputs, w.value_weight.data(), bias_or_null(w.value_bias), D);
  Tensor query_heads = split_heads(queries, c.heads);  // (B,h,T,d_h)
  Tensor key_heads = split_heads(keys, c.heads);
  Tensor value_heads = split_heads(values, c.heads);
  if (trace) {
    trace->add(Stage::queries, std::move(queries));
    trace->add(Stage::keys, std::move(keys));
    trace->add(Stage::values, std::move(values));
    trace->add(Stage::queryHeads, query_heads);
    trace->add(Stage::keyHeads, key_heads);
    trace->add(Stage::valueHeads, value_heads);
  }
  const Tensor keep = draw_keep_mask();  // (B,h,T,T)
  Tensor dropped = attend(query_heads, key_heads, keep, trace, nullptr);
  Tensor context = weighted_values(dropped, value_heads);  // (B,h,T,d_h)
  Tensor merged = merge_heads(context);                     // (B,T,D)
  Tensor output = c.has_output_projection()
                      ? linear(merged, w.out_weight.data(), w.out_bias.data(), D)
                      : merged;  // (B,T,D)
  if (trace) {
    trace->add(Stage::droppedWeights, std::move(dropped));
    trace->add(Stage::contextHeads, std::move(context));
    trace->add(Stage::mergedHeads, std::move(merged));
    trace->add(Stage::output, output);
  }
  r.output = std::move(output);
  return r;
}

Result Model::forward_loop(const Tensor& inputs) {
  const Config& c = config_;
  const Weights& w = weights_;
  const int d_h = c.head_size(), d_in = c.d_in, B = c.batch, T = c.tokens;
  const Tensor keep = draw_keep_mask();  // (B,h,T,T), in the module's own draw order

  // One small module per head: project with this head's slice of the weights, attend, keep the
  // context vectors; concatenate at the end.
  std::vector<Tensor> queries, keys, values, contexts;
  std::vector<std::vector<Tensor>> head_stages;  // per head: the trace stages of attend()
  for (int h = 0; h < c.heads; ++h) {
    const std::size_t rows = std::size_t(h) * d_h;
    Tensor q = linear(inputs, w.query_weight.data() + rows * d_in, bias_or_null(w.query_bias, rows), d_h);
    Tensor k = linear(inputs, w.key_weight.data() + rows * d_in, bias_or_null(w.key_bias, rows), d_h);
    Tensor v = linear(inputs, w.value_weight.data() + rows * d_in, bias_or_null(w.value_bias, rows), d_h);
    // (B,T,d_h) is (B,1,T,d_h): one head needs no split.
    q.shape = k.shape = v.shape = {B, 1, T, d_h};
    Trace head_trace;
    Tensor dropped = attend(q, k, head_slice(keep, h), c.trace ? &head_trace : nullptr, nullptr);
    Tensor context = weighted_values(dropped, v);  // (B,1,T,d_h)
    if (c.trace) {
      head_trace.add(Stage::droppedWeights, std::move(dropped));
      head_trace.add(Stage::contextHeads, context);
      std::vector<Tensor> stages;
      for (auto& entry : head_trace.stages) stages.push_back(std::move(entry.second));
      if (head_stages.empty()) head_stages.resize(stages.size());
      for (std::size_t s = 0; s < stages.size(); ++s) head_stages[s].push_back(std::move(stages[s]));
      queries.push_back(q);
      keys.push_back(k);
      values.push_back(v);
    }
    contexts.push_back(std::move(context));
  }
  Tensor merged = concat_heads(contexts);  // (B,T,D)
  Tensor output = c.has_output_projection()
                      ? linear(merged, w.out_weight.data(), w.out_bias.data(), c.width())
                      : merged;

  Result r;
  if (c.trace) {
    Trace& trace = r.trace;
    trace.add(Stage::inputs, inputs);
    trace.add(Stage::queries, concat_heads(queries));
    trace.add(Stage::keys, concat_heads(keys));
    trace.add(Stage::values, concat_heads(values));
    trace.add(Stage::queryHeads, stack_heads(queries));
    trace.add(Stage::keyHeads, stack_heads(keys));
    trace.add(Stage::valueHeads, stack_heads(values));
    // attend() added the same stages in the same order for every head: stack them.
    std::vector<Stage> order;
    if (c.masking == Masking::neg_inf)
      order = {Stage::attentionScores, Stage::scaledScores, Stage::maskedScores};
    else
      order = {Stage::attentionScores, Stage::scaledScores, Stage::unmaskedWeights, Stage::zeroedWeights};
    order.insert(order.end(), {Stage::attentionWeights, Stage::dropoutMask, Stage::droppedWeights,
                               Stage::contextHeads});
    for (std::size_t s = 0; s < order.size(); ++s) trace.add(order[s], stack_heads(head_stages[s]));
    trace.add(Stage::mergedHeads, std::move(merged));
    trace.add(Stage::output, output);
  }
  r.output = std::move(output);
  return r;
}

Result forward(const Config& config, const std::vector<float>& inputs) {
  Model model(config);
  return model.forward(inputs);
}

}  // namespace attention
