// An attention module with its weights and its random stream: the C++ twin of the chapter's
// classes, from attention without trainable weights through SelfAttention_v1 and _v2 to
// CausalAttention, MultiHeadAttentionWrapper and MultiHeadAttention.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "attention/api/config.hpp"
#include "attention/api/stages.hpp"
#include "attention/api/tensor.hpp"
#include "attention/fast/threads.hpp"
#include "attention/reference/torch_rng.hpp"
#include "attention/reference/weights.hpp"

namespace attention {

class StagePath;  // the functions that compute the stages (stage_path.hpp)

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
  // validate(config) (throws its errors), torch.manual_seed(config.seed), then the reference
  // constructor, which draws the parameters.
  explicit Model(const Config& config);
  // As above, then load_state_dict(state): the random stream still advances past the
  // constructor's draws, so dropout masks match PyTorch's for the same seed. The config is
  // validated before anything is allocated from it; then the state dict is checked as
  // weights_from_state_dict does.
  Model(const Config& config, const std::map<std::string, std::vector<float>>& state);
  // As above with weights already loaded (weights_from_state_dict, which needs a valid config);
  // throws InputError when their sizes do not fit the config.
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
  // The stage-by-stage path of the fused layout runs its matrix products and softmax on the same
  // kernels and threads (fast_stages.cpp); the loop layout and the notebook's single-head classes
  // keep the reference functions of pipeline.hpp.
  bool uses_fast_path() const;
  // Heads whose projections are computed together on the fast path: all of them (within a memory
  // budget) for the fused layout, one for the loop layout.
  int heads_per_group() const;

  ~Model();
  Model(Model&&) noexcept;

 private:
  struct FastPath;  // packed weights and scratch buffers, built on first use
  Tensor forward_fast(const float* inputs);
  struct PackedStages;  // every head's packed weights for the fused stage-by-stage pass
  const PackedStages& packed_stages();

  // The stage-by-stage pass: picks the functions that compute the stages (the reference or the
  // kernels) once, then runs the module's layout with them.
  bool uses_stage_kernels() const;
  Result forward_stages(const Tensor& inputs);
  Result forward_fused(const Tensor& inputs, const StagePath& path);
  Result forward_loop(const Tensor& inputs, const StagePath& path);
  Result forward_self_attention(const Tensor& inputs, const StagePath& path);
  Tensor draw_keep_mask();

  Config config_;
  TorchGenerator rng_;
  Weights weights_;
  std::shared_ptr<ThreadPool> pool_;
  std::unique_ptr<FastPath> fast_;
  std::unique_ptr<PackedStages> stages_;
};

// The output of one forward pass (a convenience for tests and the CLI).
Result forward(const Config& config, const std::vector<float>& inputs);

}  // namespace attention
