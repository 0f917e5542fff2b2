// Embind adapters (see adapters.hpp). Each entry point runs the core inside `guarded`, which turns a
// C++ exception into a JS Error with .name, .option and a readable message.
#include "adapters.hpp"

#include "attention/simd.hpp"

#include <cmath>
#include <cstdint>
#include <new>
#include <sstream>

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <iomanip>

namespace attention::wasm {
namespace {

using emscripten::val;

// Describes the exception being handled (call inside a catch block): name, option, message.
void describe_current_exception(std::string& name, std::string& option, std::string& message) {
  try {
    throw;
  } catch (const Error& e) {
    name = std::string("AttentionLab") + e.kind();
    option = e.option();
    message = e.what();
  } catch (const std::bad_alloc&) {
    name = "AttentionLabMemoryError";
    option = "memory";
    message = "out of WebAssembly memory: use fewer tokens, heads or batch, or pass trace = false";
  } catch (const std::exception& e) {
    name = "AttentionLabError";
    option = "";
    message = e.what();
  }
}

[[noreturn]] void throw_js_error(const std::string& name, const std::string& option,
                                 const std::string& message) {
  val error = val::global("Error").new_(val(message));
  error.set("name", val(name));
  error.set("option", val(option));
  error.throw_();
}

// The error is copied out of the catch block first, so the C++ exception is fully finished before
// JS unwinds through the WASM frames; the module stays usable afterwards.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  static std::string name, option, message;
  try {
    return f();
  } catch (...) {
    describe_current_exception(name, option, message);
  }
  throw_js_error(name, option, message);
}

std::uint32_t to_seed(double seed) {
  if (!(seed >= 0 && seed <= 4294967295.0 && std::floor(seed) == seed)) {
    std::ostringstream shown;
    shown << std::setprecision(17) << seed;
    throw OptionError("seed", "seed = " + shown.str() +
                                  ": the seed must be an integer from 0 to 4294967295 (as torch.manual_seed takes)");
  }
  return static_cast<std::uint32_t>(seed);
}

std::vector<float> to_floats(const val& array) {
  return emscripten::convertJSArrayToNumberVector<float>(array);
}

val shape_of(const Tensor& t) {
  val shape = val::array();
  for (int d : t.shape) shape.call<void>("push", d);
  return shape;
}

}  // namespace

Config to_config(const Options& o) {
  Config c;
  c.batch = o.batch;
  c.tokens = o.tokens;
  c.d_in = o.dIn;
  c.d_out = o.dOut;
  c.heads = o.heads;
  c.qkv_bias = o.qkvBias;
  c.causal = o.causal;
  c.dropout = o.dropout;
  c.training = o.training;
  c.seed = to_seed(o.seed);
  c.module = parse_module(o.module);
  c.masking = parse_masking(o.masking);
  c.layout = parse_layout(o.layout);
  c.trace = o.trace;
  c.max_trace_bytes = !(o.maxTraceBytes > 0)                          ? 0
                      : o.maxTraceBytes >= static_cast<double>(SIZE_MAX) ? SIZE_MAX
                                                                         : static_cast<std::size_t>(o.maxTraceBytes);
  return c;
}

Engine::Engine(int threads) {
  guarded([&] {
    if (threads > 1) pool_ = std::make_shared<ThreadPool>(threads);
    return 0;
  });
}

val Engine::headExperiment(val options) const {
  return guarded([&] {
    HeadExperimentOptions o;
    auto integer = [&](const char* key, int& field) {
      if (!options[key].isUndefined()) field = options[key].as<int>();
    };
    if (!options["heads"].isUndefined()) {
      o.heads.clear();
      for (double h : emscripten::convertJSArrayToNumberVector<double>(options["heads"])) {
        o.heads.push_back(static_cast<int>(h));
      }
    }
    integer("headSize", o.head_size);
    integer("tokens", o.tokens);
    integer("batch", o.batch);
    integer("dIn", o.d_in);
    integer("repeats", o.repeats);
    if (!options["seed"].isUndefined()) o.seed = to_seed(options["seed"].as<double>());
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

WasmModel::WasmModel(const Options& options, val weights, const Engine& engine) {
  guarded([&] {
    const Config config = to_config(options);
    validate(config);
    if (weights.isUndefined() || weights.isNull()) {
      model_ = std::make_unique<Model>(config);
    } else {
      std::map<std::string, std::vector<float>> state;
      const val keys = val::global("Object").call<val>("keys", weights);
      const int n = keys["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        const std::string key = keys[i].as<std::string>();
        state[key] = to_floats(weights[key]);
      }
      model_ = std::make_unique<Model>(config, weights_from_state_dict(config, state));
    }
    model_->set_thread_pool(engine.pool());
    inputs_.assign(std::size_t(config.batch) * config.tokens * config.d_in, 0.0f);
    return 0;
  });
}

std::size_t WasmModel::runUnchecked() noexcept {
  try {
    result_ = Result{};
    result_ = model_->forward(inputs_);
    return reinterpret_cast<std::size_t>(result_.output.data.data());
  } catch (...) {
    describe_current_exception(error_kind_, error_option_, error_message_);
    return 0;
  }
}

void WasmModel::throwLastError() { throw_js_error(error_kind_, error_option_, error_message_); }


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
    entry.set("data", val::global("Float32Array")
                          .new_(val(emscripten::typed_memory_view(tensor.size(), tensor.data.data()))));
    out.set(name, entry);
  }
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

val token_embeddings_js(val ids, int d_in, double seed) {
  return guarded([&] {
    std::vector<std::int64_t> token_ids;
    for (double id : emscripten::convertJSArrayToNumberVector<double>(ids)) {
      token_ids.push_back(static_cast<std::int64_t>(id));
    }
    const std::vector<float> e = token_embeddings(token_ids, d_in, to_seed(seed));
    return val::global("Float32Array").new_(val(emscripten::typed_memory_view(e.size(), e.data())));
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
  out.set("embeddings", val::global("Float32Array")
                            .new_(val(emscripten::typed_memory_view(p.embeddings.size(),
                                                                    p.embeddings.data()))));
  return out;
}

int max_threads() { return ThreadPool::max_threads(); }
double memory_bytes() { return static_cast<double>(emscripten_get_heap_size()); }
std::string simd_kind() { return ATTENTION_SIMD; }

}  // namespace attention::wasm

// A plain export for the per-call hot path (see WasmModel::runUnchecked).
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t attention_lab_run(std::size_t model) {
  return reinterpret_cast<attention::wasm::WasmModel*>(model)->runUnchecked();
}
