// Adapters between the core and Embind: a model object that owns its buffers, the engine that owns
// the threads, and the conversion of JS values into checked core values. No maths here.
//
// No entry point lets an exception cross a C++ frame on its way to JavaScript: JS would receive an
// opaque exception object instead of the message, and a JS exception thrown through WebAssembly
// (Embind's val::throw_) skips the destructors of the C++ frames it leaves, so each error would
// leak an Embind handle and some WASM memory. Each entry point catches instead and hands the error
// over as a plain object { name, option, message }, which web/lib turns into an AttentionLabError.
// JS notions stop here too: undefined (an option not given) and JS type names are read in
// js_values.cpp and core_info.cpp; the core's option table speaks C++ (std::optional).
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "attention/attention.hpp"

namespace attention::wasm {

// The error of the last failed call, as JS receives it.
struct Failure {
  std::string name, option, message;
  emscripten::val to_js() const;  // undefined when there was no error
};

// The threads of one JS lab object, shared by all its models (none in the single-threaded build).
class Engine {
 public:
  explicit Engine(double threads);  // never throws: a bad count is reported by error()
  emscripten::val error() const { return failure_.to_js(); }
  int threads() const { return pool_ && !pool_->stopped() ? pool_->size() : 1; }
  const std::shared_ptr<ThreadPool>& pool() const { return pool_; }
  // Stops the worker threads and waits until each has left the pool's loop; models that still
  // share the pool then run on the calling thread. Safe to call twice.
  void terminate();
  // The lecture's loop-versus-fused timing: { rows: [{heads, loopMs, fusedMs, maxDifference}] }
  // or { error }.
  emscripten::val headExperiment(emscripten::val options) const;

 private:
  std::shared_ptr<ThreadPool> pool_;
  Failure failure_;
};

class WasmModel {
 public:
  // options: a plain object of the option table's names (web/lib built it; no getters);
  // weights: undefined, or [[state_dict key, Float32Array], ...]. Never throws: see error().
  WasmModel(emscripten::val options, emscripten::val weights, const Engine& engine);
  emscripten::val error() const { return failure_.to_js(); }

  // Byte offset of the input buffer in WASM memory: JS copies through HEAPF32, no views per call.
  std::size_t inputPointer() { return reinterpret_cast<std::size_t>(inputs_.data()); }
  // The forward pass, called through a plain export (no Embind invoker): returns the output's
  // byte offset, or 0 after an error, which error() then describes.
  std::size_t runUnchecked() noexcept;
  std::size_t handle() { return reinterpret_cast<std::size_t>(this); }
  emscripten::val outputShape() const;  // [B, T, D]
  emscripten::val config() const;       // every option as the model resolved it

  // The trace of the last forward pass; views are zero-copy and valid until the next call.
  int traceSize() const;
  std::string traceName(int i) const;
  emscripten::val traceShape(int i) const;
  emscripten::val traceView(int i) const;
  emscripten::val stateDict() const;  // {key: {shape, data: Float32Array copy}}

 private:
  std::unique_ptr<Model> model_;
  std::vector<float> inputs_;
  Result result_;
  Failure failure_;
};

emscripten::val option_table();  // [{name, type, default, min, max, maxExclusive, choices, ...}]
// Checks one value against the option table: undefined, or the error { name, option, message }.
emscripten::val check_option_js(std::string name, emscripten::val value);
emscripten::val limits();      // {poolSize, maxDimension, maxTensorElements, maxEmbedValues}
emscripten::val stage_list();  // [{name, dims}]
// (T, d_in) embeddings of token ids: { value: Float32Array } or { error }.
emscripten::val token_embeddings_js(emscripten::val ids, double d_in, double seed);
emscripten::val lecture_preset_js();
// The lab calls of the notebook's experiments, each { value } or { error }:
emscripten::val describe_js(emscripten::val options);  // shapes and parameters, nothing allocated
emscripten::val dropout_js(emscripten::val input, double p, double seed, std::string rng);
emscripten::val dropout_statistics_js(emscripten::val input, double p, double draws, double seed,
                                      std::string rng);
emscripten::val masking_limits_js(emscripten::val gaps);
int max_threads();
double memory_bytes();
double heap_bytes_in_use();  // malloc'd bytes now (the leak tests compare it)
std::string simd_kind();

}  // namespace attention::wasm
