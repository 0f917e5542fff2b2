// The backward pass of MultiHeadAttention against PyTorch's autograd (tests/fixtures/gradients/
// mha_*.txt, written by scripts/make_gradient_fixtures.py): the gradient of every stage and every
// parameter, for several shapes and seeds, causal or not, with and without dropout and qkv_bias;
// then the invariants each backward stage keeps.
#include "attention/train/backward.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "attention/api/errors.hpp"
#include "support/check.hpp"
#include "support/fixture.hpp"
#include "support/fixture_config.hpp"
#include "support/gradients.hpp"

using namespace attention;

namespace {

const std::string kDir = std::string(FIXTURES_DIR) + "/gradients";

Tensor as_tensor(const fixture::Tensor& t) {
  Tensor out(t.shape);
  out.data = t.data;
  return out;
}

void check_case(const fixture::Case& fx) {
  const Config c = fixture::config_of(fx);
  Model model(c);  // torch.manual_seed(seed): the module's parameters, then its dropout draws
  const Result forward = model.forward(fx.stage("inputs").data);
  // The backward pass must see the mask PyTorch drew: the forward pass draws it again.
  CHECK(forward.trace.find(Stage::dropoutMask)->data == fx.stage("dropoutMask").data);
  const AttentionGradients g =
      attention_backward(c, model.weights(), forward.trace, as_tensor(fx.stage("outputGradient")));

  // Every stage in reverse lecture order, under the fixture's names.
  const std::vector<std::pair<const char*, const Tensor*>> stages = {
      {"dOutput", &g.output},
      {"dMergedHeads", &g.merged},
      {"dContextHeads", &g.context},
      {"dDroppedWeights", &g.dropped},
      {"dAttentionWeights", &g.weights},
      {"dMaskedScores", &g.masked},
      {"dScaledScores", &g.scaled},
      {"dAttentionScores", &g.scores},
      {"dQueryHeads", &g.heads.queries},
      {"dKeyHeads", &g.heads.keys},
      {"dValueHeads", &g.heads.values},
      {"dQueries", &g.projected.queries},
      {"dKeys", &g.projected.keys},
      {"dValues", &g.projected.values},
      {"dInputs", &g.inputs}};
  for (const auto& [name, tensor] : stages) {
    REQUIRE(tensor->shape == fx.stage(name).shape);
    gradients::close(fx.name, name, tensor->data, fx.stage(name));
  }

  const Weights& p = g.parameters;
  std::map<std::string, const std::vector<float>*> params = {{"W_query.weight", &p.query_weight},
                                                             {"W_key.weight", &p.key_weight},
                                                             {"W_value.weight", &p.value_weight},
                                                             {"out_proj.weight", &p.out_weight},
                                                             {"out_proj.bias", &p.out_bias}};
  if (c.qkv_bias) {
    params["W_query.bias"] = &p.query_bias;
    params["W_value.bias"] = &p.value_bias;
  }
  for (const auto& [name, values] : params)
    gradients::close(fx.name, "grad " + name, *values, fx.stage("grad." + name));
  if (c.qkv_bias) {
    // The key bias adds q_i·b to every score of row i, a shift the softmax ignores: its gradient
    // is 0 up to rounding, which is measured against the keys' gradient it is summed from.
    const double keys = gradients::largest_magnitude(fx.stage("dKeys").data);
    gradients::close(fx.name, "grad W_key.bias", p.key_bias, fx.stage("grad.W_key.bias"), keys);
  }
}

}  // namespace

TEST_CASE("every stage's gradient matches PyTorch's autograd", "[backward]") {
  int cases = 0, dropping = 0, noncausal = 0;
  for (const std::string& path : fixture::list(kDir)) {
    const fixture::Case fx = fixture::load(path);
    if (fx.option("kind") != "mha") continue;
    check_case(fx);
    ++cases;
    dropping += fx.option_int("training") != 0 && fx.option_double("dropout") > 0;
    noncausal += fx.option_int("causal") == 0;
  }
  CHECK(cases >= 5);
  CHECK(dropping >= 2);
  CHECK(noncausal >= 1);
  gradients::print_worst("backward: MultiHeadAttention against autograd");
}

TEST_CASE("backward stages keep the lecture's invariants", "[backward]") {
  Config c = check::lecture_config();
  c.training = true;
  c.dropout = 0.5;
  Model model(c);
  const Result r = model.forward(check::lecture_batch());
  const Tensor d_output({2, 6, 2}, 1.0f);  // (B,T,D)
  const AttentionGradients g = attention_backward(c, model.weights(), r.trace, d_output);
  const Tensor& keep = *r.trace.find(Stage::dropoutMask);
  const int T = 6, matrices = 2 * 2;  // B·h

  SECTION("no gradient flows to the future: the masked triangle of every score gradient is 0") {
    for (int m = 0; m < matrices; ++m)
      for (int i = 0; i < T; ++i)
        for (int j = i + 1; j < T; ++j) {
          CHECK(g.scaled.data[(m * T + i) * T + j] == 0.0f);
          CHECK(g.scores.data[(m * T + i) * T + j] == 0.0f);
        }
  }
  SECTION("a dropped weight gets no gradient; a kept one gets 1/(1−p) of the incoming") {
    for (std::size_t e = 0; e < keep.size(); ++e) {
      if (keep.data[e] == 0.0f)
        CHECK(g.weights.data[e] == 0.0f);
      else
        CHECK(g.weights.data[e] == g.dropped.data[e] * 2.0f);
    }
  }
  SECTION("each row of the softmax gradient sums to 0 (the weights always sum to 1)") {
    for (std::size_t row = 0; row < g.masked.size() / T; ++row) {
      double sum = 0.0;
      for (int j = 0; j < T; ++j) sum += g.masked.data[row * T + j];
      CHECK(std::abs(sum) < 1e-6);
    }
  }
  SECTION("the merge and the split move gradients back without changing them") {
    const Tensor split = merge_heads_backward(g.merged, c.heads);
    CHECK(split_heads_backward(split).data == g.merged.data);
  }
  SECTION("only MultiHeadAttention with −∞ masking has a backward pass") {
    Config wrapper = c;
    wrapper.module = Module::wrapper;
    CHECK_THROWS_AS(attention_backward(wrapper, model.weights(), r.trace, d_output), OptionError);
    CHECK_THROWS_AS(attention_backward(c, model.weights(), Trace{}, d_output), InputError);
  }
}
