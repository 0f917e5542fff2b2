// The option table: one description per option, its defaults are Config's own, and a caller's value
// is checked against it before it is stored, so nothing wraps into a field of another size.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>

#include "support/check.hpp"

using namespace attention;

namespace {

std::string refusal(const char* name, const OptionValue& value) {
  Config c;
  try {
    set_option(c, *find_option(name), value);
  } catch (const OptionError& e) {
    CHECK(e.option() == name);
    return e.what();
  }
  FAIL("expected " << name << " to be refused");
  return "";
}

}  // namespace

TEST_CASE("every option has a name, a help text and a default that passes its own check",
          "[options]") {
  const Config defaults;
  std::set<std::string> names;
  for (const OptionSpec& s : option_specs()) {
    INFO(s.name);
    CHECK(names.insert(s.name).second);
    CHECK(std::string(s.help).size() > 10);
    CHECK(std::string(s.meaning).size() > 3);
    const std::optional<OptionValue> value = get_option(defaults, s);
    CHECK(value.has_value() == !s.optional);  // an optional option has no default: unset
    if (value) CHECK_NOTHROW(check_option(s, *value));
  }
  CHECK(find_option("dOut") != nullptr);
  CHECK(find_option("d_out") == nullptr);
}

TEST_CASE("values that do not fit a field are refused, never wrapped", "[options][limits]") {
  // JS numbers arrive as doubles: 2^32 + 2 used to become 2 in an int, and 2^32 + 1 heads became 1.
  CHECK_THAT(refusal("dOut", OptionValue::of(4294967298.0)),
             Catch::Contains(
                 "dOut = 4294967298: the output size d_out must be an integer from 1 to 1048576"));
  CHECK_THAT(refusal("heads", OptionValue::of(4294967297.0)),
             Catch::Contains("heads = 4294967297"));
  CHECK_THAT(refusal("dIn", OptionValue::of(-4294967294.0)), Catch::Contains("from 1 to 1048576"));
  CHECK_THAT(refusal("tokens", OptionValue::of(1.5)), Catch::Contains("tokens = 1.5"));
  CHECK_THAT(refusal("batch", OptionValue::of(std::nan(""))), Catch::Contains("batch = NaN"));
  CHECK_THAT(refusal("seed", OptionValue::of(4294967296.0)),
             Catch::Contains("from 0 to 4294967295"));
  CHECK_THAT(refusal("dropout", OptionValue::of(1.0)), Catch::Contains("[0, 1) (p = 1 would drop"));
  CHECK_THAT(refusal("heads", OptionValue::of(std::string("2"))), Catch::Contains("heads = '2'"));
  CHECK_THAT(refusal("causal", OptionValue::of(1.0)), Catch::Contains("true or false"));
  CHECK_THAT(refusal("module", OptionValue::of(std::string("gpt"))),
             Catch::Contains("one of 'simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha'"));
  CHECK_THAT(refusal("layout", OptionValue::of_type("symbol")),
             Catch::Contains("a value of type symbol"));
}

TEST_CASE("a value that fits is stored in its field", "[options]") {
  Config c;
  set_option(c, *find_option("dOut"), OptionValue::of(768.0));
  set_option(c, *find_option("seed"), OptionValue::of(4294967295.0));
  set_option(c, *find_option("module"), OptionValue::of(std::string("wrapper")));
  set_option(c, *find_option("causal"), OptionValue::of(false));
  CHECK(c.d_out == 768);
  CHECK(c.seed == 4294967295u);
  CHECK(c.module == Module::wrapper);
  CHECK_FALSE(c.causal);
}

TEST_CASE("an optional option is unset or holds a checked value, in C++ terms", "[options]") {
  Config c;
  const OptionSpec& dropout_seed = *find_option("dropoutSeed");
  CHECK_FALSE(get_option(c, dropout_seed).has_value());
  set_option(c, dropout_seed, OptionValue::of(7.0));
  REQUIRE(c.dropout_seed == std::optional<std::uint32_t>(7));
  REQUIRE(get_option(c, dropout_seed).has_value());
  CHECK(get_option(c, dropout_seed)->number == 7.0);
  // "Not given" is the caller's business (the WASM adapters read JS's undefined as that): to the
  // table, a value named after a JS type is a value of the wrong type like any other.
  CHECK_THAT(refusal("dropoutSeed", OptionValue::of_type("undefined")),
             Catch::Contains("dropoutSeed = a value of type undefined: the dropout seed must be an "
                             "integer from 0 to 4294967295"));
}

TEST_CASE("the enums name exactly the option table's choices", "[options]") {
  // config.cpp maps each choice to its enum value; the table is the one list of names.
  for (const std::string& name : find_option("module")->choices)
    CHECK(to_string(parse_module(name)) == name);
  for (const std::string& name : find_option("masking")->choices)
    CHECK(to_string(parse_masking(name)) == name);
  for (const std::string& name : find_option("layout")->choices)
    CHECK(to_string(parse_layout(name)) == name);
  for (const std::string& name : find_option("dropoutRng")->choices)
    CHECK(to_string(parse_dropout_rng(name)) == name);
  CHECK(find_option("module")->choices.size() == 6);
}
