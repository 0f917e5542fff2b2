// The training module's adapter (see trainer.hpp): JS values in, the core's TrainingRun does the
// work, JS values out.
#include "trainer.hpp"

#include <emscripten/bind.h>

#include <cmath>
#include <string>
#include <vector>

#include "../js_values.hpp"
#include "attention/errors.hpp"

namespace attention::wasm {
namespace {

bool is_object(const val& v) {
  return !v.isNull() && v.typeOf().as<std::string>() == "object";
}

// A typed array of `type` out of the JS value, element by element through one copy.
template <class T>
std::vector<T> copy_of(const val& array, const char* type, const char* what) {
  if (!array.instanceof (val::global(type)))
    throw InputError("corpus", std::string(what) + " must be a " + type);
  std::vector<T> out(array["length"].as<std::size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", array);
  return out;
}

// { ids: Int32Array, classes: Uint8Array } → CorpusTokens, every id and class checked.
CorpusTokens tokens_of(const val& part, const char* name) {
  if (!is_object(part)) throw InputError("corpus", std::string(name) + " must be { ids, classes }");
  CorpusTokens out;
  out.gpt2 = copy_of<int>(part["ids"], "Int32Array", (std::string(name) + ".ids").c_str());
  const std::vector<std::uint8_t> classes = copy_of<std::uint8_t>(
      part["classes"], "Uint8Array", (std::string(name) + ".classes").c_str());
  if (classes.size() != out.gpt2.size())
    throw InputError("corpus", std::string(name) + ": every token needs its word class");
  for (std::size_t i = 0; i < out.gpt2.size(); ++i) {
    if (out.gpt2[i] < 0 || out.gpt2[i] >= kGpt2Vocabulary)
      throw InputError("corpus", std::string(name) + ": token " + std::to_string(i) +
                                     " is not a GPT-2 token id");
    if (classes[i] > static_cast<std::uint8_t>(TokenClass::punctuation))
      throw InputError("corpus", std::string(name) + ": token " + std::to_string(i) +
                                     " has an unknown word class");
  }
  out.classes.reserve(classes.size());
  for (std::uint8_t c : classes) out.classes.push_back(static_cast<TokenClass>(c));
  out.flags.assign(out.gpt2.size(), 0);
  return out;
}

// A finite number, or the fallback when absent; the core's validate() checks the range.
double read_number(const val& options, const char* key, double fallback) {
  const val v = options[key];
  if (v.isUndefined()) return fallback;
  const OptionValue value = to_option_value(v);
  if (value.kind != OptionValue::Kind::number || !std::isfinite(value.number))
    throw OptionError(key, std::string(key) + " must be a finite number");
  return value.number;
}

LanguageModelConfig model_config(const val& o) {
  LanguageModelConfig c;
  c.vocabulary = read_integer(o, "vocabulary", c.vocabulary, 2, 65536);
  c.width = read_integer(o, "width", c.width, 1, 4096);
  c.heads = read_integer(o, "heads", c.heads, 1, 4096);
  c.context = read_integer(o, "context", c.context, 2, 4096);
  c.dropout = read_number(o, "dropout", c.dropout);
  return c;
}

TrainingOptions training_options(const val& o) {
  TrainingOptions t;
  t.steps = read_integer(o, "steps", t.steps, 1, 10000000);
  t.batch = read_integer(o, "batch", t.batch, 1, 4096);
  t.learning_rate = read_number(o, "learningRate", t.learning_rate);
  t.warmup = read_integer(o, "warmup", t.warmup, 0, 10000000);
  t.final_rate = read_number(o, "finalRate", t.final_rate);
  t.weight_decay = read_number(o, "weightDecay", t.weight_decay);
  t.clip = read_number(o, "clip", t.clip);
  t.max_flops = read_number(o, "maxFlops", t.max_flops);
  t.max_bytes = read_number(o, "maxBytes", t.max_bytes);
  const double seed = read_number(o, "seed", t.seed);
  if (!(seed >= 0 && seed <= 4294967295.0 && seed == std::floor(seed)))
    throw OptionError("seed", "seed must be an integer from 0 to 4294967295");
  t.seed = static_cast<std::uint32_t>(seed);
  return t;
}

}  // namespace

WasmTrainingRun::WasmTrainingRun(val train, val heldout, val options) {
  attempt(&failure_, [&] {
    if (!is_object(options)) throw OptionError("options", "the options must be an object");
    LanguageModelConfig model = model_config(options);
    const TrainingOptions training = training_options(options);
    model.seed = training.seed;  // one seed: the initial parameters, the windows and the masks
    const val corpus = options["corpus"];
    const std::string description =
        corpus.isString() ? corpus.as<std::string>() : std::string("text given to train()");
    run_ = std::make_unique<TrainingRun>(tokens_of(train, "train"), tokens_of(heldout, "heldout"),
                                         model, training, nullptr, description);
  });
}

val WasmTrainingRun::info() const {
  val out = val::object();
  if (!run_) return out;
  const LanguageModelConfig& c = run_->config();
  const TrainingOptions& t = run_->options();
  out.set("vocabulary", c.vocabulary);
  out.set("width", c.width);
  out.set("heads", c.heads);
  out.set("context", c.context);
  out.set("dropout", c.dropout);
  out.set("parameters", static_cast<double>(run_->parameters()));
  out.set("trainingTokens", static_cast<double>(run_->training_tokens()));
  out.set("heldoutTokens", static_cast<double>(run_->heldout_tokens()));
  out.set("coverage", run_->coverage());
  out.set("steps", t.steps);
  out.set("batch", t.batch);
  out.set("seed", static_cast<double>(t.seed));
  out.set("learningRate", t.learning_rate);
  return out;
}

val WasmTrainingRun::step(int count) {
  return value_or_error([&] {
    if (!run_) throw Error("options", "the training run could not start (see error())");
    if (count < 1) throw OptionError("steps", "step(count) needs a count of at least 1");
    TrainingStep last{};
    for (int k = 0; k < count && !run_->done(); ++k) last = run_->step();
    val out = val::object();
    out.set("step", last.step);
    out.set("loss", last.loss);
    out.set("rate", last.rate);
    out.set("tokens", static_cast<double>(last.tokens));
    return out;
  });
}

val WasmTrainingRun::finish(bool float32) const {
  return value_or_error([&] {
    if (!run_) throw Error("options", "the training run could not start (see error())");
    const FinishedTraining f =
        run_->finish(float32 ? Quantisation::float32 : Quantisation::int8_rows);
    val report = val::object();
    report.set("heldout", f.report.heldout);
    report.set("heldoutFloat32", f.report.heldout_float32);
    report.set("heldoutUntrained", f.report.heldout_untrained);
    report.set("unigram", f.report.baselines.unigram);
    report.set("bigram", f.report.baselines.bigram);
    val out = val::object();
    out.set("file", val::global("Uint8Array")
                        .new_(val(emscripten::typed_memory_view(f.file.size(), f.file.data()))));
    out.set("report", report);
    return out;
  });
}

val parse_corpus_js(val bytes) {
  return value_or_error([&] {
    const std::vector<std::uint8_t> file =
        copy_of<std::uint8_t>(bytes, "Uint8Array", "a corpus file");
    const CorpusTokens tokens = parse_corpus(file.data(), file.size());
    std::vector<std::uint8_t> classes;
    classes.reserve(tokens.classes.size());
    for (TokenClass c : tokens.classes) classes.push_back(static_cast<std::uint8_t>(c));
    val out = val::object();
    out.set("ids",
            val::global("Int32Array")
                .new_(val(emscripten::typed_memory_view(tokens.gpt2.size(), tokens.gpt2.data()))));
    out.set("classes",
            val::global("Uint8Array")
                .new_(val(emscripten::typed_memory_view(classes.size(), classes.data()))));
    return out;
  });
}

}  // namespace attention::wasm
