// The training corpus as the language model sees it: GPT-2 token ids with each token's
// part-of-speech class (scripts/prepare_corpus.mjs writes them from the Brown Corpus), and the
// vocabulary cut: the V − 1 GPT-2 tokens the training text uses most keep their own model id, and
// every other token shares the last one, V − 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace attention {

// A token's word class in the Brown Corpus's tags (the numbers prepare_corpus.mjs writes).
enum class TokenClass : std::uint8_t {
  other = 0,
  pronoun = 1,     // he, they, him, his, himself
  noun = 2,        // common and proper nouns
  determiner = 3,  // the, a, this, those, many
  adjective = 4,
  verb = 5,         // verbs, auxiliaries and modals
  punctuation = 6,  // . , : ; ( ) " --
};

struct CorpusTokens {
  std::vector<int> gpt2;            // GPT-2 (r50k_base) ids
  std::vector<TokenClass> classes;  // the word class of each token's word
  std::vector<std::uint8_t> flags;  // bit 0: starts a sentence, bit 1: starts a document
  std::size_t size() const { return gpt2.size(); }
};

// The "ATCP" format of prepare_corpus.mjs; throws InputError("corpus", ...) naming the problem.
CorpusTokens parse_corpus(const std::uint8_t* bytes, std::size_t count);
CorpusTokens read_corpus(const std::string& path);

constexpr int kGpt2Vocabulary = 50257;

struct Vocabulary {
  std::vector<int> gpt2_ids;  // model id → GPT-2 id, for model ids 0 … V − 2
  int size() const { return static_cast<int>(gpt2_ids.size()) + 1; }  // V
  int other() const { return static_cast<int>(gpt2_ids.size()); }     // the shared id, V − 1
  // GPT-2 ids → model ids (other() for every GPT-2 token outside the cut).
  std::vector<int> model_ids(const std::vector<int>& gpt2) const;
};

// The V − 1 most frequent GPT-2 tokens of `tokens` (ties: the smaller GPT-2 id first), in order
// of frequency: model id 0 is the most frequent token.
Vocabulary most_frequent(const CorpusTokens& tokens, int vocabulary);

}  // namespace attention
