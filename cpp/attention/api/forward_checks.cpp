// The forward pass's refusals (see forward_checks.hpp).
#include "attention/api/forward_checks.hpp"

#include <cmath>
#include <string>

#include "attention/api/errors.hpp"
#include "attention/fast/simd.hpp"

namespace attention {

void check_inputs(const Config& c, const float* inputs, std::size_t n) {
  const std::size_t expected = std::size_t(c.batch) * c.tokens * c.d_in;
  if (n != expected) {
    throw InputError("inputs", "inputs has " + std::to_string(n) +
                                   " values; batch × tokens × dIn = " + std::to_string(c.batch) +
                                   " × " + std::to_string(c.tokens) + " × " +
                                   std::to_string(c.d_in) + " = " + std::to_string(expected) +
                                   " are needed (row-major (B,T,d_in))");
  }
  if (!simd::all_finite(inputs, n)) {  // then find the first bad value, to name it
    for (std::size_t e = 0; e < n; ++e) {
      if (!std::isfinite(inputs[e])) {
        const std::size_t row = e / c.d_in;
        throw InputError("inputs", "inputs[" + std::to_string(e) + "] (batch " +
                                       std::to_string(row / c.tokens) + ", token " +
                                       std::to_string(row % c.tokens) + ") is " +
                                       (std::isnan(inputs[e]) ? "NaN" : "infinite") +
                                       "; every input must be a finite number");
      }
    }
  }
}

void require_finite_output(const Tensor& t, const char* what) {
  if (simd::all_finite(t.data.data(), t.data.size())) return;
  for (float v : t.data) {
    if (!std::isfinite(v)) {
      throw NumericalError("inputs", std::string(what) +
                                         " overflowed float32 (a value beyond ±3.4e38): the "
                                         "inputs or weights are too large in magnitude; scale "
                                         "them down (values of order 1 are typical)");
    }
  }
}

void require_finite_scores(const Tensor& scaled) {
  require_finite_output(scaled, "the attention scores Q·Kᵀ");
}

void require_renormalisable(const NaiveWeights& naive) {
  const Tensor& z = naive.zeroed;
  const int B = z.dim(0), H = z.dim(1), T = z.dim(2);
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h)
      for (int i = 0; i < T; ++i) {
        const float* row = &z.data[((std::size_t(b) * H + h) * T + i) * T];
        float sum = 0.0f;
        for (int j = 0; j < T; ++j) sum += row[j];
        if (!(sum > 0.0f)) {
          throw NumericalError(
              "masking", "masking = 'naive': in batch " + std::to_string(b) + ", head " +
                             std::to_string(h) + ", token " + std::to_string(i) +
                             " gave all of its softmax weight to future tokens, so after zeroing "
                             "the future its row sums to 0 and renormalising would divide 0 by 0; "
                             "masking with −∞ before the softmax avoids this: use masking = "
                             "'neg-inf'");
        }
      }
}

}  // namespace attention
