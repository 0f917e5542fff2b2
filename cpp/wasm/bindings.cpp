// The Embind declarations, and nothing else: the adapters they name live in adapters.cpp and the
// friendly JS surface in web/lib/index.mjs.
#include <emscripten/bind.h>

#include "adapters.hpp"

using namespace emscripten;
using attention::wasm::Engine;
using attention::wasm::Options;
using attention::wasm::WasmModel;

EMSCRIPTEN_BINDINGS(attention_lab) {
  value_object<Options>("Options")
      .field("batch", &Options::batch)
      .field("tokens", &Options::tokens)
      .field("dIn", &Options::dIn)
      .field("dOut", &Options::dOut)
      .field("heads", &Options::heads)
      .field("qkvBias", &Options::qkvBias)
      .field("causal", &Options::causal)
      .field("dropout", &Options::dropout)
      .field("training", &Options::training)
      .field("seed", &Options::seed)
      .field("module", &Options::module)
      .field("masking", &Options::masking)
      .field("layout", &Options::layout)
      .field("trace", &Options::trace)
      .field("maxTraceBytes", &Options::maxTraceBytes);

  class_<Engine>("Engine")
      .constructor<int>()
      .function("threads", &Engine::threads)
      .function("headExperiment", &Engine::headExperiment);

  class_<WasmModel>("Model")
      .constructor<const Options&, val, const Engine&>()
      .function("inputPointer", &WasmModel::inputPointer)
      .function("handle", &WasmModel::handle)
      .function("throwLastError", &WasmModel::throwLastError)
      .function("traceSize", &WasmModel::traceSize)
      .function("traceName", &WasmModel::traceName)
      .function("traceShape", &WasmModel::traceShape)
      .function("traceView", &WasmModel::traceView)
      .function("stateDict", &WasmModel::stateDict);

  function("stageList", &attention::wasm::stage_list);
  function("tokenEmbeddings", &attention::wasm::token_embeddings_js);
  function("lecturePreset", &attention::wasm::lecture_preset_js);
  function("maxThreads", &attention::wasm::max_threads);
  function("memoryBytes", &attention::wasm::memory_bytes);
  function("simd", &attention::wasm::simd_kind);
}
