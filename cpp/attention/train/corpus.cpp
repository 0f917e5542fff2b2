// Reading the corpus files and cutting the vocabulary (see corpus.hpp).
#include "attention/train/corpus.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>

#include "attention/api/errors.hpp"

namespace attention {
namespace {

std::uint32_t read_u32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}

}  // namespace

CorpusTokens parse_corpus(const std::uint8_t* bytes, std::size_t count) {
  if (count < 12 || std::string(reinterpret_cast<const char*>(bytes), 4) != "ATCP") {
    throw InputError("corpus",
                     "not a corpus file (it must start with ATCP; see "
                     "scripts/prepare_corpus.mjs)");
  }
  if (read_u32(bytes + 4) != 1) throw InputError("corpus", "unknown corpus file version");
  const std::size_t n = read_u32(bytes + 8);
  if (count != 12 + 4 * n) {
    throw InputError("corpus",
                     "the corpus file is truncated or too long: " + std::to_string(count) +
                         " bytes for " + std::to_string(n) + " tokens");
  }
  CorpusTokens tokens;
  tokens.gpt2.resize(n);
  tokens.classes.resize(n);
  tokens.flags.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* p = bytes + 12 + 4 * i;
    tokens.gpt2[i] = p[0] | p[1] << 8;
    if (tokens.gpt2[i] >= kGpt2Vocabulary || p[2] > 6)
      throw InputError("corpus", "token " + std::to_string(i) + " is not a GPT-2 token");
    tokens.classes[i] = static_cast<TokenClass>(p[2]);
    tokens.flags[i] = p[3];
  }
  return tokens;
}

CorpusTokens read_corpus(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw InputError("corpus", "cannot read " + path +
                                   " (run: node scripts/prepare_corpus.mjs, or npm run train)");
  }
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  return parse_corpus(bytes.data(), bytes.size());
}

std::vector<int> Vocabulary::model_ids(const std::vector<int>& gpt2) const {
  std::vector<int> of_gpt2(kGpt2Vocabulary, other());
  for (std::size_t m = 0; m < gpt2_ids.size(); ++m) of_gpt2[gpt2_ids[m]] = static_cast<int>(m);
  std::vector<int> ids(gpt2.size());
  for (std::size_t i = 0; i < gpt2.size(); ++i)
    ids[i] = gpt2[i] >= 0 && gpt2[i] < kGpt2Vocabulary ? of_gpt2[gpt2[i]] : other();
  return ids;
}

Vocabulary most_frequent(const CorpusTokens& tokens, int vocabulary) {
  std::vector<long> count(kGpt2Vocabulary, 0);
  for (int id : tokens.gpt2) ++count[id];
  std::vector<int> order(kGpt2Vocabulary);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return count[a] > count[b]; });
  Vocabulary v;
  for (int i = 0; i < vocabulary - 1 && count[order[i]] > 0; ++i) v.gpt2_ids.push_back(order[i]);
  return v;
}

}  // namespace attention
