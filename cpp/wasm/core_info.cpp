// The core's description of itself for JS (the option table, the stages, the limits), the token
// embeddings and the lecture preset, and the build's facts (threads, memory, SIMD).
#include <emscripten/heap.h>
#include <malloc.h>

#include "adapters.hpp"
#include "attention/options.hpp"
#include "attention/simd.hpp"
#include "js_values.hpp"

namespace attention::wasm {

val option_table() {
  const Config defaults;
  val list = val::array();
  for (const OptionSpec& s : option_specs()) {
    val entry = val::object();
    entry.set("name", val(std::string(s.name)));
    entry.set("type", val(std::string(type_name(s.type))));
    entry.set("default", to_js(get_option(defaults, s)));
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
    list.call<void>("push", entry);
  }
  return list;
}

val check_option_js(std::string name, val value) {
  Failure failure;
  attempt(&failure, [&] {
    const OptionSpec* spec = find_option(name);
    if (spec == nullptr) throw OptionError(name, "unknown option '" + name + "'");
    check_option(*spec, to_option_value(value));
  });
  return failure.to_js();
}

val limits() {
  val out = val::object();
  out.set("poolSize", val(kWasmPoolSize));
  out.set("maxDimension", val(static_cast<double>(kMaxDimension)));
  out.set("maxTensorElements", val(static_cast<double>(kMaxTensorElements)));
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

}  // namespace attention::wasm
