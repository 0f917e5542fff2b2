// The backward pass against PyTorch's autograd (tests/fixtures/gradients, written by
// scripts/make_gradient_fixtures.py): every stage's gradient of the lecture's MultiHeadAttention,
// with and without dropout, causal or not, and every gradient of the small language model with its
// next-token cross-entropy. Each stage's largest difference is printed, relative to the largest
// gradient of that stage; the assertions require float32 accuracy.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "attention/backward.hpp"
#include "attention/language_model.hpp"
#include "support/check.hpp"
#include "support/fixture.hpp"

using namespace attention;

namespace {

const std::string kDir = std::string(FIXTURES_DIR) + "/gradients";

// |difference| ≤ 1e-5 · max(1, largest |gradient| of the stage): float32 accuracy for sums of a
// few dozen products.
constexpr double kRelative = 1e-5;

struct Worst {
  double absolute = 0.0, relative = 0.0;
};
std::map<std::string, Worst>& worst_by_stage() {
  static std::map<std::string, Worst> worst;
  return worst;
}

void compare(const std::string& fixture, const std::string& stage, const std::vector<float>& got,
             const fixture::Tensor& expected) {
  INFO(fixture << ": " << stage);
  REQUIRE(got.size() == expected.data.size());
  double largest = 0.0;
  for (float v : expected.data) largest = std::max(largest, double(std::abs(v)));
  const check::Difference d = check::max_difference(got, expected.data);
  INFO("max |difference| = " << d.max << " at " << d.where << ", largest |gradient| " << largest);
  CHECK(d.max <= kRelative * std::max(1.0, largest));
  Worst& w = worst_by_stage()[stage];
  w.absolute = std::max(w.absolute, d.max);
  if (largest > 0) w.relative = std::max(w.relative, d.max / largest);
}

Config mha_config(const fixture::Case& fx) {
  Config c;
  c.module = Module::mha;
  c.batch = fx.option_int("batch");
  c.tokens = fx.option_int("tokens");
  c.d_in = fx.option_int("d_in");
  c.d_out = fx.option_int("d_out");
  c.heads = fx.option_int("heads");
  c.qkv_bias = fx.option_int("qkv_bias") != 0;
  c.causal = fx.option_int("causal") != 0;
  c.dropout = fx.option_double("dropout");
  c.training = fx.option_int("training") != 0;
  c.seed = static_cast<std::uint32_t>(fx.option_int("seed"));
  return c;
}

Tensor as_tensor(const fixture::Tensor& t) {
  Tensor out(t.shape);
  out.data = t.data;
  return out;
}

void check_mha(const fixture::Case& fx) {
  const Config c = mha_config(fx);
  Model model(c);  // torch.manual_seed(seed): the module's parameters, then its dropout draws
  const Result forward = model.forward(fx.stage("inputs").data);
  compare(fx.name, "dropoutMask (forward)", forward.trace.find(Stage::dropoutMask)->data,
          fx.stage("dropoutMask"));
  const AttentionGradients g =
      attention_backward(c, model.weights(), forward.trace, as_tensor(fx.stage("outputGradient")));
  const std::vector<std::pair<const char*, const Tensor*>> stages = {
      {"dOutput", &g.output},           {"dMergedHeads", &g.merged},
      {"dContextHeads", &g.context},    {"dDroppedWeights", &g.dropped},
      {"dAttentionWeights", &g.weights}, {"dMaskedScores", &g.masked},
      {"dScaledScores", &g.scaled},     {"dAttentionScores", &g.scores},
      {"dQueryHeads", &g.heads.queries}, {"dKeyHeads", &g.heads.keys},
      {"dValueHeads", &g.heads.values}, {"dQueries", &g.projected.queries},
      {"dKeys", &g.projected.keys},     {"dValues", &g.projected.values},
      {"dInputs", &g.inputs}};
  for (const auto& [name, tensor] : stages) {
    REQUIRE(tensor->shape == fx.stage(name).shape);
    compare(fx.name, name, tensor->data, fx.stage(name));
  }
  const Weights& p = g.parameters;
  std::map<std::string, const std::vector<float>*> params = {
      {"W_query.weight", &p.query_weight}, {"W_key.weight", &p.key_weight},
      {"W_value.weight", &p.value_weight}, {"out_proj.weight", &p.out_weight},
      {"out_proj.bias", &p.out_bias}};
  if (c.qkv_bias) {
    params["W_query.bias"] = &p.query_bias;
    params["W_key.bias"] = &p.key_bias;
    params["W_value.bias"] = &p.value_bias;
  }
  for (const auto& [name, values] : params) compare(fx.name, "grad " + name, *values, fx.stage("grad." + name));
}

void check_lm(const fixture::Case& fx) {
  LanguageModelConfig lc;
  lc.vocabulary = fx.option_int("vocabulary");
  lc.width = fx.option_int("width");
  lc.heads = fx.option_int("heads");
  lc.context = fx.option_int("context");
  lc.dropout = fx.option_double("dropout");
  LanguageModel model = init_language_model(lc);
  for (const NamedParameter& p : parameters(model)) {
    const fixture::Tensor& t = fx.param(p.name);
    REQUIRE(t.data.size() == p.values->size());
    *p.values = t.data;
  }
  const bool training = fx.option_int("training") != 0;
  const int B = fx.option_int("batch"), T = lc.context, V = lc.vocabulary, h = lc.heads;
  const fixture::Tensor& ids = fx.stage("ids");
  const fixture::Tensor& mask = fx.stage("dropoutMask");
  LanguageModel grads = zeros_like(model);
  std::vector<float> logits, d_logits_all, d_hidden, d_inputs;
  double loss = 0.0;
  const float scale = 1.0f / static_cast<float>(B * (T - 1));  // F.cross_entropy's mean
  for (int b = 0; b < B; ++b) {
    std::vector<int> sequence(T), targets(T, -1);
    for (int t = 0; t < T; ++t) sequence[t] = static_cast<int>(ids.data[std::size_t(b) * T + t]);
    for (int t = 0; t + 1 < T; ++t) targets[t] = sequence[t + 1];
    Tensor keep({1, h, T, T});
    std::copy_n(&mask.data[std::size_t(b) * h * T * T], keep.size(), keep.data.begin());
    const LanguageModelForward f = language_model_forward(model, sequence, training ? &keep : nullptr);
    Tensor d_logits;
    loss += cross_entropy(f.logits, targets, scale, &d_logits);
    AttentionGradients block;
    language_model_backward(model, f, d_logits, grads, &block);
    logits.insert(logits.end(), f.logits.data.begin(), f.logits.data.end());
    d_logits_all.insert(d_logits_all.end(), d_logits.data.begin(), d_logits.data.end());
    d_hidden.insert(d_hidden.end(), block.output.data.begin(), block.output.data.end());
    for (std::size_t e = 0; e < block.inputs.size(); ++e)
      d_inputs.push_back(block.output.data[e] + block.inputs.data[e]);  // the shortcut adds both
  }
  REQUIRE(logits.size() == std::size_t(B) * T * V);
  compare(fx.name, "logits", logits, fx.stage("logits"));
  CHECK(std::abs(loss * scale - fx.stage("loss").data[0]) <= 1e-5);
  compare(fx.name, "dLogits", d_logits_all, fx.stage("dLogits"));
  compare(fx.name, "dHidden", d_hidden, fx.stage("dHidden"));
  compare(fx.name, "dInputs (block)", d_inputs, fx.stage("dInputs"));
  for (const NamedParameter& p : parameters(grads))
    compare(fx.name, "grad " + p.name, *p.values, fx.stage("grad." + p.name));
}

}  // namespace

