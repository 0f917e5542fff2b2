// The chapter notebook, cell by cell, against numbers PyTorch printed (tests/fixtures/notebook,
// written by scripts/make_notebook_fixtures.py): the attention without trainable weights,
// SelfAttention_v1 and _v2, the masked scores before scaling, dropout on its own and re-seeded,
// both platforms' dropout masks, the view before the transpose and the forgotten transpose, and
// the parameter counts of GPT-2's and GPT-3's attention blocks.
#include <catch2/catch.hpp>
#include <cstdio>

#include "support/check.hpp"
#include "support/fixture.hpp"

using namespace attention;

namespace {

const std::string kDir = std::string(FIXTURES_DIR) + "/notebook/";
constexpr double kTolerance = 1e-5;

fixture::Case load(const std::string& name) {
  return fixture::load(kDir + name + ".txt");
}

// The fixture's options through the option table, as a caller passes them: what is not in the
// file keeps its default (the module's own, where it has one).
Config config_of(const fixture::Case& fx) {
  std::vector<std::pair<std::string, OptionValue>> given;
  given.emplace_back("module", OptionValue::of(fx.option("module")));
  const std::pair<const char*, const char*> numbers[] = {
      {"batch", "batch"},     {"tokens", "tokens"},
      {"d_in", "dIn"},        {"d_out", "dOut"},
      {"heads", "heads"},     {"seed", "seed"},
      {"dropout", "dropout"}, {"dropout_seed", "dropoutSeed"}};
  for (const auto& [key, name] : numbers)
    if (fx.has_option(key)) given.emplace_back(name, OptionValue::of(fx.option_double(key)));
  const std::pair<const char*, const char*> flags[] = {
      {"qkv_bias", "qkvBias"}, {"causal", "causal"}, {"training", "training"}, {"scale", "scale"}};
  for (const auto& [key, name] : flags)
    if (fx.has_option(key)) given.emplace_back(name, OptionValue::of(fx.option_int(key) != 0));
  return make_config(given);
}

const Tensor* stage(const Result& r, const std::string& name) {
  for (const auto& [s, t] : r.trace.stages)
    if (stage_name(s) == name) return &t;
  return nullptr;
}

// Every fixture tensor that is a stage of the core, every parameter bit for bit, and the numbers
// the notebook printed to 4 decimals.
void compare(const fixture::Case& fx, const Config& c) {
  Model model(c);
  for (const auto& [name, tensor] : state_dict(c, model.weights())) {
    check::tensors_close(fx.name + " " + name, tensor.shape, tensor.data, fx.param(name).shape,
                         fx.param(name).data, 0.0);
  }
  const Result r = model.forward(fx.stage("inputs").data);
  double worst = 0.0;
  for (const auto& [name, expected] : fx.stages) {
    const Tensor* got = stage(r, name);
    if (got == nullptr) continue;  // a notebook tensor that is not a stage (checked below)
    worst = std::max(worst, check::max_difference(got->data, expected.data).max);
    check::tensors_close(fx.name + " " + name, got->shape, got->data, expected.shape, expected.data,
                         kTolerance);
  }
  for (const fixture::Check& printed : fx.checks) {
    const Tensor* got = stage(r, printed.stage);
    if (printed.stage == "maskedUnscaledScores") got = stage(r, "maskedScores");
    INFO(fx.name << ": the notebook's " << printed.stage << " row " << printed.row);
    REQUIRE(got != nullptr);
    const int width = got->dim(-1);
    for (std::size_t j = 0; j < printed.values.size(); ++j)
      CHECK(got->data[printed.row * width + j] == Approx(printed.values[j]).margin(5e-5));
  }
  std::printf("notebook %-26s max |difference| = %.3g, %zu printed numbers rows\n", fx.name.c_str(),
              worst, fx.checks.size());
  // Every stage a module has is in its trace; none it does not have.
  CHECK(r.trace.stages.size() <= kStageCount);
}

}  // namespace

