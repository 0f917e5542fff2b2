// Loading a state dict as PyTorch's load_state_dict does: the configuration is validated before
// anything is allocated from it, the constructor's random draws still happen (so dropout masks
// match PyTorch's), and then the given parameters replace the drawn ones.
#include <catch2/catch.hpp>
#include <map>
#include <new>
#include <string>
#include <vector>

#include "support/check.hpp"

using namespace attention;

namespace {

using StateDict = std::map<std::string, std::vector<float>>;

StateDict state_of(const Config& c, const Weights& w) {
  StateDict state;
  for (const auto& [name, tensor] : state_dict(c, w)) state[name] = tensor.data;
  return state;
}

// Model(c, state) throws E naming `option`, and allocates nothing from c before it does: an
// allocation from a configuration this large would be a std::bad_alloc (or worse) instead.
template <class E>
void refused_before_loading(const Config& c, const StateDict& state, const std::string& option) {
  try {
    Model model(c, state);
    FAIL("expected an error about " << option);
  } catch (const E& e) {
    INFO(e.what());
    CHECK(e.option() == option);
  } catch (const std::bad_alloc&) {
    FAIL("the weights were allocated from the configuration before it was validated");
  }
}

}  // namespace

TEST_CASE("Model(config, state) validates the config before loading the state dict", "[weights]") {
  SECTION("a config over the limits gives the limit's error, not a failed allocation") {
    // W_query, W_key and W_value would be 3 × 2^40 floats (12 TiB): validate refuses it.
    Config c = check::lecture_config();
    c.batch = 1;
    c.tokens = 1;
    c.d_in = 1 << 20;
    c.d_out = 1 << 20;
    c.heads = 1;
    c.trace = false;
    refused_before_loading<MemoryError>(c, {{"W_query.weight", {1.0f}}}, "dIn");
  }
  SECTION("an invalid config gives the option's error, not the state dict's") {
    // The state dict is wrong too (a missing key, a short tensor), but the config comes first.
    Config c = check::lecture_config();
    c.d_out = 3;  // two heads cannot split 3 columns
    refused_before_loading<OptionError>(c, {{"W_query.weight", {1.0f}}}, "heads");
  }
  SECTION("then the state dict is checked as weights_from_state_dict checks it") {
    const Config c = check::lecture_config();
    StateDict state = state_of(c, Model(c).weights());
    state.erase("out_proj.bias");
    try {
      Model model(c, state);
      FAIL("expected an error about the missing key");
    } catch (const InputError& e) {
      CHECK(e.option() == "weights");
      CHECK(std::string(e.what()).find("missing 'out_proj.bias'") != std::string::npos);
    }
  }
}

TEST_CASE("a loaded state dict replaces the drawn weights", "[weights]") {
  const Config c = check::lecture_config(Module::wrapper);
  StateDict state = state_of(c, Model(c).weights());
  for (auto& entry : state)
    for (float& v : entry.second) v = 0.5f * v + 0.25f;
  const Model model(c, state);
  CHECK(state_of(c, model.weights()) == state);
  // The same as loading the Weights first.
  const Model preloaded(c, weights_from_state_dict(c, state));
  CHECK(state_of(c, preloaded.weights()) == state);
}

TEST_CASE("loading a state dict keeps PyTorch's random stream for dropout", "[weights][dropout]") {
  // load_state_dict comes after the constructor, which has drawn its parameters: the dropout masks
  // come from the stream after those draws. A model loaded with its own seeded weights therefore
  // drops exactly what the seeded model drops, pass after pass.
  for (Module module : {Module::mha, Module::wrapper, Module::causal}) {
    Config c = check::lecture_config(module);
    c.qkv_bias = true;
    c.training = true;
    c.dropout = 0.5;
    DYNAMIC_SECTION(to_string(module)) {
      Model seeded(c);
      Model loaded(c, state_of(c, seeded.weights()));
      Model preloaded(c, weights_from_state_dict(c, state_of(c, seeded.weights())));
      for (int pass = 0; pass < 2; ++pass) {
        INFO("forward pass " << pass + 1);
        const Result expected = seeded.forward(check::lecture_batch());
        CHECK(loaded.forward(check::lecture_batch()).output.data == expected.output.data);
        CHECK(preloaded.forward(check::lecture_batch()).output.data == expected.output.data);
      }
    }
  }
}

TEST_CASE("Model(config, weights) refuses weights of other sizes", "[weights][errors]") {
  const Config c = check::lecture_config();
  Weights w = Model(c).weights();
  w.out_bias.push_back(0.0f);
  try {
    Model model(c, w);
    FAIL("expected an error about the weights' sizes");
  } catch (const InputError& e) {
    CHECK(e.option() == "weights");
    CHECK(std::string(e.what()).find("sizes") != std::string::npos);
  }
}
