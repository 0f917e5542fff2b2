// The Embind declarations, and nothing else: the adapters they name live in adapters.cpp and the
// friendly JS surface in web/lib/index.mjs.
#include <emscripten/bind.h>

#include "adapters.hpp"
#include "trained_model.hpp"

using namespace emscripten;
using attention::wasm::Engine;
using attention::wasm::WasmModel;
using attention::wasm::WasmTrainedModel;

EMSCRIPTEN_BINDINGS(attention_lab) {
  class_<Engine>("Engine")
      .constructor<double>()
      .function("error", &Engine::error)
      .function("threads", &Engine::threads)
      .function("terminate", &Engine::terminate)
      .function("headExperiment", &Engine::headExperiment);

  class_<WasmModel>("Model")
      .constructor<val, val, const Engine&>()
      .function("error", &WasmModel::error)
      .function("inputPointer", &WasmModel::inputPointer)
      .function("handle", &WasmModel::handle)
      .function("outputShape", &WasmModel::outputShape)
      .function("config", &WasmModel::config)
      .function("traceSize", &WasmModel::traceSize)
      .function("traceName", &WasmModel::traceName)
      .function("traceShape", &WasmModel::traceShape)
      .function("traceView", &WasmModel::traceView)
      .function("stateDict", &WasmModel::stateDict);

  class_<WasmTrainedModel>("TrainedModel")
      .constructor<val>()
      .function("error", &WasmTrainedModel::error)
      .function("info", &WasmTrainedModel::info)
      .function("stateDict", &WasmTrainedModel::stateDict)
      .function("roles", &WasmTrainedModel::roles)
      .function("run", &WasmTrainedModel::run);

  function("optionTable", &attention::wasm::option_table);
  function("checkOption", &attention::wasm::check_option_js);
  function("limits", &attention::wasm::limits);
  function("stageList", &attention::wasm::stage_list);
  function("tokenEmbeddings", &attention::wasm::token_embeddings_js);
  function("lecturePreset", &attention::wasm::lecture_preset_js);
  function("describe", &attention::wasm::describe_js);
  function("dropout", &attention::wasm::dropout_js);
  function("dropoutStatistics", &attention::wasm::dropout_statistics_js);
  function("maskingLimits", &attention::wasm::masking_limits_js);
  function("maxThreads", &attention::wasm::max_threads);
  function("memoryBytes", &attention::wasm::memory_bytes);
  function("heapBytesInUse", &attention::wasm::heap_bytes_in_use);
  function("simd", &attention::wasm::simd_kind);
}
