// The forward pass: checks the inputs, then either the fast path (fast_forward.cpp) or the stage
// functions (pipeline.hpp) strung together, fused or in a loop over heads, recording the trace.
#include "attention/api/model.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/fast/fast_path.hpp"
#include "attention/fast/simd.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {
namespace {

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
          throw NumericalError(
              "masking", "masking = 'naive': in batch " + std::to_string(b) + ", head " +
                             std::to_string(h) + ", token " + std::to_string(i) +
                             " gave all of its softmax weight to future tokens, so after zeroing "
                             "the future its row sums to 0 and renormalising would divide 0 by 0; "
                             "masking with −∞ before the softmax avoids this: use masking = "
                             "'neg-inf'");
        }
      }
}

// The smallest fused pass with stages that runs on the kernels (see Model::forward_fused).
constexpr double kStageKernelFlops = 1e6;

const Config& validated(const Config& config) {
  validate(config);
  return config;
}

// Every stage between the heads and the context vectors, for a (B,h',T,d_h) group of heads: all
// of them (B,h',T,T), each under its own name.
struct AttentionStages {
  Tensor scores;            // Q·Kᵀ
  Tensor scaled;            // ÷ √d_h
  Tensor masked;            // −∞ above the diagonal (masking 'neg-inf'; empty for 'naive')
  Tensor unmasked, zeroed;  // the naive detour (masking 'naive'; empty for 'neg-inf')
  Tensor weights;           // softmax (or naive renormalisation): every row sums to 1
  Tensor keep;              // the dropout mask: 1 kept, 0 dropped
  Tensor dropped;           // survivors × 1/(1−p): what the context vectors are made of
};

// The stages of AttentionStages in lecture order, as the trace lists them: the one place that
// order is written. The masking decides between the masked scores and the naive detour; without
// scaling there are no scaled scores.
std::vector<std::pair<Stage, Tensor AttentionStages::*>> attention_stage_order(const Config& c) {
  using A = AttentionStages;
  std::vector<std::pair<Stage, Tensor A::*>> order = {{Stage::attentionScores, &A::scores}};
  if (c.scale) order.push_back({Stage::scaledScores, &A::scaled});
  if (c.masking == Masking::neg_inf) {
    order.push_back({Stage::maskedScores, &A::masked});
  } else {
    order.push_back({Stage::unmaskedWeights, &A::unmasked});
    order.push_back({Stage::zeroedWeights, &A::zeroed});
  }
  order.push_back({Stage::attentionWeights, &A::weights});
  order.push_back({Stage::dropoutMask, &A::keep});
  order.push_back({Stage::droppedWeights, &A::dropped});
  return order;
}

// scores → scaled → masked → softmax → dropout, for a (B,h',T,d_h) group of heads; `keep` is its
// (B,h',T,T) dropout mask. With `workers` (the fused layout) the scores and the softmax run on the
// fast path's kernels (fast_stages.cpp); without, pipeline.hpp's reference functions.
AttentionStages attend(const Config& c, const Tensor& query_heads, const Tensor& key_heads,
                       Tensor keep, const Workers* workers = nullptr) {
  AttentionStages a;
  a.scores = workers ? attention_scores(query_heads, key_heads, *workers)
                     : attention_scores(query_heads, key_heads);  // (B,h',T,T)
  if (c.scale) a.scaled = scale_scores(a.scores, c.head_size());
  const Tensor& scaled = c.scale ? a.scaled : a.scores;  // what the mask and softmax see
  require_finite_scores(scaled);
  if (c.masking == Masking::neg_inf) {
    a.masked = c.causal ? apply_causal_mask(scaled) : scaled;
    a.weights = workers ? softmax_rows(a.masked, *workers) : softmax_rows(a.masked);
  } else {
    NaiveWeights naive = naive_causal_weights(scaled, c.causal);
    require_renormalisable(naive);
    a.unmasked = std::move(naive.unmasked);
    a.zeroed = std::move(naive.zeroed);
    a.weights = std::move(naive.renormalised);
  }
  a.dropped = c.dropping() ? apply_dropout(a.weights, keep, c.dropout) : a.weights;
  a.keep = std::move(keep);
  return a;
}

