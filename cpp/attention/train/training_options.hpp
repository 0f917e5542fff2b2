// Training's options, and what is checked before a run allocates anything: each option's range,
// and the estimated work of one step and memory of the whole run against the caller's limits
// (maxFlops, maxBytes), so that a run too large is refused up front with a message saying what to
// change.
#pragma once

#include <cstdint>

#include "attention/train/language_model.hpp"

namespace attention {

struct TrainingOptions {
  int steps = 3000;
  int batch = 32;               // sequences of `context` tokens per step
  double learning_rate = 1e-2;  // the peak, after warm-up (docs/TRAINING.md: why not 3e-3)
  int warmup = 100;             // steps of linear warm-up
  double final_rate = 0.1;      // the cosine decay ends at this share of the peak
  double weight_decay = 0.1;    // AdamW's decoupled decay, matrices only
  double beta1 = 0.9, beta2 = 0.99, epsilon = 1e-8;
  double clip = 1.0;         // the gradient's global norm is clipped to this
  std::uint32_t seed = 123;  // which windows, and every dropout mask
  // Checked before a run allocates anything: the work of one step (forward, backward and AdamW;
  // abort and progress are checked between steps, so this is the longest the caller waits) and
  // the memory of the whole run (the model, AdamW's moments and one gradient per sequence).
  double max_flops = 1e11;                  // about ten seconds on one thread (as forward's)
  double max_bytes = 1024.0 * 1024 * 1024;  // 1 GiB
};

// Throws OptionError naming the first option out of range.
void validate(const TrainingOptions& options);

// Estimates, from the sizes alone: the floating-point operations of one training step (forward
// and backward of every sequence, the batch's gradient, AdamW), and the bytes of a whole run with
// `concurrent` sequences in flight (the model, the random model it started from, AdamW's two
// moments, the batch's gradient, the stored copy, one gradient per sequence, and each sequence's
// stages while it runs).
double training_step_flops(const LanguageModelConfig& model, const TrainingOptions& options);
double training_bytes(const LanguageModelConfig& model, const TrainingOptions& options,
                      int concurrent);
// Throws WorkError("maxFlops", ...) or MemoryError("maxBytes", ...) naming the estimate, the limit
// and what to change; called before a run allocates its model.
void check_training_limits(const LanguageModelConfig& model, const TrainingOptions& options,
                           int concurrent);

}  // namespace attention
