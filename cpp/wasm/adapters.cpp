// Embind adapters (see adapters.hpp). Each entry point runs the core inside `attempt`, which turns
// a C++ exception into a Failure (name, option, message) that JS reads back without a throw
// crossing a C++ frame.
#include "adapters.hpp"

#include <malloc.h>

#include <cstdint>
#include <map>
#include <new>
#include <stdexcept>

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include "attention/options.hpp"
#include "attention/simd.hpp"

namespace attention::wasm {
namespace {

using emscripten::val;

// Describes the exception being handled (call inside a catch block).
Failure describe_current_exception() {
  try {
    throw;
  } catch (const Error& e) {
    return {std::string("AttentionLab") + e.kind(), e.option(), e.what()};
  } catch (const std::bad_alloc&) {
    return {"AttentionLabMemoryError", "memory",
            "out of WebAssembly memory: use fewer tokens, heads or a smaller batch, or pass trace = false"};
  } catch (const std::length_error&) {
    return {"AttentionLabMemoryError", "memory",
            "a buffer larger than WebAssembly can address was asked for: use fewer tokens, heads or a "
            "smaller batch"};
  } catch (const std::exception& e) {
    return {"AttentionLabError", "", std::string("internal error in the core: ") + e.what()};
  } catch (...) {
    return {"AttentionLabError", "", "internal error in the core (an unknown exception)"};
  }
}

// Runs f; on an exception records it in *failure and returns false.
template <class F>
bool attempt(Failure* failure, F&& f) {
  *failure = Failure{};
  try {
    f();
    return true;
  } catch (...) {
    *failure = describe_current_exception();
    return false;
  }
}

// { value } or { error }.
template <class F>
val value_or_error(F&& f) {
  Failure failure;
  val out = val::object();
  if (!attempt(&failure, [&] { out.set("value", f()); })) out.set("error", failure.to_js());
  return out;
}

// A JS value as the option table sees it: only numbers, booleans and strings are read; for
// anything else only its type name, so no user code (a getter, a toString) can run here.
OptionValue to_option_value(const val& v) {
  if (v.isNumber()) return OptionValue::of(v.as<double>());
  if (v.isTrue()) return OptionValue::of(true);
  if (v.isFalse()) return OptionValue::of(false);
  if (v.isString()) return OptionValue::of(v.as<std::string>());
  return OptionValue::of_type(v.isNull() ? "null" : v.typeOf().as<std::string>());
}

// A Config from a plain JS object of option-table names: unknown keys are refused, every value is
// checked against its option before it is stored (so 2^32 + 2 never wraps into an int).
Config read_config(const val& options) {
  Config config;
  const val keys = val::global("Object").call<val>("keys", options);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const OptionSpec* spec = find_option(key);
    if (spec == nullptr) {
      std::string names;
      for (const OptionSpec& s : option_specs()) names += (names.empty() ? "" : ", ") + std::string(s.name);
      throw OptionError(key, "unknown option '" + key + "'; the options are: " + names);
    }
    const val value = options[key];
    if (!value.isUndefined()) set_option(config, *spec, to_option_value(value));
  }
  return config;  // Model's constructor validates it, once
}

// An integer argument that is not a model option (headExperiment's): checked before any cast.
int read_integer(const val& options, const char* key, int fallback, int min, int max) {
  const val v = options[key];
  if (v.isUndefined()) return fallback;
  const OptionValue value = to_option_value(v);
  if (value.kind != OptionValue::Kind::number || !(value.number >= min && value.number <= max) ||
      static_cast<double>(static_cast<long long>(value.number)) != value.number) {
    throw OptionError(key, std::string(key) + " must be an integer from " + std::to_string(min) + " to " +
                               std::to_string(max));
  }
  return static_cast<int>(value.number);
}

std::vector<float> to_floats(const val& array) {
  return emscripten::convertJSArrayToNumberVector<float>(array);
}

val shape_of(const Tensor& t) {
  val shape = val::array();
  for (int d : t.shape) shape.call<void>("push", d);
  return shape;
}

val float32_copy(const float* data, std::size_t n) {
  return val::global("Float32Array").new_(val(emscripten::typed_memory_view(n, data)));
}

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::integer: return "integer";
    case OptionType::number: return "number";
    case OptionType::boolean: return "boolean";
    case OptionType::choice: return "choice";
  }
  return "?";
}

