// PyTorch's CPU random stream, reproduced bit for bit: torch.manual_seed(s) seeds a standard
// mt19937, nn.Linear draws its parameters from it, and nn.Dropout (CPU, non-MKL path) draws its
// keep mask from it. Using the same stream lets every number here match the lecture's notebook.
// Also MKL's generator, which PyTorch's MKL builds use for dropout on Intel CPUs.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

namespace attention {

class TorchGenerator {
 public:
  explicit TorchGenerator(std::uint32_t seed) : engine_(seed) {}

  std::uint32_t random() { return engine_(); }

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
  float uniform(float from, float to) {
    const float x = static_cast<float>(random() & ((1u << 24) - 1)) * (1.0f / (1u << 24));
    const float range = to - from;
    return static_cast<float>(static_cast<double>(x) * range + from);
  }

  // at::bernoulli_distribution<double>: a 53-bit uniform in [0, 1) compared with p.
  bool bernoulli(double p) {
    const double u =
        static_cast<double>(random64() & ((std::uint64_t{1} << 53) - 1)) * std::ldexp(1.0, -53);
    return u < p;
  }

 private:
  std::mt19937 engine_;
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
