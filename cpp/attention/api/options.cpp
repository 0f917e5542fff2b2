// The option table (see options.hpp): every option's description, in lecture order, beside the
// Config field it reads and writes. option_checks.cpp checks a caller's value against it.
#include "attention/api/options.hpp"

#include <cmath>
#include <optional>
#include <set>

#include "attention/api/errors.hpp"
#include "attention/api/option_fields.hpp"

namespace attention {
namespace {

using option_fields::Access;
using option_fields::field;

// One row: the public description plus its field.
struct Entry {
  OptionSpec spec;
  Access access;
};

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

// B, T, d_in, d_out, h: the sizes the lecture names.
std::vector<Entry> size_entries() {
  const char* inferred_rule =
      "with inputs, tokens and dIn follow from inputs.length = batch·tokens·dIn";
  return {
      {dimension(
           "batch", "the batch size B",
           "B: how many sequences go through together (the lecture stacks its sentence twice)"),
       field<&Config::batch>()},
      {inferred(
           dimension("tokens", "the number of tokens T",
                     "T: tokens per sequence; row i of the attention weights is token i's query",
                     inferred_rule)),
       field<&Config::tokens>()},
      {inferred(dimension("dIn", "the input embedding size d_in",
                          "d_in: the length of each token's embedding vector", inferred_rule)),
       field<&Config::d_in>()},
      {dimension(
           "dOut", "the output size d_out",
           "d_out: the width of queries, keys and values (MultiHeadAttention splits it into h "
           "heads of d_out / h; for the wrapper it is each head's width)"),
       field<&Config::d_out>()},
      {dimension("heads", "the number of heads h",
                 "h: attention heads side by side, each with its own queries, keys and values",
                 "for module 'mha' heads must divide dOut; every module but 'wrapper' and 'mha' "
                 "has exactly one head"),
       field<&Config::heads>()},
  };
}

// The projections' bias, the scaling and the mask.
std::vector<Entry> scoring_entries() {
  return {
      {boolean("qkvBias", "qkv_bias", "give W_query, W_key and W_value a bias (qkv_bias = True)"),
       field<&Config::qkv_bias>()},
      {with_module_defaults(
           boolean("scale", "scaling",
                   "divide the scores by √d_h before the softmax, so that long dot "
                   "products do not make it a one-hot row"),
           {{"simplified", OptionValue::of(false)}}),
       field<&Config::scale>()},
      {with_module_defaults(
           boolean("causal", "causal masking",
                   "hide the future: scores above the diagonal become −∞ before the softmax"),
           {{"simplified", OptionValue::of(false)},
            {"sa_v1", OptionValue::of(false)},
            {"sa_v2", OptionValue::of(false)}}),
       field<&Config::causal>()},
  };
}

// Dropout and the random streams it draws from.
std::vector<Entry> dropout_entries() {
  return {
      {range(
           "dropout", OptionType::number, "the dropout probability p",
           "p: the share of attention weights dropped in training; survivors are scaled by 1/(1−p)",
           0.0, 1.0, true, "p = 1 would drop every attention weight"),
       field<&Config::dropout>()},
      {boolean(
           "training", "training mode",
           "training mode: dropout acts (in evaluation mode the weights pass through unchanged)"),
       field<&Config::training>()},
      {range("seed", OptionType::integer, "the seed (as torch.manual_seed takes it)",
             "torch.manual_seed(seed): the same seed gives PyTorch's weights and dropout masks",
             0.0, 4294967295.0),
       field<&Config::seed>()},
      {optional(range("dropoutSeed", OptionType::integer, "the dropout seed",
                      "torch.manual_seed(dropoutSeed) right before the dropout draw, as the "
                      "notebook re-seeds before dropping the attention weights (unset: the stream "
                      "goes on from the weights' draws)",
                      0.0, 4294967295.0)),
       field<&Config::dropout_seed>()},
      {choice("dropoutRng", "the dropout generator",
              "whose random numbers dropout draws: PyTorch's default CPU kernel (cpu, the "
              "notebook's mask) or MKL's MCG31m1 (mkl: PyTorch builds with MKL on Intel CPUs)",
              {"cpu", "mkl"}),
       field<&Config::dropout_rng>()},
  };
}

// Which of the chapter's classes, and the variants the lecture compares.
std::vector<Entry> variant_entries() {
  return {
      {choice("module", "the module",
              "the chapter's class, in lecture order: attention without weights (simplified), "
              "SelfAttention_v1 (sa_v1), SelfAttention_v2 (sa_v2), CausalAttention (causal), "
              "MultiHeadAttentionWrapper (wrapper), MultiHeadAttention (mha)",
              {"simplified", "sa_v1", "sa_v2", "causal", "wrapper", "mha"}),
       field<&Config::module>()},
      {choice("masking", "the masking",
              "−∞ above the diagonal before the softmax (neg-inf), or the naive route: softmax, "
              "zero the future, renormalise (naive)",
              {"neg-inf", "naive"}),
       field<&Config::masking>()},
      {choice(
           "layout", "the layout",
           "one weight-split matmul for all heads (fused), or a loop over per-head modules (loop)",
           {"fused", "loop"}),
       field<&Config::layout>()},
      {boolean("forgottenTranspose", "the forgotten transpose",
               "also compute Q·Kᵀ on the (B,T,h,d_h) views, as if transpose(1, 2) were forgotten: "
               "(B,T,h,h) scores between heads instead of (B,h,T,T) between tokens (mha)"),
       field<&Config::forgotten_transpose>()},
  };
}

// What one pass keeps and how much it may take.
std::vector<Entry> limit_entries() {
  return {
      {boolean("trace", "trace",
               "keep every intermediate stage (false: only the output, on the blocked fast path)"),
       field<&Config::trace>()},
      {range(
           "maxTraceBytes", OptionType::number, "the memory limit for the (B,h,T,T) stages",
           "the most bytes the (B,h,T,T) stages of one forward pass may hold (Infinity: no limit)",
           0.0, INFINITY),
       field<&Config::max_trace_bytes>()},
      {range("maxFlops", OptionType::number, "the work limit",
             "the most floating-point operations one forward pass may take; raise it to run a "
             "larger model on purpose (Infinity: no limit)",
             1.0, INFINITY),
       field<&Config::max_flops>()},
  };
}

// The table, in the order the lecture introduces the options.
const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = [] {
    std::vector<Entry> all;
    for (auto group :
         {size_entries, scoring_entries, dropout_entries, variant_entries, limit_entries}) {
      std::vector<Entry> rows = group();
      all.insert(all.end(), rows.begin(), rows.end());
    }
    return all;
  }();
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

void set_option(Config& config, const OptionSpec& spec, const OptionValue& value) {
  check_option(spec, value);
  entry_of(spec).access.set(config, value);
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
      if (module == to_string(config.module)) e.access.set(config, value);
  }
  // Attention without weights has no d_out of its own: its vectors stay d_in wide.
  if (config.module == Module::simplified && !named.count("dOut")) config.d_out = config.d_in;
  return config;
}

std::optional<OptionValue> get_option(const Config& config, const OptionSpec& spec) {
  return entry_of(spec).access.get(config);
}

}  // namespace attention
