// The parameters (see weights.hpp): one list of them in the reference constructor's order, which
// the PyTorch-like initialisation, state_dict and loading a state dict all walk.
#include "attention/reference/weights.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "attention/api/errors.hpp"

namespace attention {
namespace {

// nn.Linear.reset_parameters: kaiming_uniform_(a=√5) for the weight, uniform(±1/√fan_in) for the
// bias; the bounds are Python doubles, cast to float32 by uniform_.
void init_linear(TorchGenerator& rng, int out, int in, bool with_bias, float* weight, float* bias) {
  const double gain = std::sqrt(2.0 / (1.0 + 5.0));
  const double weight_bound = std::sqrt(3.0) * (gain / std::sqrt(static_cast<double>(in)));
  rng.uniform_fill(static_cast<float>(-weight_bound), static_cast<float>(weight_bound), weight,
                   std::size_t(out) * in);
  if (with_bias) {
    const double bias_bound = 1.0 / std::sqrt(static_cast<double>(in));
    rng.uniform_fill(static_cast<float>(-bias_bound), static_cast<float>(bias_bound), bias, out);
  }
}

// One entry of the state dict. Nothing in it is allocated: the wrapper with a million heads has
// three million of them, and initialising the weights walks them all.
struct Parameter {
  const char* field;  // "W_query.weight", ...: the name within its module
  int head;           // the wrapper's head (its name is "heads.<head>.<field>"), or -1
  int rows, cols;     // the shape as the state dict has it; cols = 0 for a bias (rows,)
  std::vector<float>* storage;
  std::size_t offset;  // into storage (head blocks of the wrapper)
  // SelfAttention_v1's nn.Parameter(torch.rand(d_in, d_out)), used as x @ W: stored transposed,
  // (d_out, d_in) like nn.Linear's weight, so that every module projects the same way.
  bool rand_transposed = false;

  std::string name() const {
    return head < 0 ? field : "heads." + std::to_string(head) + "." + field;
  }
  std::vector<int> shape() const {
    return cols ? std::vector<int>{rows, cols} : std::vector<int>{rows};
  }
  bool is_bias() const { return cols == 0; }
  std::size_t count() const { return std::size_t(rows) * std::size_t(cols ? cols : 1); }
};

// Element e of the parameter in state-dict order, in its storage.
float& element(const Parameter& p, std::size_t e) {
  if (!p.rand_transposed) return (*p.storage)[p.offset + e];
  const std::size_t rows = p.rows, cols = p.cols;  // (d_in, d_out)
  return (*p.storage)[p.offset + (e % cols) * rows + e / cols];
}

// The parameters in the reference constructor's order, pointing into `w`.
std::vector<Parameter> parameters(const Config& c, Weights& w) {
  const int D = c.width(), d_in = c.d_in;
  std::vector<Parameter> list;
  if (c.module == Module::simplified) return list;  // no trainable weights
  if (c.module == Module::sa_v1) {
    list.push_back({"W_query", -1, d_in, D, &w.query_weight, 0, true});
    list.push_back({"W_key", -1, d_in, D, &w.key_weight, 0, true});
    list.push_back({"W_value", -1, d_in, D, &w.value_weight, 0, true});
    return list;
  }
  const bool wrapper = c.module == Module::wrapper;
  list.reserve(std::size_t(wrapper ? c.heads : 1) * (c.qkv_bias ? 6 : 3) + 2);
  auto qkv = [&](int head, int rows) {
    const char* weight_names[] = {"W_query.weight", "W_key.weight", "W_value.weight"};
    const char* bias_names[] = {"W_query.bias", "W_key.bias", "W_value.bias"};
    std::vector<float>* weights[] = {&w.query_weight, &w.key_weight, &w.value_weight};
    std::vector<float>* biases[] = {&w.query_bias, &w.key_bias, &w.value_bias};
    const std::size_t block = std::size_t(head < 0 ? 0 : head) * rows;
    for (int m = 0; m < 3; ++m) {
      list.push_back({weight_names[m], head, rows, d_in, weights[m], block * d_in});
      if (c.qkv_bias) list.push_back({bias_names[m], head, rows, 0, biases[m], block});
    }
  };
  if (wrapper) {
    for (int h = 0; h < c.heads; ++h) qkv(h, c.d_out);
  } else {
    qkv(-1, D);
  }
  if (c.has_output_projection()) {
    list.push_back({"out_proj.weight", -1, D, D, &w.out_weight, 0});
    list.push_back({"out_proj.bias", -1, D, 0, &w.out_bias, 0});
  }
  return list;
}

// The length of each vector of Weights: the one place the stored layout's sizes are written.
struct WeightSizes {
  std::size_t qkv_weight, qkv_bias, out_weight, out_bias;
};

WeightSizes weight_sizes(const Config& c) {
  const std::size_t D = c.width(), d_in = c.d_in;
  const bool out = c.has_output_projection();
  if (c.module == Module::simplified) return {0, 0, 0, 0};
  return {D * d_in, c.qkv_bias ? D : 0, out ? D * D : 0, out ? D : 0};
}

Weights allocate_weights(const Config& c) {
  const WeightSizes n = weight_sizes(c);
  Weights w;
  w.query_weight.resize(n.qkv_weight);
  w.key_weight.resize(n.qkv_weight);
  w.value_weight.resize(n.qkv_weight);
  w.query_bias.resize(n.qkv_bias);
  w.key_bias.resize(n.qkv_bias);
  w.value_bias.resize(n.qkv_bias);
  w.out_weight.resize(n.out_weight);
  w.out_bias.resize(n.out_bias);
  return w;
}

}  // namespace

std::vector<std::pair<std::string, std::vector<int>>> parameter_shapes(const Config& c) {
  Weights none;  // parameters() only records where each would live; nothing is read or allocated
  std::vector<std::pair<std::string, std::vector<int>>> out;
  for (const Parameter& p : parameters(c, none)) out.emplace_back(p.name(), p.shape());
  return out;
}

Weights init_weights_like_torch(const Config& c, TorchGenerator& rng) {
  Weights w = allocate_weights(c);
  std::vector<Parameter> list = parameters(c, w);
  // Parameters come in (weight, bias) pairs per nn.Linear; biases follow their weight.
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Parameter& p = list[i];
    if (p.rand_transposed) {  // torch.rand(d_in, d_out): uniform in [0, 1), row-major
      for (std::size_t e = 0; e < p.count(); ++e) element(p, e) = rng.uniform(0.0f, 1.0f);
      continue;
    }
    const bool has_bias = i + 1 < list.size() && list[i + 1].is_bias();
    const Parameter* bias = has_bias ? &list[i + 1] : nullptr;
    init_linear(rng, p.rows, p.cols, has_bias, p.storage->data() + p.offset,
                has_bias ? bias->storage->data() + bias->offset : nullptr);
    if (has_bias) ++i;
  }
  return w;
}

