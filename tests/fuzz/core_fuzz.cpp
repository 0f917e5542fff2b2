// libFuzzer harness for the attention core (natively, under ASan + UBSan): option validation,
// weight loading and small forward passes, driven by bytes that libFuzzer mutates.
//
// Each input becomes an attention::Config whose fields lean towards edge values (0, -1, 65536,
// INT_MAX, 2^20 + 1, products that overflow int or a 32-bit size_t, dropout NaN or 1, ...). The
// harness calls attention::validate; when it accepts and the configuration is small enough to run
// in milliseconds, it builds a Model (seeded, or from a fuzzed state dict, or from fuzzed raw
// Weights), sometimes gives it a shared ThreadPool(2), and runs forward on fuzzed floats (NaN,
// ±inf, ±3e38, subnormals). It also fuzzes token_embeddings, head_experiment and the parse_*
// helpers.
//
// What counts as a bug (the harness aborts with a message naming the config, so libFuzzer saves the
// input as a crash file):
//   - any exception that is not an attention::Error: std::bad_alloc and std::length_error too,
//     because the core must refuse a size before it tries to allocate it;
//   - validate accepting a configuration that breaks its own documented limits (every dimension in
//     1 … 2^20, every tensor, weights included, under 2^31 floats, ...);
//   - a forward pass that returns a non-finite output, a wrongly shaped output or trace stage, or a
//     non-finite trace value (only maskedScores may hold −∞);
//   - a model with a thread pool computing other bits than the same model without one;
//   - anything ASan or UBSan reports (integer overflow in size arithmetic, out-of-bounds, leaks).
//
// Build and run: scripts/fuzz.sh native [SECONDS]. Set CORE_FUZZ_VERBOSE=1 to print each input's
// configuration and steps (scripts/fuzz.sh does so when it replays a crash file).
#include <fuzzer/FuzzedDataProvider.h>

#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "attention/attention.hpp"
#include "attention/fast/threads.hpp"

namespace {

using attention::Config;

// Work bounds for running a forward pass: multiply-adds of the projections and of the attention,
// floats of weights, and rows and (batch, head) pairs, which cost a few microseconds each under
// ASan whatever their size. An input then takes milliseconds, and libFuzzer keeps up hundreds of
// inputs per second, far below its -timeout even with a few forward passes.
constexpr double kMaxProjectionWork = 1e6;  // B·T·d_in·D (+ B·T·D·D for out_proj)
constexpr double kMaxScores = 2.5e5;        // B·h·T·T
constexpr double kMaxAttentionWork = 1e6;   // B·h·T·T·d_h
constexpr double kMaxInputs = 1e5;          // B·T·d_in
constexpr double kMaxWeights = 2.5e5;       // 3·D·d_in + D·D
constexpr double kMaxRows = 4096;           // B·T, and B·h
// validate's documented limits (config.cpp): every dimension in 1 … 2^20, every tensor under 2^31.
constexpr double kMaxDim = 1 << 20;
constexpr double kMaxElements = 2147483647.0;

bool verbose() {
  static const bool on = std::getenv("CORE_FUZZ_VERBOSE") != nullptr;
  return on;
}

// The step being run, so that an abort (ours, or a sanitizer's) can say where it happened.
const char* g_step = "start";
std::string g_config_text = "(none yet)";

// What this input runs (a config, or the arguments of token_embeddings / head_experiment), printed
// first in verbose mode: a sanitizer report then follows the line that names its input.
void set_subject(std::string text) {
  g_config_text = std::move(text);
  if (verbose()) std::fprintf(stderr, "core_fuzz: input %s\n", g_config_text.c_str());
}

// In verbose mode each step is printed with the time the previous one took, so that a slow input
// names its slow step.
void step(const char* name) {
  static auto last = std::chrono::steady_clock::now();
  if (verbose()) {
    const auto now = std::chrono::steady_clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last).count();
    std::fprintf(stderr, "core_fuzz: step %s (after %s: %.0f ms)\n", name, g_step, ms);
    last = now;
  }
  g_step = name;
}

template <class C>
std::string max_flops_text(const C& c);  // below, with the other helpers for the core's versions

