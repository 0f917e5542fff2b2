// Where float32 tells the lecture's two masking routes apart. For one row whose future score
// exceeds its past by a gap g: the −∞ route masks first and the softmax never sees the future; the
// naive route takes the softmax over every key (the future in its denominator), zeroes the future
// and renormalises. In exact arithmetic both give the same weights. In float32 the naive route is
// exact until the past's weights become subnormal, then rounds them, then loses them entirely
// (0 / 0): these are the numbers a lab plots.
#pragma once

#include <string>
#include <vector>

namespace attention {

struct MaskingRow {
  double gap;
  std::vector<float> unmasked;  // naive step 1: softmax over all keys, the future included
  std::vector<float> naive;     // naive step 3: the past renormalised (empty when it failed)
  std::vector<float> neg_inf;   // the −∞ route's weights for the same row
  double max_difference = 0.0;  // max |naive − neg_inf| over the row
  std::string failure;          // the naive route's error (0 / 0), or empty
};

// The row of query 1 in a T = 3 causal softmax: scores [0, 1, 1 + gap] (keys 0 and 1 in the past,
// key 2 in the future, `gap` above the larger past score), as the core's own stage functions
// compute it. Up to 1000 gaps, each finite and from −1000 to 1000.
std::vector<MaskingRow> masking_limits(const std::vector<double>& gaps);

}  // namespace attention
