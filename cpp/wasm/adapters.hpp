// Adapters between the core and Embind: plain structs for JS options, a model object that owns its
// buffers, and the conversion of the core's typed errors into JS Errors. No maths here.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "attention/attention.hpp"

namespace attention::wasm {

// The JS options after the JS layer filled in defaults (camelCase, as in the npm API).
struct Options {
  int batch = 1, tokens = 1, dIn = 3, dOut = 2, heads = 1;
  bool qkvBias = false, causal = true, training = false, trace = true;
  double dropout = 0.0, seed = 123, maxTraceBytes = 256.0 * 1024 * 1024;
  std::string module = "mha", masking = "neg-inf", layout = "fused";
};

// The threads of one JS lab object, shared by all its models (none in the single-threaded build).
class Engine {
 public:
  explicit Engine(int threads);
  int threads() const { return pool_ ? pool_->size() : 1; }
  const std::shared_ptr<ThreadPool>& pool() const { return pool_; }
  // The lecture's loop-versus-fused timing: [{heads, loopMs, fusedMs, maxDifference}].
  emscripten::val headExperiment(emscripten::val options) const;

 private:
  std::shared_ptr<ThreadPool> pool_;
};

class WasmModel {
 public:
  // weights: undefined, or an object {state_dict key: Float32Array | number[]}.
  WasmModel(const Options& options, emscripten::val weights, const Engine& engine);

  // Byte offset of the input buffer in WASM memory: JS copies through HEAPF32, no views per call.
  std::size_t inputPointer() { return reinterpret_cast<std::size_t>(inputs_.data()); }
  // The forward pass, called through a plain export (no Embind invoker): returns the output's
  // byte offset, or 0 after an error that throwLastError() then raises.
  std::size_t runUnchecked() noexcept;
  void throwLastError();
  std::size_t handle() { return reinterpret_cast<std::size_t>(this); }

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
  std::string error_kind_, error_option_, error_message_;
};

Config to_config(const Options& options);
emscripten::val stage_list();                        // [{name, dims}]
emscripten::val token_embeddings_js(emscripten::val ids, int d_in, double seed);
emscripten::val lecture_preset_js();
int max_threads();
double memory_bytes();
std::string simd_kind();

}  // namespace attention::wasm
