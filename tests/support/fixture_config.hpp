// A fixture case's Config: the options scripts/make_fixtures.py and make_gradient_fixtures.py
// write ("option module mha", "option d_in 3", ...), read into the core's Config.
#pragma once

#include <cstdint>

#include "attention/attention.hpp"
#include "fixture.hpp"

namespace fixture {

inline attention::Config config_of(const Case& fx) {
  attention::Config c;
  c.module = attention::parse_module(fx.option("module"));
  c.batch = fx.option_int("batch");
  c.tokens = fx.option_int("tokens");
  c.d_in = fx.option_int("d_in");
  c.d_out = fx.option_int("d_out");
  c.heads = fx.option_int("heads");
  c.qkv_bias = fx.option_int("qkv_bias") != 0;
  c.causal = fx.option_int("causal") != 0;
  c.dropout = fx.option_double("dropout");
  c.training = fx.option_int("training") != 0;
  c.seed = static_cast<std::uint32_t>(fx.option_int("seed"));
  return c;
}

}  // namespace fixture