TEST_CASE("every gradient matches PyTorch's autograd", "[backward]") {
  const std::vector<std::string> files = fixture::list(kDir);
  REQUIRE(files.size() >= 8);
  int mha = 0, lm = 0;
  for (const std::string& path : files) {
    const fixture::Case fx = fixture::load(path);
    if (fx.option("kind") == "mha") {
      check_mha(fx);
      ++mha;
    } else {
      check_lm(fx);
      ++lm;
    }
  }
  CHECK(mha >= 5);
  CHECK(lm >= 3);
  std::printf("gradients: %d MultiHeadAttention and %d language-model cases against autograd\n",
              mha, lm);
  for (const auto& [stage, w] : worst_by_stage())
    std::printf("  %-28s max |difference| %.3g (relative to its largest gradient %.3g)\n",
                stage.c_str(), w.absolute, w.relative);
}

TEST_CASE("backward stages keep the lecture's invariants", "[backward]") {
  Config c = check::lecture_config();
  c.training = true;
  c.dropout = 0.5;
  Model model(c);
  const Result r = model.forward(check::lecture_batch());
  Tensor d_out({2, 6, 2}, 1.0f);
  const AttentionGradients g = attention_backward(c, model.weights(), r.trace, d_out);
  const Tensor& keep = *r.trace.find(Stage::dropoutMask);

  SECTION("no gradient flows to the future: the masked triangle of every score gradient is 0") {
    for (int m = 0; m < 4; ++m)
      for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) {
          CHECK(g.scaled.data[(m * 6 + i) * 6 + j] == 0.0f);
          CHECK(g.scores.data[(m * 6 + i) * 6 + j] == 0.0f);
        }
  }
  SECTION("a dropped weight gets no gradient; a kept one gets 1/(1−p) of the incoming") {
    for (std::size_t e = 0; e < keep.size(); ++e) {
      if (keep.data[e] == 0.0f) CHECK(g.weights.data[e] == 0.0f);
      else CHECK(g.weights.data[e] == g.dropped.data[e] * 2.0f);
    }
  }
  SECTION("each row of the softmax gradient sums to 0 (the weights always sum to 1)") {
    for (std::size_t row = 0; row < g.masked.size() / 6; ++row) {
      double sum = 0.0;
      for (int j = 0; j < 6; ++j) sum += g.masked.data[row * 6 + j];
      CHECK(std::abs(sum) < 1e-6);
    }
  }
  SECTION("the merge and the split move gradients back without changing them") {
    const Tensor split = merge_heads_backward(g.merged, c.heads);
    CHECK(split_heads_backward(split).data == g.merged.data);
  }
}

