// Measuring what each head looks at (see roles.hpp).
#include "attention/train/roles.hpp"

#include <algorithm>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/api/stages.hpp"

namespace attention {

const char* role_name(HeadRole role) {
  switch (role) {
    case HeadRole::previous:
      return "previous";
    case HeadRole::first:
      return "first";
    case HeadRole::itself:
      return "self";
    case HeadRole::punctuation:
      return "punctuation";
    case HeadRole::pronoun_noun:
      return "pronoun-noun";
    case HeadRole::noun_determiner:
      return "noun-determiner";
  }
  return "?";
}

const char* role_description(HeadRole role) {
  switch (role) {
    case HeadRole::previous:
      return "the previous token";
    case HeadRole::first:
      return "the first token";
    case HeadRole::itself:
      return "the same token (itself)";
    case HeadRole::punctuation:
      return "punctuation";
    case HeadRole::pronoun_noun:
      return "earlier nouns, from pronouns";
    case HeadRole::noun_determiner:
      return "earlier determiners and adjectives, from nouns";
  }
  return "?";
}

HeadRoleShares measure_head_roles(const LanguageModel& model, const std::vector<int>& ids,
                                  const std::vector<TokenClass>& classes, ThreadPool* pool) {
  if (classes.size() != ids.size()) throw InputError("corpus", "every token needs its word class");
  for (int id : ids)
    if (id < 0 || id >= model.config.vocabulary)
      throw InputError("tokens", "token id " + std::to_string(id) + " is outside the vocabulary");
  const int C = model.config.context, H = model.config.heads;
  std::vector<std::size_t> starts;
  for (std::size_t s = 0; s + 3 <= ids.size(); s += C) starts.push_back(s);
  // Per window: the summed shares (h × roles) and the number of queries per role.
  std::vector<std::vector<double>> sums(starts.size(), std::vector<double>(H * kHeadRoles, 0.0));
  std::vector<std::vector<long>> counts(starts.size(), std::vector<long>(kHeadRoles, 0));
  auto measure = [&](int w, int) {
    const std::size_t first = starts[w], last = std::min(ids.size(), first + C);
    const int T = static_cast<int>(last - first);
    // Only the attention weights are needed: the embeddings and the block, no logits.
    const std::vector<int> window(ids.begin() + first, ids.begin() + last);
    const Tensor no_dropout({1, H, T, T}, 1.0f);
    const Trace trace = attention_block(attention_config(model.config, T, false), model.attention,
                                        embed_tokens(model, window), no_dropout);
    const Tensor& weights = *trace.find(Stage::attentionWeights);  // (1,h,T,T)
    auto cls = [&](int t) { return classes[first + t]; };
    for (int i = 2; i < T; ++i) {
      const bool pronoun = cls(i) == TokenClass::pronoun, noun = cls(i) == TokenClass::noun;
      for (int r = 0; r < kHeadRoles; ++r) {
        const auto role = static_cast<HeadRole>(r);
        if ((role == HeadRole::pronoun_noun && !pronoun) ||
            (role == HeadRole::noun_determiner && !noun))
          continue;
        ++counts[w][r];
      }
      for (int h = 0; h < H; ++h) {
        const float* row = &weights.data[(std::size_t(h) * T + i) * T];  // query i's weights
        double* s = &sums[w][std::size_t(h) * kHeadRoles];
        s[int(HeadRole::previous)] += row[i - 1];
        s[int(HeadRole::first)] += row[0];
        s[int(HeadRole::itself)] += row[i];
        for (int j = 0; j <= i; ++j) {
          if (cls(j) == TokenClass::punctuation) s[int(HeadRole::punctuation)] += row[j];
          if (j < i && pronoun && cls(j) == TokenClass::noun)
            s[int(HeadRole::pronoun_noun)] += row[j];
          if (j < i && noun &&
              (cls(j) == TokenClass::determiner || cls(j) == TokenClass::adjective))
            s[int(HeadRole::noun_determiner)] += row[j];
        }
      }
    }
  };
  if (pool != nullptr && pool->size() > 1 && !pool->stopped()) {
    pool->parallel_for(static_cast<int>(starts.size()), measure);
  } else {
    for (int w = 0; w < static_cast<int>(starts.size()); ++w) measure(w, 0);
  }
  HeadRoleShares out;
  out.shares.assign(H, std::vector<double>(kHeadRoles, 0.0));
  out.queries.assign(kHeadRoles, 0);
  for (std::size_t w = 0; w < starts.size(); ++w) {  // in window order: the same for any threads
    for (int r = 0; r < kHeadRoles; ++r) out.queries[r] += counts[w][r];
    for (int h = 0; h < H; ++h)
      for (int r = 0; r < kHeadRoles; ++r)
        out.shares[h][r] += sums[w][std::size_t(h) * kHeadRoles + r];
  }
  for (int h = 0; h < H; ++h)
    for (int r = 0; r < kHeadRoles; ++r)
      out.shares[h][r] = out.queries[r] > 0 ? out.shares[h][r] / double(out.queries[r]) : 0.0;
  return out;
}

HeadRole strongest_role(const std::vector<double>& trained, const HeadRoleShares& random) {
  int best = 0;
  double best_lift = -1.0;
  for (int r = 0; r < kHeadRoles; ++r) {
    double baseline = 0.0;
    for (const auto& head : random.shares) baseline += head[r];
    baseline /= double(std::max<std::size_t>(1, random.shares.size()));
    const double lift = baseline > 0 ? trained[r] / baseline : 0.0;
    if (lift > best_lift) {
      best_lift = lift;
      best = r;
    }
  }
  return static_cast<HeadRole>(best);
}

}  // namespace attention
