// Validation of a Config: each option's range (from the option table), the rules of the reference
// classes, and the limits of memory and work, all in 64-bit arithmetic before anything is
// allocated.
#include "config.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "errors.hpp"
#include "options.hpp"

namespace attention {
namespace {

std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

std::string megabytes(double bytes) {
  return fmt(std::ceil(bytes / (1 << 20))) + " MB";
}

std::string divisors(long long n) {
  std::string out;
  int shown = 0;
  for (long long d = 1; d <= n && shown < 8; ++d) {
    if (n % d == 0) out += (shown++ ? ", " : "") + std::to_string(d);
  }
  return out;
}

// Each option's own type and range (options.cpp holds them).
void check_each_option(const Config& c) {
  for (const OptionSpec& spec : option_specs()) check_option(spec, get_option(c, spec));
}

// The rules that tie options together, as the reference classes have them.
void check_rules(const Config& c) {
  if (c.module == Module::mha && c.d_out % c.heads != 0) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) +
                                   " does not divide dOut = " + std::to_string(c.d_out) +
                                   ": each head gets d_out / h columns, so heads must be a divisor "
                                   "of dOut (" +
                                   divisors(c.d_out) + (c.d_out > 8 ? ", ..." : "") + ")");
  }
  if (c.module == Module::causal && c.heads != 1) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) +
                                   ": module 'causal' (CausalAttention) has exactly one head; "
                                   "use heads = 1, or module 'mha' or 'wrapper' for several");
  }
}

// Every tensor the forward pass allocates, counted in 64 bits before any allocation.
void check_sizes(const Config& c) {
  const long long B = c.batch, T = c.tokens, d_in = c.d_in, h = c.heads;
  const long long D = c.module == Module::wrapper ? h * c.d_out : c.d_out;  // no int overflow
  if (D > kMaxDimension) {
    throw OptionError("heads", "heads × dOut = " + std::to_string(h) + " × " +
                                   std::to_string(c.d_out) + " = " + std::to_string(D) +
                                   ": the wrapper's merged width h·d_out must be at most " +
                                   std::to_string(kMaxDimension));
  }
  const struct {
    const char* option;
    const char* what;
    long long elements;
  } tensors[] = {
      {"tokens", "the inputs (B·T·d_in)", B * T * d_in},
      {"tokens", "queries, keys and values together (B·T·3·D)", B * T * 3 * D},
      {"dIn", "W_query, W_key and W_value together (3·D·d_in)", 3 * D * d_in},
      {"dOut", "out_proj's weight (D·D)", c.module == Module::mha ? D * D : 0},
  };
  for (const auto& t : tensors) {
    if (t.elements > kMaxTensorElements) {
      throw MemoryError(t.option,
                        std::string(t.what) + " would hold " + std::to_string(t.elements) +
                            " values with batch " + std::to_string(B) + ", tokens " +
                            std::to_string(T) + ", dIn " + std::to_string(d_in) + ", width " +
                            std::to_string(D) + " and heads " + std::to_string(h) +
                            "; one tensor may hold at most " + std::to_string(kMaxTensorElements) +
                            " (1 GiB of float32): use fewer tokens, a smaller batch or "
                            "narrower layers");
    }
  }
  // The (B,h,T,T) stages: each within one tensor's limit, all together within max_trace_bytes.
  if (materialises_scores(c) &&
      (B * h * T * T > kMaxTensorElements || trace_bytes(c) > c.max_trace_bytes)) {
    const std::string why = c.trace                       ? "trace = true keeps"
                            : c.masking == Masking::naive ? "masking = 'naive' computes"
                                                          : "dropout in training computes";
    throw MemoryError(
        "trace",
        why + " every (B,h,T,T) stage: with batch " + std::to_string(B) + ", heads " +
            std::to_string(h) + " and tokens " + std::to_string(T) + " that needs " +
            megabytes(trace_bytes(c)) + ", and at most " +
            megabytes(std::min(c.max_trace_bytes, 8.0 * kMaxTensorElements * sizeof(float))) +
            " is allowed (maxTraceBytes; one stage may hold at most " +
            std::to_string(kMaxTensorElements) +
            " values): use fewer tokens or heads, or pass trace = false "
            "with masking 'neg-inf' and no dropout (the blocked fast path never holds a "
            "(B,h,T,T) tensor)");
  }
}

