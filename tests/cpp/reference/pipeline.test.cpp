// The invariants the lectures state, one named test each, on the stage functions themselves.
#include <catch2/catch.hpp>
#include <limits>
#include <numeric>

#include "support/check.hpp"

using namespace attention;

namespace {
constexpr float kInf = std::numeric_limits<float>::infinity();

// Scores (B=1, h=2, T=4, T=4) with a spread of values.
Tensor sample_scores() {
  Tensor s({1, 2, 4, 4});
  for (std::size_t i = 0; i < s.size(); ++i) s.data[i] = std::sin(float(i) * 1.7f) * 3.0f;
  return s;
}

Result lecture_trace(Config c) {
  c.trace = true;
  return forward(c, check::lecture_batch());
}
}  // namespace

TEST_CASE("softmax: every row of the attention weights sums to 1", "[softmax]") {
  const Tensor weights = softmax_rows(apply_causal_mask(sample_scores()));
  for (std::size_t row = 0; row < weights.size() / 4; ++row) {
    const float sum = std::accumulate(&weights.data[row * 4], &weights.data[row * 4 + 4], 0.0f);
    CHECK(sum == Approx(1.0f).margin(1e-6));
  }
}

TEST_CASE("the causal mask is exactly −∞ above the diagonal and exactly 0 after softmax",
          "[mask]") {
  const Tensor masked = apply_causal_mask(sample_scores());
  const Tensor weights = softmax_rows(masked);
  for (int m = 0; m < 2; ++m)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const std::size_t e = (std::size_t(m) * 4 + i) * 4 + j;
        if (j > i) {
          CHECK(masked.data[e] == -kInf);
          CHECK(weights.data[e] == 0.0f);
        } else {
          CHECK(masked.data[e] == sample_scores().data[e]);
          CHECK(weights.data[e] > 0.0f);
        }
      }
}

TEST_CASE("scaling divides every score by √d_h", "[scale]") {
  const Tensor scores = sample_scores();
  const Tensor scaled = scale_scores(scores, 64);  // GPT-2's head size: ÷ 8
  for (std::size_t e = 0; e < scores.size(); ++e) CHECK(scaled.data[e] == scores.data[e] / 8.0f);
}

TEST_CASE("dropout: survivors equal w/(1−p), the rest are 0", "[dropout]") {
  const Tensor weights = softmax_rows(apply_causal_mask(sample_scores()));
  TorchGenerator rng(42);
  const double p = 0.5;
  const Tensor keep = draw_dropout_mask(rng, 1, 2, 4, p, DropOrder::batch_head);
  const Tensor dropped = apply_dropout(weights, keep, p);
  int kept = 0;
  for (std::size_t e = 0; e < weights.size(); ++e) {
    REQUIRE((keep.data[e] == 0.0f || keep.data[e] == 1.0f));
    if (keep.data[e] == 1.0f) {
      ++kept;
      CHECK(dropped.data[e] == Approx(weights.data[e] / (1.0 - p)).epsilon(1e-6));
    } else {
      CHECK(dropped.data[e] == 0.0f);
    }
  }
  // With p = 0.5 some of the 32 cells are kept and some dropped.
  CHECK(kept > 0);
  CHECK(kept < 32);
}

TEST_CASE("dropout with p = 0 changes nothing; evaluation mode ignores p", "[dropout]") {
  Config c = check::lecture_config();
  const Result reference = lecture_trace(c);
  SECTION("p = 0 in training mode") {
    c.training = true;
    c.dropout = 0.0;
    const Result r = lecture_trace(c);
    CHECK(r.output.data == reference.output.data);
    CHECK(r.trace.find(Stage::droppedWeights)->data == r.trace.find(Stage::attentionWeights)->data);
  }
  SECTION("p = 0.5 in evaluation mode") {
    c.training = false;
    c.dropout = 0.5;
    const Result r = lecture_trace(c);
    CHECK(r.output.data == reference.output.data);
    for (float k : r.trace.find(Stage::dropoutMask)->data) CHECK(k == 1.0f);
  }
  SECTION("p = 0.5 in training mode does change the output") {
    c.training = true;
    c.dropout = 0.5;
    CHECK(lecture_trace(c).output.data != reference.output.data);
  }
}

