// The stage-by-stage pass on the fast kernels (fast_stages.cpp) against pipeline.hpp's reference
// functions of the same names, one section per stage, through the two paths a forward pass chooses
// between (stage_path.hpp): the same tensors to float32 rounding, the mask's −∞ giving exactly 0 in
// the softmax, every row summing to 1, and the same bits for 1 and 2 threads.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "attention/api/stage_path.hpp"
#include "attention/fast/fast_path.hpp"
#include "support/check.hpp"

using namespace attention;

namespace {

Tensor filled(std::vector<int> shape, float step) {
  Tensor t(std::move(shape));
  for (std::size_t i = 0; i < t.size(); ++i) t.data[i] = std::sin(step * float(i));
  return t;
}

}  // namespace

TEST_CASE("each fast stage equals the reference stage it speeds up", "[fast][stages]") {
  Config c;
  c.batch = 2;
  c.tokens = 37;  // partial panels of keys and a partial vector of each softmax row
  c.d_in = 20;
  c.d_out = 36;
  c.heads = 3;  // d_h = 12: one full panel and a partial one
  c.qkv_bias = true;
  c.seed = 5;
  const int D = c.width(), T = c.tokens;
  const Weights w = Model(c).weights();
  const Tensor x = filled({c.batch, c.tokens, c.d_in}, 0.37f);  // (B,T,d_in)
  // Two threads where the build has them (the WASM test build has none: then one).
  auto pool = std::make_shared<ThreadPool>(std::min(2, ThreadPool::max_threads()));
  const Workers one(nullptr), two(pool.get());
  const PackedQKV packed_qkv = pack_qkv(w, 0, D, c.d_in);
  const PackedOutput packed_out = pack_output(w, D);
  // The two paths a forward pass chooses between (stage_path.hpp), on the same weights.
  const ReferencePath reference(w, D);
  const KernelPath kernels(packed_qkv, packed_out, one, D),
      threaded(packed_qkv, packed_out, two, D);

  // Each stage's inputs from the reference, so that each kernel is checked on its own.
  const QueriesKeysValues ref = reference.project_qkv(x);  // (B,T,D) each
  const Tensor q = split_heads(ref.queries, c.heads), k = split_heads(ref.keys, c.heads);
  const Tensor v = split_heads(ref.values, c.heads);  // (B,h,T,d_h) each
  const Tensor masked =
      apply_causal_mask(scale_scores(reference.attention_scores(q, k), c.head_size()));
  const Tensor weights = reference.softmax_rows(masked);  // (B,h,T,T)
  const Tensor merged = merge_heads(reference.weighted_values(weights, v));

  SECTION("project_qkv") {
    const QueriesKeysValues fast = kernels.project_qkv(x);
    check::tensors_close("queries", fast.queries, ref.queries, 1e-6);
    check::tensors_close("keys", fast.keys, ref.keys, 1e-6);
    check::tensors_close("values", fast.values, ref.values, 1e-6);
    CHECK(threaded.project_qkv(x).values.data == fast.values.data);
  }
  SECTION("attention_scores") {
    const Tensor scores = kernels.attention_scores(q, k);  // (B,h,T,T)
    check::tensors_close("attentionScores", scores, reference.attention_scores(q, k), 1e-5);
    CHECK(threaded.attention_scores(q, k).data == scores.data);
  }
  SECTION("softmax_rows") {
    const Tensor fast = kernels.softmax_rows(masked);
    check::tensors_close("attentionWeights", fast, weights, 1e-6);
    CHECK(threaded.softmax_rows(masked).data == fast.data);
    for (std::size_t row = 0; row < fast.size() / T; ++row) {
      const int i = static_cast<int>(row % T);
      float sum = 0.0f;
      for (int j = 0; j < T; ++j) {
        sum += fast.data[row * T + j];
        if (j > i) REQUIRE(fast.data[row * T + j] == 0.0f);  // the future: exactly 0
      }
      REQUIRE(std::abs(sum - 1.0f) <= 1e-6f);
    }
  }
  SECTION("weighted_values") {
    const Tensor context = kernels.weighted_values(weights, v);  // (B,h,T,d_h)
    check::tensors_close("contextHeads", context, reference.weighted_values(weights, v), 1e-6);
    CHECK(threaded.weighted_values(weights, v).data == context.data);
  }
  SECTION("project_output") {
    const Tensor output = kernels.project_output(merged);
    check::tensors_close("output", output, reference.project_output(merged), 1e-6);
    CHECK(threaded.project_output(merged).data == output.data);
  }
}

TEST_CASE("the fused traced pass is the same for 1 and 2 threads, and close to the loop's",
          "[fast][stages]") {
  Config c;
  c.tokens = 130;  // 6.7 MFLOP: over the kernels' threshold, and worth two threads
  c.d_in = 48;
  c.d_out = 64;
  c.heads = 4;
  c.dropout = 0.25;
  c.training = true;
  const Tensor x = filled({c.batch, c.tokens, c.d_in}, 0.21f);
  Model single(c), threaded(c);
  threaded.set_thread_pool(std::make_shared<ThreadPool>(std::min(2, ThreadPool::max_threads())));
  const Result a = single.forward(x.data), b = threaded.forward(x.data);
  REQUIRE(a.trace.stages.size() == b.trace.stages.size());
  for (std::size_t s = 0; s < a.trace.stages.size(); ++s) {
    INFO(stage_name(a.trace.stages[s].first));
    CHECK(a.trace.stages[s].second.data == b.trace.stages[s].second.data);
  }
  c.layout = Layout::loop;  // the reference functions, head by head
  const Result loop = Model(c).forward(x.data);
  check::tensors_close("output, fused vs loop", a.output, loop.output, 1e-6);
}

TEST_CASE("teaching-size traced passes keep the reference functions, bit for bit",
          "[fast][stages]") {
  Config c;  // the lecture's MultiHeadAttention: d_in 3, d_out 2, 2 heads
  c.batch = 2;
  c.tokens = 6;
  c.d_in = 3;
  c.heads = 2;
  const Tensor x = filled({c.batch, c.tokens, c.d_in}, 0.5f);
  const Result fused = Model(c).forward(x.data);
  const Weights w = Model(c).weights();
  const QueriesKeysValues p = project_qkv(x, w, 0, c.width());
  const Tensor weights = softmax_rows(apply_causal_mask(
      scale_scores(attention_scores(split_heads(p.queries, c.heads), split_heads(p.keys, c.heads)),
                   c.head_size())));
  CHECK(fused.trace.find(Stage::attentionWeights)->data == weights.data);
  const Tensor merged = merge_heads(weighted_values(weights, split_heads(p.values, c.heads)));
  CHECK(fused.output.data == project_output(merged, w).data);
}
