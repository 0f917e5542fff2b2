// Training and measuring the language model (see train.hpp).
#include "attention/train/train.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "attention/api/errors.hpp"
#include "attention/reference/pipeline.hpp"
#include "attention/reference/torch_rng.hpp"

namespace attention {
namespace {

// π, spelled out: M_PI is POSIX, not standard C++, and strict builds may not define it.
constexpr double kPi = 3.14159265358979323846;

// fn(unit, worker) for units [0, n), on the pool's threads when there is one. Which thread runs a
// unit never changes what the unit computes.
void for_each_unit(ThreadPool* pool, int n, const std::function<void(int, int)>& fn) {
  if (pool != nullptr && !pool->stopped() && pool->size() > 1 && n > 1) {
    pool->parallel_for(n, fn);
  } else {
    for (int u = 0; u < n; ++u) fn(u, 0);
  }
}

// The windows of heldout_loss and the baselines: [start, end) back to back.
std::vector<std::pair<std::size_t, std::size_t>> windows(std::size_t n, int context) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t s = 0; s + 1 < n; s += context) out.emplace_back(s, std::min(n, s + context));
  return out;
}

}  // namespace

AdamW adamw_for(const LanguageModel& model) {
  return {zeros_like(model), zeros_like(model), 0};
}

void adamw_step(LanguageModel& model, const LanguageModel& grads, AdamW& state, double rate,
                const TrainingOptions& o) {
  ++state.step;
  // Early moments average over fewer steps than the betas assume: the corrections divide that out.
  const double correction1 = 1.0 - std::pow(o.beta1, static_cast<double>(state.step));
  const double correction2 = 1.0 - std::pow(o.beta2, static_cast<double>(state.step));
  // torch.optim.AdamW's float32 operations, in its order (_single_tensor_adamw), each scalar
  // rounded to float32 as PyTorch rounds a Python number it multiplies a float tensor with.
  const float b1 = static_cast<float>(o.beta1), b2 = static_cast<float>(o.beta2);
  const float one_minus_b1 = static_cast<float>(1.0 - o.beta1);
  const float one_minus_b2 = static_cast<float>(1.0 - o.beta2);
  const float root_correction2 = static_cast<float>(std::sqrt(correction2));
  const float epsilon = static_cast<float>(o.epsilon);
  const float minus_step_size = static_cast<float>(-(rate / correction1));
  LanguageModel& g = const_cast<LanguageModel&>(grads);  // parameters() only points into it
  std::vector<NamedParameter> p = parameters(model), dp = parameters(g);
  std::vector<NamedParameter> m = parameters(state.first), v = parameters(state.second);
  for (std::size_t k = 0; k < p.size(); ++k) {
    // Decoupled weight decay: shrink the parameter itself, not its gradient (matrices only).
    const float decay = static_cast<float>(1.0 - rate * (p[k].decays ? o.weight_decay : 0.0));
    float* x = p[k].values->data();
    const float* dx = dp[k].values->data();
    float* m1 = m[k].values->data();
    float* m2 = v[k].values->data();
    for (std::size_t e = 0; e < p[k].values->size(); ++e) {
      x[e] *= decay;
      m1[e] = m1[e] * b1 + dx[e] * one_minus_b1;          // the mean of recent gradients
      m2[e] = m2[e] * b2 + one_minus_b2 * dx[e] * dx[e];  // ... and of their squares
      // Each parameter moves by about the learning rate, whatever its gradient's scale.
      const float denominator = std::sqrt(m2[e]) / root_correction2 + epsilon;
      x[e] += minus_step_size * (m1[e] / denominator);
    }
  }
}

double learning_rate_at(const TrainingOptions& o, int step) {
  if (step < o.warmup) return o.learning_rate * (step + 1) / o.warmup;
  const double progress =
      o.steps > o.warmup ? double(step - o.warmup) / double(o.steps - o.warmup) : 1.0;
  const double cosine = 0.5 * (1.0 + std::cos(kPi * std::min(1.0, progress)));
  return o.learning_rate * (o.final_rate + (1.0 - o.final_rate) * cosine);
}