TEST_CASE("merging the heads equals concatenating them", "[merge]") {
  Tensor context({2, 3, 4, 5});  // (B,h,T,d_h)
  std::iota(context.data.begin(), context.data.end(), 0.0f);
  std::vector<Tensor> per_head;
  for (int h = 0; h < 3; ++h) {
    Tensor slice = head_slice(context, h);  // (B,1,T,d_h)
    slice.shape = {2, 4, 5};                // (B,T,d_h)
    per_head.push_back(slice);
  }
  const Tensor merged = merge_heads(context);
  CHECK(merged.shape == std::vector<int>{2, 4, 15});
  CHECK(merged.data == concat_heads(per_head).data);
  // Head h owns columns [h·d_h, (h+1)·d_h) of every token.
  CHECK(merged.data[15 * 1 + 5 * 2 + 3] == context.data[((0 * 3 + 2) * 4 + 1) * 5 + 3]);
}

TEST_CASE("split_heads is a view (B,T,h,d_h) then a transpose to (B,h,T,d_h)", "[split]") {
  Tensor x({1, 2, 6});  // (B,T,D), D = 3 heads × 2
  std::iota(x.data.begin(), x.data.end(), 0.0f);
  const Tensor heads = split_heads(x, 3);
  CHECK(heads.shape == std::vector<int>{1, 3, 2, 2});
  // head 1, token 1 = columns 2..3 of token 1 = values 8, 9
  CHECK(heads.data[(1 * 2 + 1) * 2 + 0] == 8.0f);
  CHECK(heads.data[(1 * 2 + 1) * 2 + 1] == 9.0f);
  CHECK(merge_heads(heads).data == x.data);
}

TEST_CASE("every stage has the lecture's shape", "[shapes]") {
  Config c = check::lecture_config();
  c.d_out = 4;
  c.heads = 2;
  const Result r = lecture_trace(c);
  const int B = 2, T = 6, h = 2, d_h = 2, D = 4;
  const std::vector<std::pair<Stage, std::vector<int>>> expected = {
      {Stage::inputs, {B, T, 3}},
      {Stage::queries, {B, T, D}},
      {Stage::keys, {B, T, D}},
      {Stage::values, {B, T, D}},
      {Stage::queryView, {B, T, h, d_h}},
      {Stage::keyView, {B, T, h, d_h}},
      {Stage::valueView, {B, T, h, d_h}},
      {Stage::queryHeads, {B, h, T, d_h}},
      {Stage::keyHeads, {B, h, T, d_h}},
      {Stage::valueHeads, {B, h, T, d_h}},
      {Stage::attentionScores, {B, h, T, T}},
      {Stage::scaledScores, {B, h, T, T}},
      {Stage::maskedScores, {B, h, T, T}},
      {Stage::attentionWeights, {B, h, T, T}},
      {Stage::dropoutMask, {B, h, T, T}},
      {Stage::droppedWeights, {B, h, T, T}},
      {Stage::contextHeads, {B, h, T, d_h}},
      {Stage::mergedHeads, {B, T, D}},
      {Stage::output, {B, T, D}}};
  REQUIRE(r.trace.stages.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO(stage_name(expected[i].first));
    CHECK(r.trace.stages[i].first == expected[i].first);  // lecture order
    CHECK(r.trace.stages[i].second.shape == expected[i].second);
  }
}

TEST_CASE("the trace can be switched off", "[trace]") {
  Config c = check::lecture_config();
  const Result with = lecture_trace(c);
  c.trace = false;
  const Result without = forward(c, check::lecture_batch());
  CHECK(without.trace.stages.empty());
  // Without a trace the fast path runs: the same numbers up to float32 rounding.
  check::tensors_close("output", without.output, with.output, 1e-6);
}