void check_work(const Config& c) {
  const double flops = forward_flops(c);
  if (flops <= c.max_flops) return;
  throw WorkError(
      "maxFlops",
      "this forward pass needs about " + fmt(std::round(flops / 1e9)) + " GFLOP (batch " +
          std::to_string(c.batch) + ", tokens " + std::to_string(c.tokens) + ", dIn " +
          std::to_string(c.d_in) + ", width " + std::to_string(c.width()) + ", heads " +
          std::to_string(c.heads) + "), more than maxFlops = " + fmt(c.max_flops / 1e9) +
          " GFLOP, which is about ten seconds on one thread of a typical laptop; pass a "
          "larger maxFlops to run it on purpose, or use fewer tokens or narrower layers");
}

}  // namespace

void validate(const Config& c) {
  check_each_option(c);
  check_rules(c);
  check_sizes(c);
  check_work(c);
}

bool materialises_scores(const Config& c) {
  return c.trace || c.masking == Masking::naive || (c.training && c.dropout > 0.0);
}

double trace_bytes(const Config& c) {
  const double B = c.batch, T = c.tokens, h = c.heads, d_in = c.d_in;
  const double D = c.module == Module::wrapper ? h * c.d_out : c.d_out;
  // inputs; queries/keys/values twice (merged and split); 8 (B,h,T,T) stages; context, merged,
  // output.
  const double floats = B * T * d_in + 6 * B * T * D + 8 * B * h * T * T + 3 * B * T * D;
  return floats * sizeof(float);
}

double forward_flops(const Config& c) {
  const double B = c.batch, T = c.tokens, h = c.heads, d_in = c.d_in;
  const double D = c.module == Module::wrapper ? h * c.d_out : c.d_out;
  // The fast path skips the masked half of the scores; the stage-by-stage path computes all of
  // them and makes a few passes over each (B,h,T,T) stage.
  const bool stages = materialises_scores(c);
  const double keys_per_query = c.causal && !stages ? (T + 1) / 2 : T;
  const double projections = 2 * B * T * d_in * 3 * D;
  const double attention = 4 * B * T * keys_per_query * D;  // Q·Kᵀ and weights·V
  const double elementwise = stages ? 10 * B * h * T * T : 0;
  const double output = c.module == Module::mha ? 2 * B * T * D * D : 0;
  return projections + attention + elementwise + output;
}

const char* to_string(Module m) {
  switch (m) {
    case Module::mha:
      return "mha";
    case Module::wrapper:
      return "wrapper";
    case Module::causal:
      return "causal";
  }
  return "?";
}
const char* to_string(Masking m) {
  return m == Masking::naive ? "naive" : "neg-inf";
}
const char* to_string(Layout l) {
  return l == Layout::loop ? "loop" : "fused";
}

// The names come from the option table's choices (one list); these map them to the enums.
Module parse_module(const std::string& s) {
  check_option(*find_option("module"), OptionValue::of(s));
  return s == "wrapper" ? Module::wrapper : s == "causal" ? Module::causal : Module::mha;
}
Masking parse_masking(const std::string& s) {
  check_option(*find_option("masking"), OptionValue::of(s));
  return s == "naive" ? Masking::naive : Masking::neg_inf;
}
Layout parse_layout(const std::string& s) {
  check_option(*find_option("layout"), OptionValue::of(s));
  return s == "loop" ? Layout::loop : Layout::fused;
}

}  // namespace attention