Trainer::Trainer(LanguageModel& model, const std::vector<int>& ids, const TrainingOptions& o,
                 ThreadPool* pool)
    : model_(model),
      ids_(ids),
      options_(o),
      pool_(pool),
      // Which windows each step reads; see step().
      windows_rng_(o.seed),
      adam_(adamw_for(model)) {
  validate(o);
  check_training_limits(model.config, o, pool == nullptr ? 1 : pool->size());
  const int C = model.config.context;
  if (ids.size() < std::size_t(C) + 1) {
    throw InputError("corpus", "the training text has " + std::to_string(ids.size()) +
                                   " tokens; at least context + 1 = " + std::to_string(C + 1) +
                                   " are needed");
  }
  grads_.assign(o.batch, zeros_like(model));
  total_ = zeros_like(model);
  losses_.assign(o.batch, 0.0);
}

TrainingStep Trainer::step() {
  if (done())
    throw OptionError("steps", "all " + std::to_string(options_.steps) + " steps are done");
  const TrainingOptions& o = options_;
  const LanguageModelConfig& lm = model_.config;
  const int C = lm.context, B = o.batch, step = step_;
  LanguageModel& model = model_;
  const std::vector<int>& ids = ids_;
  // A window starts anywhere a next token follows its last. The modulo, not
  // std::uniform_int_distribution, whose draws differ between standard libraries.
  const std::uint64_t starts_possible = ids.size() - C;
  std::vector<std::size_t> starts(B);
  for (std::size_t& s : starts) s = static_cast<std::size_t>(windows_rng_() % starts_possible);
  // 1. Forward and backward, one unit per sequence, each into its own gradient buffer.
  for_each_unit(pool_, B, [&](int b, int) {
    const std::vector<int> window(ids.begin() + starts[b], ids.begin() + starts[b] + C);
    const std::vector<int> targets(ids.begin() + starts[b] + 1, ids.begin() + starts[b] + C + 1);
    // This sequence's dropout mask: its own torch stream, seeded from (seed, step, sequence).
    const std::uint32_t sequence = std::uint32_t(step) * std::uint32_t(B) + std::uint32_t(b) + 1;
    TorchGenerator dropout_rng(o.seed ^ (0x9E3779B9u * sequence));
    const Tensor keep =
        draw_dropout_mask(dropout_rng, 1, lm.heads, C, lm.dropout, DropOrder::batch_head);
    const LanguageModelForward f = language_model_forward(model, window, &keep);
    Tensor d_logits;
    // The batch's mean over B·C predictions: each sequence's share of the gradient is 1/(B·C).
    losses_[b] = cross_entropy(f.logits, targets, 1.0f / float(B * C), &d_logits);
    for (const NamedParameter& p : parameters(grads_[b]))
      std::fill(p.values->begin(), p.values->end(), 0.0f);
    language_model_backward(model, f, d_logits, grads_[b]);
  });
  // 2. The batch's gradient: the sequences' gradients added in order 0, 1, … B − 1, in parallel
  // over blocks of parameters (the order within each sum never depends on the threads).
  std::vector<NamedParameter> sum = parameters(total_);
  std::vector<std::vector<NamedParameter>> parts(B);
  for (int b = 0; b < B; ++b) parts[b] = parameters(grads_[b]);
  constexpr std::size_t kBlock = 16384;
  std::vector<std::pair<std::size_t, std::size_t>> blocks;  // (parameter, first element)
  for (std::size_t k = 0; k < sum.size(); ++k)
    for (std::size_t e = 0; e < sum[k].values->size(); e += kBlock) blocks.emplace_back(k, e);
  std::vector<double> squares(blocks.size());
  for_each_unit(pool_, static_cast<int>(blocks.size()), [&](int unit, int) {
    const auto [k, first] = blocks[unit];
    const std::size_t last = std::min(sum[k].values->size(), first + kBlock);
    float* out = sum[k].values->data();
    double square = 0.0;
    for (std::size_t e = first; e < last; ++e) {
      float s = 0.0f;
      for (int b = 0; b < B; ++b) s += (*parts[b][k].values)[e];
      out[e] = s;
      square += double(s) * s;
    }
    squares[unit] = square;
  });
  // 3. Clip the global norm (one large step from an unlucky batch would undo many good ones).
  double norm = 0.0;
  for (double s : squares) norm += s;
  norm = std::sqrt(norm);
  if (norm > o.clip) {
    const float shrink = static_cast<float>(o.clip / norm);
    for (const NamedParameter& p : sum)
      for (float& x : *p.values) x *= shrink;
  }
  // 4. AdamW.
  const double rate = learning_rate_at(o, step);
  adamw_step(model, total_, adam_, rate, o);
  double loss = 0.0;
  for (double l : losses_) loss += l;
  tokens_ += long(B) * C;
  ++step_;
  return {step_, loss / (double(B) * C), rate, tokens_};
}

