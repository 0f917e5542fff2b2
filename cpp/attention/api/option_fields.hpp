// How a row of the option table (options.cpp) reads and writes its Config field: one line per
// option, field<&Config::batch>(), instead of a getter and a setter written out for each. Private
// to options.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "attention/api/config.hpp"
#include "attention/api/options.hpp"

namespace attention::option_fields {

// How one option reads and writes its Config field.
struct Access {
  std::optional<OptionValue> (*get)(const Config&);  // nullopt: an optional option left unset
  void (*set)(Config&, const OptionValue&);          // after check_option: the value fits the field
};

// A field's value as the table describes it: dimensions and seeds are numbers (JS numbers are
// doubles), choices are their names.
inline OptionValue value_of(int v) {
  return OptionValue::of(static_cast<double>(v));
}
inline OptionValue value_of(std::uint32_t v) {
  return OptionValue::of(static_cast<double>(v));
}
inline OptionValue value_of(double v) {
  return OptionValue::of(v);
}
inline OptionValue value_of(bool v) {
  return OptionValue::of(v);
}
template <typename Enum, typename = std::enable_if_t<std::is_enum_v<Enum>>>
inline OptionValue value_of(Enum v) {
  return OptionValue::of(std::string(to_string(v)));
}

// A checked value stored in its field: it fits (check_option ran), so nothing wraps.
inline void store(int& field, const OptionValue& v) {
  field = static_cast<int>(v.number);
}
inline void store(std::uint32_t& field, const OptionValue& v) {
  field = static_cast<std::uint32_t>(v.number);
}
inline void store(std::optional<std::uint32_t>& field, const OptionValue& v) {
  field = static_cast<std::uint32_t>(v.number);
}
inline void store(double& field, const OptionValue& v) {
  field = v.number;
}
inline void store(bool& field, const OptionValue& v) {
  field = v.boolean;
}
inline void store(Module& field, const OptionValue& v) {
  field = parse_module(v.text);
}
inline void store(Masking& field, const OptionValue& v) {
  field = parse_masking(v.text);
}
inline void store(Layout& field, const OptionValue& v) {
  field = parse_layout(v.text);
}
inline void store(DropoutRng& field, const OptionValue& v) {
  field = parse_dropout_rng(v.text);
}

template <typename T>
std::optional<OptionValue> read(const T& field) {
  return value_of(field);
}
template <typename T>
std::optional<OptionValue> read(const std::optional<T>& field) {
  if (!field) return std::nullopt;
  return value_of(*field);
}

// The access to one Config field, e.g. field<&Config::batch>().
template <auto Field>
Access field() {
  return {[](const Config& c) { return read(c.*Field); },
          [](Config& c, const OptionValue& v) { store(c.*Field, v); }};
}

}  // namespace attention::option_fields
