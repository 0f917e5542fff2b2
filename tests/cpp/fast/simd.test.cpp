// The vector helpers' contracts that are not covered through the kernels' results, and the
// accuracy of the softmax's exponential.
#include "attention/fast/simd.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

using namespace attention;

TEST_CASE("all_finite finds one NaN or infinity anywhere, in the vector part or the tail",
          "[simd]") {
  const float bad_values[] = {std::numeric_limits<float>::quiet_NaN(),
                              std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity()};
  for (const std::size_t n : {0u, 1u, 7u, 8u, 9u, 16u, 37u}) {
    // Finite, with the extremes: x − x is exactly 0 for the largest floats and the subnormals too.
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i)
      v[i] = i % 3 == 0 ? 3.4e38f : i % 3 == 1 ? -1.0e-45f : std::sin(float(i));
    CAPTURE(n);
    REQUIRE(simd::all_finite(v.data(), n));
    for (std::size_t i = 0; i < n; ++i)
      for (const float bad : bad_values) {
        CAPTURE(i, bad);
        const float kept = v[i];
        v[i] = bad;
        REQUIRE_FALSE(simd::all_finite(v.data(), n));
        v[i] = kept;
      }
  }
}

namespace {

// simd::exp of every value in xs (any count), four lanes at a time.
std::vector<float> simd_exp(const std::vector<float>& xs) {
  std::vector<float> in = xs, out(xs.size() + 4);
  in.resize(xs.size() + 4, 0.0f);
  for (std::size_t i = 0; i < xs.size(); i += 4)
    simd::store(out.data() + i, simd::exp(simd::load(in.data() + i)));
  out.resize(xs.size());
  return out;
}

}  // namespace

// The fast path's softmax (flash.cpp) computes p = e^((s − m)·scale): every argument is ≤ 0, and
// the row maximum itself gives e^0 = 1, so each row's sum is at least 1.
TEST_CASE("simd::exp is within one float32 ulp of e^x over the softmax's range", "[simd][exp]") {
  constexpr float kLowest = -87.3f;  // simd::exp clamps below: e^x leaves float32's normal range
  const float ulp_at_1 = std::numeric_limits<float>::epsilon();  // 2^-23
  std::vector<float> xs;
  // Dense: 2^20 evenly spaced points over [−87.3, 0], where score differences live …
  const int grid = 1 << 20;
  for (int i = 0; i <= grid; ++i) xs.push_back(kLowest * float(i) / float(grid));
  // … every 1021st float of the range, so each binade down to the subnormals gets ~8000 …
  std::uint32_t lowest_bits;
  std::memcpy(&lowest_bits, &kLowest, 4);
  for (std::uint32_t bits = 0x80000000u; bits <= lowest_bits; bits += 1021) {
    float x;
    std::memcpy(&x, &bits, 4);
    xs.push_back(x);
  }
  // … and the edges: zeros, the smallest magnitudes, the lowest input, and both sides of each
  // k·ln2 and (k + ½)·ln2, where the reduction x = n·ln2 + r changes n.
  for (float x :
       {0.0f, -0.0f, -std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::min(),
        -ulp_at_1, -1e-8f, kLowest, std::nextafter(kLowest, 0.0f)})
    xs.push_back(x);
  for (int k = 1; k <= 126; ++k)
    for (double half : {0.0, 0.5}) {
      const float x = static_cast<float>(-(k + half) * std::log(2.0));
      if (x < kLowest) continue;
      for (float edge : {std::nextafter(x, -1e9f), x, std::nextafter(x, 0.0f)}) xs.push_back(edge);
    }

  const std::vector<float> got = simd_exp(xs);
  double worst = 0.0;
  float worst_x = 0.0f;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    const double expected = std::exp(double(xs[i]));
    const double relative = std::abs(double(got[i]) - expected) / expected;
    if (relative > worst) {
      worst = relative;
      worst_x = xs[i];
    }
  }
  std::printf(
      "simd::exp over [-87.3, 0], %zu inputs: max relative error = %.3g at x = %.9g "
      "(bound 2^-23 = %.3g)\n",
      xs.size(), worst, worst_x, double(ulp_at_1));
  // The bound, 2^-23 relative, is one float32 ulp where an ulp is largest relative to the value:
  // what Cephes' expf (range reduction with ln2 in two parts, degree-5 polynomial) promises, and
  // within a factor 2 of a correctly rounded expf (half an ulp). Checked once over every one of
  // the 1.1e9 floats in [−87.3, 0]: 8.3e-8 at most (at −81.4432), 0.99 ulp of the result; this
  // sample comes close. For the softmax it means each probability and each row sum is off by at
  // most 1.2e-7 relative, far inside the 1e-5 to which the outputs match PyTorch's.
  CHECK(worst <= ulp_at_1);
  CHECK(got[xs.size() - 1] > 0.0f);
  CHECK(simd_exp({0.0f, -0.0f})[0] == 1.0f);  // the row maximum's own weight, exactly
  CHECK(simd_exp({0.0f, -0.0f})[1] == 1.0f);
}

