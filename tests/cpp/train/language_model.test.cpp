// The language model around the lecture's block against PyTorch (tests/fixtures/gradients/lm_*.txt,
// written by scripts/make_gradient_fixtures.py): logits, the next-token cross-entropy, the gradient
// of the logits, of the block's output and input, of every parameter (embeddings included), with
// and without dropout; three AdamW steps as torch.optim.AdamW takes them; and the block is the
// lecture's MultiHeadAttention, bit for bit.
#include "attention/train/language_model.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/train/train.hpp"
#include "support/fixture.hpp"
#include "support/gradients.hpp"

using namespace attention;

namespace {

const std::string kDir = std::string(FIXTURES_DIR) + "/gradients";

LanguageModel model_of(const fixture::Case& fx) {
  LanguageModelConfig lc;
  lc.vocabulary = fx.option_int("vocabulary");
  lc.width = fx.option_int("width");
  lc.heads = fx.option_int("heads");
  lc.context = fx.option_int("context");
  lc.dropout = fx.option_double("dropout");
  LanguageModel model = init_language_model(lc);
  for (const NamedParameter& p : parameters(model)) {
    const fixture::Tensor& t = fx.param(p.name);
    REQUIRE(t.shape == p.shape);
    *p.values = t.data;
  }
  return model;
}

// One batch of the fixture, forward and backward, as the trainer runs it: sequence after sequence,
// each with its (1,h,T,T) slice of PyTorch's dropout mask (none in evaluation mode).
struct BatchResult {
  double loss = 0.0;  // the batch's mean cross-entropy
  std::vector<float> logits, d_logits, d_hidden, d_inputs;
  LanguageModel grads;
};
BatchResult run_batch(const LanguageModel& model, const fixture::Case& fx, bool training) {
  const int B = fx.option_int("batch"), T = model.config.context, h = model.config.heads;
  const fixture::Tensor& ids = fx.stage("ids");
  BatchResult r;
  r.grads = zeros_like(model);
  const float scale = 1.0f / static_cast<float>(B * (T - 1));  // F.cross_entropy's mean
  for (int b = 0; b < B; ++b) {
    std::vector<int> sequence(T), targets(T, -1);
    for (int t = 0; t < T; ++t) sequence[t] = static_cast<int>(ids.data[std::size_t(b) * T + t]);
    for (int t = 0; t + 1 < T; ++t) targets[t] = sequence[t + 1];
    Tensor keep({1, h, T, T});  // (1,h,T,T)
    if (training) {
      const std::vector<float>& mask = fx.stage("dropoutMask").data;
      std::copy_n(&mask[std::size_t(b) * keep.size()], keep.size(), keep.data.begin());
    }
    const LanguageModelForward f =
        language_model_forward(model, sequence, training ? &keep : nullptr);
    Tensor d_logits;
    r.loss += cross_entropy(f.logits, targets, scale, &d_logits) * scale;
    AttentionGradients block;
    language_model_backward(model, f, d_logits, r.grads, &block);
    auto append = [](std::vector<float>& to, const std::vector<float>& from) {
      to.insert(to.end(), from.begin(), from.end());
    };
    append(r.logits, f.logits.data);
    append(r.d_logits, d_logits.data);
    append(r.d_hidden, block.output.data);
    // The block's inputs feed the block and, through the shortcut, the hidden state directly.
    for (std::size_t e = 0; e < block.inputs.size(); ++e)
      r.d_inputs.push_back(block.output.data[e] + block.inputs.data[e]);
  }
  return r;
}

void check_case(const fixture::Case& fx) {
  const LanguageModel model = model_of(fx);
  BatchResult r = run_batch(model, fx, fx.option_int("training") != 0);
  const double loss = fx.stage("loss").data[0];
  INFO(fx.name << ": loss " << r.loss << ", PyTorch " << loss);
  CHECK(std::abs(r.loss - loss) <= 1e-6 * loss);
  gradients::close(fx.name, "logits", r.logits, fx.stage("logits"));
  gradients::close(fx.name, "dLogits", r.d_logits, fx.stage("dLogits"));
  gradients::close(fx.name, "dHidden", r.d_hidden, fx.stage("dHidden"));
  gradients::close(fx.name, "dInputs", r.d_inputs, fx.stage("dInputs"));
  for (const NamedParameter& p : parameters(r.grads))
    gradients::close(fx.name, "grad " + p.name, *p.values, fx.stage("grad." + p.name));
}

// The fixture's AdamW steps: each a fresh forward and backward in evaluation mode, then one update.
void check_adamw(const fixture::Case& fx) {
  LanguageModel model = model_of(fx);
  TrainingOptions o;
  o.beta1 = fx.option_double("adamw_beta1");
  o.beta2 = fx.option_double("adamw_beta2");
  o.epsilon = fx.option_double("adamw_eps");
  o.weight_decay = fx.option_double("adamw_weight_decay");
  AdamW state = adamw_for(model);
  for (int step = 0; step < fx.option_int("adamw_steps"); ++step) {
    const BatchResult r = run_batch(model, fx, false);
    adamw_step(model, r.grads, state, fx.option_double("adamw_lr"), o);
  }
  for (const NamedParameter& p : parameters(model))
    gradients::close(fx.name, "adamw " + p.name, *p.values, fx.stage("adamw." + p.name));
}

}  // namespace