std::string describe_config(const Config& c) {
  std::ostringstream s;
  s.precision(17);
  s << "{batch=" << c.batch << " tokens=" << c.tokens << " d_in=" << c.d_in << " d_out=" << c.d_out
    << " heads=" << c.heads << " qkv_bias=" << c.qkv_bias << " causal=" << c.causal
    << " dropout=" << c.dropout << " training=" << c.training << " seed=" << c.seed
    << " module=" << attention::to_string(c.module)
    << " masking=" << attention::to_string(c.masking)
    << " layout=" << attention::to_string(c.layout) << " trace=" << c.trace
    << " max_trace_bytes=" << c.max_trace_bytes << max_flops_text(c) << "}";
  return s.str();
}

// The one way this harness reports a bug: a message naming the step and the config, then abort()
// (libFuzzer catches SIGABRT and saves the input).
[[noreturn]] void bug(const std::string& what) {
  std::fprintf(stderr, "\ncore_fuzz: BUG during %s: %s\n  config: %s\n", g_step, what.c_str(),
               g_config_text.c_str());
  std::fflush(stderr);
  std::abort();
}

// ---- Fuzzed values, biased towards the edges --------------------------------------------------
// FuzzedDataProvider returns the smallest value once the input is used up, so in every choice below
// 0 picks the ordinary path: a short input still builds a model and runs a forward pass.

// Dimensions: small valid values most of the time, edges next, an arbitrary int now and then.
// 46341² and 65536² overflow int; 65536 · 65536 overflows a 32-bit size_t; 2^20 is validate's
// limit.
const int kEdgeInts[] = {0,
                         1,
                         -1,
                         2,
                         3,
                         4,
                         6,
                         7,
                         8,
                         12,
                         16,
                         64,
                         255,
                         256,
                         1023,
                         1024,
                         2047,
                         2048,
                         4096,
                         46340,
                         46341,
                         65535,
                         65536,
                         65537,
                         1 << 20,
                         (1 << 20) + 1,
                         (1 << 20) - 1,
                         1 << 24,
                         INT_MAX / 3,
                         INT_MAX / 2,
                         INT_MAX,
                         INT_MIN,
                         INT_MIN + 1,
                         -65536,
                         1 << 30,
                         1 << 16 | 1};

int fuzz_int(FuzzedDataProvider& in, int small_max) {
  switch (in.ConsumeIntegralInRange(0, 7)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return in.ConsumeIntegralInRange(1, small_max);
    case 4:
    case 5:
      return in.PickValueInArray(kEdgeInts);
    case 6:
      return in.ConsumeIntegral<int>();
    default:
      return in.ConsumeIntegralInRange(0, 4096);
  }
}

double fuzz_dropout(FuzzedDataProvider& in) {
  const double edges[] = {0.0,
                          -0.0,
                          0.1,
                          0.5,
                          0.9999999,
                          std::nextafter(1.0, 0.0),
                          1.0,
                          -1.0,
                          1e-300,
                          std::numeric_limits<double>::denorm_min(),
                          std::numeric_limits<double>::quiet_NaN(),
                          -std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity()};
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0:
      return 0.0;
    case 1:
      return in.ConsumeProbability<double>();
    case 2:
      return in.PickValueInArray(edges);
    default: {
      double d;
      const std::uint64_t bits = in.ConsumeIntegral<std::uint64_t>();
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
  }
}

// A limit (max_trace_bytes, max_flops): the default mostly, else an edge or an arbitrary double.
double fuzz_limit(FuzzedDataProvider& in, double fallback) {
  const double edges[] = {0.0,
                          -0.0,
                          1.0,
                          -1.0,
                          256.0 * (1 << 20),
                          2147483648.0,
                          4294967297.0,
                          18446744073709551616.0,  // 2^64
                          1e300,
                          std::numeric_limits<double>::quiet_NaN(),
                          std::numeric_limits<double>::infinity(),
                          -std::numeric_limits<double>::infinity()};
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0:
    case 1:
      return fallback;
    case 2:
      return in.PickValueInArray(edges);
    default: {
      double d;
      const std::uint64_t bits = in.ConsumeIntegral<std::uint64_t>();
      std::memcpy(&d, &bits, sizeof d);
      return d;
    }
  }
}

