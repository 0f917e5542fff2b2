// The core's description of itself for JS (the option table, the stages, the limits), the token
// embeddings and the lecture preset, and the build's facts (threads, memory, SIMD).
#include <emscripten/heap.h>
#include <malloc.h>

#include <optional>

#include "adapters.hpp"
#include "attention/api/options.hpp"
#include "attention/fast/simd.hpp"
#include "attention/reference/embeddings.hpp"
#include "js_values.hpp"

namespace attention::wasm {

val option_table() {
  const Config defaults;
  val list = val::array();
  for (const OptionSpec& s : option_specs()) {
    val entry = val::object();
    entry.set("name", val(std::string(s.name)));
    entry.set("type", val(std::string(type_name(s.type))));
    if (const std::optional<OptionValue> value = get_option(defaults, s))
      entry.set("default", to_js(*value));  // optional: none
    if (s.type == OptionType::integer || s.type == OptionType::number) {
      entry.set("min", val(s.min));
      entry.set("max", val(s.max));
      entry.set("maxExclusive", val(s.max_exclusive));
    }
    if (s.type == OptionType::choice) {
      val choices = val::array();
      for (const std::string& c : s.choices) choices.call<void>("push", val(c));
      entry.set("choices", choices);
    }
    entry.set("meaning", val(std::string(s.meaning)));
    entry.set("help", val(std::string(s.help)));
    entry.set("rule", val(std::string(s.rule)));
    entry.set("inferred", val(s.inferred));
    entry.set("optional", val(s.optional));
    val module_defaults = val::object();
    for (const auto& [module, value] : s.module_defaults) module_defaults.set(module, to_js(value));
    entry.set("moduleDefaults", module_defaults);
    list.call<void>("push", entry);
  }
  return list;
}

val check_option_js(std::string name, val value) {
  Failure failure;
  attempt(&failure, [&] {
    const OptionSpec* spec = find_option(name);
    if (spec == nullptr) throw OptionError(name, "unknown option '" + name + "'");
    // undefined is JS's "not given": an optional option may be left unset, any other must have a
    // value (and is refused by the check, which names the type it got).
    if (value.isUndefined() && spec->optional) return;
    check_option(*spec, to_option_value(value));
  });
  return failure.to_js();
}

val limits() {
  val out = val::object();
  out.set("poolSize", val(kWasmPoolSize));
  out.set("maxDimension", val(static_cast<double>(kMaxDimension)));
  out.set("maxTensorElements", val(static_cast<double>(kMaxTensorElements)));
  out.set("maxEmbedValues", val(static_cast<double>(kMaxEmbedValues)));
  return out;
}

val stage_list() {
  val list = val::array();
  for (const StageInfo& s : kStages) {
    val entry = val::object();
    entry.set("name", val(std::string(s.name)));
    entry.set("dims", val(std::string(s.dims)));
    list.call<void>("push", entry);
  }
  return list;
}

val token_embeddings_js(val ids, double d_in, double seed) {
  return value_or_error([&] {
    check_option(*find_option("dIn"), OptionValue::of(d_in));
    check_option(*find_option("seed"), OptionValue::of(seed));
    std::vector<std::int64_t> token_ids;
    for (double id : emscripten::convertJSArrayToNumberVector<double>(ids)) {
      token_ids.push_back(static_cast<std::int64_t>(id));
    }
    const std::vector<float> e =
        token_embeddings(token_ids, static_cast<int>(d_in), static_cast<std::uint32_t>(seed));
    return float32_copy(e.data(), e.size());
  });
}

val lecture_preset_js() {
  const Preset& p = lecture_preset();
  val out = val::object();
  out.set("sentence", val(p.sentence));
  val words = val::array();
  for (const std::string& w : p.words) words.call<void>("push", val(w));
  out.set("words", words);
  out.set("dIn", p.d_in);
  out.set("embeddings", float32_copy(p.embeddings.data(), p.embeddings.size()));
  return out;
}

int max_threads() {
  return ThreadPool::max_threads();
}
double memory_bytes() {
  return static_cast<double>(emscripten_get_heap_size());
}
double heap_bytes_in_use() {
  return static_cast<double>(mallinfo().uordblks);
}
std::string simd_kind() {
  return ATTENTION_SIMD;
}

namespace {

val shape_array(const std::vector<long long>& shape) {
  val out = val::array();
  for (long long n : shape) out.call<void>("push", val(static_cast<double>(n)));
  return out;
}

std::vector<float> finite_floats(const val& input) {
  return emscripten::convertJSArrayToNumberVector<float>(input);
}

std::uint32_t seed_of(double seed) {
  check_option(*find_option("seed"), OptionValue::of(seed));
  return static_cast<std::uint32_t>(seed);
}

}  // namespace

val describe_js(val options) {
  return value_or_error([&] {
    const Description d = describe(read_config(options));
    val out = val::object();
    val stages = val::array();
    for (const auto& [stage, shape] : d.stages) {
      val entry = val::object();
      entry.set("name", val(std::string(stage_name(stage))));
      entry.set("dims", val(std::string(kStages[static_cast<std::size_t>(stage)].dims)));
      entry.set("shape", shape_array(shape));
      stages.call<void>("push", entry);
    }
    val parameters = val::array();
    for (const auto& [name, shape] : d.parameters) {
      long long count = 1;
      for (long long n : shape) count *= n;
      val entry = val::object();
      entry.set("name", val(name));
      entry.set("shape", shape_array(shape));
      entry.set("count", val(static_cast<double>(count)));
      parameters.call<void>("push", entry);
    }
    out.set("stages", stages);
    out.set("parameters", parameters);
    out.set("parameterCount", val(static_cast<double>(d.parameter_count)));
    out.set("width", val(d.width));
    out.set("headSize", val(d.head_size));
    out.set("flops", val(d.flops));
    out.set("traceBytes", val(d.trace_bytes));
    out.set("runsHere", val(d.runs_here));
    out.set("whyNot", val(d.why_not));
    return out;
  });
}

val dropout_js(val input, double p, double seed, std::string rng) {
  return value_or_error([&] {
    const DropoutResult r =
        dropout_like_torch(finite_floats(input), p, seed_of(seed), parse_dropout_rng(rng));
    val out = val::object();
    out.set("output", float32_array(r.output));
    out.set("mask", float32_array(r.keep));
    return out;
  });
}

val dropout_statistics_js(val input, double p, double draws, double seed, std::string rng) {
  return value_or_error([&] {
    if (!(draws >= 1 && draws <= 100000 && draws == static_cast<int>(draws))) {
      throw OptionError("draws", "draws must be an integer from 1 to 100000");
    }
    const DropoutStatistics s = dropout_statistics(finite_floats(input), p, static_cast<int>(draws),
                                                   seed_of(seed), parse_dropout_rng(rng));
    val out = val::object();
    out.set("keptShare", float64_array(s.kept_share));
    out.set("maxError", float64_array(s.max_error));
    out.set("meanAbsError", float64_array(s.mean_abs_error));
    out.set("mean", float32_array(s.mean));
    return out;
  });
}

val masking_limits_js(val gaps) {
  return value_or_error([&] {
    val rows = val::array();
    for (const MaskingRow& r :
         masking_limits(emscripten::convertJSArrayToNumberVector<double>(gaps))) {
      val row = val::object();
      row.set("gap", val(r.gap));
      row.set("unmasked", float32_array(r.unmasked));
      row.set("negInf", float32_array(r.neg_inf));
      if (r.failure.empty()) {
        row.set("naive", float32_array(r.naive));
        row.set("maxDifference", val(r.max_difference));
      } else {
        row.set("failure", val(r.failure));
      }
      rows.call<void>("push", row);
    }
    return rows;
  });
}

}  // namespace attention::wasm
