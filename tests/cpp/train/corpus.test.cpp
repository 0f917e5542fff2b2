// The corpus files of scripts/prepare_corpus.mjs and the vocabulary cut: the V − 1 most frequent
// GPT-2 tokens keep their own model id, every other token shares the last one.
#include "attention/train/corpus.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

#include "attention/api/errors.hpp"

using namespace attention;

namespace {

// An "ATCP" file: per token u16 GPT-2 id, u8 class, u8 flags, little-endian.
std::vector<std::uint8_t> corpus_file(const std::vector<int>& gpt2, std::uint8_t cls = 2) {
  std::vector<std::uint8_t> bytes = {'A', 'T', 'C', 'P', 1, 0, 0, 0};
  const std::uint32_t n = static_cast<std::uint32_t>(gpt2.size());
  for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<std::uint8_t>(n >> (8 * k)));
  for (int id : gpt2) {
    bytes.push_back(static_cast<std::uint8_t>(id & 0xFF));
    bytes.push_back(static_cast<std::uint8_t>(id >> 8));
    bytes.push_back(cls);
    bytes.push_back(0);
  }
  return bytes;
}

}  // namespace

TEST_CASE("corpus files are read, and damaged ones refused", "[corpus]") {
  const std::vector<std::uint8_t> file = corpus_file({464, 3290, 50256});
  const CorpusTokens tokens = parse_corpus(file.data(), file.size());
  CHECK(tokens.gpt2 == std::vector<int>{464, 3290, 50256});
  CHECK(tokens.classes[1] == TokenClass::noun);

  std::vector<std::uint8_t> bad = file;
  bad[0] = 'X';
  CHECK_THROWS_AS(parse_corpus(bad.data(), bad.size()), InputError);
  CHECK_THROWS_AS(parse_corpus(file.data(), file.size() - 1), InputError);  // truncated
  bad = corpus_file({50257});                                               // beyond GPT-2's ids
  CHECK_THROWS_AS(parse_corpus(bad.data(), bad.size()), InputError);
  bad = corpus_file({464}, 7);  // no such word class
  CHECK_THROWS_AS(parse_corpus(bad.data(), bad.size()), InputError);
}

TEST_CASE("the vocabulary keeps the most frequent tokens and shares one id for the rest",
          "[corpus]") {
  // 13 three times, 7 twice, 99 and 5 once (a tie: the smaller GPT-2 id first).
  const std::vector<std::uint8_t> file = corpus_file({13, 7, 99, 13, 5, 7, 13});
  const CorpusTokens tokens = parse_corpus(file.data(), file.size());
  const Vocabulary v = most_frequent(tokens, 4);
  CHECK(v.size() == 4);
  CHECK(v.gpt2_ids == std::vector<int>{13, 7, 5});
  CHECK(v.other() == 3);
  CHECK(v.model_ids({13, 7, 5, 99, 40000}) == std::vector<int>{0, 1, 2, 3, 3});
  SECTION("a vocabulary larger than the text's: every token keeps its id, and one shared id") {
    const Vocabulary all = most_frequent(tokens, 100);
    CHECK(all.size() == 5);
    CHECK(all.model_ids({99}) == std::vector<int>{3});
  }
}
