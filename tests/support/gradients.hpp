// Comparing gradients with PyTorch's autograd (tests/fixtures/gradients): each tensor must agree
// to float32 accuracy relative to its own largest value, and the worst difference of every stage
// is kept so that the test can print it, as llm.c's check_tensor does.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "support/check.hpp"
#include "support/fixture.hpp"

namespace gradients {

// 1e-6 of the largest gradient of the tensor: about 8 float32 ulps of that value. The sums behind
// these gradients have at most a few hundred terms; the worst case measured is 2.4e-7.
constexpr double kRelative = 1e-6;

struct Worst {
  double absolute = 0.0, relative = 0.0;
};

inline std::map<std::string, Worst>& worst_by_stage() {
  static std::map<std::string, Worst> worst;
  return worst;
}

inline double largest_magnitude(const std::vector<float>& values) {
  double largest = 0.0;
  for (float v : values) largest = std::max(largest, double(std::abs(v)));
  return largest;
}

// |got − expected| ≤ kRelative · scale everywhere, where scale is the expected tensor's largest
// magnitude unless given: a gradient that is 0 in exact arithmetic (W_key's bias: a softmax ignores
// a shift of its whole row) is rounding noise, to be measured against the gradient it came from.
inline void close(const std::string& fixture, const std::string& stage,
                  const std::vector<float>& got, const fixture::Tensor& expected,
                  double scale = 0.0) {
  INFO(fixture << ": " << stage);
  REQUIRE(got.size() == expected.data.size());
  if (scale == 0.0) scale = largest_magnitude(expected.data);
  const check::Difference d = check::max_difference(got, expected.data);
  INFO("max |difference| " << d.max << " at " << d.where << ", scale " << scale);
  CHECK_FALSE(d.mismatched_infinity);
  CHECK(d.max <= kRelative * scale);
  Worst& w = worst_by_stage()[stage];
  w.absolute = std::max(w.absolute, d.max);
  if (scale > 0) w.relative = std::max(w.relative, d.max / scale);
}

inline void print_worst(const char* title) {
  std::printf("%s\n", title);
  for (const auto& [stage, w] : worst_by_stage())
    std::printf("  %-26s max |difference| %.3g, %.3g of its largest value\n", stage.c_str(),
                w.absolute, w.relative);
  worst_by_stage().clear();
}

}  // namespace gradients
