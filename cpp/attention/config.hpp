// The configuration of one causal multi-head attention module, named as in the lectures:
// B (batch), T (tokens), d_in, d_out, h (heads), d_h = head size. `validate` rejects anything the
// reference PyTorch classes would reject, with a message that says what is allowed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace attention {

// Which of the lecture's reference classes to reproduce (and whose constructor signature d_out follows).
enum class Module {
  mha,      // MultiHeadAttention: one weight split, d_out = h·d_h, then out_proj mixes the heads
  wrapper,  // MultiHeadAttentionWrapper: h independent CausalAttention heads of size d_out, concatenated
  causal,   // CausalAttention: a single head of size d_out
};
enum class Masking { neg_inf, naive };  // −∞ before softmax, or softmax → zero the future → renormalise
enum class Layout { fused, loop };      // one weight-split matmul, or a loop over per-head weight slices

struct Config {
  int batch = 1;   // B
  int tokens = 1;  // T
  int d_in = 3;
  int d_out = 2;   // as the module's constructor takes it (per head for the wrapper)
  int heads = 1;   // h
  bool qkv_bias = false;
  bool causal = true;
  double dropout = 0.0;  // p
  bool training = false;
  std::uint32_t seed = 123;  // torch.manual_seed(seed)
  Module module = Module::mha;
  Masking masking = Masking::neg_inf;
  Layout layout = Layout::fused;
  bool trace = true;
  std::size_t max_trace_bytes = std::size_t{256} << 20;

  // D: the width of queries, keys, values and the merged heads.
  int width() const { return module == Module::wrapper ? heads * d_out : d_out; }
  // d_h: the size of one head.
  int head_size() const { return module == Module::mha ? d_out / heads : d_out; }
  bool has_output_projection() const { return module == Module::mha; }
};

// Throws OptionError (or MemoryError for a trace that cannot fit) naming the first bad option.
void validate(const Config& config);

// Bytes the trace of a forward pass with this configuration would hold (a double: it can exceed
// a 32-bit size_t in WebAssembly).
double trace_bytes(const Config& config);

const char* to_string(Module m);
const char* to_string(Masking m);
const char* to_string(Layout l);
Module parse_module(const std::string& s);    // throws OptionError("module", ...)
Masking parse_masking(const std::string& s);  // throws OptionError("masking", ...)
Layout parse_layout(const std::string& s);    // throws OptionError("layout", ...)

}  // namespace attention
