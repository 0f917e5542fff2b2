// Embind adapters (see adapters.hpp): the engine and the model. Each entry point runs the core
// inside `attempt`, which turns a C++ exception into a Failure (name, option, message) that JS
// reads back without a throw crossing a C++ frame.
#include "adapters.hpp"

#include <emscripten/emscripten.h>

#include <cstdint>
#include <map>

#include "attention/api/options.hpp"
#include "js_values.hpp"

namespace attention::wasm {

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
      if (!heads.isArray())
        throw OptionError("heads", "heads must be a list of head counts such as [2, 400, 4000]");
      const int n = heads["length"].as<int>();
      if (n < 1 || n > 64)
        throw OptionError("heads", "heads must list 1 to 64 head counts, not " + std::to_string(n));
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
    if (!model_)
      throw Error("model", "this model could not be created (see the error of createModel)");
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

val WasmModel::config() const {
  return model_ ? config_to_js(model_->config()) : val::object();
}

int WasmModel::traceSize() const {
  return static_cast<int>(result_.trace.stages.size());
}
std::string WasmModel::traceName(int i) const {
  return stage_name(result_.trace.stages.at(std::size_t(i)).first);
}
val WasmModel::traceShape(int i) const {
  return shape_of(result_.trace.stages.at(std::size_t(i)).second);
}
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

}  // namespace attention::wasm

// A plain export for the per-call hot path (see WasmModel::runUnchecked).
extern "C" EMSCRIPTEN_KEEPALIVE std::size_t attention_lab_run(std::size_t model) {
  return reinterpret_cast<attention::wasm::WasmModel*>(model)->runUnchecked();
}
