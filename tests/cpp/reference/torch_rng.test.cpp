// PyTorch's CPU generator is a standard mt19937 seeded by torch.manual_seed.
#include "attention/reference/torch_rng.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

using attention::TorchGenerator;

TEST_CASE("the first draws after torch.manual_seed", "[rng]") {
  TorchGenerator g(5489);
  std::mt19937 reference(5489);
  CHECK(g.random() == reference());
  // std::mt19937's 10000th output for the default seed is pinned by the C++ standard.
  TorchGenerator standard(5489);
  std::uint32_t value = 0;
  for (int i = 0; i < 10000; ++i) value = standard.random();
  CHECK(value == 4123659995u);
}

TEST_CASE("random64 puts the first draw in the high word", "[rng]") {
  TorchGenerator g(1), h(1);
  const std::uint64_t hi = h.random(), lo = h.random();
  CHECK(g.random64() == ((hi << 32) | lo));
}

TEST_CASE("uniform stays inside [from, to)", "[rng]") {
  TorchGenerator g(3);
  for (int i = 0; i < 1000; ++i) {
    const float u = g.uniform(-0.5f, 0.5f);
    CHECK(u >= -0.5f);
    CHECK(u < 0.5f);
  }
}

TEST_CASE("the batched engine gives std::mt19937's numbers, across twists and re-seeding",
          "[rng]") {
  for (std::uint32_t seed : {0u, 1u, 123u, 5489u, 4294967295u}) {
    attention::Mt19937 engine(seed);
    std::mt19937 reference(seed);
    for (int i = 0; i < 3 * 624 + 5; ++i) REQUIRE(engine() == reference());
    engine.seed(seed + 7);  // torch.manual_seed mid-stream
    reference.seed(seed + 7);
    for (int i = 0; i < 700; ++i) REQUIRE(engine() == reference());
  }
}

TEST_CASE("fill gives the draws one call at a time would, across twists", "[rng]") {
  attention::Mt19937 engine(7), reference(7);
  std::vector<std::uint32_t> words;
  for (std::size_t n : {1, 5, 618, 624, 625, 2000, 3, 1248}) {
    words.assign(n, 0);
    engine.fill(words.data(), n);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(words[i] == reference());
    REQUIRE(engine() == reference());  // and single draws carry on from where fill stopped
  }
}

TEST_CASE("uniform_fill gives the numbers uniform() would, across runs and twists", "[rng]") {
  TorchGenerator batched(123), reference(123);
  std::vector<float> out;
  for (std::size_t n : {1, 255, 256, 257, 700, 3000, 9}) {
    out.assign(n, 0.0f);
    batched.uniform_fill(-0.25f, 0.5f, out.data(), n);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(out[i] == reference.uniform(-0.25f, 0.5f));
    REQUIRE(batched.random() == reference.random());
  }
}

TEST_CASE("the integer Bernoulli test is the double one: u = r·2^-53 < p", "[rng]") {
  const std::uint64_t mask = (std::uint64_t{1} << 53) - 1;
  const double ps[] = {0.0, 1e-300, 0.1, 0.5, 0.9, 1.0 - 1e-16, 1.0, 2.0};
  TorchGenerator g(42);
  for (double p : ps) {
    const std::uint64_t threshold = TorchGenerator::bernoulli_threshold(p);
    // Random draws, and the draws right at the threshold, where a rounding would show.
    std::vector<std::uint64_t> bits;
    for (int i = 0; i < 2000; ++i) bits.push_back(g.random64());
    for (std::uint64_t d : {0ull, 1ull, 2ull}) {
      bits.push_back(threshold - d);
      bits.push_back(threshold + d);
    }
    for (std::uint64_t r : bits) {
      const double u = static_cast<double>(r & mask) * std::ldexp(1.0, -53);
      REQUIRE(TorchGenerator::bernoulli_below(r, threshold) == (u < p));
    }
  }
}
