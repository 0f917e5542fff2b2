// Validation of a Config: each option's range (from the option table), the rules of the reference
// classes, and the limits of memory and work, all in 64-bit arithmetic before anything is
// allocated.
#include "attention/api/config.hpp"

#include <algorithm>
#include <cmath>

#include "attention/api/errors.hpp"
#include "attention/api/options.hpp"

namespace attention {
namespace {

// Numbers in messages as the option table writes them (no iostreams: they would pull the whole
// locale machinery into the WebAssembly module).
std::string fmt(double v) {
  return format_number(v);
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
[[gnu::noinline]] void check_each_option(const Config& c) {
  for (const OptionSpec& spec : option_specs())
    if (const std::optional<OptionValue> value = get_option(c, spec)) check_option(spec, *value);
}

// "module 'causal' (CausalAttention)": how the rules name the class they speak for.
std::string class_label(const Config& c) {
  return std::string("module '") + to_string(c.module) + "' (" + class_name(c.module) + ")";
}

// The heads: how many the module has and how they share d_out.
[[gnu::noinline]] void check_head_rules(const Config& c) {
  const long long h = c.heads;
  const long long D = c.width64();  // no int overflow
  if (D > kMaxDimension) {
    throw OptionError("heads", "heads × dOut = " + std::to_string(h) + " × " +
                                   std::to_string(c.d_out) + " = " + std::to_string(D) +
                                   ": the wrapper's merged width h·d_out must be at most " +
                                   std::to_string(kMaxDimension));
  }

  if (c.module == Module::mha && c.d_out % c.heads != 0) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) +
                                   " does not divide dOut = " + std::to_string(c.d_out) +
                                   ": each head gets d_out / h columns, so heads must be a divisor "
                                   "of dOut (" +
                                   divisors(c.d_out) + (c.d_out > 8 ? ", ..." : "") + ")");
  }
  if ((c.module == Module::causal || c.is_self_attention()) && c.heads != 1) {
    throw OptionError("heads", "heads = " + std::to_string(c.heads) + ": " + class_label(c) +
                                   " has exactly one head; use heads = 1, or module 'mha' or "
                                   "'wrapper' for several");
  }
}

// What each of the chapter's classes has: the notebook's early classes have no weights (or no
// bias), no mask and no dropout; only MultiHeadAttention views its heads before the transpose.
[[gnu::noinline]] void check_module_rules(const Config& c) {
  const std::string cls = class_label(c);
  if (c.module == Module::simplified && c.d_out != c.d_in) {
    throw OptionError("dOut", "dOut = " + std::to_string(c.d_out) + ": " + cls +
                                  " has no weights, so its queries, keys, values and context "
                                  "vectors are d_in = " +
                                  std::to_string(c.d_in) +
                                  " wide; leave dOut out or set it to dIn");
  }
  if (c.is_self_attention()) {
    // The notebook's early classes have no mask and no dropout: refuse rather than ignore.
    if (c.causal) {
      throw OptionError("causal", "causal = true: " + cls +
                                      " has no causal mask (the lecture adds it in "
                                      "CausalAttention); use causal = false, or module 'causal'");
    }
    if (c.masking != Masking::neg_inf) {
      throw OptionError("masking", "masking = '" + std::string(to_string(c.masking)) + "': " + cls +
                                       " has no causal mask, so there is no masking to choose");
    }
    if (c.dropping()) {
      throw OptionError("dropout", "dropout = " + fmt(c.dropout) + " in training: " + cls +
                                       " has no dropout (the lecture adds it in CausalAttention); "
                                       "use dropout = 0, or module 'causal'");
    }
  }
  if (c.qkv_bias && (c.module == Module::simplified || c.module == Module::sa_v1)) {
    throw OptionError("qkvBias", "qkvBias = true: " + cls +
                                     (c.module == Module::simplified
                                          ? " has no weights"
                                          : "'s parameters are plain torch.rand matrices without "
                                            "a bias") +
                                     "; use module 'sa_v2' for projections with a bias");
  }
  if (c.forgotten_transpose && c.module != Module::mha) {
    throw OptionError("forgottenTranspose",
                      "forgottenTranspose = true: only module 'mha' (MultiHeadAttention) views "
                      "its projections as (B,T,h,d_h), where forgetting the transpose matters");
  }
}

