// The one place that checks a caller's value against the option table (options.hpp) and says, when
// it does not fit, what was given and what is allowed.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/api/options.hpp"

namespace attention {

// The shortest decimal that reads back as the same double (4294967298, 0.1, 1e+300).
std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buffer[32];
  if (std::floor(v) == v && std::abs(v) < 1e17) {  // whole numbers in full, as JS prints them
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, v);
    if (std::strtod(buffer, nullptr) == v) break;
  }
  return buffer;
}

namespace {

std::string shown(const OptionValue& v) {
  switch (v.kind) {
    case OptionValue::Kind::number:
      return format_number(v.number);
    case OptionValue::Kind::boolean:
      return v.boolean ? "true" : "false";
    case OptionValue::Kind::string:
      return "'" + v.text.substr(0, 40) + (v.text.size() > 40 ? "…'" : "'");
    case OptionValue::Kind::other:
      return "a value of type " + v.text;
  }
  return "?";
}

// "an integer from 1 to 1048576", "a number in [0, 1)", "true or false", "'mha', 'wrapper'".
std::string allowed(const OptionSpec& s) {
  switch (s.type) {
    case OptionType::integer:
      return "an integer from " + format_number(s.min) + " to " + format_number(s.max);
    case OptionType::number:
      return s.max_exclusive
                 ? "a number in [" + format_number(s.min) + ", " + format_number(s.max) + ")"
                 : "a number from " + format_number(s.min) + " to " + format_number(s.max);
    case OptionType::boolean:
      return "true or false";
    case OptionType::choice: {
      std::string list;
      for (const std::string& c : s.choices) list += (list.empty() ? "'" : ", '") + c + "'";
      return "one of " + list;
    }
  }
  return "?";
}

bool fits(const OptionSpec& s, const OptionValue& v) {
  switch (s.type) {
    case OptionType::integer:
      return v.kind == OptionValue::Kind::number && std::floor(v.number) == v.number &&
             v.number >= s.min && v.number <= s.max;
    case OptionType::number:
      return v.kind == OptionValue::Kind::number && v.number >= s.min &&
             (s.max_exclusive ? v.number < s.max : v.number <= s.max);
    case OptionType::boolean:
      return v.kind == OptionValue::Kind::boolean;
    case OptionType::choice:
      if (v.kind != OptionValue::Kind::string) return false;
      for (const std::string& c : s.choices)
        if (c == v.text) return true;
      return false;
  }
  return false;
}

}  // namespace

void check_option(const OptionSpec& s, const OptionValue& v) {
  if (fits(s, v)) return;
  std::string message =
      std::string(s.name) + " = " + shown(v) + ": " + s.meaning + " must be " + allowed(s);
  if (*s.note) message += std::string(" (") + s.note + ")";
  throw OptionError(s.name, message);
}

}  // namespace attention