// The core's limits changed type (size_t → double) and gained max_flops; these set whichever
// the Config being built has, so the harness builds against either.
template <class T>
void set_limit(T& field, double value) {
  if constexpr (std::is_floating_point_v<T>) {
    field = value;
  } else {  // an unsigned byte count: clamp what it cannot hold
    field = !(value > 0)                      ? T{0}
            : value >= 18446744073709551615.0 ? std::numeric_limits<T>::max()
                                              : static_cast<T>(value);
  }
}

template <class C, class = void>
struct HasMaxFlops : std::false_type {};
template <class C>
struct HasMaxFlops<C, std::void_t<decltype(std::declval<C&>().max_flops)>> : std::true_type {};

template <class C>
void set_max_flops(C& c, double value) {
  if constexpr (HasMaxFlops<C>::value) c.max_flops = value;
}

template <class C>
std::string max_flops_text(const C& c) {
  if constexpr (HasMaxFlops<C>::value) return " max_flops=" + std::to_string(c.max_flops);
  return "";
}

// Floats for inputs and weights: ordinary values mostly, and the ones that break naive code.
float fuzz_float(FuzzedDataProvider& in) {
  const float edges[] = {0.0f,
                         -0.0f,
                         1.0f,
                         -1.0f,
                         3e38f,
                         -3e38f,
                         FLT_MAX,
                         -FLT_MAX,
                         FLT_MIN,
                         1e-40f,  // subnormal
                         -1e-45f,
                         std::numeric_limits<float>::denorm_min(),
                         1e19f,
                         -1e19f,
                         std::numeric_limits<float>::quiet_NaN(),
                         std::numeric_limits<float>::infinity(),
                         -std::numeric_limits<float>::infinity()};
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 0:
      return in.PickValueInArray(edges);
    case 1: {
      float f;
      const std::uint32_t bits = in.ConsumeIntegral<std::uint32_t>();
      std::memcpy(&f, &bits, sizeof f);
      return f;
    }
    default:
      return (in.ConsumeIntegralInRange(0, 400) - 200) / 100.0f;  // [-2, 2] in 0.01 steps
  }
}

Config fuzz_config(FuzzedDataProvider& in) {
  Config c;
  c.batch = fuzz_int(in, 3);
  c.tokens = fuzz_int(in, 8);
  c.d_in = fuzz_int(in, 8);
  c.d_out = fuzz_int(in, 8);
  c.heads = fuzz_int(in, 4);
  c.qkv_bias = in.ConsumeBool();
  c.causal = in.ConsumeIntegralInRange(0, 3) != 3;
  c.dropout = fuzz_dropout(in);
  c.training = in.ConsumeBool();
  c.seed = in.ConsumeIntegral<std::uint32_t>();
  c.module = in.PickValueInArray(
      {attention::Module::mha, attention::Module::wrapper, attention::Module::causal});
  c.masking = in.PickValueInArray({attention::Masking::neg_inf, attention::Masking::naive});
  c.layout = in.PickValueInArray({attention::Layout::fused, attention::Layout::loop});
  c.trace = in.ConsumeBool();
  set_limit(c.max_trace_bytes, fuzz_limit(in, 256.0 * (1 << 20)));
  set_max_flops(c, fuzz_limit(in, 1e11));
  return c;
}

// ---- Sizes, computed in double so that the harness itself cannot overflow ----------------------

struct Sizes {
  double B, T, d_in, d_out, h, D, d_h;
};

Sizes sizes_of(const Config& c) {
  Sizes s{
      double(c.batch), double(c.tokens), double(c.d_in), double(c.d_out), double(c.heads), 0, 0};
  s.D = c.module == attention::Module::wrapper ? s.h * s.d_out : s.d_out;
  s.d_h = c.module == attention::Module::mha ? std::floor(s.d_out / s.h) : s.d_out;
  return s;
}

double weight_floats(const Config& c) {
  const Sizes s = sizes_of(c);
  return 3 * s.D * s.d_in + (c.module == attention::Module::mha ? s.D * s.D : 0.0);
}