// Every tensor of one stage-by-stage forward pass, whichever layout computed it.
struct ForwardStages {
  Tensor inputs;                   // (B,T,d_in)
  QueriesKeysValues projected;     // (B,T,D) each
  QueriesKeysValues heads;         // (B,h,T,d_h) each
  AttentionStages attention;       // (B,h,T,T) each
  Tensor context, merged, output;  // (B,h,T,d_h), (B,T,D), (B,T,D)
};

// The trace: every stage in lecture order (stages.hpp names them). MultiHeadAttention also shows
// its view (B,T,h,d_h) before the transpose, and on request the scores of a forgotten transpose.
Trace trace_of(const Config& c, ForwardStages f) {
  Trace trace;
  trace.add(Stage::inputs, std::move(f.inputs));
  if (c.module == Module::mha) {
    trace.add(Stage::queries, f.projected.queries);
    trace.add(Stage::keys, f.projected.keys);
    trace.add(Stage::values, f.projected.values);
    QueriesKeysValues view = {view_heads(f.projected.queries, c.heads),
                              view_heads(f.projected.keys, c.heads),
                              view_heads(f.projected.values, c.heads)};
    Tensor forgotten;
    if (c.forgotten_transpose) forgotten = forgotten_transpose_scores(view.queries, view.keys);
    trace.add(Stage::queryView, std::move(view.queries));
    trace.add(Stage::keyView, std::move(view.keys));
    trace.add(Stage::valueView, std::move(view.values));
    trace.add(Stage::queryHeads, std::move(f.heads.queries));
    trace.add(Stage::keyHeads, std::move(f.heads.keys));
    trace.add(Stage::valueHeads, std::move(f.heads.values));
    trace.add(Stage::attentionScores, std::move(f.attention.scores));
    if (c.forgotten_transpose) trace.add(Stage::forgottenTranspose, std::move(forgotten));
  } else {
    trace.add(Stage::queries, std::move(f.projected.queries));
    trace.add(Stage::keys, std::move(f.projected.keys));
    trace.add(Stage::values, std::move(f.projected.values));
    trace.add(Stage::queryHeads, std::move(f.heads.queries));
    trace.add(Stage::keyHeads, std::move(f.heads.keys));
    trace.add(Stage::valueHeads, std::move(f.heads.values));
    trace.add(Stage::attentionScores, std::move(f.attention.scores));
  }
  for (const auto& [stage, field] : attention_stage_order(c))
    if (stage != Stage::attentionScores) trace.add(stage, std::move(f.attention.*field));
  trace.add(Stage::contextHeads, std::move(f.context));
  trace.add(Stage::mergedHeads, std::move(f.merged));
  trace.add(Stage::output, std::move(f.output));
  return trace;
}

}  // namespace

Model::~Model() = default;
Model::Model(Model&&) noexcept = default;

const Tensor* Trace::find(Stage s) const {
  for (const auto& entry : stages)
    if (entry.first == s) return &entry.second;
  return nullptr;
}

// validate() runs once per model, here, before anything is allocated from the config: the other
// constructors delegate to this one.
Model::Model(const Config& config)
    : config_(validated(config)),
      rng_(config_.seed),
      weights_(init_weights_like_torch(config_, rng_)) {}

Model::Model(const Config& config, const std::map<std::string, std::vector<float>>& state)
    : Model(config) {
  weights_ = weights_from_state_dict(config_, state);
}

Model::Model(const Config& config, Weights weights) : Model(config) {
  check_weight_sizes(config_, weights);
  weights_ = std::move(weights);
}

Tensor Model::draw_keep_mask() {
  const Config& c = config_;
  // PyTorch's dropout returns its input untouched (and draws nothing) when p = 0 or in eval mode.
  if (!c.dropping()) return Tensor({c.batch, c.heads, c.tokens, c.tokens}, 1.0f);
  // The notebook calls torch.manual_seed(123) again right before it drops the attention weights.
  if (c.dropout_seed) rng_.manual_seed(*c.dropout_seed);
  const DropOrder order =
      c.module == Module::wrapper ? DropOrder::head_batch : DropOrder::batch_head;
  return draw_dropout_mask(rng_, c.batch, c.heads, c.tokens, c.dropout, order, c.dropout_rng);
}

