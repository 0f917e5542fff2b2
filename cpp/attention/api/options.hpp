// Every option of a forward pass, described once: its name (as the JS API spells it), its type,
// the allowed range or values, the rule that ties it to other options and a one-line help text.
// Defaults are Config's own initialisers. The bindings export this table; validate() and the
// conversion of caller values check against it, so a range is written in exactly one place.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "attention/api/config.hpp"

namespace attention {

enum class OptionType { integer, number, boolean, choice };

// A value as a caller passed it, before it is checked: JS numbers are doubles, so 2^32 + 2 arrives
// intact and is refused instead of wrapping when it is stored in an int.
struct OptionValue {
  enum class Kind { number, boolean, string, other } kind = Kind::other;
  double number = 0.0;
  bool boolean = false;
  std::string text;  // the string, or for `other` the name of its type ("object", "symbol", ...)

  static OptionValue of(double v) { return {Kind::number, v, false, {}}; }
  static OptionValue of(bool v) { return {Kind::boolean, 0.0, v, {}}; }
  static OptionValue of(std::string v) { return {Kind::string, 0.0, false, std::move(v)}; }
  static OptionValue of_type(std::string type_name) {
    return {Kind::other, 0.0, false, std::move(type_name)};
  }
};

struct OptionSpec {
  const char* name = "";  // "dOut"
  OptionType type = OptionType::integer;
  const char* meaning = "";  // "the output size d_out": the start of every message about it
  const char* help = "";     // one line, in the lecture's words
  double min = 0.0;          // integer and number: the allowed range
  double max = 0.0;
  bool max_exclusive = false;        // dropout: [0, 1)
  std::vector<std::string> choices;  // choice: the allowed strings
  const char* rule = "";             // how it depends on other options ("" when it does not)
  const char* note = "";             // why the range is what it is, added to error messages
  bool optional = false;  // may be left unset (no default): dropoutSeed; get_option gives nullopt
  // Defaults that differ by module, applied when the option is not given ('simplified' does not
  // scale; the notebook's early classes have no mask).
  std::vector<std::pair<std::string, OptionValue>> module_defaults;
  bool inferred = false;  // the JS API infers it from the inputs' length when omitted
};

// The table, in the order the lecture introduces the options.
const std::vector<OptionSpec>& option_specs();
// nullptr when there is no such option.
const OptionSpec* find_option(const std::string& name);

// Checks `value` against the option's type and range and stores it in `config`; throws
// OptionError("name", "...what was wrong and what is allowed").
void set_option(Config& config, const OptionSpec& spec, const OptionValue& value);
// The option's current value in `config` (on a default Config: its default); nullopt for an
// optional option that is not set (dropoutSeed).
std::optional<OptionValue> get_option(const Config& config, const OptionSpec& spec);
// Throws OptionError when `value` is outside the option's type or range (used by validate()).
void check_option(const OptionSpec& spec, const OptionValue& value);

// The shortest decimal that reads back as the same double: 4294967298, 0.1, 1e+300, NaN.
std::string format_number(double v);

// A Config from the options a caller gave (by name): each checked and stored, unknown names
// refused, then the module's own defaults for what was not given (and for 'simplified', dOut =
// dIn). validate() is still to be called (the Model does).
Config make_config(const std::vector<std::pair<std::string, OptionValue>>& given);

}  // namespace attention
