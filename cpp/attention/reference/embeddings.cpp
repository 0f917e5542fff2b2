// Token embeddings from a seed (see embeddings.hpp).
#include "attention/reference/embeddings.hpp"

#include <array>
#include <random>
#include <string>

#include "attention/api/config.hpp"
#include "attention/api/errors.hpp"

namespace attention {
namespace {

// SplitMix64's finaliser: spreads (seed, id) over all 32-bit mt19937 seeds.
std::uint32_t mix(std::uint32_t seed, std::int64_t id) {
  std::uint64_t z = (std::uint64_t{seed} << 32) ^ static_cast<std::uint64_t>(id);
  z += 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return static_cast<std::uint32_t>((z ^ (z >> 31)) & 0xFFFFFFFFu);
}

}  // namespace

std::vector<float> token_embeddings(const std::vector<std::int64_t>& token_ids, int d_in,
                                    std::uint32_t seed) {
  if (d_in < 1 || d_in > kMaxDimension) {
    throw OptionError("dIn", "dIn = " + std::to_string(d_in) +
                                 ": the embedding size d_in must be an integer from 1 to 1048576");
  }
  if (token_ids.empty()) {
    throw InputError("sentence", "the sentence has no tokens; type at least one word");
  }
  if (static_cast<long long>(token_ids.size()) * d_in > kMaxEmbedValues) {
    throw MemoryError("dIn", std::to_string(token_ids.size()) + " tokens × dIn " +
                                 std::to_string(d_in) + " is more values than embed() makes (" +
                                 std::to_string(kMaxEmbedValues) + ", 64 MiB); use a smaller dIn");
  }
  for (std::int64_t id : token_ids) {
    if (id < 0)
      throw InputError("tokens", "token id " + std::to_string(id) + " is negative; ids are ≥ 0");
  }
  // Each value is round(100·u) / 100 for u = draw / 2^32 (rounding halves up), as a float: the
  // integer k = round(100·u) picks one of 101 floats: the same bits as computing it in double
  // (checked for all 2^32 draws) without a division and a libm round per value, which made embed()
  // at d_in = 1048576 take seconds.
  static const auto hundredths = [] {
    std::array<float, 101> t{};
    for (int k = 0; k <= 100; ++k) t[k] = static_cast<float>(k / 100.0);
    return t;
  }();
  std::vector<float> out(token_ids.size() * std::size_t(d_in));
  float* row = out.data();
  for (std::int64_t id : token_ids) {
    std::mt19937 engine(mix(seed, id));
    for (int k = 0; k < d_in; ++k) {
      const std::uint64_t draw = engine();
      row[k] = hundredths[(draw * 100 + (std::uint64_t{1} << 31)) >> 32];
    }
    row += d_in;
  }
  return out;
}

const Preset& lecture_preset() {
  static const Preset preset{"Your journey starts with one step",
                             {"Your", "journey", "starts", "with", "one", "step"},
                             3,
                             {0.43f, 0.15f, 0.89f,    // Your     (x^1)
                              0.55f, 0.87f, 0.66f,    // journey  (x^2)
                              0.57f, 0.85f, 0.64f,    // starts   (x^3)
                              0.22f, 0.58f, 0.33f,    // with     (x^4)
                              0.77f, 0.25f, 0.10f,    // one      (x^5)
                              0.05f, 0.80f, 0.55f}};  // step     (x^6)
  return preset;
}

}  // namespace attention
