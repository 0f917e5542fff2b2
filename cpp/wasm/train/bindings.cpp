// The training module's Embind declarations (web/lib/train.mjs is their one caller).
#include <emscripten/bind.h>

#include "trainer.hpp"

using attention::wasm::WasmTrainingRun;
using namespace emscripten;

EMSCRIPTEN_BINDINGS(attention_train) {
  class_<WasmTrainingRun>("TrainingRun")
      .constructor<val, val, val>()
      .function("error", &WasmTrainingRun::error)
      .function("info", &WasmTrainingRun::info)
      .function("step", &WasmTrainingRun::step)
      .function("finish", &WasmTrainingRun::finish);
  function("parseCorpus", &attention::wasm::parse_corpus_js);
}
