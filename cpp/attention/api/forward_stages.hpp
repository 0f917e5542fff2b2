// The tensors of one stage-by-stage forward pass, one named field per stage, and the trace made of
// them in lecture order (stages.hpp names the stages). Private to the core's Model: the fused
// layout, the loop over heads and the fast kernels all fill the same fields.
#pragma once

#include <utility>
#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/model.hpp"
#include "attention/api/stages.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {

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
std::vector<std::pair<Stage, Tensor AttentionStages::*>> attention_stage_order(const Config& c);

// Every tensor of one stage-by-stage forward pass, whichever layout computed it.
struct ForwardStages {
  Tensor inputs;                   // (B,T,d_in)
  QueriesKeysValues projected;     // (B,T,D) each
  QueriesKeysValues heads;         // (B,h,T,d_h) each
  AttentionStages attention;       // (B,h,T,T) each
  Tensor context, merged, output;  // (B,h,T,d_h), (B,T,D), (B,T,D)
};

// The trace: every stage in lecture order. MultiHeadAttention also shows its view (B,T,h,d_h)
// before the transpose, and on request the scores of a forgotten transpose.
Trace trace_of(const Config& c, ForwardStages f);

}  // namespace attention