TEST_CASE("the language model's loss and gradients match PyTorch's autograd",
          "[backward][language-model]") {
  int cases = 0, dropping = 0, optimised = 0;
  for (const std::string& path : fixture::list(kDir)) {
    const fixture::Case fx = fixture::load(path);
    if (fx.option("kind") != "lm") continue;
    check_case(fx);
    ++cases;
    dropping += fx.option_int("training") != 0 && fx.option_double("dropout") > 0;
    if (fx.has_option("adamw_steps")) {
      check_adamw(fx);
      ++optimised;
    }
  }
  CHECK(cases >= 3);
  CHECK(dropping >= 2);
  CHECK(optimised >= 1);
  gradients::print_worst("language model against autograd and torch.optim.AdamW");
}

TEST_CASE("the language model's block is the lecture's MultiHeadAttention, bit for bit",
          "[language-model]") {
  LanguageModelConfig lc;
  lc.vocabulary = 50;
  lc.width = 16;
  lc.heads = 4;
  lc.context = 12;
  const LanguageModel m = init_language_model(lc);
  const std::vector<int> ids = {3, 7, 7, 1, 49, 0, 12, 3};
  const LanguageModelForward f = language_model_forward(m, ids);
  Model block(attention_config(lc, static_cast<int>(ids.size()), false), m.attention);
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

TEST_CASE("the next tokens are the softmax's most probable ids, most probable first", "[lm]") {
  // Two positions, V = 5: the probabilities are softmax(logits[t]), sorted; ties keep the smaller
  // id first; the largest logit's probability needs no overflow (1000 would overflow exp).
  Tensor logits({1, 2, 5});
  logits.data = {0.0f, 2.0f, 1.0f, 2.0f, -1.0f, 1000.0f, 999.0f, 0.0f, 0.0f, 0.0f};
  const std::vector<std::vector<NextToken>> next = next_tokens(logits, 3);
  REQUIRE(next.size() == 2);
  REQUIRE(next[0].size() == 3);
  CHECK(next[0][0].id == 1);  // 2.0 twice: id 1 before id 3
  CHECK(next[0][1].id == 3);
  CHECK(next[0][2].id == 2);
  const double sum = 2 * std::exp(2.0) + std::exp(1.0) + 1.0 + std::exp(-1.0);
  CHECK(next[0][0].probability == Approx(std::exp(2.0) / sum).epsilon(1e-12));
  CHECK(next[0][2].probability == Approx(std::exp(1.0) / sum).epsilon(1e-12));
  CHECK(next[1][0].id == 0);
  CHECK(next[1][1].id == 1);
  CHECK(next[1][0].probability == Approx(1.0 / (1.0 + std::exp(-1.0))).epsilon(1e-12));
  CHECK(std::isfinite(next[1][2].probability));
  CHECK_THROWS_AS(next_tokens(logits, 0), OptionError);
  CHECK_THROWS_AS(next_tokens(logits, 6), OptionError);
}
