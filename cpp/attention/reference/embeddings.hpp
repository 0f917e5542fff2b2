// Deterministic token embeddings, so that "any sentence" gives the same numbers on the page, in the
// CLI and through the API: token id + seed → d_in values in [0, 1] with two decimals, like the
// lecture's hand-written vectors. Also the lecture's own inputs as a preset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace attention {

// The most values embed() makes (batch × tokens × d_in): 64 MiB of float32, GPT-3's d_in of 12,288
// for 1,024 tokens included. A tensor of the full 2^28 took a minute to embed and copy on a busy
// 2-core machine (found by the long fuzz run); this one takes about a second.
constexpr long long kMaxEmbedValues = 1LL << 24;

// (T, d_in) row-major: row t is the embedding of token_ids[t]. The same id and seed always give the
// same row, whatever the sentence around it. At most kMaxEmbedValues values (MemoryError).
std::vector<float> token_embeddings(const std::vector<std::int64_t>& token_ids, int d_in,
                                    std::uint32_t seed);

// The lecture's "Your journey starts with one step": six tokens, three dimensions each.
struct Preset {
  std::string sentence;
  std::vector<std::string> words;
  int d_in;
  std::vector<float> embeddings;  // (T, d_in)
};
const Preset& lecture_preset();

}  // namespace attention
