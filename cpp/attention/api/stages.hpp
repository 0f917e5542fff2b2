// The one list of trace stage names, in lecture order, with the shape of each. D is the width of
// queries, keys, values and the merged heads: d_out for 'mha' and 'causal', h·d_out for 'wrapper'.
// The JS API, the CLI, the page and the tests all read the names from here (through the bindings),
// so they cannot drift.
#pragma once

#include <array>
#include <cstddef>

namespace attention {

// X(identifier, "shape with named dimensions"). Which stages a forward pass has depends on the
// module and the options; a stage a module does not have is absent from its trace, never faked.
// clang-format off
#define ATTENTION_STAGES(X)                                                                      \
  X(inputs, "B,T,d_in")           /* token embeddings, one row per token */                      \
  X(queries, "B,T,D")             /* inputs · W_queryᵀ (+ bias); D = Config::width() */          \
  X(keys, "B,T,D")                /* inputs · W_keyᵀ */                                          \
  X(values, "B,T,D")              /* inputs · W_valueᵀ */                                        \
  X(queryView, "B,T,h,d_h")       /* mha: queries viewed as h heads, before the transpose */     \
  X(keyView, "B,T,h,d_h")                                                                        \
  X(valueView, "B,T,h,d_h")                                                                      \
  X(queryHeads, "B,h,T,d_h")      /* transpose(1,2) of the view: one (T,d_h) matrix per head */  \
  X(keyHeads, "B,h,T,d_h")                                                                       \
  X(valueHeads, "B,h,T,d_h")                                                                     \
  X(attentionScores, "B,h,T,T")   /* queries · keysᵀ per head */                                 \
  X(forgottenTranspose, "B,T,h,h") /* mha, on request: queryView · keyViewᵀ, heads × heads */    \
  X(scaledScores, "B,h,T,T")      /* ÷ √d_h (absent with scale = false) */                       \
  X(maskedScores, "B,h,T,T")      /* −∞ above the diagonal (masking 'neg-inf', masked modules) */ \
  X(unmaskedWeights, "B,h,T,T")   /* naive: softmax over every token, future included */         \
  X(zeroedWeights, "B,h,T,T")     /* naive: the future set to 0, rows no longer sum to 1 */      \
  X(attentionWeights, "B,h,T,T")  /* softmax (or naive renormalisation): rows sum to 1 */        \
  X(sumNormalisedWeights, "B,h,T,T") /* simplified: scores ÷ their row sum, for comparison */    \
  X(dropoutMask, "B,h,T,T")       /* 1 = kept, 0 = dropped */                                    \
  X(droppedWeights, "B,h,T,T")    /* survivors × 1/(1−p) */                                      \
  X(contextHeads, "B,h,T,d_h")    /* droppedWeights · values per head */                         \
  X(mergedHeads, "B,T,D")         /* transpose back, concatenate the heads */                    \
  X(output, "B,T,D")              /* out_proj mixes the heads (mha); the context vectors */
// clang-format on

enum class Stage {
#define ATTENTION_STAGE_ENUM(name, dims) name,
  ATTENTION_STAGES(ATTENTION_STAGE_ENUM)
#undef ATTENTION_STAGE_ENUM
};

struct StageInfo {
  Stage stage;
  const char* name;
  const char* dims;
};

#define ATTENTION_STAGE_COUNT(name, dims) +1
inline constexpr std::size_t kStageCount = 0 ATTENTION_STAGES(ATTENTION_STAGE_COUNT);
#undef ATTENTION_STAGE_COUNT

inline constexpr std::array<StageInfo, kStageCount> kStages = {{
#define ATTENTION_STAGE_INFO(name, dims) {Stage::name, #name, dims},
    ATTENTION_STAGES(ATTENTION_STAGE_INFO)
#undef ATTENTION_STAGE_INFO
}};

inline const char* stage_name(Stage s) {
  return kStages[static_cast<std::size_t>(s)].name;
}

}  // namespace attention
