// Sentence embeddings are deterministic per token and seed; the lecture preset is the notebook's.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>

#include "support/check.hpp"

using namespace attention;

TEST_CASE("the same token always gets the same vector for a given seed", "[embeddings]") {
  const std::vector<float> a = token_embeddings({464, 3290, 262}, 4, 7);
  const std::vector<float> b = token_embeddings({262, 11, 464}, 4, 7);
  // token 464 is row 0 of a and row 2 of b; token 262 is row 2 of a and row 0 of b
  CHECK(std::vector<float>(a.begin(), a.begin() + 4) == std::vector<float>(b.begin() + 8, b.end()));
  CHECK(std::vector<float>(a.begin() + 8, a.end()) == std::vector<float>(b.begin(), b.begin() + 4));
  CHECK(token_embeddings({464}, 4, 8) != token_embeddings({464}, 4, 7));  // seed matters
  for (float v : a) {
    CHECK(v >= 0.0f);
    CHECK(v <= 1.0f);
    CHECK(std::round(v * 100.0f) == Approx(v * 100.0f).margin(1e-3));  // two decimals
  }
}

TEST_CASE("the embeddings' bits are pinned: the page, CLI and API show the same numbers forever",
          "[embeddings]") {
  // FNV-1a over the float bits of 300,000 values, printed by the first implementation (round() in
  // double per value); the table lookup that replaced it must give the same bits.
  const std::vector<float> v = token_embeddings({464, 3290, 50256}, 100000, 123);
  std::uint64_t hash = 1469598103934665603ULL;
  for (float f : v) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    for (int i = 0; i < 4; ++i) {
      hash ^= (bits >> (8 * i)) & 0xFF;
      hash *= 1099511628211ULL;
    }
  }
  CHECK(hash == 7116950035085363357ULL);
  CHECK(v[0] == 0.08f);
  CHECK(v[1] == 0.49f);
  CHECK(v[2] == 0.73f);
}

TEST_CASE("embedding errors", "[embeddings][errors]") {
  CHECK_THROWS_AS(token_embeddings({}, 3, 1), InputError);
  CHECK_THROWS_AS(token_embeddings({1}, 0, 1), OptionError);
  CHECK_THROWS_AS(token_embeddings({-1}, 3, 1), InputError);
  // At most kMaxEmbedValues (2^24) values: 17 tokens × 2^20 is refused before anything is made.
  CHECK_THROWS_AS(token_embeddings(std::vector<std::int64_t>(17, 1), 1 << 20, 1), MemoryError);
  CHECK(static_cast<long long>(
            token_embeddings(std::vector<std::int64_t>(16, 1), 1 << 20, 1).size()) ==
        kMaxEmbedValues);
}

TEST_CASE("the lecture preset: six tokens, three dimensions", "[embeddings][lecture]") {
  const Preset& p = lecture_preset();
  CHECK(p.words.size() == 6);
  CHECK(p.embeddings.size() == 18);
  CHECK(p.embeddings[0] == 0.43f);   // "Your"
  CHECK(p.embeddings[17] == 0.55f);  // "step"
}
