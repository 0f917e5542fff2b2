// The configuration of one causal multi-head attention module, named as in the lectures:
// B (batch), T (tokens), d_in, d_out, h (heads), d_h = head size. `validate` rejects anything the
// reference PyTorch classes would reject, and anything this machine cannot hold or finish in
// reasonable time, with a message that says what is allowed. options.hpp describes each field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace attention {

// Which of the chapter's classes to reproduce (and whose constructor signature d_out follows), in
// the order the lectures build them.
enum class Module {
  simplified,  // attention without trainable weights: queries = keys = values = the inputs
  sa_v1,       // SelfAttention_v1: torch.rand (d_in, d_out) parameters, x @ W
  sa_v2,       // SelfAttention_v2: nn.Linear projections, no mask, no dropout
  causal,      // CausalAttention: a single head of size d_out, masked, with dropout
  wrapper,     // MultiHeadAttentionWrapper: h CausalAttention heads of size d_out, concatenated
  mha,  // MultiHeadAttention: one weight split, d_out = h·d_h, then out_proj mixes the heads
};
enum class Masking {
  neg_inf,
  naive
};  // −∞ before softmax, or softmax → zero the future → renormalise
enum class Layout {
  fused,
  loop
};  // one weight-split matmul, or a loop over per-head weight slices
// Whose random numbers dropout draws: PyTorch's default CPU kernel (the notebook's mask), or MKL's
// MCG31m1 generator, which PyTorch builds with MKL use on Intel CPUs (another mask, same seed).
enum class DropoutRng { cpu, mkl };

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
  bool scale = true;  // ÷ √d_h before the softmax (off for 'simplified' by default)
  std::optional<std::uint32_t> dropout_seed;  // torch.manual_seed right before the dropout draw
  DropoutRng dropout_rng = DropoutRng::cpu;
  bool forgotten_transpose = false;  // also Q·Kᵀ without the transpose (mha): (B,T,h,h)
  bool trace = true;
  double max_trace_bytes = 256.0 * (1 << 20);  // for every (B,h,T,T) stage together
  double max_flops = 1e11;                     // work limit of one forward pass

  // D: the width of queries, keys, values and the merged heads: d_out, or h·d_out for the wrapper's
  // heads side by side. The one home of that formula; computed in 64 bits, so that validate() can
  // check it before anything relies on it fitting an int.
  long long width64() const {
    return module == Module::wrapper ? static_cast<long long>(heads) * d_out : d_out;
  }
  int width() const { return static_cast<int>(width64()); }  // once validated
  // d_h: the size of one head.
  int head_size() const { return module == Module::mha ? d_out / heads : d_out; }
  bool has_output_projection() const { return module == Module::mha; }
  // The notebook's early classes: one head, no mask, no dropout, no merge.
  bool is_self_attention() const {
    return module == Module::simplified || module == Module::sa_v1 || module == Module::sa_v2;
  }
  bool dropping() const { return training && dropout > 0.0; }
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

// Only each option's range and the rules between options (not the memory and work limits): what
// describe() needs to name every shape of a model too large to run here, GPT-3's.
void validate_options(const Config& config);

// Whether the forward pass computes (B,h,T,T) tensors stage by stage (with a trace, with the naive
// mask, or with dropout in training) rather than on the blocked fast path, which never holds one.
bool materialises_scores(const Config& config);

// Bytes of the (B,h,T,T) stages and the other tensors of one stage-by-stage forward pass (a
// double: it can exceed a 32-bit size_t).
double trace_bytes(const Config& config);

// Floating-point operations of one forward pass on the path it will take (multiply and add count
// as two), as describe() reports them.
double forward_flops(const Config& config);

// What one attention of one (batch, head) pair costs in set-up (packing its keys, its softmax's
// bookkeeping) whatever its size, counted as operations at the 10^10 per second that max_flops
// assumes. Tiny heads in a huge batch are cheap in flops but not in time (batch 1048576 × 2 heads
// ran for minutes). Measured in WASM, 131,072 attentions of 5 tokens: 2.7–3.2 µs each on the fast
// path; 3.9 µs fused and 11.5 µs as a loop of modules when every stage is kept.
constexpr double kSetupOpsPerHead = 3e4;         // the fast path
constexpr double kStageSetupOpsPerHead = 1.2e5;  // the stage-by-stage path (trace, naive, dropout)

// The work of one forward pass: its flops plus the set-up of each of its B·h attentions; the number
// validate() compares with max_flops.
double forward_work(const Config& config);

const char* to_string(Module m);
const char* to_string(Masking m);
const char* to_string(Layout l);
const char* to_string(DropoutRng r);
const char* class_name(Module m);             // "MultiHeadAttention", "SelfAttention_v1", ...
Module parse_module(const std::string& s);    // throws OptionError("module", ...)
Masking parse_masking(const std::string& s);  // throws OptionError("masking", ...)
Layout parse_layout(const std::string& s);    // throws OptionError("layout", ...)
DropoutRng parse_dropout_rng(const std::string& s);  // throws OptionError("dropoutRng", ...)

}  // namespace attention
