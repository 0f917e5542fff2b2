// The option table (see options.hpp) and the one place that checks a caller's value against it.
#include "attention/api/options.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "attention/api/errors.hpp"

namespace attention {
namespace {

// One row: the public description plus how to read and write its Config field.
struct Entry {
  OptionSpec spec;
  OptionValue (*get)(const Config&);
  void (*set)(Config&, const OptionValue&);  // after check_option: the value fits the field
};

OptionValue number(double v) {
  return OptionValue::of(v);
}
OptionValue flag(bool v) {
  return OptionValue::of(v);
}
OptionValue text(const char* v) {
  return OptionValue::of(std::string(v));
}

OptionSpec spec(const char* name, OptionType type, const char* meaning, const char* help) {
  OptionSpec s;
  s.name = name;
  s.type = type;
  s.meaning = meaning;
  s.help = help;
  return s;
}

OptionSpec dimension(const char* name, const char* meaning, const char* help,
                     const char* rule = "") {
  OptionSpec s = spec(name, OptionType::integer, meaning, help);
  s.min = 1;
  s.max = static_cast<double>(kMaxDimension);
  s.rule = rule;
  return s;
}

OptionSpec inferred(OptionSpec s) {
  s.inferred = true;
  return s;
}

OptionSpec boolean(const char* name, const char* meaning, const char* help) {
  return spec(name, OptionType::boolean, meaning, help);
}

OptionSpec choice(const char* name, const char* meaning, const char* help,
                  std::vector<std::string> choices) {
  OptionSpec s = spec(name, OptionType::choice, meaning, help);
  s.choices = std::move(choices);
  return s;
}

OptionSpec with_module_defaults(OptionSpec s, std::vector<std::pair<std::string, OptionValue>> d) {
  s.module_defaults = std::move(d);
  return s;
}

OptionSpec optional(OptionSpec s) {
  s.optional = true;
  return s;
}

OptionSpec range(const char* name, OptionType type, const char* meaning, const char* help,
                 double min, double max, bool max_exclusive = false, const char* note = "") {
  OptionSpec s = spec(name, type, meaning, help);
  s.min = min;
  s.max = max;
  s.max_exclusive = max_exclusive;
  s.note = note;
  return s;
}

const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = {
      {dimension(
           "batch", "the batch size B",
           "B: how many sequences go through together (the lecture stacks its sentence twice)"),
       [](const Config& c) { return number(c.batch); },
       [](Config& c, const OptionValue& v) { c.batch = static_cast<int>(v.number); }},
      {inferred(
           dimension("tokens", "the number of tokens T",
                     "T: tokens per sequence; row i of the attention weights is token i's query",
                     "with inputs, tokens and dIn follow from inputs.length = batch·tokens·dIn")),
       [](const Config& c) { return number(c.tokens); },
       [](Config& c, const OptionValue& v) { c.tokens = static_cast<int>(v.number); }},
      {inferred(
           dimension("dIn", "the input embedding size d_in",
                     "d_in: the length of each token's embedding vector",
                     "with inputs, tokens and dIn follow from inputs.length = batch·tokens·dIn")),
       [](const Config& c) { return number(c.d_in); },
       [](Config& c, const OptionValue& v) { c.d_in = static_cast<int>(v.number); }},
      {dimension(
           "dOut", "the output size d_out",
           "d_out: the width of queries, keys and values (MultiHeadAttention splits it into h "
           "heads of d_out / h; for the wrapper it is each head's width)"),
       [](const Config& c) { return number(c.d_out); },
       [](Config& c, const OptionValue& v) { c.d_out = static_cast<int>(v.number); }},
      {dimension("heads", "the number of heads h",
                 "h: attention heads side by side, each with its own queries, keys and values",
                 "for module 'mha' heads must divide dOut; every module but 'wrapper' and 'mha' "
                 "has exactly one head"),
       [](const Config& c) { return number(c.heads); },
       [](Config& c, const OptionValue& v) { c.heads = static_cast<int>(v.number); }},
      {boolean("qkvBias", "qkv_bias", "give W_query, W_key and W_value a bias (qkv_bias = True)"),
       [](const Config& c) { return flag(c.qkv_bias); },
       [](Config& c, const OptionValue& v) { c.qkv_bias = v.boolean; }},
      {with_module_defaults(
           boolean("scale", "scaling",
                   "divide the scores by √d_h before the softmax, so that long dot "
                   "products do not make it a one-hot row"),
           {{"simplified", OptionValue::of(false)}}),
       [](const Config& c) { return flag(c.scale); },
       [](Config& c, const OptionValue& v) { c.scale = v.boolean; }},
      {with_module_defaults(
           boolean("causal", "causal masking",
                   "hide the future: scores above the diagonal become −∞ before the softmax"),
           {{"simplified", OptionValue::of(false)},
            {"sa_v1", OptionValue::of(false)},
            {"sa_v2", OptionValue::of(false)}}),
       [](const Config& c) { return flag(c.causal); },
       [](Config& c, const OptionValue& v) { c.causal = v.boolean; }},
      {range(
           "dropout", OptionType::number, "the dropout probability p",
           "p: the share of attention weights dropped in training; survivors are scaled by 1/(1−p)",
           0.0, 1.0, true, "p = 1 would drop every attention weight"),
       [](const Config& c) { return number(c.dropout); },
       [](Config& c, const OptionValue& v) { c.dropout = v.number; }},
      {boolean(
           "training", "training mode",
           "training mode: dropout acts (in evaluation mode the weights pass through unchanged)"),
       [](const Config& c) { return flag(c.training); },
       [](Config& c, const OptionValue& v) { c.training = v.boolean; }},
      {range("seed", OptionType::integer, "the seed (as torch.manual_seed takes it)",
             "torch.manual_seed(seed): the same seed gives PyTorch's weights and dropout masks",
             0.0, 4294967295.0),
       [](const Config& c) { return number(c.seed); },
       [](Config& c, const OptionValue& v) { c.seed = static_cast<std::uint32_t>(v.number); }},
      {optional(range("dropoutSeed", OptionType::integer, "the dropout seed",
                      "torch.manual_seed(dropoutSeed) right before the dropout draw, as the "
                      "notebook re-seeds before dropping the attention weights (unset: the stream "
                      "goes on from the weights' draws)",
                      0.0, 4294967295.0)),
       [](const Config& c) {
         return c.dropout_seed ? number(*c.dropout_seed) : OptionValue::of_type("undefined");
       },
       [](Config& c, const OptionValue& v) {
         if (v.kind == OptionValue::Kind::number)
           c.dropout_seed = static_cast<std::uint32_t>(v.number);
         else
           c.dropout_seed.reset();
       }},
      {choice("dropoutRng", "the dropout generator",
              "whose random numbers dropout draws: PyTorch's default CPU kernel (cpu, the "
              "notebook's mask) or MKL's MCG31m1 (mkl: PyTorch builds with MKL on Intel CPUs)",
              {"cpu", "mkl"}),
       [](const Config& c) { return text(to_string(c.dropout_rng)); },
       [](Config& c, const OptionValue& v) { c.dropout_rng = parse_dropout_rng(v.text); }},
      {choice("module", "the module",
              "the chapter's class, in lecture order: attention without weights (simplified), "
              "SelfAttention_v1 (sa_v1), SelfAttention_v2 (sa_v2), CausalAttention (causal), "
              "MultiHeadAttentionWrapper (wrapper), MultiHeadAttention (mha)",
              {"simplified", "sa_v1", "sa_v2", "causal", "wrapper", "mha"}),
       [](const Config& c) { return text(to_string(c.module)); },
       [](Config& c, const OptionValue& v) { c.module = parse_module(v.text); }},
      {choice("masking", "the masking",
              "−∞ above the diagonal before the softmax (neg-inf), or the naive route: softmax, "
              "zero the future, renormalise (naive)",
              {"neg-inf", "naive"}),
       [](const Config& c) { return text(to_string(c.masking)); },
       [](Config& c, const OptionValue& v) { c.masking = parse_masking(v.text); }},
      {choice(
           "layout", "the layout",
           "one weight-split matmul for all heads (fused), or a loop over per-head modules (loop)",
           {"fused", "loop"}),
       [](const Config& c) { return text(to_string(c.layout)); },
       [](Config& c, const OptionValue& v) { c.layout = parse_layout(v.text); }},
      {boolean("forgottenTranspose", "the forgotten transpose",
               "also compute Q·Kᵀ on the (B,T,h,d_h) views, as if transpose(1, 2) were forgotten: "
               "(B,T,h,h) scores between heads instead of (B,h,T,T) between tokens (mha)"),
       [](const Config& c) { return flag(c.forgotten_transpose); },
       [](Config& c, const OptionValue& v) { c.forgotten_transpose = v.boolean; }},
      {boolean("trace", "trace",
               "keep every intermediate stage (false: only the output, on the blocked fast path)"),
       [](const Config& c) { return flag(c.trace); },
       [](Config& c, const OptionValue& v) { c.trace = v.boolean; }},
      {range(
           "maxTraceBytes", OptionType::number, "the memory limit for the (B,h,T,T) stages",
           "the most bytes the (B,h,T,T) stages of one forward pass may hold (Infinity: no limit)",
           0.0, INFINITY),
       [](const Config& c) { return number(c.max_trace_bytes); },
       [](Config& c, const OptionValue& v) { c.max_trace_bytes = v.number; }},
      {range("maxFlops", OptionType::number, "the work limit",
             "the most floating-point operations one forward pass may take; raise it to run a "
             "larger model on purpose (Infinity: no limit)",
             1.0, INFINITY),
       [](const Config& c) { return number(c.max_flops); },
       [](Config& c, const OptionValue& v) { c.max_flops = v.number; }},
  };
  return table;
}

const Entry& entry_of(const OptionSpec& spec) {
  for (const Entry& e : entries())
    if (&e.spec == &spec) return e;
  for (const Entry& e : entries())  // a copy of a spec: find it by name
    if (std::string(e.spec.name) == spec.name) return e;
  throw OptionError(spec.name, std::string("unknown option '") + spec.name + "'");
}

}  // namespace

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
  if (s.optional && v.kind == OptionValue::Kind::other && v.text == "undefined") return true;
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

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> out;
    for (const Entry& e : entries()) out.push_back(e.spec);
    return out;
  }();
  return specs;
}

