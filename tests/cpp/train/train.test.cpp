// Training the language model: a short run gives the same bits twice and on one or two threads,
// the loss falls on text with something to learn, the learning rate follows its schedule, and the
// baselines are the distributions they claim to be; a whole TrainingRun measures the model and
// writes the file that carries the measurements.
#include "attention/train/train.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <random>

#include "attention/api/errors.hpp"
#include "attention/train/model_file.hpp"
#include "attention/train/training_run.hpp"

using namespace attention;

namespace {

// A text with structure: a cycle of 8 tokens, every fifth token replaced by a random one.
std::vector<int> patterned_text(int length, int vocabulary) {
  std::mt19937 rng(7);
  std::vector<int> ids(length);
  for (int i = 0; i < length; ++i)
    ids[i] = i % 5 == 4 ? int(rng() % vocabulary) : (i % 8) * (vocabulary / 8);
  return ids;
}

LanguageModelConfig small_model() {
  LanguageModelConfig c;
  c.vocabulary = 32;
  c.width = 16;
  c.heads = 2;
  c.context = 12;
  c.dropout = 0.1;
  c.seed = 5;
  return c;
}

TrainingOptions short_run(int steps) {
  TrainingOptions o;
  o.steps = steps;
  o.batch = 4;
  o.learning_rate = 1e-2;
  o.warmup = 2;
  o.seed = 9;
  return o;
}

// Every parameter's bits, one after the other.
std::vector<std::uint32_t> bits(LanguageModel& model) {
  std::vector<std::uint32_t> out;
  for (const NamedParameter& p : parameters(model))
    for (float x : *p.values) {
      std::uint32_t b;
      std::memcpy(&b, &x, 4);
      out.push_back(b);
    }
  return out;
}

struct Run {
  std::vector<std::uint32_t> parameters;
  std::vector<double> losses;
};
Run train(int steps, ThreadPool* pool) {
  LanguageModel model = init_language_model(small_model());
  Run run;
  train_language_model(model, patterned_text(600, 32), short_run(steps), pool,
                       [&](const TrainingStep& s) { run.losses.push_back(s.loss); });
  run.parameters = bits(model);
  return run;
}

}  // namespace

TEST_CASE("a short training run is reproducible bit for bit", "[train]") {
  const Run first = train(6, nullptr), second = train(6, nullptr);
  REQUIRE(first.losses.size() == 6);
  CHECK(first.parameters == second.parameters);
  CHECK(first.losses == second.losses);
  SECTION("on two threads too: each sequence has its own gradient, summed in a fixed order") {
    if (ThreadPool::max_threads() < 2) return;  // built without threads (WebAssembly, single)
    ThreadPool pool(2);
    const Run threaded = train(6, &pool);
    CHECK(threaded.parameters == first.parameters);
    CHECK(threaded.losses == first.losses);
  }
  SECTION("the initial parameters depend on the seed, and training changes them") {
    LanguageModelConfig other = small_model();
    other.seed = 6;
    LanguageModel a = init_language_model(small_model()), b = init_language_model(other);
    CHECK(bits(a) != bits(b));
    CHECK(bits(a) != first.parameters);
  }
}

TEST_CASE("training lowers the loss on text with a pattern", "[train]") {
  const Run run = train(200, nullptr);
  const double start = run.losses.front(), end = run.losses.back();
  INFO("loss " << start << " → " << end << " (ln V = " << std::log(32.0) << ")");
  CHECK(start > 0.9 * std::log(32.0));  // the untrained model guesses about uniformly
  CHECK(end < 0.5 * start);
}

TEST_CASE("the learning rate warms up linearly, then decays along a cosine", "[train]") {
  TrainingOptions o;
  o.steps = 110;
  o.warmup = 10;
  o.learning_rate = 1e-3;
  o.final_rate = 0.1;
  CHECK(learning_rate_at(o, 0) == Approx(1e-4));
  CHECK(learning_rate_at(o, 9) == Approx(1e-3));
  CHECK(learning_rate_at(o, 10) == Approx(1e-3));
  CHECK(learning_rate_at(o, 60) == Approx(0.55e-3));  // half way: the cosine's mid-point
  CHECK(learning_rate_at(o, 110) == Approx(1e-4));
  o.steps = 0;
  CHECK_THROWS_AS(validate(o), OptionError);
}