// Every tensor the forward pass allocates, counted in 64 bits before any allocation.
[[gnu::noinline]] void check_sizes(const Config& c) {
  const long long B = c.batch, T = c.tokens, d_in = c.d_in, h = c.heads;
  const long long D = c.width64();  // at most kMaxDimension: checked in the rules
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

[[gnu::noinline]] void check_work(const Config& c) {
  const double flops = forward_work(c);
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

void validate_options(const Config& c) {
  check_each_option(c);
  check_head_rules(c);  // the rules that tie options together, as the reference classes have them
  check_module_rules(c);
}

void validate(const Config& c) {
  validate_options(c);
  check_sizes(c);
  check_work(c);
}

bool materialises_scores(const Config& c) {
  return c.trace || c.masking == Masking::naive || c.dropping() || !c.scale ||
         c.is_self_attention();
}

double trace_bytes(const Config& c) {
  const double B = c.batch, T = c.tokens, h = c.heads, d_in = c.d_in;
  const double D = static_cast<double>(c.width64());
  // inputs; queries/keys/values twice (merged and split); 8 (B,h,T,T) stages; context, merged,
  // output.
  const double floats = B * T * d_in + 6 * B * T * D + 8 * B * h * T * T + 3 * B * T * D;
  return floats * sizeof(float);
}

double forward_flops(const Config& c) {
  const double B = c.batch, T = c.tokens, h = c.heads, d_in = c.d_in;
  const double D = static_cast<double>(c.width64());
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

double forward_work(const Config& c) {
  const double setup = materialises_scores(c) ? kStageSetupOpsPerHead : kSetupOpsPerHead;
  return forward_flops(c) + setup * double(c.batch) * double(c.heads);
}

namespace {

// Each enum value with its option value (the option table lists the same names: a test checks it).
template <class E>
struct Named {
  E value;
  const char* name;
};
constexpr Named<Module> kModules[] = {
    {Module::simplified, "simplified"}, {Module::sa_v1, "sa_v1"},     {Module::sa_v2, "sa_v2"},
    {Module::causal, "causal"},         {Module::wrapper, "wrapper"}, {Module::mha, "mha"}};
constexpr Named<Masking> kMaskings[] = {{Masking::neg_inf, "neg-inf"}, {Masking::naive, "naive"}};
constexpr Named<Layout> kLayouts[] = {{Layout::fused, "fused"}, {Layout::loop, "loop"}};
constexpr Named<DropoutRng> kDropoutRngs[] = {{DropoutRng::cpu, "cpu"}, {DropoutRng::mkl, "mkl"}};

template <class E, std::size_t N>
const char* name_of(const Named<E> (&list)[N], E value) {
  for (const auto& entry : list)
    if (entry.value == value) return entry.name;
  return "?";
}

// Checks the name against the option table's choices (one message everywhere), then maps it.
template <class E, std::size_t N>
E parse(const Named<E> (&list)[N], const char* option, const std::string& s) {
  check_option(*find_option(option), OptionValue::of(s));
  for (const auto& entry : list)
    if (s == entry.name) return entry.value;
  return list[0].value;
}

}  // namespace

const char* to_string(Module m) {
  return name_of(kModules, m);
}
const char* to_string(Masking m) {
  return name_of(kMaskings, m);
}
const char* to_string(Layout l) {
  return name_of(kLayouts, l);
}
const char* to_string(DropoutRng r) {
  return name_of(kDropoutRngs, r);
}

const char* class_name(Module m) {
  switch (m) {
    case Module::simplified:
      return "simplified self-attention";
    case Module::sa_v1:
      return "SelfAttention_v1";
    case Module::sa_v2:
      return "SelfAttention_v2";
    case Module::causal:
      return "CausalAttention";
    case Module::wrapper:
      return "MultiHeadAttentionWrapper";
    case Module::mha:
      return "MultiHeadAttention";
  }
  return "?";
}

Module parse_module(const std::string& s) {
  return parse(kModules, "module", s);
}
Masking parse_masking(const std::string& s) {
  return parse(kMaskings, "masking", s);
}
Layout parse_layout(const std::string& s) {
  return parse(kLayouts, "layout", s);
}
DropoutRng parse_dropout_rng(const std::string& s) {
  return parse(kDropoutRngs, "dropoutRng", s);
}

}  // namespace attention
