// The vector helpers' contracts that are not covered through the kernels' results.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "attention/simd.hpp"

using namespace attention;

TEST_CASE("all_finite finds one NaN or infinity anywhere, in the vector part or the tail", "[simd]") {
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
