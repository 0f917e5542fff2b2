// The forward pass: checks the inputs, then either the fast path (fast_forward.cpp) or the stages
// strung together, fused or in a loop over heads, recording the trace. Which functions compute the
// stages (the reference or the kernels) is chosen once, in forward_stages (stage_path.hpp).
#include "attention/api/model.hpp"

#include <optional>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/api/forward_checks.hpp"
#include "attention/api/forward_stages.hpp"
#include "attention/api/stage_path.hpp"
#include "attention/fast/fast_path.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {
namespace {

// The smallest fused pass with stages that runs on the kernels (see Model::uses_stage_kernels).
constexpr double kStageKernelFlops = 1e6;

const Config& validated(const Config& config) {
  validate(config);
  return config;
}

// scores → scaled → masked → softmax → dropout, for a (B,h',T,d_h) group of heads; `keep` is its
// (B,h',T,T) dropout mask. The scores and the softmax are computed by `path`.
AttentionStages attend(const Config& c, const Tensor& query_heads, const Tensor& key_heads,
                       Tensor keep, const StagePath& path) {
  AttentionStages a;
  a.scores = path.attention_scores(query_heads, key_heads);  // (B,h',T,T)
  if (c.scale) a.scaled = scale_scores(a.scores, c.head_size());
  const Tensor& scaled = c.scale ? a.scaled : a.scores;  // what the mask and softmax see
  require_finite_scores(scaled);
  if (c.masking == Masking::neg_inf) {
    a.masked = c.causal ? apply_causal_mask(scaled) : scaled;
    a.weights = path.softmax_rows(a.masked);
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
  check_inputs(c, inputs, n);
  Result result;
  if (uses_fast_path()) {
    result.output = forward_fast(inputs);
  } else {
    Tensor x({c.batch, c.tokens, c.d_in});  // (B,T,d_in)
    std::copy_n(inputs, n, x.data.data());
    result = forward_stages(x);
  }
  require_finite_output(result.output, "the output");
  return result;
}

// Passes of a million floating-point operations or more in the fused layout run their products and
// softmax on the fast path's kernels and threads (fast_stages.cpp). Smaller ones, every sentence
// the page shows, keep pipeline.hpp's reference functions: the relaxed-SIMD build's fused
// multiply-adds would change their last bits, and a student comparing two browsers should see the
// same numbers. The loop over heads and the notebook's single-head classes are the lecture's own
// code, shown as it computes: always the reference.
bool Model::uses_stage_kernels() const {
  const Config& c = config_;
  return !c.is_self_attention() && c.layout == Layout::fused &&
         forward_flops(c) >= kStageKernelFlops;
}

// The one place the stage-by-stage pass chooses between the reference and the kernels.
Result Model::forward_stages(const Tensor& inputs) {
  const Config& c = config_;
  const ReferencePath reference(weights_, c.width());
  const Workers workers(pool_.get());
  std::optional<KernelPath> kernels;
  if (uses_stage_kernels()) {
    const PackedStages& packed = packed_stages();
    kernels.emplace(packed.qkv, packed.out, workers, c.width());
  }
  const StagePath& path = kernels ? static_cast<const StagePath&>(*kernels) : reference;
  if (c.is_self_attention()) return forward_self_attention(inputs, path);
  return c.layout == Layout::fused ? forward_fused(inputs, path) : forward_loop(inputs, path);
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

// Every stage kept whole.
Result Model::forward_fused(const Tensor& inputs, const StagePath& path) {
  const Config& c = config_;
  // One matmul for all heads' projections at once: the weight split.
  QueriesKeysValues projected = path.project_qkv(inputs);              // (B,T,D) each
  QueriesKeysValues heads = {split_heads(projected.queries, c.heads),  // (B,h,T,d_h) each
                             split_heads(projected.keys, c.heads),
                             split_heads(projected.values, c.heads)};
  AttentionStages attention = attend(c, heads.queries, heads.keys, draw_keep_mask(), path);
  Tensor context = path.weighted_values(attention.dropped, heads.values);  // (B,h,T,d_h)
  Tensor merged = merge_heads(context);                                    // (B,T,D)
  Tensor output = c.has_output_projection() ? path.project_output(merged) : merged;
  Result r;
  if (c.trace) {
    r.trace = trace_of(c, {inputs, std::move(projected), std::move(heads), std::move(attention),
                           std::move(context), std::move(merged), output});
  }
  r.output = std::move(output);
  return r;
}

Result Model::forward_loop(const Tensor& inputs, const StagePath& path) {
  const Config& c = config_;
  const int d_h = c.head_size(), B = c.batch, T = c.tokens;
  const Tensor keep = draw_keep_mask();  // (B,h,T,T), in the module's own draw order

  // One small module per head: project with this head's slice of the weights (pipeline.hpp's
  // project_qkv, as the lecture's loop computes it), attend, keep the context vectors;
  // concatenate at the end.
  std::vector<Tensor> contexts;                     // per head, (B,1,T,d_h)
  std::vector<QueriesKeysValues> head_projections;  // per head, (B,1,T,d_h) each (trace only)
  std::vector<AttentionStages> head_attention;      // per head, (B,1,T,T) each (trace only)
  for (int h = 0; h < c.heads; ++h) {
    QueriesKeysValues qkv = project_qkv(inputs, weights_, h * d_h, d_h);  // (B,T,d_h) each
    // (B,T,d_h) is (B,1,T,d_h): one head needs no split.
    qkv.queries.shape = qkv.keys.shape = qkv.values.shape = {B, 1, T, d_h};
    AttentionStages attention = attend(c, qkv.queries, qkv.keys, head_slice(keep, h), path);
    contexts.push_back(path.weighted_values(attention.dropped, qkv.values));
    if (c.trace) {
      head_projections.push_back(std::move(qkv));
      head_attention.push_back(std::move(attention));
    }
  }
  Tensor merged = concat_heads(contexts);  // (B,T,D)
  Tensor output = c.has_output_projection() ? path.project_output(merged) : merged;

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
Result Model::forward_self_attention(const Tensor& inputs, const StagePath& path) {
  const Config& c = config_;
  const int B = c.batch, T = c.tokens;
  const bool weighted = c.module != Module::simplified;
  QueriesKeysValues projected =
      weighted ? path.project_qkv(inputs) : QueriesKeysValues{inputs, inputs, inputs};  // (B,T,D)
  const int D = projected.queries.dim(2);
  auto as_one_head = [&](Tensor t) {  // (B,T,D) is (B,1,T,D)
    t.shape = {B, 1, T, D};
    return t;
  };
  const Tensor queries = as_one_head(projected.queries), keys = as_one_head(projected.keys);
  Tensor scores = path.attention_scores(queries, keys);  // (B,1,T,T)
  Tensor scaled = c.scale ? scale_scores(scores, D) : Tensor();
  require_finite_scores(c.scale ? scaled : scores);
  Tensor weights = path.softmax_rows(c.scale ? scaled : scores);  // every row sums to 1
  Tensor context = path.weighted_values(weights, as_one_head(projected.values));  // (B,1,T,D)
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
