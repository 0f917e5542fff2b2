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

class WasmModel {
 public:
  // weights: undefined, or an object {state_dict key: Float32Array | number[]}.
  WasmModel(const Options& options, emscripten::val weights);

  // Zero-copy views on WASM memory: valid until the next call that may allocate.
  emscripten::val inputView();
  emscripten::val outputView() const;
  void run();  // forward on the input buffer

  int traceSize() const;
  std::string traceName(int i) const;
  emscripten::val traceShape(int i) const;
  emscripten::val traceView(int i) const;
  emscripten::val outputShape() const;
  emscripten::val stateDict() const;  // {key: {shape, data: Float32Array copy}}

 private:
  std::unique_ptr<Model> model_;
  std::vector<float> inputs_;
  Result result_;
};

Config to_config(const Options& options);
emscripten::val stage_list();                        // [{name, dims}]
emscripten::val token_embeddings_js(emscripten::val ids, int d_in, double seed);
emscripten::val lecture_preset_js();
double trace_bytes_js(const Options& options);

}  // namespace attention::wasm