bool small_enough(const Config& c) {
  const Sizes s = sizes_of(c);
  const double projection =
      s.B * s.T * s.d_in * s.D + (c.module == attention::Module::mha ? s.B * s.T * s.D * s.D : 0);
  const double scores = s.B * s.h * s.T * s.T;
  return projection <= kMaxProjectionWork && scores <= kMaxScores &&
         scores * s.d_h <= kMaxAttentionWork && weight_floats(c) <= kMaxWeights &&
         s.B * s.T * s.d_in <= kMaxInputs && s.B * s.T <= kMaxRows && s.B * s.h <= kMaxRows;
}

// validate accepted c: check it against the limits validate documents (config.cpp), computed
// without overflow. A violation means validate let through something the rest of the core then
// computes in overflowing int/size_t arithmetic.
void check_accepted(const Config& c) {
  const Sizes s = sizes_of(c);
  for (double v : {s.B, s.T, s.d_in, s.d_out, s.h}) {
    if (!(v >= 1 && v <= kMaxDim)) bug("validate accepted a dimension outside 1 … 2^20");
  }
  if (!(c.dropout >= 0.0 && c.dropout < 1.0)) bug("validate accepted a dropout outside [0, 1)");
  if (c.module == attention::Module::mha && c.d_out % c.heads != 0)
    bug("validate accepted heads not dividing dOut (mha)");
  if (c.module == attention::Module::causal && c.heads != 1)
    bug("validate accepted module causal with heads != 1");
  if (s.D > kMaxDim) bug("validate accepted a width heads × dOut over 2^20");
  if (s.B * s.T * std::max(s.d_in, s.D) > kMaxElements)
    bug("validate accepted a (B,T,·) tensor over 2^31 - 1 floats");
  if (s.D * s.d_in > kMaxElements) bug("validate accepted a (D, d_in) weight over 2^31 - 1 floats");
  if (c.module == attention::Module::mha && s.D * s.D > kMaxElements) {
    bug("validate accepted an out_proj weight (D × D = " + std::to_string(s.D * s.D) +
        " floats) over 2^31 - 1 floats: building the model would allocate it");
  }
  if (c.trace) {
    const double scores = s.B * s.h * s.T * s.T;
    if (scores > kMaxElements)
      bug("validate accepted a (B,h,T,T) trace tensor over 2^31 - 1 floats");
    // The eight (B,h,T,T) stages alone: less than any count of the whole trace.
    if (4 * 8 * scores > double(c.max_trace_bytes) * (1 + 1e-9))
      bug("validate accepted a trace over max_trace_bytes");
  }
}

// ---- Checking results -------------------------------------------------------------------------

bool all_finite(const std::vector<float>& v) {
  for (float f : v)
    if (!std::isfinite(f)) return false;
  return true;
}

double product(const std::vector<int>& shape) {
  double n = 1;
  for (int d : shape) n *= d;
  return n;
}

// The shape a stage should have, from its named dimensions in stages.hpp ("B,h,T,d_h"); empty for a
// name this harness does not know (then the stage's shape is not checked).
std::vector<int> expected_shape(const Config& c, const char* dims) {
  std::vector<int> shape;
  std::string all(dims), name;
  all += ',';
  const int h = c.module == attention::Module::causal ? 1 : c.heads;
  for (char ch : all) {
    if (ch != ',') {
      name += ch;
      continue;
    }
    if (name == "B")
      shape.push_back(c.batch);
    else if (name == "T")
      shape.push_back(c.tokens);
    else if (name == "h")
      shape.push_back(h);
    else if (name == "d_in")
      shape.push_back(c.d_in);
    else if (name == "d_out" || name == "D")
      shape.push_back(c.width());
    else if (name == "d_h")
      shape.push_back(c.head_size());
    else
      return {};
    name.clear();
  }
  return shape;
}

std::string shape_text(const std::vector<int>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + ")";
}