Result Model::forward(const float* inputs, std::size_t n) {
  const Config& c = config_;
  const std::size_t expected = std::size_t(c.batch) * c.tokens * c.d_in;
  if (n != expected) {
    throw InputError("inputs", "inputs has " + std::to_string(n) +
                                   " values; batch × tokens × dIn = " + std::to_string(c.batch) +
                                   " × " + std::to_string(c.tokens) + " × " +
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
    result = c.is_self_attention()       ? forward_self_attention(x)
             : c.layout == Layout::fused ? forward_fused(x)
                                         : forward_loop(x);
  }
  require_finite_output(result.output, "the output");
  return result;
}

const Model::PackedStages& Model::packed_stages() {
  if (!stages_) {  // pack every head's weights once, on first use
    const Config& c = config_;
    auto packed = std::make_unique<PackedStages>();
    packed->qkv = pack_qkv(weights_, 0, c.width(), c.d_in);
    if (c.has_output_projection()) packed->out = pack_output(weights_, c.width());
    stages_ = std::move(packed);
  }
  return *stages_;
}

Result Model::forward_fused(const Tensor& inputs) {
  const Config& c = config_;
  // Every stage kept whole. Passes of a million floating-point operations or more run their
  // products and softmax on the fast path's kernels and threads (fast_stages.cpp). Smaller ones,
  // every sentence the page shows, keep pipeline.hpp's reference functions: the relaxed-SIMD
  // build's fused multiply-adds would change their last bits, and a student comparing two
  // browsers should see the same numbers.
  const bool kernels = forward_flops(c) >= kStageKernelFlops;
  const Workers workers(pool_.get());
  // One matmul for all heads' projections at once: the weight split.
  QueriesKeysValues projected = kernels
                                    ? project_qkv(inputs, packed_stages().qkv, c.width(), workers)
                                    : project_qkv(inputs, weights_, 0, c.width());  // (B,T,D)
  QueriesKeysValues heads = {split_heads(projected.queries, c.heads),  // (B,h,T,d_h) each
                             split_heads(projected.keys, c.heads),
                             split_heads(projected.values, c.heads)};
  AttentionStages attention =
      attend(c, heads.queries, heads.keys, draw_keep_mask(), kernels ? &workers : nullptr);
  Tensor context = kernels ? weighted_values(attention.dropped, heads.values, workers)
                           : weighted_values(attention.dropped, heads.values);  // (B,h,T,d_h)
  Tensor merged = merge_heads(context);                                         // (B,T,D)
  Tensor output = !c.has_output_projection() ? merged
                  : kernels                  ? project_output(merged, packed_stages().out, workers)
                                             : project_output(merged, weights_);
  Result r;
  if (c.trace) {
    r.trace = trace_of(c, {inputs, std::move(projected), std::move(heads), std::move(attention),
                           std::move(context), std::move(merged), output});
  }
  r.output = std::move(output);
  return r;
}

Result Model::forward_loop(const Tensor& inputs) {
  const Config& c = config_;
  const int d_h = c.head_size(), B = c.batch, T = c.tokens;
  const Tensor keep = draw_keep_mask();  // (B,h,T,T), in the module's own draw order

  // One small module per head: project with this head's slice of the weights, attend, keep the
  // context vectors; concatenate at the end.
  std::vector<Tensor> contexts;                     // per head, (B,1,T,d_h)
  std::vector<QueriesKeysValues> head_projections;  // per head, (B,1,T,d_h) each (trace only)
  std::vector<AttentionStages> head_attention;      // per head, (B,1,T,T) each (trace only)
  for (int h = 0; h < c.heads; ++h) {
    QueriesKeysValues qkv = project_qkv(inputs, weights_, h * d_h, d_h);  // (B,T,d_h) each
    // (B,T,d_h) is (B,1,T,d_h): one head needs no split.
    qkv.queries.shape = qkv.keys.shape = qkv.values.shape = {B, 1, T, d_h};
    AttentionStages attention = attend(c, qkv.queries, qkv.keys, head_slice(keep, h));
    contexts.push_back(weighted_values(attention.dropped, qkv.values));
    if (c.trace) {
      head_projections.push_back(std::move(qkv));
      head_attention.push_back(std::move(attention));
    }
  }
  Tensor merged = concat_heads(contexts);  // (B,T,D)
  Tensor output = c.has_output_projection() ? project_output(merged, weights_) : merged;

  Result r;
  if (c.trace) {
    // The heads side by side: concatenated, the queries, keys and values the weight split
    // computes (B,T,D); stacked, the split heads and every later stage (B,h,T,·).
    ForwardStages f{inputs, {}, {}, {}, stack_heads(contexts), std::move(merged), output};
    std::vector<Tensor> queries, keys, values;
    for (QueriesKeysValues& head : head_projections) {
      queries.push_back(std::move(head.queries));
      keys.push_back(std::move(head.keys));
      values.push_back(std::move(head.values));
    }
    f.projected = {concat_heads(queries), concat_heads(keys), concat_heads(values)};
    f.heads = {stack_heads(queries), stack_heads(keys), stack_heads(values)};
    for (const auto& [stage, field] : attention_stage_order(c)) {
      std::vector<Tensor> per_head;
      for (AttentionStages& head : head_attention) per_head.push_back(std::move(head.*field));
      f.attention.*field = stack_heads(per_head);
    }
    r.trace = trace_of(c, std::move(f));
  }
  r.output = std::move(output);
  return r;
}

// The notebook's first classes: one head, no mask, no dropout, nothing to merge. Without trainable
// weights (simplified) the queries, keys and values are the inputs themselves.
Result Model::forward_self_attention(const Tensor& inputs) {
  const Config& c = config_;
  const int B = c.batch, T = c.tokens;
  const bool weighted = c.module != Module::simplified;
  QueriesKeysValues projected = weighted ? project_qkv(inputs, weights_, 0, c.width())
                                         : QueriesKeysValues{inputs, inputs, inputs};  // (B,T,D)
  const int D = projected.queries.dim(2);
  auto as_one_head = [&](Tensor t) {  // (B,T,D) is (B,1,T,D)
    t.shape = {B, 1, T, D};
    return t;
  };
  const Tensor queries = as_one_head(projected.queries), keys = as_one_head(projected.keys);
  Tensor scores = attention_scores(queries, keys);  // (B,1,T,T)
  Tensor scaled = c.scale ? scale_scores(scores, D) : Tensor();
  require_finite_scores(c.scale ? scaled : scores);
  Tensor weights = softmax_rows(c.scale ? scaled : scores);                  // every row sums to 1
  Tensor context = weighted_values(weights, as_one_head(projected.values));  // (B,1,T,D)
  context.shape = {B, T, D};
  Result r;
  if (c.trace) {
    Trace& trace = r.trace;
    trace.add(Stage::inputs, inputs);
    if (weighted) {
      trace.add(Stage::queries, std::move(projected.queries));
      trace.add(Stage::keys, std::move(projected.keys));
      trace.add(Stage::values, std::move(projected.values));
    }
    Tensor sum_normalised;
    if (!weighted) sum_normalised = sum_normalise_rows(scores);
    trace.add(Stage::attentionScores, std::move(scores));
    if (c.scale) trace.add(Stage::scaledScores, std::move(scaled));
    trace.add(Stage::attentionWeights, std::move(weights));
    if (!weighted) trace.add(Stage::sumNormalisedWeights, std::move(sum_normalised));
    trace.add(Stage::output, context);
  }
  r.output = std::move(context);
  return r;
}

Result forward(const Config& config, const std::vector<float>& inputs) {
  Model model(config);
  return model.forward(inputs);
}

}  // namespace attention