TEST_CASE("the baselines are probability distributions measured on the same predictions",
          "[train]") {
  const std::vector<int> text = patterned_text(4000, 32);
  const std::vector<int> train(text.begin(), text.begin() + 3000),
      heldout(text.begin() + 3000, text.end());
  const Baselines b = baseline_losses(train, heldout, 32, 12);
  INFO("unigram " << b.unigram << ", bigram " << b.bigram);
  CHECK(b.unigram <= std::log(32.0));  // no worse than uniform on text of this kind
  CHECK(b.bigram < b.unigram);         // the cycle makes the previous token informative
  SECTION("a text of one repeated token: the unigram model's add-one probability") {
    const std::vector<int> same(100, 3);
    const Baselines one = baseline_losses(same, same, 4, 10);
    CHECK(one.unigram == Approx(-std::log(101.0 / 104.0)));
  }
}

namespace {

// Patterned text as a corpus: GPT-2 ids 1000 + model-sized ids, every eighth token punctuation.
CorpusTokens patterned_corpus(int length, std::uint32_t seed) {
  CorpusTokens c;
  std::mt19937 rng(seed);
  for (int i = 0; i < length; ++i) {
    const bool dot = i % 8 == 7;
    c.gpt2.push_back(dot ? 13 : 1000 + (i % 7 == 3 ? int(rng() % 20) : i % 8));
    c.classes.push_back(dot ? TokenClass::punctuation : TokenClass::other);
    c.flags.push_back(0);
  }
  return c;
}

}  // namespace

TEST_CASE("a training run: steps, then the measurements and the file that carries them",
          "[train]") {
  LanguageModelConfig model = small_model();
  model.vocabulary = 16;
  TrainingRun run(patterned_corpus(600, 1), patterned_corpus(120, 2), model, short_run(4), nullptr,
                  "a patterned test text");
  CHECK(run.config().vocabulary <= 16);
  CHECK(run.training_tokens() == 600);
  CHECK(run.heldout_tokens() == 120);
  CHECK_THROWS_AS(run.finish(Quantisation::int8_rows), OptionError);  // not trained yet
  while (!run.done()) run.step();
  CHECK(run.steps_done() == 4);
  CHECK_THROWS_AS(run.step(), OptionError);

  const FinishedTraining a = run.finish(Quantisation::int8_rows);
  const FinishedTraining b = run.finish(Quantisation::int8_rows);
  CHECK(a.file == b.file);
  CHECK(a.report.heldout < a.report.heldout_untrained);
  CHECK(std::isfinite(a.report.baselines.bigram));
  // The file is what the report says: its facts and roles read back.
  const TrainedModel read = read_model_file(a.file.data(), a.file.size());
  REQUIRE(read.fact("corpus") != nullptr);
  CHECK(*read.fact("corpus") == "a patterned test text");
  CHECK(std::stod(*read.fact("loss.heldout")) == Approx(a.report.heldout).epsilon(1e-6));
  CHECK(head_roles(read).trained.shares.size() == std::size_t(model.heads));
  // float32 keeps the trained parameters as they are.
  const FinishedTraining exact = run.finish(Quantisation::float32);
  CHECK(exact.report.heldout == exact.report.heldout_float32);
  CHECK(exact.report.heldout_float32 == a.report.heldout_float32);
}

TEST_CASE("a training run refuses what it cannot measure", "[train]") {
  CHECK_THROWS_AS(TrainingRun(patterned_corpus(600, 1), patterned_corpus(2, 2), small_model(),
                              short_run(1), nullptr, "t"),
                  InputError);
  CHECK_THROWS_AS(TrainingRun(patterned_corpus(10, 1), patterned_corpus(50, 2), small_model(),
                              short_run(1), nullptr, "t"),
                  InputError);  // shorter than one window + 1
  LanguageModelConfig odd = small_model();
  odd.heads = 3;  // does not divide d = 16
  CHECK_THROWS_AS(TrainingRun(patterned_corpus(600, 1), patterned_corpus(50, 2), odd, short_run(1),
                              nullptr, "t"),
                  OptionError);
}