void check_result(const Config& c, const attention::Result& r) {
  const std::vector<int> want = {c.batch, c.tokens, c.width()};
  if (r.output.shape != want)
    bug("output shape " + shape_text(r.output.shape) + ", expected " + shape_text(want));
  if (double(r.output.data.size()) != product(want))
    bug("output holds " + std::to_string(r.output.data.size()) + " floats");
  if (!all_finite(r.output.data)) bug("forward returned a non-finite output without throwing");
  if (!c.trace) {
    if (!r.trace.stages.empty()) bug("trace = false, but the result has trace stages");
    return;
  }
  if (r.trace.stages.empty()) bug("trace = true, but the result has no trace stages");
  for (const auto& [stage, tensor] : r.trace.stages) {
    const char* name = attention::stage_name(stage);
    const std::vector<int> shape = expected_shape(c, attention::kStages[std::size_t(stage)].dims);
    if (!shape.empty() && tensor.shape != shape) {
      bug(std::string("trace stage ") + name + " has shape " + shape_text(tensor.shape) +
          ", expected " + shape_text(shape));
    }
    if (double(tensor.data.size()) != product(tensor.shape))
      bug(std::string("trace stage ") + name + " has the wrong number of floats");
    const bool masked = stage == attention::Stage::maskedScores;
    for (float v : tensor.data) {
      if (std::isnan(v) || (std::isinf(v) && !(masked && v < 0))) {
        bug(std::string("trace stage ") + name + " holds a non-finite value (" + std::to_string(v) +
            ")");
      }
    }
  }
}

// ---- The calls ----------------------------------------------------------------------------------

// One pool for the whole run: a pool per input would start threads per input, and the process may
// hold at most 64 workers.
std::shared_ptr<attention::ThreadPool> shared_pool() {
  static std::shared_ptr<attention::ThreadPool> pool = std::make_shared<attention::ThreadPool>(2);
  return pool;
}

std::vector<float> fuzz_inputs(FuzzedDataProvider& in, std::size_t expected) {
  std::size_t n = expected;
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 13:
      n = expected + 1;
      break;
    case 14:
      n = expected > 0 ? expected - 1 : 0;
      break;
    case 15:
      n = 0;
      break;
    default:
      break;
  }
  std::vector<float> x(n);
  // Edge floats in a few places, an ordinary pattern elsewhere (the fuzzer's bytes run out fast).
  const bool from_bytes = in.ConsumeBool();
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = from_bytes && in.remaining_bytes() > 0 ? fuzz_float(in) : std::sin(0.37f * float(i));
  }
  return x;
}

// The state dict of a seeded model, then corrupted in fuzzed ways: a key missing or added, a
// length off by one, a NaN, values large enough to overflow the scores.
std::map<std::string, std::vector<float>> fuzz_state_dict(FuzzedDataProvider& in, const Config& c) {
  step("state_dict (seeded model)");
  attention::Model seeded(c);
  std::map<std::string, std::vector<float>> state;
  for (auto& [name, tensor] : attention::state_dict(c, seeded.weights())) {
    std::vector<float> values = tensor.data;
    switch (in.ConsumeIntegralInRange(0, 23)) {
      case 17:
        continue;  // missing key
      case 18:
        values.push_back(0.5f);
        break;
      case 19:
        if (!values.empty()) values.pop_back();
        break;
      case 20:
        values.clear();
        break;
      case 21:
        if (!values.empty())
          values[in.ConsumeIntegralInRange<std::size_t>(0, values.size() - 1)] = fuzz_float(in);
        break;
      case 22:
        for (float& v : values) v *= 1e19f;
        break;
      case 23:
        for (float& v : values) v = fuzz_float(in);
        break;
      default:
        break;  // unchanged (also what an exhausted input gives)
    }
    state[name] = std::move(values);
  }
  if (in.ConsumeIntegralInRange(0, 7) == 7) state[in.ConsumeRandomLengthString(40)] = {1.0f};
  return state;
}

// Raw Weights whose vectors have fuzzed lengths: the constructor must refuse every mismatch.
attention::Weights fuzz_raw_weights(FuzzedDataProvider& in, const Config& c) {
  const std::size_t D = std::size_t(c.width()), d_in = std::size_t(c.d_in);
  const std::size_t bias = c.qkv_bias ? D : 0;
  const bool out = c.module == attention::Module::mha;
  auto vec = [&](std::size_t n) {
    if (in.ConsumeIntegralInRange(0, 5) == 5) n = in.ConsumeIntegralInRange<std::size_t>(0, n + 2);
    return std::vector<float>(n, 0.25f);
  };
  attention::Weights w;
  w.query_weight = vec(D * d_in);
  w.key_weight = vec(D * d_in);
  w.value_weight = vec(D * d_in);
  w.query_bias = vec(bias);
  w.key_bias = vec(bias);
  w.value_bias = vec(bias);
  w.out_weight = vec(out ? D * D : 0);
  w.out_bias = vec(out ? D : 0);
  return w;
}

