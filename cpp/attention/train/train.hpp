// Training the language model: batches of random windows of the training text, the forward pass
// with attention dropout, next-token cross-entropy, the backward pass, and AdamW (as torch.optim
// .AdamW computes it) with a warm-up and a cosine decay of the learning rate. The work of one step
// is one unit per sequence of the batch, each with its own gradient buffer, summed in a fixed
// order: the result is the same, bit for bit, for any number of threads. Also the measurements:
// held-out loss, and the unigram and bigram baselines on exactly the same predictions.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "attention/fast/threads.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/training_options.hpp"

namespace attention {

// AdamW's state: the first and second moments, one value per parameter.
struct AdamW {
  LanguageModel first, second;
  long step = 0;
};
AdamW adamw_for(const LanguageModel& model);
// One update as torch.optim.AdamW computes it, in float32 and in its order: the decay shrinks the
// parameter first, p ← p·(1 − lr·decay) (matrices only), then p ← p − lr/(1 − β1ᵗ) · m / (√v/√(1 −
// β2ᵗ) + ε). tests/cpp/train/language_model.test.cpp checks three steps against PyTorch's.
void adamw_step(LanguageModel& model, const LanguageModel& grads, AdamW& state, double rate,
                const TrainingOptions& options);

// The learning rate of step s (0-based): linear warm-up, then cosine down to final_rate·peak.
double learning_rate_at(const TrainingOptions& options, int step);

struct TrainingStep {
  int step;     // 1-based
  double loss;  // the batch's mean cross-entropy (nats per token)
  double rate;  // the learning rate used
  long tokens;  // tokens seen so far
};

// Training a step at a time: each step() reads a batch, runs forward and backward and updates
// `model` in place. `ids` (model ids, at least context + 1 of them), `model` and `pool` must
// outlive the trainer; `pool` may be null (one thread). Throws InputError when the text is too
// short.
class Trainer {
 public:
  Trainer(LanguageModel& model, const std::vector<int>& ids, const TrainingOptions& options,
          ThreadPool* pool);
  TrainingStep step();  // throws OptionError("steps", ...) once all options.steps are done
  bool done() const { return step_ == options_.steps; }
  int steps_done() const { return step_; }

 private:
  LanguageModel& model_;
  const std::vector<int>& ids_;
  TrainingOptions options_;
  ThreadPool* pool_;
  std::mt19937_64 windows_rng_;
  std::vector<LanguageModel> grads_;  // one per sequence of the batch
  LanguageModel total_;
  AdamW adam_;
  std::vector<double> losses_;
  int step_ = 0;
  long tokens_ = 0;
};

// Trains `model` in place on `ids`: a Trainer's steps, `on_step` called after each.
void train_language_model(LanguageModel& model, const std::vector<int>& ids,
                          const TrainingOptions& options, ThreadPool* pool,
                          const std::function<void(const TrainingStep&)>& on_step);

// The held-out text in windows of `context` tokens, back to back: position t of a window predicts
// token t + 1 of the same window, so every token but each window's first is predicted once, from
// at most `context` tokens before it. Mean cross-entropy in nats per predicted token.
double heldout_loss(const LanguageModel& model, const std::vector<int>& ids, ThreadPool* pool);

// The same predictions by counting: a unigram model (add-one) and a bigram model (absolute
// discounting, D = 0.75, backing off to the unigram), both estimated on `train`.
struct Baselines {
  double unigram = 0.0, bigram = 0.0;  // nats per predicted token
};
Baselines baseline_losses(const std::vector<int>& train, const std::vector<int>& heldout,
                          int vocabulary, int context);

}  // namespace attention
