// The two masking routes on one row, gap by gap (see masking_limits.hpp).
#include "attention/experiments/masking_limits.hpp"

#include <algorithm>
#include <cmath>

#include "attention/api/errors.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {

std::vector<MaskingRow> masking_limits(const std::vector<double>& gaps) {
  if (gaps.empty() || gaps.size() > 1000) {
    throw OptionError("gaps",
                      "gaps must list 1 to 1000 numbers, not " + std::to_string(gaps.size()));
  }
  std::vector<MaskingRow> rows;
  for (double gap : gaps) {
    if (!(std::abs(gap) <= 1000)) {
      throw OptionError("gaps", "every gap must be a finite number from -1000 to 1000");
    }
    const float g = static_cast<float>(gap);
    // (1,1,T,T) scores, T = 3; row 1 is the one reported: past scores 0 and 1 (unequal, so that
    // their ratio can be rounded), the future one `gap` above the larger. Rows 0 and 2 are
    // ordinary.
    Tensor scores({1, 1, 3, 3}, 0.0f);
    scores.data[1 * 3 + 1] = 1.0f;
    scores.data[1 * 3 + 2] = 1.0f + g;
    MaskingRow row;
    row.gap = gap;
    const Tensor neg_inf = softmax_rows(apply_causal_mask(scores));
    const NaiveWeights naive = naive_causal_weights(scores, true);
    row.unmasked.assign(&naive.unmasked.data[3], &naive.unmasked.data[6]);
    row.neg_inf.assign(&neg_inf.data[3], &neg_inf.data[6]);
    const float past = naive.zeroed.data[3] + naive.zeroed.data[4];
    if (!(past > 0.0f)) {
      row.failure =
          "the past's weights underflowed to exactly 0 in the softmax over all keys: "
          "renormalising would divide 0 by 0";
    } else {
      row.naive.assign(&naive.renormalised.data[3], &naive.renormalised.data[6]);
      for (int j = 0; j < 3; ++j)
        row.max_difference =
            std::max(row.max_difference, std::abs(double(row.naive[j]) - double(row.neg_inf[j])));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace attention