const OptionSpec* find_option(const std::string& name) {
  for (const OptionSpec& s : option_specs())
    if (name == s.name) return &s;
  return nullptr;
}

void check_option(const OptionSpec& s, const OptionValue& v) {
  if (fits(s, v)) return;
  std::string message =
      std::string(s.name) + " = " + shown(v) + ": " + s.meaning + " must be " + allowed(s);
  if (*s.note) message += std::string(" (") + s.note + ")";
  throw OptionError(s.name, message);
}

void set_option(Config& config, const OptionSpec& spec, const OptionValue& value) {
  check_option(spec, value);
  entry_of(spec).set(config, value);
}

Config make_config(const std::vector<std::pair<std::string, OptionValue>>& given) {
  Config config;
  std::set<std::string> named;
  for (const auto& [name, value] : given) {
    const OptionSpec* spec = find_option(name);
    if (spec == nullptr) {
      std::string names;
      for (const OptionSpec& s : option_specs())
        names += (names.empty() ? "" : ", ") + std::string(s.name);
      throw OptionError(name, "unknown option '" + name + "'; the options are: " + names);
    }
    set_option(config, *spec, value);
    named.insert(name);
  }
  for (const Entry& e : entries()) {
    if (named.count(e.spec.name)) continue;
    for (const auto& [module, value] : e.spec.module_defaults)
      if (module == to_string(config.module)) e.set(config, value);
  }
  // Attention without weights has no d_out of its own: its vectors stay d_in wide.
  if (config.module == Module::simplified && !named.count("dOut")) config.d_out = config.d_in;
  return config;
}

OptionValue get_option(const Config& config, const OptionSpec& spec) {
  return entry_of(spec).get(config);
}

}  // namespace attention