std::vector<std::pair<std::string, Tensor>> state_dict(const Config& c, const Weights& weights) {
  Weights copy = weights;
  std::vector<std::pair<std::string, Tensor>> out;
  for (const Parameter& p : parameters(c, copy)) {
    Tensor t(p.shape());
    for (std::size_t e = 0; e < t.size(); ++e) t.data[e] = element(p, e);
    out.emplace_back(p.name(), std::move(t));
  }
  return out;
}

Weights weights_from_state_dict(const Config& c,
                                const std::map<std::string, std::vector<float>>& state) {
  Weights w = allocate_weights(c);
  std::vector<Parameter> list = parameters(c, w);
  // A set, not a scan per key: the wrapper with thousands of heads has thousands of keys.
  std::set<std::string> names;
  for (const Parameter& p : list) names.insert(p.name());
  std::string expected;
  for (std::size_t i = 0; i < list.size() && i < 8; ++i)
    expected += (i ? ", " : "") + list[i].name();
  if (list.size() > 8) expected += ", … (" + std::to_string(list.size()) + " keys)";
  for (const auto& entry : state) {
    if (names.count(entry.first) == 0) {
      throw InputError("weights", "weights has an unexpected key '" + entry.first +
                                      "'; for this module the keys are: " + expected);
    }
  }
  for (const Parameter& p : list) {
    const std::string name = p.name();
    auto found = state.find(name);
    if (found == state.end()) {
      throw InputError("weights", "weights is missing '" + name +
                                      "'; for this module the keys are: " + expected);
    }
    const std::size_t n = p.count();
    if (found->second.size() != n) {
      std::string shape;
      for (int d : p.shape()) shape += (shape.empty() ? "" : "×") + std::to_string(d);
      throw InputError("weights." + name, "weights['" + name + "'] has " +
                                              std::to_string(found->second.size()) +
                                              " values; it must have " + std::to_string(n) +
                                              " (shape " + shape + ", row-major as in PyTorch)");
    }
    for (std::size_t e = 0; e < n; ++e) {
      if (!std::isfinite(found->second[e])) {
        throw InputError("weights." + name, "weights['" + name + "'][" + std::to_string(e) +
                                                "] is not a finite number; weights must be finite");
      }
    }
    for (std::size_t e = 0; e < n; ++e) element(p, e) = found->second[e];
  }
  return w;
}

void check_weight_sizes(const Config& c, const Weights& w) {
  const WeightSizes n = weight_sizes(c);
  const bool fits = w.query_weight.size() == n.qkv_weight && w.key_weight.size() == n.qkv_weight &&
                    w.value_weight.size() == n.qkv_weight && w.query_bias.size() == n.qkv_bias &&
                    w.key_bias.size() == n.qkv_bias && w.value_bias.size() == n.qkv_bias &&
                    w.out_weight.size() == n.out_weight && w.out_bias.size() == n.out_bias;
  if (!fits) {
    throw InputError("weights", "the weights do not have the sizes this configuration needs");
  }
}

}  // namespace attention