void train_language_model(LanguageModel& model, const std::vector<int>& ids,
                          const TrainingOptions& o, ThreadPool* pool,
                          const std::function<void(const TrainingStep&)>& on_step) {
  Trainer trainer(model, ids, o, pool);
  while (!trainer.done()) {
    const TrainingStep s = trainer.step();
    if (on_step) on_step(s);
  }
}

double heldout_loss(const LanguageModel& model, const std::vector<int>& ids, ThreadPool* pool) {
  const auto spans = windows(ids.size(), model.config.context);
  std::vector<double> loss(spans.size());
  std::vector<long> count(spans.size());
  for_each_unit(pool, static_cast<int>(spans.size()), [&](int w, int) {
    const auto [first, last] = spans[w];
    const std::vector<int> window(ids.begin() + first, ids.begin() + last);
    std::vector<int> targets(window.size(), -1);
    for (std::size_t t = 0; t + 1 < window.size(); ++t) targets[t] = window[t + 1];
    const LanguageModelForward f = language_model_forward(model, window);
    loss[w] = cross_entropy(f.logits, targets, 1.0f, nullptr);
    count[w] = static_cast<long>(window.size()) - 1;
  });
  double total = 0.0;
  long n = 0;
  for (std::size_t w = 0; w < spans.size(); ++w) {
    total += loss[w];
    n += count[w];
  }
  return total / double(n);
}

Baselines baseline_losses(const std::vector<int>& train, const std::vector<int>& heldout, int V,
                          int context) {
  // Counts from the training text.
  std::vector<double> unigram(V, 0.0);
  for (int id : train) unigram[id] += 1.0;
  std::vector<std::vector<std::pair<int, double>>> following(V);  // sparse bigram counts
  {
    std::vector<std::vector<int>> next(V);
    for (std::size_t i = 0; i + 1 < train.size(); ++i) next[train[i]].push_back(train[i + 1]);
    for (int v = 0; v < V; ++v) {
      std::sort(next[v].begin(), next[v].end());
      for (std::size_t i = 0; i < next[v].size();) {
        std::size_t j = i;
        while (j < next[v].size() && next[v][j] == next[v][i]) ++j;
        following[v].emplace_back(next[v][i], double(j - i));
        i = j;
      }
    }
  }
  const double N = static_cast<double>(train.size());
  auto p_unigram = [&](int w) { return (unigram[w] + 1.0) / (N + V); };  // add-one
  constexpr double D = 0.75;
  std::vector<double> followers(V, 0.0);  // how often each token has a next token
  for (int v = 0; v < V; ++v)
    for (const auto& [_, c] : following[v]) followers[v] += c;
  auto p_bigram = [&](int v, int w) {
    const auto& row = following[v];
    const double total = followers[v];
    if (total == 0.0) return p_unigram(w);
    auto it = std::lower_bound(row.begin(), row.end(), std::make_pair(w, 0.0),
                               [](const auto& a, const auto& b) { return a.first < b.first; });
    const double c = it != row.end() && it->first == w ? it->second : 0.0;
    // What each seen continuation gives up (D) is shared out by the unigram.
    return std::max(c - D, 0.0) / total + D * double(row.size()) / total * p_unigram(w);
  };
  Baselines b;
  long n = 0;
  for (const auto& [first, last] : windows(heldout.size(), context)) {
    for (std::size_t t = first; t + 1 < last; ++t) {
      b.unigram -= std::log(p_unigram(heldout[t + 1]));
      b.bigram -= std::log(p_bigram(heldout[t], heldout[t + 1]));
      ++n;
    }
  }
  b.unigram /= double(n);
  b.bigram /= double(n);
  return b;
}

}  // namespace attention
