// JS values in and out of the core (see js_values.hpp).
#include "js_values.hpp"

#include <emscripten/bind.h>

#include <new>
#include <optional>
#include <stdexcept>

#include "attention/api/options.hpp"

namespace attention::wasm {

Failure describe_current_exception() {
  try {
    throw;
  } catch (const Error& e) {
    return {std::string("AttentionLab") + e.kind(), e.option(), e.what()};
  } catch (const std::bad_alloc&) {
    return {"AttentionLabMemoryError", "memory",
            "out of WebAssembly memory: use fewer tokens, heads or a smaller batch, or pass trace "
            "= false"};
  } catch (const std::length_error&) {
    return {
        "AttentionLabMemoryError", "memory",
        "a buffer larger than WebAssembly can address was asked for: use fewer tokens, heads or a "
        "smaller batch"};
  } catch (const std::exception& e) {
    return {"AttentionLabError", "", std::string("internal error in the core: ") + e.what()};
  } catch (...) {
    return {"AttentionLabError", "", "internal error in the core (an unknown exception)"};
  }
}

OptionValue to_option_value(const val& v) {
  if (v.isNumber()) return OptionValue::of(v.as<double>());
  if (v.isTrue()) return OptionValue::of(true);
  if (v.isFalse()) return OptionValue::of(false);
  if (v.isString()) return OptionValue::of(v.as<std::string>());
  return OptionValue::of_type(v.isNull() ? "null" : v.typeOf().as<std::string>());
}

Config read_config(const val& options) {
  std::vector<std::pair<std::string, OptionValue>> given;
  const val keys = val::global("Object").call<val>("keys", options);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val value = options[key];
    if (!value.isUndefined()) given.emplace_back(key, to_option_value(value));
  }
  return make_config(given);  // Model's constructor validates it, once
}

val config_to_js(const Config& config) {
  val out = val::object();
  for (const OptionSpec& spec : option_specs()) {
    // An unset optional option (dropoutSeed) is undefined in JS: the key is left out.
    if (const std::optional<OptionValue> value = get_option(config, spec))
      out.set(spec.name, to_js(*value));
  }
  return out;
}

val float32_array(const std::vector<float>& v) {
  return float32_copy(v.data(), v.size());
}

val float64_array(const std::vector<double>& v) {
  return val::global("Float64Array").new_(val(emscripten::typed_memory_view(v.size(), v.data())));
}

int read_integer(const val& options, const char* key, int fallback, int min, int max) {
  const val v = options[key];
  if (v.isUndefined()) return fallback;
  const OptionValue value = to_option_value(v);
  if (value.kind != OptionValue::Kind::number || !(value.number >= min && value.number <= max) ||
      static_cast<double>(static_cast<long long>(value.number)) != value.number) {
    throw OptionError(key, std::string(key) + " must be an integer from " + std::to_string(min) +
                               " to " + std::to_string(max));
  }
  return static_cast<int>(value.number);
}

std::vector<float> to_floats(const val& array) {
  return emscripten::convertJSArrayToNumberVector<float>(array);
}

val shape_of(const Tensor& t) {
  val shape = val::array();
  for (int d : t.shape) shape.call<void>("push", d);
  return shape;
}

val float32_copy(const float* data, std::size_t n) {
  return val::global("Float32Array").new_(val(emscripten::typed_memory_view(n, data)));
}

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::integer:
      return "integer";
    case OptionType::number:
      return "number";
    case OptionType::boolean:
      return "boolean";
    case OptionType::choice:
      return "choice";
  }
  return "?";
}

val to_js(const OptionValue& v) {
  switch (v.kind) {
    case OptionValue::Kind::number:
      return val(v.number);
    case OptionValue::Kind::boolean:
      return val(v.boolean);
    case OptionValue::Kind::string:
      return val(v.text);
    case OptionValue::Kind::other:
      break;
  }
  return val::undefined();
}

val Failure::to_js() const {
  if (name.empty()) return val::undefined();
  val error = val::object();
  error.set("name", val(name));
  error.set("option", val(option));
  error.set("message", val(message));
  return error;
}

}  // namespace attention::wasm