TEST_CASE("the notebook's modules in lecture order", "[notebook][golden]") {
  for (const char* name :
       {"notebook_simplified", "simplified_scaled", "notebook_sa_v1", "notebook_sa_v2",
        "sa_v2_bias", "notebook_causal", "notebook_masked_unscaled", "notebook_dropout_reseeded"}) {
    DYNAMIC_SECTION(name) {
      const fixture::Case fx = load(name);
      compare(fx, config_of(fx));
    }
  }
}

TEST_CASE("the masked scores before scaling (cell 108) with scale = false", "[notebook]") {
  const fixture::Case fx = load("notebook_causal");  // scale on: its maskedScores are scaled
  Config c = config_of(fx);
  c.scale = false;
  const Result r = Model(c).forward(fx.stage("inputs").data);
  const fixture::Tensor& unscaled = fx.stage("maskedUnscaledScores");
  check::tensors_close("masked unscaled scores", stage(r, "maskedScores")->shape,
                       stage(r, "maskedScores")->data, unscaled.shape, unscaled.data, kTolerance);
  CHECK(stage(r, "scaledScores") == nullptr);  // no scaling, no scaled stage
}

TEST_CASE("the simplified attention has no weights and no stages it does not compute",
          "[notebook]") {
  const fixture::Case fx = load("notebook_simplified");
  const Config c = config_of(fx);
  CHECK(c.d_out == c.d_in);  // its width is d_in
  CHECK_FALSE(c.scale);      // the notebook does not scale here
  CHECK_FALSE(c.causal);
  const Result r = Model(c).forward(fx.stage("inputs").data);
  for (const char* absent : {"queries", "queryHeads", "maskedScores", "dropoutMask", "mergedHeads"})
    CHECK(stage(r, absent) == nullptr);
  CHECK(state_dict(c, Model(c).weights()).empty());
}

TEST_CASE("dropout on its own, both platforms' masks", "[notebook][dropout]") {
  for (const char* name : {"notebook_dropout_ones", "dropout_3d", "dropout_high_p"}) {
    DYNAMIC_SECTION(name) {
      const fixture::Case fx = load(name);
      const double p = fx.option_double("p");
      const auto seed = static_cast<std::uint32_t>(fx.option_int("seed"));
      const std::vector<float>& input = fx.stage("input").data;
      const DropoutResult cpu = dropout_like_torch(input, p, seed, DropoutRng::cpu);
      CHECK(cpu.keep == fx.stage("cpuMask").data);
      CHECK(check::max_difference(cpu.output, fx.stage("output").data).max <= kTolerance);
      const DropoutResult mkl = dropout_like_torch(input, p, seed, DropoutRng::mkl);
      CHECK(mkl.keep == fx.stage("mklMask").data);
      CHECK(check::max_difference(mkl.output, fx.stage("mklOutput").data).max <= kTolerance);
    }
  }
  SECTION("the two printed 6×6 masks of seed 123, p = 0.5") {
    const std::vector<float> ones(36, 1.0f);
    const std::vector<float> cpu = {2, 2, 0, 2, 2, 0, 0, 0, 0, 2, 0, 2, 2, 2, 2, 2, 0, 2,
                                    0, 2, 2, 0, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 2, 2, 2, 0};
    const std::vector<float> mkl = {2, 2, 2, 2, 2, 2, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0,
                                    2, 2, 0, 0, 0, 2, 2, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0};
    CHECK(dropout_like_torch(ones, 0.5, 123, DropoutRng::cpu).output == cpu);
    CHECK(dropout_like_torch(ones, 0.5, 123, DropoutRng::mkl).output == mkl);
  }
}

TEST_CASE("the mean over many dropouts approaches the undropped values", "[notebook][dropout]") {
  const std::vector<float> weights = {0.5f, 0.25f, 0.125f, 0.125f, 1.0f, 0.0f};
  const DropoutStatistics s = dropout_statistics(weights, 0.5, 20000, 1);
  // Each mean is an average of 20,000 values that are 0 or 2w with equal chance: its standard
  // deviation is w / √20000 ≤ 0.0071; 0.03 is over four of them.
  CHECK(s.max_error.back() < 0.03);
  CHECK(s.max_error.back() < s.max_error.front());
  CHECK(s.mean[5] == 0.0f);  // a zero weight stays zero
  for (double kept : s.kept_share) CHECK((kept >= 0.0 && kept <= 1.0));
  // The kept share is near 1 − p, and not exactly: 6 values per draw.
  double mean_kept = 0.0;
  for (double kept : s.kept_share) mean_kept += kept / s.kept_share.size();
  CHECK(mean_kept == Approx(0.5).margin(0.01));
}

