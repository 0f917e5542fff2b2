// A causal multi-head attention module with its weights and its random stream: the C++ twin of the
// lecture's CausalAttention, MultiHeadAttentionWrapper and MultiHeadAttention classes.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "config.hpp"
#include "stages.hpp"
#include "tensor.hpp"
#include "threads.hpp"
#include "torch_rng.hpp"

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

// The parameters under their PyTorch state_dict names and shapes ("W_query.weight", "heads.1.W_key.bias", ...).
std::vector<std::pair<std::string, Tensor>> state_dict(const Config& config, const Weights& weights);

// The inverse: every expected key must be present with the right length and finite values, and no
// other key is accepted (throws InputError naming the key).
Weights weights_from_state_dict(const Config& config,
                                const std::map<std::string, std::vector<float>>& state);

// Every stage of one forward pass, in lecture order.
struct Trace {
  std::vector<std::pair<Stage, Tensor>> stages;
  const Tensor* find(Stage s) const;
  void add(Stage s, Tensor t) { stages.emplace_back(s, std::move(t)); }
};

struct Result {
  Tensor output;  // (B,T,D)
  Trace trace;    // empty when config.trace is false
};

class Model {
 public:
  // torch.manual_seed(config.seed), then the reference constructor.
  explicit Model(const Config& config);
  // As above, then load_state_dict(weights): the random stream still advances past the
  // constructor's draws, so dropout masks match PyTorch's for the same seed.
  Model(const Config& config, Weights weights);

  // inputs: (B,T,d_in) row-major, B·T·d_in finite floats.
  Result forward(const float* inputs, std::size_t count);
  Result forward(const std::vector<float>& inputs) { return forward(inputs.data(), inputs.size()); }

  const Config& config() const { return config_; }
  const Weights& weights() const { return weights_; }

  // Threads for the fast path (none: run on the calling thread).
  void set_thread_pool(std::shared_ptr<ThreadPool> pool) { pool_ = std::move(pool); }

  // The fast path serves forward passes without a trace, except dropout in training mode and the
  // naive mask, which take the stage-by-stage path: blocked, SIMD, multi-threaded, O(T) memory.
  bool uses_fast_path() const;
  // Heads whose projections are computed together on the fast path: all of them (within a memory
  // budget) for the fused layout, one for the loop layout.
  int heads_per_group() const;

  ~Model();
  Model(Model&&) noexcept;

 private:
  struct FastPath;  // packed weights and scratch buffers, built on first use
  Tensor forward_fast(const float* inputs);

  Result forward_fused(const Tensor& inputs);
  Result forward_loop(const Tensor& inputs);
  Tensor draw_keep_mask();
  Tensor attend(const Tensor& query_heads, const Tensor& key_heads, const Tensor& keep,
                Trace* trace, Tensor* weights_out);

  Config config_;
  TorchGenerator rng_;
  Weights weights_;
  std::shared_ptr<ThreadPool> pool_;
  std::unique_ptr<FastPath> fast_;
};

// The output of one forward pass (a convenience for tests and the CLI).
Result forward(const Config& config, const std::vector<float>& inputs);

}  // namespace attention
