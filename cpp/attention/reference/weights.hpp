// The learned parameters of the chapter's classes: drawn as PyTorch draws them (nn.Linear, or
// torch.rand for SelfAttention_v1),
// listed under their state_dict names, and loaded back from a state dict. Every function here
// allocates from the configuration, so it must have passed validate() (Model's constructors do that
// first).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/tensor.hpp"
#include "attention/reference/torch_rng.hpp"

namespace attention {

// The learned parameters, stored for the fused layout: the wrapper's per-head matrices are stacked
// row block after row block, so head i owns rows [i·d_h, (i+1)·d_h) of each projection.
struct Weights {
  std::vector<float> query_weight, key_weight, value_weight;  // (D, d_in) each
  std::vector<float> query_bias, key_bias, value_bias;        // (D) each, empty without qkv_bias
  std::vector<float> out_weight, out_bias;                    // (D, D) and (D), mha only
};

// torch.manual_seed(seed) has been called on `rng`; draw the parameters in the reference
// constructor's order (nn.Linear: weight, then bias, uniform in ±1/√fan_in).
Weights init_weights_like_torch(const Config& config, TorchGenerator& rng);

// The parameters under their PyTorch state_dict names and shapes ("W_query.weight",
// "heads.1.W_key.bias", ...), in the reference constructor's order.
std::vector<std::pair<std::string, Tensor>> state_dict(const Config& config,
                                                       const Weights& weights);

// The inverse: every expected key must be present with the right length and finite values, and no
// other key is accepted (throws InputError naming the key).
Weights weights_from_state_dict(const Config& config,
                                const std::map<std::string, std::vector<float>>& state);

// The state dict's names and shapes, without allocating anything: for any size, GPT-3's included.
std::vector<std::pair<std::string, std::vector<int>>> parameter_shapes(const Config& config);

// Throws InputError unless every vector of `weights` has the length `config` needs.
void check_weight_sizes(const Config& config, const Weights& weights);

}  // namespace attention