TEST_CASE("the view is the projection's bytes; the forgotten transpose is (B,T,h,h)",
          "[notebook]") {
  const fixture::Case fx = load("notebook_view");
  Config c = config_of(fx);
  c.forgotten_transpose = true;
  const Result r = Model(c).forward(fx.stage("inputs").data);
  for (const char* name : {"queryView", "keyView", "valueView", "forgottenTranspose"}) {
    INFO(name);
    const fixture::Tensor& expected = fx.stage(name);
    REQUIRE(stage(r, name) != nullptr);
    check::tensors_close(name, stage(r, name)->shape, stage(r, name)->data, expected.shape,
                         expected.data, kTolerance);
  }
  CHECK(stage(r, "queryView")->data == stage(r, "queries")->data);  // a view moves nothing
  CHECK(stage(r, "forgottenTranspose")->shape == std::vector<int>{2, 6, 2, 2});
}

TEST_CASE("parameter counts: GPT-2's attention block and GPT-3's, without allocating",
          "[notebook]") {
  const fixture::Case fx = load("parameter_counts");
  Config gpt2;
  gpt2.d_in = gpt2.d_out = 768;
  gpt2.heads = 12;
  gpt2.tokens = 1024;
  const Description d2 = describe(gpt2);
  CHECK(d2.parameter_count == fx.counts.at("gpt2"));
  CHECK(d2.parameter_count == 2360064);
  for (const auto& [name, shape] : d2.parameters) {
    long long n = 1;
    for (long long s : shape) n *= s;
    CHECK(n == fx.counts.at("gpt2." + name));
  }
  CHECK(d2.head_size == 64);
  Config gpt3 = gpt2;
  gpt3.d_in = gpt3.d_out = 12288;
  gpt3.heads = 96;
  gpt3.tokens = 2048;
  const Description d3 = describe(gpt3);
  CHECK(d3.parameter_count == fx.counts.at("gpt3"));
  CHECK(d3.head_size == 128);
  CHECK_FALSE(d3.runs_here);  // 3·D·d_in is over one tensor's limit here
  CHECK_THAT(d3.why_not, Catch::Contains("3·D·d_in"));
}

TEST_CASE("describe() lists exactly the stages a forward pass traces, with their shapes",
          "[describe]") {
  for (Module m : {Module::simplified, Module::sa_v1, Module::sa_v2, Module::causal,
                   Module::wrapper, Module::mha}) {
    for (Masking masking : {Masking::neg_inf, Masking::naive}) {
      Config c;
      c.module = m;
      c.batch = 2;
      c.tokens = 5;
      c.d_in = 4;
      c.d_out = m == Module::simplified ? 4 : 6;
      c.heads = m == Module::mha || m == Module::wrapper ? 3 : 1;
      c.causal = !c.is_self_attention();
      c.masking = c.is_self_attention() ? Masking::neg_inf : masking;
      c.training = !c.is_self_attention();
      c.dropout = c.training ? 0.25 : 0.0;
      c.forgotten_transpose = m == Module::mha;
      DYNAMIC_SECTION(to_string(m) << " " << to_string(c.masking)) {
        const Description d = describe(c);
        std::vector<float> x(2 * 5 * 4);
        for (std::size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.3f * i);
        const Result r = Model(c).forward(x);
        REQUIRE(d.stages.size() == r.trace.stages.size());
        for (std::size_t i = 0; i < d.stages.size(); ++i) {
          CHECK(d.stages[i].first == r.trace.stages[i].first);
          const std::vector<int>& shape = r.trace.stages[i].second.shape;
          CHECK(d.stages[i].second == std::vector<long long>(shape.begin(), shape.end()));
        }
      }
    }
  }
}