val to_js(const OptionValue& v) {
  switch (v.kind) {
    case OptionValue::Kind::number: return val(v.number);
    case OptionValue::Kind::boolean: return val(v.boolean);
    case OptionValue::Kind::string: return val(v.text);
    case OptionValue::Kind::other: break;
  }
  return val::undefined();
}

}  // namespace

val Failure::to_js() const {
  if (name.empty()) return val::undefined();
  val error = val::object();
  error.set("name", val(name));
  error.set("option", val(option));
  error.set("message", val(message));
  return error;
}

Engine::Engine(double threads) {
  attempt(&failure_, [&] {
    const int most = ThreadPool::max_threads();
    if (!(threads >= 1 && threads <= most && threads == static_cast<int>(threads))) {
      throw OptionError("threads", "threads must be an integer from 1 to " + std::to_string(most) +
                                       " in this build");
    }
    if (threads > 1) pool_ = std::make_shared<ThreadPool>(static_cast<int>(threads));
  });
}

void Engine::terminate() {
  if (pool_) pool_->stop();
}

val Engine::headExperiment(val options) const {
  return value_or_error([&] {
    HeadExperimentOptions o;
    const val heads = options["heads"];
    if (!heads.isUndefined()) {
      if (!heads.isArray()) throw OptionError("heads", "heads must be a list of head counts such as [2, 400, 4000]");
      const int n = heads["length"].as<int>();
      if (n < 1 || n > 64) throw OptionError("heads", "heads must list 1 to 64 head counts, not " + std::to_string(n));
      o.heads.clear();
      for (int i = 0; i < n; ++i) {
        const OptionValue h = to_option_value(heads[i]);
        check_option(*find_option("heads"), h);  // an integer from 1 to 2^20
        o.heads.push_back(static_cast<int>(h.number));
      }
    }
    const int dim = static_cast<int>(kMaxDimension);
    o.head_size = read_integer(options, "headSize", o.head_size, 1, dim);
    o.tokens = read_integer(options, "tokens", o.tokens, 1, dim);
    o.batch = read_integer(options, "batch", o.batch, 1, dim);
    o.d_in = read_integer(options, "dIn", o.d_in, 1, dim);
    o.repeats = read_integer(options, "repeats", o.repeats, 1, 1000);
    const val seed = options["seed"];
    if (!seed.isUndefined()) {
      const OptionValue s = to_option_value(seed);
      check_option(*find_option("seed"), s);
      o.seed = static_cast<std::uint32_t>(s.number);
    }
    val rows = val::array();
    for (const HeadExperimentRow& r : head_experiment(o, pool_)) {
      val row = val::object();
      row.set("heads", r.heads);
      row.set("loopMs", r.loop_ms);
      row.set("fusedMs", r.fused_ms);
      row.set("maxDifference", r.max_difference);
      rows.call<void>("push", row);
    }
    return rows;
  });
}

WasmModel::WasmModel(val options, val weights, const Engine& engine) {
  attempt(&failure_, [&] {
    const Config config = read_config(options);
    if (weights.isUndefined() || weights.isNull()) {
      model_ = std::make_unique<Model>(config);
    } else {
      std::map<std::string, std::vector<float>> state;
      const int n = weights["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        const val entry = weights[i];
        const std::string key = entry[0].as<std::string>();
        if (!state.emplace(key, to_floats(entry[1])).second) {
          throw InputError("weights", "weights has the key '" + key + "' twice");
        }
      }
      model_ = std::make_unique<Model>(config, state);
    }
    model_->set_thread_pool(engine.pool());
    inputs_.assign(std::size_t(config.batch) * config.tokens * config.d_in, 0.0f);
  });
}

std::size_t WasmModel::runUnchecked() noexcept {
  std::size_t address = 0;
  attempt(&failure_, [&] {
    result_ = Result{};
    if (!model_) throw Error("model", "this model could not be created (see the error of createModel)");
    result_ = model_->forward(inputs_);
    address = reinterpret_cast<std::size_t>(result_.output.data.data());
  });
  return address;
}

val WasmModel::outputShape() const {
  val shape = val::array();
  if (!model_) return shape;
  const Config& c = model_->config();
  for (int d : {c.batch, c.tokens, c.width()}) shape.call<void>("push", d);
  return shape;
}

