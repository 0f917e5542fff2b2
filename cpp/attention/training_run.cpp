// A whole training run (see training_run.hpp).
#include "training_run.hpp"

#include <cstdio>
#include <utility>

#include "errors.hpp"

namespace attention {
namespace {

std::string fixed(double v, int digits = 6) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, v);
  return buffer;
}

std::string shares_text(const std::vector<double>& shares) {
  std::string out;
  for (double s : shares) out += (out.empty() ? "" : " ") + fixed(s, 6);
  return out;
}

double kept_share(const std::vector<int>& ids, int other) {
  long kept = 0;
  for (int id : ids) kept += id != other;
  return ids.empty() ? 0.0 : double(kept) / double(ids.size());
}

// The vocabulary cut first: the model's V is the cut's (a text may use fewer tokens than asked).
LanguageModelConfig with_vocabulary(LanguageModelConfig config, const Vocabulary& vocabulary) {
  config.vocabulary = vocabulary.size();
  return config;
}

}  // namespace

TrainingRun::TrainingRun(CorpusTokens train, CorpusTokens heldout, LanguageModelConfig model,
                         TrainingOptions training, ThreadPool* pool, std::string corpus)
    : train_(std::move(train)),
      heldout_(std::move(heldout)),
      options_(training),
      pool_(pool),
      corpus_(std::move(corpus)) {
  validate(model);
  validate(options_);
  if (heldout_.size() < 3)
    throw InputError("heldout", "the held-out text has " + std::to_string(heldout_.size()) +
                                    " tokens; at least 3 are needed to measure the model");
  vocabulary_ = most_frequent(train_, model.vocabulary);
  train_ids_ = vocabulary_.model_ids(train_.gpt2);
  heldout_ids_ = vocabulary_.model_ids(heldout_.gpt2);
  // The work of a step and the memory of the run, before the model and its copies are allocated.
  check_training_limits(with_vocabulary(model, vocabulary_), options_,
                        pool_ == nullptr ? 1 : pool_->size());
  model_ = init_language_model(with_vocabulary(model, vocabulary_));
  random_model_ = model_;
  trainer_ = std::make_unique<Trainer>(model_, train_ids_, options_, pool_);
}

double TrainingRun::coverage() const {
  return kept_share(train_ids_, vocabulary_.other());
}

FinishedTraining TrainingRun::finish(Quantisation quantisation) const {
  if (!done())
    throw OptionError("steps", "the run has done " + std::to_string(steps_done()) + " of " +
                                   std::to_string(options_.steps) + " steps");
  const bool float32 = quantisation == Quantisation::float32;
  FinishedTraining out;
  TrainingReport& r = out.report;
  const LanguageModel stored = float32 ? model_ : quantised(model_);
  r.heldout_float32 = heldout_loss(model_, heldout_ids_, pool_);
  r.heldout = float32 ? r.heldout_float32 : heldout_loss(stored, heldout_ids_, pool_);
  r.heldout_untrained = heldout_loss(random_model_, heldout_ids_, pool_);
  r.baselines = baseline_losses(train_ids_, heldout_ids_, config().vocabulary, config().context);
  r.roles = measure_head_roles(stored, heldout_ids_, heldout_.classes, pool_);
  r.random_roles = measure_head_roles(random_model_, heldout_ids_, heldout_.classes, pool_);

  out.trained = TrainedModel{stored, vocabulary_, {}};
  auto fact = [&](const std::string& k, const std::string& v) {
    out.trained.facts.emplace_back(k, v);
  };
  fact("model",
       "token and position embeddings, one causal MultiHeadAttention block with a "
       "shortcut, out_head (docs/TRAINING.md)");
  fact("corpus", corpus_);
  fact("tokens.train", std::to_string(train_ids_.size()));
  fact("tokens.heldout", std::to_string(heldout_ids_.size()));
  fact("vocabulary.coverage.train", fixed(coverage()));
  fact("vocabulary.coverage.heldout", fixed(kept_share(heldout_ids_, vocabulary_.other())));
  fact("parameters", std::to_string(parameters()));
  fact("training.steps", std::to_string(options_.steps));
  fact("training.batch", std::to_string(options_.batch));
  fact("training.learningRate", fixed(options_.learning_rate, 6));
  fact("training.dropout", fixed(config().dropout, 3));
  fact("training.seed", std::to_string(options_.seed));
  fact("quantisation", float32 ? "float32" : "int8 per row (matrices), float32 (biases)");
  fact("loss.heldout", fixed(r.heldout));
  fact("loss.heldout.float32", fixed(r.heldout_float32));
  fact("loss.heldout.random", fixed(r.heldout_untrained));
  fact("loss.unigram", fixed(r.baselines.unigram));
  fact("loss.bigram", fixed(r.baselines.bigram));
  std::string names, queries;
  for (int k = 0; k < kHeadRoles; ++k) {
    names += (k ? " " : "") + std::string(role_name(HeadRole(k)));
    queries += (k ? " " : "") + std::to_string(r.roles.queries[k]);
  }
  fact("roles", names);
  fact("roles.queries", queries);
  for (int h = 0; h < config().heads; ++h)
    fact("roles.trained." + std::to_string(h), shares_text(r.roles.shares[h]));
  for (int h = 0; h < config().heads; ++h)
    fact("roles.random." + std::to_string(h), shares_text(r.random_roles.shares[h]));
  out.file = write_model_file(out.trained, quantisation);
  return out;
}

}  // namespace attention
