// The configuration of one causal multi-head attention module, named as in the lectures:
// B (batch), T (tokens), d_in, d_out, h (heads), d_h = head size. `validate` rejects anything the
// reference PyTorch classes would reject, and anything this machine cannot hold or finish in
// reasonable time, with a message that says what is allowed. options.hpp describes each field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace attention {

// Which of the lecture's reference classes to reproduce (and whose constructor signature d_out
// follows).
enum class Module {
  mha,      // MultiHeadAttention: one weight split, d_out = h·d_h, then out_proj mixes the heads
  wrapper,  // MultiHeadAttentionWrapper: h independent CausalAttention heads of size d_out,
            // concatenated
  causal,   // CausalAttention: a single head of size d_out
};
enum class Masking {
  neg_inf,
  naive
};  // −∞ before softmax, or softmax → zero the future → renormalise
enum class Layout {
  fused,
  loop
};  // one weight-split matmul, or a loop over per-head weight slices

struct Config {
  int batch = 1;   // B
  int tokens = 1;  // T
  int d_in = 3;
  int d_out = 2;  // as the module's constructor takes it (per head for the wrapper)
  int heads = 1;  // h
  bool qkv_bias = false;
  bool causal = true;
  double dropout = 0.0;  // p
  bool training = false;
  std::uint32_t seed = 123;  // torch.manual_seed(seed)
  Module module = Module::mha;
  Masking masking = Masking::neg_inf;
  Layout layout = Layout::fused;
  bool trace = true;
  double max_trace_bytes = 256.0 * (1 << 20);  // for every (B,h,T,T) stage together
  double max_flops = 1e11;                     // work limit of one forward pass

  // D: the width of queries, keys, values and the merged heads (fits an int once validated).
  int width() const { return module == Module::wrapper ? heads * d_out : d_out; }
  // d_h: the size of one head.
  int head_size() const { return module == Module::mha ? d_out / heads : d_out; }
  bool has_output_projection() const { return module == Module::mha; }
};

// Limits of every build, the same natively and in 32-bit WebAssembly: every dimension fits an int
// with room to spare, and every tensor (and every index into one) fits an int and a 32-bit size_t
// even in bytes.
constexpr long long kMaxDimension = 1 << 20;
constexpr long long kMaxTensorElements = 1LL << 28;  // 1 GiB of float32

// Throws OptionError (a bad value or combination), MemoryError (a tensor or the (B,h,T,T) stages
// too large) or WorkError (a forward pass over max_flops) naming the first bad option. Every size
// is computed in 64-bit arithmetic before anything is allocated.
void validate(const Config& config);

// Whether the forward pass computes (B,h,T,T) tensors stage by stage (with a trace, with the naive
// mask, or with dropout in training) rather than on the blocked fast path, which never holds one.
bool materialises_scores(const Config& config);

// Bytes of the (B,h,T,T) stages and the other tensors of one stage-by-stage forward pass (a
// double: it can exceed a 32-bit size_t).
double trace_bytes(const Config& config);

// Floating-point operations of one forward pass on the path it will take (multiply and add count
// as two): the number validate() compares with max_flops.
double forward_flops(const Config& config);

const char* to_string(Module m);
const char* to_string(Masking m);
const char* to_string(Layout l);
Module parse_module(const std::string& s);    // throws OptionError("module", ...)
Masking parse_masking(const std::string& s);  // throws OptionError("masking", ...)
Layout parse_layout(const std::string& s);    // throws OptionError("layout", ...)

}  // namespace attention