TEST_CASE("simd::exp below −87.3 gives a tiny positive number, never 0, ∞ or NaN", "[simd][exp]") {
  // e^x is subnormal there (and rounds to 0 below −103.97); simd::exp returns e^−87.3 ≈ 1.2e-38
  // instead, off by less than 1.2e-38: nothing a softmax row whose sum is ≥ 1 can show.
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> xs = {-87.31f,  -87.33654f, -88.0f,   -88.72f,
                           -103.97f, -104.0f,    -1000.0f, -std::numeric_limits<float>::max(),
                           -inf};
  for (int i = 1; i <= 1000; ++i) xs.push_back(-87.3f - 0.7f * float(i) / 1000.0f);
  const std::vector<float> got = simd_exp(xs);
  const float floor_value = simd_exp({-87.3f})[0];
  CHECK(floor_value > 0.0f);
  CHECK(floor_value < 1.3e-38f);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    CAPTURE(xs[i]);
    CHECK(got[i] == floor_value);
    CHECK(std::exp(double(xs[i])) <= double(floor_value));  // so |error| < e^−87.3
  }
}

// madd(a, b, c) is a·b + c in every build. The relaxed-SIMD build compiles it to clang 14's
// prototype f32x4.fma, rewritten after the link into relaxed_madd (scripts/relax-simd.mjs): this
// pins the operand order (a + b·c would give other numbers here) for values known at run time.
// A madd of three compile-time constants is folded by the toolchain (emscripten 3.1.6's link-time
// optimiser) by the prototype's own definition, a + b·c: the relaxed build gives 7 for
// madd(2, 5, 1), so the kernels never pass it three constants (simd.hpp's callers do not).
TEST_CASE("simd::madd is a·b + c, fused or not, in the operands' order", "[simd][madd]") {
  volatile float lanes[3][4] = {{2, 3, -1.5f, 0.25f}, {5, -7, 4, 1e-3f}, {1, 10, 0.5f, -2}};
  float a[4], b[4], c[4];
  for (int i = 0; i < 4; ++i) a[i] = lanes[0][i], b[i] = lanes[1][i], c[i] = lanes[2][i];
  alignas(16) float got[4];
  simd::store(got, simd::madd(simd::load(a), simd::load(b), simd::load(c)));
  for (int i = 0; i < 4; ++i) {
    CAPTURE(i);
    CHECK(got[i] == a[i] * b[i] + c[i]);  // exact: every product and sum here fits in float32
  }
#if !defined(__wasm_relaxed_simd__)
  simd::store(got, simd::madd(simd::splat(2.0f), simd::splat(5.0f), simd::splat(1.0f)));
  for (float g : got) CHECK(g == 11.0f);  // 2·5 + 1, not 2 + 5·1 = 7
#endif
  // The one rounding of a fused multiply-add where the CPU has one, else two: (1 + 2⁻²³)² − 1
  // is 2⁻²² + 2⁻⁴⁶ exactly, 2⁻²² after rounding the product first.
  const float e = 1.0f + std::ldexp(1.0f, -23);
  simd::store(got, simd::madd(simd::splat(e), simd::splat(e), simd::splat(-1.0f)));
  const float fused = std::ldexp(1.0f, -22) + std::ldexp(1.0f, -46);
  const float unfused = std::ldexp(1.0f, -22);
  for (float g : got) CHECK((g == fused || g == unfused));
#if defined(__wasm_relaxed_simd__)
  std::printf("simd::madd: relaxed_madd is %s on this CPU\n",
              got[0] == fused ? "fused" : "unfused");
#else
  CHECK(got[0] == unfused);  // a product, then a sum
#endif
}