TEST_CASE("the language model's block is the lecture's MultiHeadAttention, bit for bit",
          "[backward][language-model]") {
  LanguageModelConfig lc;
  lc.vocabulary = 50;
  lc.width = 16;
  lc.heads = 4;
  lc.context = 12;
  const LanguageModel m = init_language_model(lc);
  const std::vector<int> ids = {3, 7, 7, 1, 49, 0, 12, 3};
  const LanguageModelForward f = language_model_forward(m, ids);
  Config c = attention_config(lc, static_cast<int>(ids.size()), false);
  Model block(c, m.attention);
  const Result r = block.forward(f.inputs.data);
  CHECK(r.output.data == f.attention.find(Stage::output)->data);
  CHECK(r.trace.find(Stage::attentionWeights)->data ==
        f.attention.find(Stage::attentionWeights)->data);

  SECTION("bad token ids and lengths are typed errors") {
    CHECK_THROWS_AS(language_model_forward(m, {}), InputError);
    CHECK_THROWS_AS(language_model_forward(m, {50}), InputError);
    CHECK_THROWS_AS(language_model_forward(m, {-1}), InputError);
    CHECK_THROWS_AS(language_model_forward(m, std::vector<int>(13, 0)), InputError);
  }
  SECTION("bad sizes are typed errors") {
    LanguageModelConfig bad = lc;
    bad.heads = 5;
    CHECK_THROWS_AS(init_language_model(bad), OptionError);
    bad = lc;
    bad.vocabulary = 1;
    CHECK_THROWS_AS(init_language_model(bad), OptionError);
  }
}
