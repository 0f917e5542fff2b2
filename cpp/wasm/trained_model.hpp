// The adapter for the trained language model (docs/TRAINING.md): an ATLM weights file read by the
// core's one parser (model_file.hpp: header, CRC-32, int8 rows dequantised), and the model run on
// GPT-2 token ids: the block's inputs, the next tokens per position, the facts of its training and
// its heads' measured roles. The block's trace is not run here: web/lib hands the block's
// state_dict to the Model adapter (the same forward pass and trace as the lecture's weights).
// Like the other adapters, no entry point throws: errors come back as data (see adapters.hpp).
#pragma once

#include <emscripten/val.h>

#include <memory>

#include "adapters.hpp"
#include "attention/train/model_file.hpp"

namespace attention::wasm {

class WasmTrainedModel {
 public:
  // bytes: a Uint8Array holding the whole file. Never throws: see error().
  explicit WasmTrainedModel(emscripten::val bytes);
  emscripten::val error() const { return failure_.to_js(); }

  // { vocabulary, width, heads, context, other, facts: [[key, value], ...] } (file order).
  emscripten::val info() const;
  // The block's parameters: { "W_query.weight": { shape, data: Float32Array }, ... }.
  emscripten::val stateDict() const;
  // { value: { names, descriptions, queries, trained, random, strongest } } or { error }:
  // trained/random are (h, roles) shares; strongest[h] = { role, share, lift } (roles.hpp's rule).
  emscripten::val roles() const;
  // gpt2Ids: the sentence's GPT-2 ids (1 … context of them). { value } or { error }, value =
  // { modelIds: Int32Array (T), inputs: Float32Array (1,T,d), next: per position k × { modelId,
  // id (GPT-2 id, or −1 for the shared id), probability } }.
  emscripten::val run(emscripten::val gpt2Ids, int k) const;

 private:
  std::unique_ptr<TrainedModel> trained_;
  Failure failure_;
};

}  // namespace attention::wasm
