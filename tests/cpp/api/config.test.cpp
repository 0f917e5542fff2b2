// Every invalid option is a typed exception whose message names the option, its value and what is
// allowed; valid edge cases pass.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "support/check.hpp"

using namespace attention;

namespace {

// Runs `f`, expects an exception of type E naming `option`, and a message containing `fragment`.
template <class E, class F>
void expect_error(F&& f, const std::string& option, const std::string& fragment) {
  try {
    f();
    FAIL("expected an error about " << option);
  } catch (const E& e) {
    INFO(e.what());
    CHECK(e.option() == option);
    CHECK(std::string(e.what()).find(fragment) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("invalid options are typed errors that say what is allowed", "[errors]") {
  Config c = check::lecture_config();
  SECTION("d_out not divisible by the number of heads") {
    c.d_out = 6;
    c.heads = 4;
    expect_error<OptionError>([&] { validate(c); }, "heads", "divisor of dOut (1, 2, 3, 6)");
  }
  SECTION("dropout outside [0, 1)") {
    for (double p : {-0.1, 1.0, 1.5, std::nan("")}) {
      c.dropout = p;
      expect_error<OptionError>([&] { validate(c); }, "dropout", "[0, 1)");
    }
  }
  SECTION("no tokens") {
    c.tokens = 0;
    expect_error<OptionError>([&] { validate(c); }, "tokens", "from 1 to");
  }
  SECTION("negative sizes") {
    c.d_in = -3;
    expect_error<OptionError>([&] { validate(c); }, "dIn", "dIn = -3");
  }
  SECTION("several heads for CausalAttention") {
    c.module = Module::causal;
    c.heads = 2;
    expect_error<OptionError>([&] { validate(c); }, "heads", "exactly one head");
  }
  SECTION("a trace that would not fit") {
    c.tokens = 4096;
    c.heads = 12;
    c.d_out = 12;
    expect_error<MemoryError>([&] { validate(c); }, "trace", "trace = false");
    c.trace = false;
    CHECK_NOTHROW(validate(c));
  }
  SECTION("unknown names") {
    expect_error<OptionError>([] { parse_module("gpt"); }, "module",
                              "'simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha'");
    expect_error<OptionError>([] { parse_masking("zero"); }, "masking", "'neg-inf', 'naive'");
    expect_error<OptionError>([] { parse_layout("fast"); }, "layout", "'fused', 'loop'");
  }
}

TEST_CASE("invalid inputs and weights are typed errors", "[errors]") {
  const Config c = check::lecture_config();
  Model model(c);
  std::vector<float> x = check::lecture_batch();
  SECTION("wrong number of inputs") {
    x.pop_back();
    expect_error<InputError>([&] { model.forward(x); }, "inputs", "2 × 6 × 3 = 36");
  }
  SECTION("NaN and infinity") {
    x[4] = std::nanf("");
    expect_error<InputError>([&] { model.forward(x); }, "inputs",
                             "inputs[4] (batch 0, token 1) is NaN");
    x[4] = std::numeric_limits<float>::infinity();
    expect_error<InputError>([&] { model.forward(x); }, "inputs", "infinite");
  }
  SECTION("inputs so large that the scores overflow float32") {
    for (float& v : x) v *= 1e20f;
    expect_error<NumericalError>([&] { model.forward(x); }, "inputs", "overflowed float32");
  }
  SECTION("weights: wrong length, unknown key, missing key, NaN") {
    std::map<std::string, std::vector<float>> state;
    for (const auto& [name, t] : state_dict(c, model.weights())) state[name] = t.data;
    auto bad = state;
    bad["W_query.weight"].pop_back();
    expect_error<InputError>([&] { weights_from_state_dict(c, bad); }, "weights.W_query.weight",
                             "it must have 6 (shape 2×3");
    bad = state;
    bad["W_querry.weight"] = {1.0f};
    expect_error<InputError>([&] { weights_from_state_dict(c, bad); }, "weights",
                             "unexpected key 'W_querry.weight'");
    bad = state;
    bad.erase("out_proj.bias");
    expect_error<InputError>([&] { weights_from_state_dict(c, bad); }, "weights",
                             "missing 'out_proj.bias'");
    bad = state;
    bad["out_proj.bias"][0] = std::nanf("");
    expect_error<InputError>([&] { weights_from_state_dict(c, bad); }, "weights.out_proj.bias",
                             "finite");
  }
  SECTION("the model stays usable after an error") {
    x.pop_back();
    CHECK_THROWS_AS(model.forward(x), InputError);
    CHECK(model.forward(check::lecture_batch()).output.size() == 24);
  }
}
