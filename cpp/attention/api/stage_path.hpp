// The stages of a stage-by-stage pass that have a fast twin, behind one interface, so that a
// forward pass chooses once, at its entry (Model::forward_stages), between the lecture's reference
// functions (reference/pipeline.hpp) and the kernels that speed them up (fast/fast_stages.cpp);
// every stage after that reads the same whichever was chosen. Both compute the same float32
// operations up to summation order: tests/cpp/fast/fast_stages.test.cpp checks each kernel
// against the reference of the same name. Private to the core's Model.
#pragma once

#include "attention/fast/fast_path.hpp"
#include "attention/reference/pipeline.hpp"
#include "attention/reference/weights.hpp"

namespace attention {

class StagePath {
 public:
  virtual ~StagePath() = default;
  // inputs (B,T,d_in) → queries, keys, values (B,T,D) each: every head at once (the weight split).
  virtual QueriesKeysValues project_qkv(const Tensor& inputs) const = 0;
  // queries, keys (B,h,T,d_h) → attention scores Q·Kᵀ (B,h,T,T).
  virtual Tensor attention_scores(const Tensor& queries, const Tensor& keys) const = 0;
  // masked scores (B,h,T,T) → attention weights: every row sums to 1.
  virtual Tensor softmax_rows(const Tensor& masked_scores) const = 0;
  // attention weights (B,h,T,T) · values (B,h,T,d_h) → context vectors (B,h,T,d_h).
  virtual Tensor weighted_values(const Tensor& weights, const Tensor& values) const = 0;
  // merged heads (B,T,D) → out_proj (B,T,D) (MultiHeadAttention only).
  virtual Tensor project_output(const Tensor& merged) const = 0;
};

// pipeline.hpp's functions on the model's weights: the lecture's definition, one thread.
class ReferencePath final : public StagePath {
 public:
  ReferencePath(const Weights& weights, int D) : weights_(weights), D_(D) {}
  QueriesKeysValues project_qkv(const Tensor& inputs) const override {
    return attention::project_qkv(inputs, weights_, 0, D_);
  }
  Tensor attention_scores(const Tensor& queries, const Tensor& keys) const override {
    return attention::attention_scores(queries, keys);
  }
  Tensor softmax_rows(const Tensor& masked_scores) const override {
    return attention::softmax_rows(masked_scores);
  }
  Tensor weighted_values(const Tensor& weights, const Tensor& values) const override {
    return attention::weighted_values(weights, values);
  }
  Tensor project_output(const Tensor& merged) const override {
    return attention::project_output(merged, weights_);
  }

 private:
  const Weights& weights_;
  int D_;
};

// fast_stages.cpp's kernels on every head's packed weights, on the model's threads.
class KernelPath final : public StagePath {
 public:
  // out: MultiHeadAttention's packed out_proj (unused by the other modules).
  KernelPath(const PackedQKV& qkv, const PackedOutput& out, const Workers& workers, int D)
      : qkv_(qkv), out_(out), workers_(workers), D_(D) {}
  QueriesKeysValues project_qkv(const Tensor& inputs) const override {
    return attention::project_qkv(inputs, qkv_, D_, workers_);
  }
  Tensor attention_scores(const Tensor& queries, const Tensor& keys) const override {
    return attention::attention_scores(queries, keys, workers_);
  }
  Tensor softmax_rows(const Tensor& masked_scores) const override {
    return attention::softmax_rows(masked_scores, workers_);
  }
  Tensor weighted_values(const Tensor& weights, const Tensor& values) const override {
    return attention::weighted_values(weights, values, workers_);
  }
  Tensor project_output(const Tensor& merged) const override {
    return attention::project_output(merged, out_, workers_);
  }

 private:
  const PackedQKV& qkv_;
  const PackedOutput& out_;
  const Workers& workers_;
  int D_;
};

}  // namespace attention
