// The training module's adapter (dist/attention-train.wasm, loaded only by web/lib/train.mjs): a
// TrainingRun of the core (training_run.hpp) driven from JS a step at a time, so that the caller
// can report progress and stop between steps, then its weights file and measurements. A module of
// its own, so that pages which never train do not download the backward pass and AdamW. Like the
// core module's adapters, no entry point throws: errors come back as data (see ../adapters.hpp).
#pragma once

#include <emscripten/val.h>

#include <memory>

#include "../adapters.hpp"
#include "attention/train/training_run.hpp"

namespace attention::wasm {

class WasmTrainingRun {
 public:
  // train, heldout: { ids: Int32Array of GPT-2 ids, classes: Uint8Array of word classes
  // (corpus.hpp's TokenClass numbers), the same length }; options: { vocabulary, width, heads,
  // context, dropout, seed, steps, batch, learningRate, warmup, finalRate, weightDecay, clip,
  // corpus (a line for the file's facts) }, each optional. Never throws: see error().
  WasmTrainingRun(emscripten::val train, emscripten::val heldout, emscripten::val options);
  emscripten::val error() const { return failure_.to_js(); }

  // { vocabulary, width, heads, context, dropout, parameters, trainingTokens, heldoutTokens,
  //   coverage, steps, batch, seed, learningRate } as the run resolved them.
  emscripten::val info() const;
  // Up to `count` more steps: { value: { step, loss, rate, tokens } (the last) } or { error }.
  emscripten::val step(int count);
  // After the last step: { value: { file: Uint8Array, report: { heldout, heldoutFloat32,
  // heldoutUntrained, unigram, bigram } } } or { error }.
  emscripten::val finish(bool float32) const;

 private:
  std::unique_ptr<TrainingRun> run_;
  Failure failure_;
};

// The "ATCP" corpus file of scripts/prepare_corpus.mjs, read by the core's parser:
// { value: { ids: Int32Array, classes: Uint8Array } } or { error }.
emscripten::val parse_corpus_js(emscripten::val bytes);

}  // namespace attention::wasm
