// The trace of a stage-by-stage pass, in lecture order (see forward_stages.hpp).
#include "attention/api/forward_stages.hpp"

namespace attention {

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

}  // namespace attention