int WasmModel::traceSize() const { return static_cast<int>(result_.trace.stages.size()); }
std::string WasmModel::traceName(int i) const {
  return stage_name(result_.trace.stages.at(std::size_t(i)).first);
}
val WasmModel::traceShape(int i) const { return shape_of(result_.trace.stages.at(std::size_t(i)).second); }
val WasmModel::traceView(int i) const {
  const Tensor& t = result_.trace.stages.at(std::size_t(i)).second;
  return val(emscripten::typed_memory_view(t.size(), t.data.data()));
}

val WasmModel::stateDict() const {
  val out = val::object();
  for (const auto& [name, tensor] : state_dict(model_->config(), model_->weights())) {
    val entry = val::object();
    entry.set("shape", shape_of(tensor));
    entry.set("data", float32_copy(tensor.data.data(), tensor.size()));
    out.set(name, entry);
  }
  return out;
}

val option_table() {
  const Config defaults;
  val list = val::array();
  for (const OptionSpec& s : option_specs()) {
    val entry = val::object();
    entry.set("name", val(std::string(s.name)));
    entry.set("type", val(std::string(type_name(s.type))));
    entry.set("default", to_js(get_option(defaults, s)));
    if (s.type == OptionType::integer || s.type == OptionType::number) {
      entry.set("min", val(s.min));
      entry.set("max", val(s.max));
      entry.set("maxExclusive", val(s.max_exclusive));
    }
    if (s.type == OptionType::choice) {
      val choices = val::array();
      for (const std::string& c : s.choices) choices.call<void>("push", val(c));
      entry.set("choices", choices);
    }
    entry.set("meaning", val(std::string(s.meaning)));
    entry.set("help", val(std::string(s.help)));
    entry.set("rule", val(std::string(s.rule)));
    entry.set("inferred", val(s.inferred));
    list.call<void>("push", entry);
  }
  return list;
}

val check_option_js(std::string name, val value) {
  Failure failure;
  attempt(&failure, [&] {
    const OptionSpec* spec = find_option(name);
    if (spec == nullptr) throw OptionError(name, "unknown option '" + name + "'");
    check_option(*spec, to_option_value(value));
  });
  return failure.to_js();
}

val limits() {
  val out = val::object();
  out.set("poolSize", val(kWasmPoolSize));
  out.set("maxDimension", val(static_cast<double>(kMaxDimension)));
  out.set("maxTensorElements", val(static_cast<double>(kMaxTensorElements)));
  return out;
}

val stage_list() {
  val list = val::array();
  for (const StageInfo& s : kStages) {
    val entry = val::object();
    entry.set("name", val(std::string(s.name)));
    entry.set("dims", val(std::string(s.dims)));
    list.call<void>("push", entry);
  }
  return list;
}

val token_embeddings_js(val ids, double d_in, double seed) {
  return value_or_error([&] {
    check_option(*find_option("dIn"), OptionValue::of(d_in));
    check_option(*find_option("seed"), OptionValue::of(seed));
    std::vector<std::int64_t> token_ids;
    for (double id : emscripten::convertJSArrayToNumberVector<double>(ids)) {
      token_ids.push_back(static_cast<std::int64_t>(id));
    }
    const std::vector<float> e =
        token_embeddings(token_ids, static_cast<int>(d_in), static_cast<std::uint32_t>(seed));
    return float32_copy(e.data(), e.size());
  });
}

val lecture_preset_js() {
  const Preset& p = lecture_preset();
  val out = val::object();
  out.set("sentence", val(p.sentence));
  val words = val::array();
  for (const std::string& w : p.words) words.call<void>("push", val(w));
  out.set("words", words);
  out.set("dIn", p.d_in);
  out.set("embeddings", float32_copy(p.embeddings.data(), p.embeddings.size()));
  return out;
}

int max_threads() { return ThreadPool::max_threads(); }
double memory_bytes() { return static_cast<double>(emscripten_get_heap_size()); }
double heap_bytes_in_use() { return static_cast<double>(mallinfo().uordblks); }
std::string simd_kind() { return ATTENTION_SIMD; }

}  // namespace attention::wasm

// A plain export for the per-call hot path (see WasmModel::runUnchecked).
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t attention_lab_run(std::size_t model) {
  return reinterpret_cast<attention::wasm::WasmModel*>(model)->runUnchecked();
}
