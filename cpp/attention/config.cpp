// Validation of a Config: the rules of the reference classes plus the limits of this machine.
#include "config.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "errors.hpp"

namespace attention {
namespace {

// Every dimension stays well inside int and every tensor inside 2^31 floats.
constexpr long long kMaxDim = 1 << 20;
constexpr long long kMaxElements = (1LL << 31) - 1;

std::string fmt(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

void require_dimension(const char* option, long long value, const char* meaning) {
  if (value < 1 || value > kMaxDim) {
    throw OptionError(option, std::string(option) + " = " + std::to_string(value) + ": " + meaning +
                                  " must be an integer from 1 to " + std::to_string(kMaxDim));
  }
}

std::string divisors(int n) {
  std::string out;
  int shown = 0;
  for (int d = 1; d <= n && shown < 8; ++d) {
    if (n % d == 0) {
      out += (shown++ ? ", " : "") + std::to_string(d);
    }
  }
  return out;
}

}  // namespace

void validate(const Config& c) {
  require_dimension("batch", c.batch, "the batch size B");
  require_dimension("tokens", c.tokens, "the number of tokens T");
  require_dimension("dIn", c.d_in, "the input embedding size d_in");
  require_dimension("dOut", c.d_out, "the output size d_out");
  require_dimension("heads", c.heads, "the number of heads h");
  if (c.module == Module::mha && c.d_out % c.heads != 0) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) + " does not divide dOut = " +
                                   std::to_string(c.d_out) +
                                   ": each head gets d_out / h columns, so heads must be a divisor "
                                   "of dOut (" +
                                   divisors(c.d_out) + (c.d_out > 8 ? ", ..." : "") + ")");
  }
  if (c.module == Module::causal && c.heads != 1) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) +
                                   ": module 'causal' (CausalAttention) has exactly one head; "
                                   "use heads = 1, or module 'mha' or 'wrapper' for several");
  }
  if (!(c.dropout >= 0.0 && c.dropout < 1.0)) {
    throw OptionError("dropout", "dropout = " + fmt(c.dropout) +
                                     ": the dropout probability p must be in [0, 1) "
                                     "(p = 1 would drop every attention weight)");
  }
  const long long B = c.batch, T = c.tokens, h = c.heads, D = c.width();
  if (D > kMaxDim) {
    throw OptionError("heads", "heads × dOut = " + std::to_string(D) + " is larger than " +
                                   std::to_string(kMaxDim));
  }
  if (B * T * std::max<long long>(c.d_in, D) > kMaxElements ||
      static_cast<long long>(c.d_in) * D > kMaxElements) {
    throw MemoryError("tokens", "batch × tokens × width = " + std::to_string(B * T * D) +
                                    " values is more than one tensor may hold (2^31 - 1)");
  }
  if (c.trace) {
    if (B * h * T * T > kMaxElements || trace_bytes(c) > static_cast<double>(c.max_trace_bytes)) {
      const double mb = trace_bytes(c) / (1 << 20);
      throw MemoryError(
          "trace", "trace = true with batch " + std::to_string(B) + ", heads " +
                       std::to_string(h) + " and tokens " + std::to_string(T) + " needs " +
                       fmt(std::round(mb)) + " MB for its (B,h,T,T) stages; at most " +
                       std::to_string(c.max_trace_bytes >> 20) +
                       " MB is allowed: pass trace = false, or use fewer tokens or heads");
    }
  }
}

double trace_bytes(const Config& c) {
  const double B = c.batch, T = c.tokens, h = c.heads, D = c.width(), d_in = c.d_in;
  // inputs; queries/keys/values twice (merged and split); 8 (B,h,T,T) stages; context, merged, output.
  const double floats = B * T * d_in + 6 * B * T * D + 8 * B * h * T * T + 3 * B * T * D;
  return floats * sizeof(float);
}

const char* to_string(Module m) {
  switch (m) {
    case Module::mha: return "mha";
    case Module::wrapper: return "wrapper";
    case Module::causal: return "causal";
  }
  return "?";
}
const char* to_string(Masking m) { return m == Masking::naive ? "naive" : "neg-inf"; }
const char* to_string(Layout l) { return l == Layout::loop ? "loop" : "fused"; }

Module parse_module(const std::string& s) {
  if (s == "mha") return Module::mha;
  if (s == "wrapper") return Module::wrapper;
  if (s == "causal") return Module::causal;
  throw OptionError("module", "module = '" + s + "': allowed are 'mha', 'wrapper', 'causal'");
}
Masking parse_masking(const std::string& s) {
  if (s == "neg-inf") return Masking::neg_inf;
  if (s == "naive") return Masking::naive;
  throw OptionError("masking", "masking = '" + s + "': allowed are 'neg-inf', 'naive'");
}
Layout parse_layout(const std::string& s) {
  if (s == "fused") return Layout::fused;
  if (s == "loop") return Layout::loop;
  throw OptionError("layout", "layout = '" + s + "': allowed are 'fused', 'loop'");
}

}  // namespace attention
