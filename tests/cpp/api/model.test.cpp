// The lectures' two teaching variants give the same numbers: the loop over heads and the fused
// weight split, and the naive mask and the −∞ mask (except where float32 tells them apart).
#include <catch2/catch.hpp>
#include <limits>

#include "support/check.hpp"

using namespace attention;

namespace {

Config gpt2ish(Module module) {
  Config c;
  c.module = module;
  c.batch = 2;
  c.tokens = 9;
  c.d_in = 12;
  c.d_out = module == Module::mha ? 12 : 4;
  c.heads = module == Module::causal ? 1 : 3;
  c.qkv_bias = true;
  c.seed = 99;
  return c;
}

std::vector<float> some_inputs(const Config& c) {
  std::vector<float> x(std::size_t(c.batch) * c.tokens * c.d_in);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::cos(float(i) * 0.37f);
  return x;
}

}  // namespace

TEST_CASE("a loop over heads equals the fused weight split", "[layout]") {
  for (Module module : {Module::mha, Module::wrapper, Module::causal}) {
    for (bool training : {false, true}) {
      DYNAMIC_SECTION(to_string(module) << (training ? " training, p = 0.3" : " evaluation")) {
        Config fused = gpt2ish(module);
        fused.training = training;
        fused.dropout = 0.3;
        Config loop = fused;
        loop.layout = Layout::loop;
        const std::vector<float> x = some_inputs(fused);
        const Result a = forward(fused, x), b = forward(loop, x);
        REQUIRE(a.trace.stages.size() == b.trace.stages.size());
        for (std::size_t s = 0; s < a.trace.stages.size(); ++s) {
          CHECK(a.trace.stages[s].first == b.trace.stages[s].first);
          check::tensors_close(stage_name(a.trace.stages[s].first), a.trace.stages[s].second,
                               b.trace.stages[s].second, 1e-6);
        }
      }
    }
  }
}

TEST_CASE("naive masking equals −∞ masking on ordinary inputs", "[masking]") {
  for (Module module : {Module::mha, Module::wrapper}) {
    Config neg_inf = gpt2ish(module);
    Config naive = neg_inf;
    naive.masking = Masking::naive;
    const std::vector<float> x = some_inputs(neg_inf);
    const Result a = forward(neg_inf, x), b = forward(naive, x);
    check::tensors_close("attentionWeights", *a.trace.find(Stage::attentionWeights),
                         *b.trace.find(Stage::attentionWeights), 1e-6);
    check::tensors_close("output", a.output, b.output, 1e-6);
    // The naive trace shows its detour instead of the masked scores.
    CHECK(b.trace.find(Stage::maskedScores) == nullptr);
    REQUIRE(b.trace.find(Stage::zeroedWeights) != nullptr);
    CHECK(a.trace.find(Stage::unmaskedWeights) == nullptr);
  }
}

// Why the lecture masks before the softmax: when a future token's score dominates, the naive route
// lets the future take the probability mass, and the past keeps only float32 rounding noise.
TEST_CASE("where naive masking and −∞ masking differ in float32", "[masking][float32]") {
  // One query row of scaled scores: two visible tokens (0 and 0.5) and one future token.
  auto row_weights = [](float future, Masking masking) {
    Tensor scaled({1, 1, 3, 3});
    scaled.data = {0.0f, 0.5f, future, 0.0f, 0.5f, future, 0.0f, 0.5f, future};
    if (masking == Masking::neg_inf) return softmax_rows(apply_causal_mask(scaled));
    return naive_causal_weights(scaled, true).renormalised;
  };
  const float exact0 = 1.0f / (1.0f + std::exp(0.5f));  // softmax(0, 0.5)[0] = 0.3775…

  SECTION("a moderate future score: both agree") {
    const Tensor a = row_weights(5.0f, Masking::neg_inf), b = row_weights(5.0f, Masking::naive);
    CHECK(a.data[3] == Approx(exact0).margin(1e-6));
    CHECK(b.data[3] == Approx(exact0).margin(1e-6));
  }
  SECTION("a future score of 100: exp underflows into subnormals and the naive weights are off") {
    const Tensor a = row_weights(100.0f, Masking::neg_inf), b = row_weights(100.0f, Masking::naive);
    CHECK(a.data[3] == Approx(exact0).margin(1e-6));  // −∞ first: exact
    CHECK(std::abs(b.data[3] - exact0) > 1e-3);       // naive: visibly wrong
    CHECK(b.data[3] + b.data[4] == Approx(1.0f));     // … although the row still sums to 1
  }
  SECTION("a future score of 200: the past underflows to exactly 0, naive would divide 0 by 0") {
    const Tensor b = row_weights(200.0f, Masking::naive);
    CHECK(std::isnan(b.data[3]));  // what the bare stage function computes …
    // … and what the model refuses to hand out: a NumericalError naming the masking option.
    // One-dimensional CausalAttention with all weights 1: token 0 scores itself 1·1 = 1 and the
    // future token 1·300 = 300, so exp(1 − 300) underflows to 0.
    Config c;
    c.module = Module::causal;
    c.tokens = 2;
    c.d_in = 1;
    c.d_out = 1;
    c.masking = Masking::naive;
    const std::map<std::string, std::vector<float>> ones = {
        {"W_query.weight", {1.0f}}, {"W_key.weight", {1.0f}}, {"W_value.weight", {1.0f}}};
    const std::vector<float> x = {1.0f, 300.0f};
    Model naive(c, weights_from_state_dict(c, ones));
    try {
      naive.forward(x);
      FAIL("naive masking should have refused to divide 0 by 0");
    } catch (const NumericalError& e) {
      CHECK(e.option() == "masking");
      CHECK(std::string(e.what()).find("neg-inf") != std::string::npos);
    }
    c.masking = Masking::neg_inf;
    Model masked(c, weights_from_state_dict(c, ones));
    const Result r = masked.forward(x);
    CHECK(r.trace.find(Stage::attentionWeights)->data ==
          std::vector<float>{1.0f, 0.0f, 0.0f, 1.0f});
  }
}

TEST_CASE("the wrapper's heads are independent CausalAttention modules", "[wrapper]") {
  // With one head, the wrapper is exactly CausalAttention with the same seed.
  Config wrapper = gpt2ish(Module::wrapper);
  wrapper.heads = 1;
  Config causal = gpt2ish(Module::causal);
  const std::vector<float> x = some_inputs(causal);
  CHECK(forward(wrapper, x).output.data == forward(causal, x).output.data);
}

TEST_CASE("a model keeps its random stream between forward passes", "[dropout][model]") {
  Config c = gpt2ish(Module::mha);
  c.training = true;
  c.dropout = 0.5;
  Model model(c);
  const std::vector<float> x = some_inputs(c);
  const Result first = model.forward(x), second = model.forward(x);
  CHECK(first.output.data != second.output.data);  // new dropout masks
  Model again(c);
  CHECK(again.forward(x).output.data == first.output.data);  // same seed, same first mask
}
