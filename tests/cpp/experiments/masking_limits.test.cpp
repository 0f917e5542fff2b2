// Where float32 tells the lecture's two masking routes apart (masking_limits.cpp): the −∞ route
// never sees the future, the naive route agrees until the past's weights leave the normal range.
#include <catch2/catch.hpp>
#include <vector>

#include "support/check.hpp"

using namespace attention;

TEST_CASE("masking limits: the naive route is exact until the subnormal range",
          "[notebook][masking]") {
  std::vector<double> gaps;
  for (int g = 0; g <= 110; ++g) gaps.push_back(g);
  const std::vector<MaskingRow> rows = masking_limits(gaps);
  for (const MaskingRow& row : rows) {
    INFO("gap " << row.gap);
    // The −∞ route never sees the future: softmax([0, 1]) whatever the gap.
    CHECK(row.neg_inf[0] == Approx(0.268941432).epsilon(1e-6));
    CHECK(row.neg_inf[2] == 0.0f);
    // While e^−(1+gap) is a normal float the naive route agrees to float32 rounding (2 ulp).
    if (row.gap <= 86) {
      CHECK(row.failure.empty());
      CHECK(row.max_difference <= 1.2e-7);
    }
    if (row.gap >= 104) CHECK_FALSE(row.failure.empty());  // the past underflowed to 0: 0 / 0
  }
  CHECK(rows[100].max_difference > 1e-4);  // subnormal: the ratio of the past weights is rounded
  CHECK(rows[103].naive[0] == 0.0f);       // the smaller past weight is lost entirely
  CHECK_THROWS_AS(masking_limits({}), OptionError);
  CHECK_THROWS_AS(masking_limits({1e9}), OptionError);
}
