// What each head looks at, measured: over held-out text, the share of a head's attention weight
// that lands on a kind of key. The text is read in windows of `context` tokens, as heldout_loss
// reads it; queries at positions 0 and 1 are left out (position 0 can only look at itself, and
// from position 1 the previous token is the first token), so the first three roles name three
// different keys of every query.
#pragma once

#include <cstdint>
#include <vector>

#include "attention/fast/threads.hpp"
#include "attention/train/corpus.hpp"
#include "attention/train/language_model.hpp"

namespace attention {

enum class HeadRole {
  previous,         // the key just before the query
  first,            // the first token of the window
  itself,           // the query's own token (the diagonal)
  punctuation,      // keys that are punctuation
  pronoun_noun,     // from a pronoun (he, it, they) to the nouns before it
  noun_determiner,  // from a noun to the determiners and adjectives before it (the, a, big)
};
constexpr int kHeadRoles = 6;

const char* role_name(HeadRole role);         // "previous", "first", "self", ... (the API's names)
const char* role_description(HeadRole role);  // "the previous token", ...

// shares[head][role]: the mean, over the queries the role applies to, of the weight the head
// gives to the role's keys (queries: every query from position 2 on; for the two word-class roles
// only queries of that class: pronouns, nouns).
struct HeadRoleShares {
  std::vector<std::vector<double>> shares;  // (h, kHeadRoles)
  std::vector<long> queries;                // per role: how many queries were measured
};
HeadRoleShares measure_head_roles(const LanguageModel& model, const std::vector<int>& ids,
                                  const std::vector<TokenClass>& classes, ThreadPool* pool);

// A head's strongest role: the one whose share is the largest multiple of the random-weight
// model's share for that role (the mean over its heads), so that roles whose keys are rare and
// roles whose keys are common compare fairly.
HeadRole strongest_role(const std::vector<double>& trained_head,
                        const HeadRoleShares& random_model);

}  // namespace attention