std::unique_ptr<attention::Model> build_model(FuzzedDataProvider& in, const Config& c) {
  switch (in.ConsumeIntegralInRange(0, 5)) {
    case 4: {
      auto state = fuzz_state_dict(in, c);
      step("weights_from_state_dict");
      attention::Weights w = attention::weights_from_state_dict(c, state);
      step("Model(config, weights from state dict)");
      return std::make_unique<attention::Model>(c, std::move(w));
    }
    case 5: {
      attention::Weights w = fuzz_raw_weights(in, c);
      step("Model(config, raw weights)");
      return std::make_unique<attention::Model>(c, std::move(w));
    }
    default:
      step("Model(config)");
      return std::make_unique<attention::Model>(c);
  }
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// A few forward passes on one model; an attention::Error from one pass must leave the model usable
// for the next. With a pool, the first successful pass is compared with a twin model without one.
void run_forwards(FuzzedDataProvider& in, const Config& c, attention::Model& model, bool pooled) {
  const std::size_t expected = std::size_t(c.batch) * std::size_t(c.tokens) * std::size_t(c.d_in);
  const int passes = in.ConsumeIntegralInRange(1, 3);
  bool compared = false;
  for (int p = 0; p < passes; ++p) {
    const std::vector<float> x = fuzz_inputs(in, expected);
    attention::Result r;
    try {
      step("Model::forward");
      r = model.forward(x);
    } catch (const attention::Error&) {
      continue;  // refused inputs (or numerical overflow): the next pass must still work
    }
    step("check forward result");
    check_result(c, r);
    if (pooled && !compared && p == 0) {
      compared = true;
      step("Model::forward without a pool (bit-identical to the pooled model)");
      attention::Model twin(c, model.weights());
      const attention::Result t = twin.forward(x);
      if (!same_bits(t.output.data, r.output.data)) bug("a ThreadPool(2) changed the output bits");
    }
  }
  // A null pointer with a count: the core must check the count before reading.
  if (in.ConsumeIntegralInRange(0, 15) == 15) {
    try {
      step("Model::forward(nullptr, fuzzed count)");
      const std::size_t n = in.ConsumeBool() ? 0 : in.ConsumeIntegral<std::size_t>();
      if (n != expected) model.forward(nullptr, n);
    } catch (const attention::Error&) {
    }
  }
}

void fuzz_model(FuzzedDataProvider& in, const Config& c) {
  step("validate");
  attention::validate(c);
  step("check what validate accepted");
  check_accepted(c);
  if (!small_enough(c)) {
    if (verbose()) std::fprintf(stderr, "core_fuzz: accepted, too large to run\n");
    return;
  }
  std::unique_ptr<attention::Model> model = build_model(in, c);
  const bool pooled = in.ConsumeBool();
  if (pooled) model->set_thread_pool(shared_pool());
  run_forwards(in, c, *model, pooled);
}

void fuzz_token_embeddings(FuzzedDataProvider& in) {
  std::vector<std::int64_t> ids(in.ConsumeIntegralInRange(0, 6));
  for (auto& id : ids) {
    id = in.ConsumeBool() ? in.ConsumeIntegralInRange<std::int64_t>(0, 50256)
                          : in.ConsumeIntegral<std::int64_t>();
  }
  const int d_in = fuzz_int(in, 8);
  const std::uint32_t seed = in.ConsumeIntegral<std::uint32_t>();
  std::string text = "token_embeddings(ids = {";
  for (std::size_t i = 0; i < ids.size(); ++i) text += (i ? ", " : "") + std::to_string(ids[i]);
  set_subject(text + "}, d_in = " + std::to_string(d_in) + ", seed = " + std::to_string(seed) +
              ")");
  if (double(ids.size()) * d_in > 2e5) return;  // valid but slow: not what this harness is for
  step("token_embeddings");
  const std::vector<float> e = attention::token_embeddings(ids, d_in, seed);
  if (e.size() != ids.size() * std::size_t(d_in))
    bug("token_embeddings returned the wrong number of values");
  for (float v : e)
    if (!(v >= 0.0f && v <= 1.0f)) bug("token_embeddings returned a value outside [0, 1]");
}

void fuzz_head_experiment(FuzzedDataProvider& in) {
  attention::HeadExperimentOptions o;
  o.heads.resize(in.ConsumeIntegralInRange(0, 3));
  for (int& h : o.heads) h = fuzz_int(in, 6);
  o.head_size = fuzz_int(in, 4);
  o.tokens = fuzz_int(in, 6);
  o.batch = fuzz_int(in, 2);
  o.d_in = fuzz_int(in, 4);
  o.repeats = in.ConsumeBool() ? in.ConsumeIntegralInRange(1, 2)
                               : in.PickValueInArray({0, -1, 1000, 1001, INT_MAX, INT_MIN});
  o.seed = in.ConsumeIntegral<std::uint32_t>();
  std::string text = "head_experiment(heads = {";
  for (std::size_t i = 0; i < o.heads.size(); ++i)
    text += (i ? ", " : "") + std::to_string(o.heads[i]);
  set_subject(text + "}, head_size = " + std::to_string(o.head_size) +
              ", tokens = " + std::to_string(o.tokens) + ", batch = " + std::to_string(o.batch) +
              ", d_in = " + std::to_string(o.d_in) + ", repeats = " + std::to_string(o.repeats) +
              ")");
  // Run it only when every head count is refused by validate or small enough to run quickly.
  for (int h : o.heads) {
    Config c;
    c.module = attention::Module::wrapper;
    c.batch = o.batch;
    c.tokens = o.tokens;
    c.d_in = o.d_in;
    c.d_out = o.head_size;
    c.heads = h;
    c.trace = false;
    try {
      attention::validate(c);
    } catch (const attention::Error&) {
      continue;
    }
    if (!small_enough(c) || o.repeats > 2) return;
  }
  step("head_experiment");
  const auto rows = attention::head_experiment(o, in.ConsumeBool() ? shared_pool() : nullptr);
  if (rows.size() != o.heads.size())
    bug("head_experiment returned a row count other than the head counts");
  for (const auto& r : rows) {
    if (!std::isfinite(r.loop_ms) || !std::isfinite(r.fused_ms) || !(r.max_difference <= 1e-3)) {
      bug("head_experiment returned a non-finite time or loop and fused outputs that differ by " +
          std::to_string(r.max_difference));
    }
  }
}

void fuzz_parsers(FuzzedDataProvider& in) {
  const std::string s = in.ConsumeRandomLengthString(12);
  set_subject("parse_module / parse_masking / parse_layout('" + s + "')");
  step("parse_module / parse_masking / parse_layout");
  for (auto parse : {+[](const std::string& v) { attention::parse_module(v); },
                     +[](const std::string& v) { attention::parse_masking(v); },
                     +[](const std::string& v) { attention::parse_layout(v); }}) {
    try {
      parse(s);
    } catch (const attention::OptionError&) {
    }
  }
}

void run_input(FuzzedDataProvider& in, Config& config) {
  // Value 0 (what an exhausted input gives) and most others fuzz a model.
  switch (in.ConsumeIntegralInRange(0, 15)) {
    case 13:
      fuzz_token_embeddings(in);
      return;
    case 14:
      fuzz_head_experiment(in);
      return;
    case 15:
      fuzz_parsers(in);
      return;
    default: {
      config = fuzz_config(in);
      set_subject(describe_config(config));
      fuzz_model(in, config);
      return;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  Config config;
  step("start");
  g_config_text = "(none)";
  try {
    run_input(in, config);
  } catch (const attention::Error& e) {
    // The core refused the configuration or the inputs with a typed error: the expected outcome.
    if (verbose())
      std::fprintf(stderr, "core_fuzz: %s (%s): %s\n", e.kind(), e.option().c_str(), e.what());
    if (e.option().empty()) bug(std::string("an attention::Error without an option: ") + e.what());
  } catch (const std::exception& e) {
    bug(std::string("an exception that is not an attention::Error: ") + typeid(e).name() + ": " +
        e.what());
  } catch (...) {
    bug("an exception that is not a std::exception");
  }
  step("done");
  return 0;
}
