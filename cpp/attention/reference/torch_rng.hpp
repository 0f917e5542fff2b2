// PyTorch's CPU random stream, reproduced bit for bit: torch.manual_seed(s) seeds a standard
// mt19937, nn.Linear draws its parameters from it, and nn.Dropout (CPU, non-MKL path) draws its
// keep mask from it. Using the same stream lets every number here match the lecture's notebook.
// Also MKL's generator, which PyTorch's MKL builds use for dropout on Intel CPUs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace attention {

// The standard mt19937 (the same numbers as std::mt19937 for every seed), with its 624 words
// twisted all at once when they are used up, as the reference implementation does. libc++'s engine
// twists one word per draw with two index wrap-arounds; dropout over a (4, 12, 64, 64) tensor draws
// 393,216 numbers, and that engine was most of a training-mode forward pass in WebAssembly.
class Mt19937 {
 public:
  explicit Mt19937(std::uint32_t seed) { this->seed(seed); }

  void seed(std::uint32_t seed) {
    state_[0] = seed;
    for (int i = 1; i < kN; ++i)
      state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + std::uint32_t(i);
    next_ = kN;  // twist before the first draw
  }

  std::uint32_t operator()() {
    if (next_ == kN) twist();
    return temper(state_[next_++]);
  }

  // The next n draws, exactly as n calls of operator() give them, a run of words at a time: the
  // loops have no branch, so the compiler does them four words per instruction (dropout's keep
  // mask draws two per element, 393,216 for a (4, 12, 64, 64) tensor).
  void fill(std::uint32_t* out, std::size_t n) {
    while (n > 0) {
      if (next_ == kN) twist();
      const std::size_t take = std::min(n, std::size_t(kN - next_));
      const std::uint32_t* words = state_ + next_;
      for (std::size_t i = 0; i < take; ++i) out[i] = temper(words[i]);
      next_ += static_cast<int>(take);
      out += take;
      n -= take;
    }
  }

 private:
  static constexpr int kN = 624, kM = 397;

  static std::uint32_t temper(std::uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }

  static std::uint32_t mix(std::uint32_t upper, std::uint32_t lower, std::uint32_t far) {
    const std::uint32_t y = (upper & 0x80000000u) | (lower & 0x7fffffffu);
    return far ^ (y >> 1) ^ ((0u - (y & 1u)) & 0x9908b0dfu);  // the matrix row when y is odd
  }

  void twist() {
    int i = 0;
    for (; i < kN - kM; ++i) state_[i] = mix(state_[i], state_[i + 1], state_[i + kM]);
    for (; i < kN - 1; ++i) state_[i] = mix(state_[i], state_[i + 1], state_[i + kM - kN]);
    state_[kN - 1] = mix(state_[kN - 1], state_[0], state_[kM - 1]);
    next_ = 0;
  }

  std::uint32_t state_[kN];
  int next_ = kN;
};

class TorchGenerator {
 public:
  explicit TorchGenerator(std::uint32_t seed) : engine_(seed) {}

  std::uint32_t random() { return engine_(); }
  // The next n 32-bit draws at once (random64's come in pairs: the high word first).
  void fill(std::uint32_t* out, std::size_t n) { engine_.fill(out, n); }

  // torch.manual_seed(seed) again, mid-stream (the notebook re-seeds before a dropout).
  void manual_seed(std::uint32_t seed) { engine_.seed(seed); }

  // at::CPUGeneratorImpl::random64: two 32-bit draws, the first one is the high word.
  std::uint64_t random64() {
    const std::uint64_t hi = engine_();
    const std::uint64_t lo = engine_();
    return (hi << 32) | lo;
  }

  // at::uniform_real_distribution<float>: 24 random bits scaled into [from, to). PyTorch's CPU
  // kernel evaluates x·(to − from) + from as one fused multiply-add (one rounding). The double
  // expression below is that fma exactly: x has 24 significant bits and (to − from) 24, so their
  // product is exact in double, the sum with `from` spans under 53 bits and is exact too, and the
  // cast rounds once. It also avoids a slow software fmaf in WebAssembly.
  float uniform(float from, float to) { return uniform_of(random(), from, to); }

  // n uniforms in [from, to), the same as n calls of uniform(): the draws are taken a run at a
  // time (Mt19937::fill tempers them in vectors), which makes GPT-2-sized weights (2.4 M draws)
  // several times faster to initialise.
  void uniform_fill(float from, float to, float* out, std::size_t n) {
    std::uint32_t words[256];
    while (n > 0) {
      const std::size_t take = std::min(n, sizeof words / sizeof words[0]);
      fill(words, take);
      for (std::size_t i = 0; i < take; ++i) out[i] = uniform_of(words[i], from, to);
      out += take;
      n -= take;
    }
  }

  static float uniform_of(std::uint32_t word, float from, float to) {
    const float x = static_cast<float>(word & ((1u << 24) - 1)) * (1.0f / (1u << 24));
    const float range = to - from;
    return static_cast<float>(static_cast<double>(x) * range + from);
  }

  // at::bernoulli_distribution<double>: a 53-bit uniform in [0, 1) compared with p.
  bool bernoulli(double p) { return bernoulli_below(random64(), bernoulli_threshold(p)); }

  // The same test in integers, for many draws with one p: u = r·2⁻⁵³ < p exactly when r < p·2⁵³
  // (exact in double: a power-of-two scale), that is when r < ⌈p·2⁵³⌉, as r is an integer.
  static std::uint64_t bernoulli_threshold(double p) {
    if (!(p > 0.0)) return 0;
    if (p >= 1.0) return std::uint64_t{1} << 53;
    return static_cast<std::uint64_t>(std::ceil(std::ldexp(p, 53)));
  }
  static bool bernoulli_below(std::uint64_t bits, std::uint64_t threshold) {
    return (bits & ((std::uint64_t{1} << 53) - 1)) < threshold;
  }

 private:
  Mt19937 engine_;
};

// MKL's MCG31m1 generator, as PyTorch builds with MKL use it for bernoulli_ (hence dropout) on
// Intel CPUs: one 32-bit draw of the torch generator seeds it, x' = 1132489760·x mod (2^31 − 1),
// the seed itself (reduced, never 0) is the first state used, and u = x / (2^31 − 1). Splitting a
// tensor into chunks for threads skips ahead in the same stream, so the numbers do not depend on
// the thread count.
class MklMcg31 {
 public:
  explicit MklMcg31(std::uint32_t seed) : x_(seed % kModulus) {
    if (x_ == 0) x_ = 1;
  }

  // The next uniform in (0, 1).
  double uniform() {
    const double u = static_cast<double>(x_) / static_cast<double>(kModulus);
    x_ = static_cast<std::uint32_t>((std::uint64_t{kMultiplier} * x_) % kModulus);
    return u;
  }

 private:
  static constexpr std::uint32_t kModulus = 2147483647u;  // 2^31 − 1
  static constexpr std::uint32_t kMultiplier = 1132489760u;
  std::uint32_t x_;
};

}  // namespace attention
