// JS values in and out of the core, for the adapters: a caught exception becomes a Failure (the
// error as data, never a throw across a C++ frame), and JS values become checked core values.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "adapters.hpp"
#include "attention/attention.hpp"

namespace attention::wasm {

using emscripten::val;

// Describes the exception being handled (call inside a catch block).
Failure describe_current_exception();

// Runs f; on an exception records it in *failure and returns false.
template <class F>
bool attempt(Failure* failure, F&& f) {
  *failure = Failure{};
  try {
    f();
    return true;
  } catch (...) {
    *failure = describe_current_exception();
    return false;
  }
}

// { value } or { error }.
template <class F>
val value_or_error(F&& f) {
  Failure failure;
  val out = val::object();
  if (!attempt(&failure, [&] { out.set("value", f()); })) out.set("error", failure.to_js());
  return out;
}

// A JS value as the option table sees it (numbers, booleans and strings; for anything else only
// its type name, so no user code runs here).
OptionValue to_option_value(const val& v);
// A Config from a plain JS object of option-table names (only what the caller gave: the core
// applies the defaults, the module's own included); unknown keys and values that do not fit are
// refused (OptionError) before anything is stored. The Model validates the whole.
Config read_config(const val& options);
// Every option's value in `config`, under the table's names (dropoutSeed only when set).
val config_to_js(const Config& config);
val float32_array(const std::vector<float>& v);
val float64_array(const std::vector<double>& v);
// An integer argument that is not a model option (headExperiment's), checked before any cast.
int read_integer(const val& options, const char* key, int fallback, int min, int max);

std::vector<float> to_floats(const val& array);
val shape_of(const Tensor& t);
val float32_copy(const float* data, std::size_t n);
const char* type_name(OptionType t);
val to_js(const OptionValue& v);

}  // namespace attention::wasm
