// Head roles are measured, not asserted: a head built to look at the previous token measures so,
// and the random-weight model's heads, with GPT-2-sized initial embeddings, spread their weight
// evenly over the visible keys.
#include "attention/train/roles.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace attention;

namespace {

// Position t's embedding is 10·e_t; W_key moves e_j to e_{j+1}, so query i meets key i − 1 with a
// score of 100/√d and every other key with 0: a previous-token head. Token embeddings are 0.
LanguageModel previous_token_model() {
  LanguageModelConfig c;
  c.vocabulary = 4;
  c.width = 8;
  c.heads = 1;
  c.context = 8;
  LanguageModel m = init_language_model(c);
  std::fill(m.token_embedding.begin(), m.token_embedding.end(), 0.0f);
  std::fill(m.position_embedding.begin(), m.position_embedding.end(), 0.0f);
  std::fill(m.attention.query_weight.begin(), m.attention.query_weight.end(), 0.0f);
  std::fill(m.attention.key_weight.begin(), m.attention.key_weight.end(), 0.0f);
  for (int t = 0; t < 8; ++t) {
    m.position_embedding[t * 8 + t] = 10.0f;
    m.attention.query_weight[t * 8 + t] = 1.0f;                     // W_query = I
    if (t + 1 < 8) m.attention.key_weight[(t + 1) * 8 + t] = 1.0f;  // row t + 1 reads e_t
  }
  return m;
}

}  // namespace

TEST_CASE("a previous-token head measures as one", "[roles]") {
  const LanguageModel m = previous_token_model();
  const std::vector<int> ids = {0, 1, 2, 3, 0, 1, 2, 3, 1, 1, 2, 2, 3, 3, 0, 0};
  std::vector<TokenClass> classes(ids.size(), TokenClass::other);
  classes[5] = TokenClass::punctuation;
  const HeadRoleShares shares = measure_head_roles(m, ids, classes, nullptr);
  REQUIRE(shares.shares.size() == 1);
  const std::vector<double>& head = shares.shares[0];
  CHECK(head[int(HeadRole::previous)] > 0.99);
  CHECK(head[int(HeadRole::first)] < 0.01);
  CHECK(head[int(HeadRole::itself)] < 0.01);
  // Queries from position 2 on, in two windows of 8: 6 + 6.
  CHECK(shares.queries[int(HeadRole::previous)] == 12);
  CHECK(shares.queries[int(HeadRole::pronoun_noun)] == 0);  // no pronouns in this text

  SECTION("against a model that spreads its weight, its strongest role is the previous token") {
    LanguageModel spread = m;
    std::fill(spread.attention.key_weight.begin(), spread.attention.key_weight.end(), 0.0f);
    const HeadRoleShares even = measure_head_roles(spread, ids, classes, nullptr);
    // Every score is 0: query i gives 1/(i+1) to each of its i+1 keys.
    double expected = 0.0;
    for (int i = 2; i < 8; ++i) expected += 1.0 / (i + 1);
    CHECK(even.shares[0][int(HeadRole::previous)] == Approx(expected / 6));
    CHECK(even.shares[0][int(HeadRole::first)] == Approx(expected / 6));
    CHECK(strongest_role(head, even) == HeadRole::previous);
  }
}
