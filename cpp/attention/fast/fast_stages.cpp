// The stage-by-stage pass on the fast path's kernels (see fast_path.hpp): project_qkv,
// attention_scores, softmax_rows, weighted_values and project_output of pipeline.hpp, each a stage
// the trace keeps whole, computed with the packed SIMD products and the thread pool. Every element
// is computed by one unit in a fixed order, so the numbers do not depend on the thread count.
#include <algorithm>
#include <cstring>
#include <limits>

#include "attention/fast/fast_path.hpp"
#include "attention/fast/simd.hpp"
#include "attention/reference/pipeline.hpp"

namespace attention {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr int kSoftmaxRows = 16;  // rows per unit of work in softmax_rows

}  // namespace

QueriesKeysValues project_qkv(const Tensor& inputs, const PackedQKV& w, int D,
                              const Workers& workers) {
  const int B = inputs.dim(0), T = inputs.dim(1), d_in = inputs.dim(2), M = B * T;
  const int panels = w.weights.panels(), ldq = panels * kPanel;
  std::vector<float> qkv(std::size_t(M) * ldq + kPad);  // (B·T, 3·D rounded up to 8)
  const GemmUnits units(M, panels);
  const float* bias = w.bias.empty() ? nullptr : w.bias.data();
  workers.run(units.count(), 2.0 * M * d_in * w.weights.N, [&](int unit, int) noexcept {
    const auto [r, r_end, p, p_end] = units[unit];
    // qkv[r:r_end, panels p:p_end] = inputs[r:r_end] · [W_q | W_k | W_v]ᵀ (+ bias)
    gemm(inputs.data.data(), d_in, w.weights, qkv.data(), ldq, bias, r, r_end, p, p_end,
         Store::overwrite);
  });
  QueriesKeysValues out{Tensor({B, T, D}), Tensor({B, T, D}), Tensor({B, T, D})};  // (B,T,D) each
  for (int row = 0; row < M; ++row) {
    const float* q = qkv.data() + std::size_t(row) * ldq;
    std::copy_n(q, D, out.queries.data.data() + std::size_t(row) * D);
    std::copy_n(q + w.key_column, D, out.keys.data.data() + std::size_t(row) * D);
    std::copy_n(q + w.value_column, D, out.values.data.data() + std::size_t(row) * D);
  }
  return out;
}

Tensor attention_scores(const Tensor& queries, const Tensor& keys, const Workers& workers) {
  const int B = queries.dim(0), H = queries.dim(1), T = queries.dim(2), d_h = queries.dim(3);
  Tensor scores({B, H, T, T});  // (B,h,T,T)
  const int panels = ceil_div(T, kPanel);
  std::vector<float> key_panels(std::size_t(B) * H * panels * kPanel * d_h);  // Kᵀ per head
  workers.run(B * H, 2.0 * B * H * T * T * d_h, [&](int bh, int) noexcept {
    const std::size_t head = std::size_t(bh) * T * d_h;
    float* kt = key_panels.data() + std::size_t(bh) * panels * kPanel * d_h;
    pack_keys(keys.data.data() + head, d_h, T, d_h, 0, T, 0, d_h, kt);  // panels of 8 keys
    gemm(queries.data.data() + head, d_h, kt, d_h, T, scores.data.data() + std::size_t(bh) * T * T,
         T, nullptr, 0, T, 0, panels, Store::overwrite);
  });
  return scores;
}

Tensor softmax_rows(const Tensor& masked_scores, const Workers& workers) {
  using namespace simd;
  Tensor weights = masked_scores;
  const int T = weights.dim(-1);
  const int rows = static_cast<int>(weights.size() / T), vec_end = T / 4 * 4;
  workers.run(ceil_div(rows, kSoftmaxRows), 30.0 * rows * T, [&](int unit, int) noexcept {
    for (int row = unit * kSoftmaxRows; row < std::min(rows, (unit + 1) * kSoftmaxRows); ++row) {
      float* w = weights.data.data() + std::size_t(row) * T;
      // Pass 1: the row maximum, subtracted so that every exponent is ≤ 0 (no overflow).
      f32x4 vmax = splat(kNegInf);
      for (int j = 0; j < vec_end; j += 4) vmax = max(vmax, load(w + j));
      float row_max = horizontal_max(vmax);
      for (int j = vec_end; j < T; ++j) row_max = std::max(row_max, w[j]);
      // Pass 2: exponentials and their sum. simd::exp never returns 0, so the masked entries
      // (−∞) are set to exactly 0 by hand: the future gets no weight at all.
      const f32x4 vm = splat(row_max), neg_inf = splat(kNegInf);
      f32x4 vsum = splat(0.0f);
      for (int j = 0; j < vec_end; j += 4) {
        const f32x4 s = load(w + j);
        const f32x4 p = bit_and(simd::exp(sub(s, vm)), greater(s, neg_inf));
        store(w + j, p);
        vsum = add(vsum, p);
      }
      float sum = horizontal_sum(vsum);
      for (int j = vec_end; j < T; ++j) {
        const float p = w[j] == kNegInf ? 0.0f : std::exp(w[j] - row_max);
        w[j] = p;
        sum += p;
      }
      // Pass 3: normalise, as PyTorch does, by multiplying with the reciprocal of the sum.
      const f32x4 inv = splat(1.0f / sum);
      for (int j = 0; j < vec_end; j += 4) store(w + j, mul(load(w + j), inv));
      for (int j = vec_end; j < T; ++j) w[j] *= 1.0f / sum;
    }
  });
  return weights;
}

Tensor weighted_values(const Tensor& weights, const Tensor& values, const Workers& workers) {
  const int B = values.dim(0), H = values.dim(1), T = values.dim(2), d_h = values.dim(3);
  Tensor context({B, H, T, d_h});  // (B,h,T,d_h)
  const int panels = ceil_div(d_h, kPanel);
  std::vector<float> value_panels(std::size_t(B) * H * panels * kPanel * T);  // V per head
  workers.run(B * H, 2.0 * B * H * T * T * d_h, [&](int bh, int) noexcept {
    float* v = value_panels.data() + std::size_t(bh) * panels * kPanel * T;
    pack_matrix(values.data.data() + std::size_t(bh) * T * d_h, d_h, T, d_h, v);
    gemm(weights.data.data() + std::size_t(bh) * T * T, T, v, T, d_h,
         context.data.data() + std::size_t(bh) * T * d_h, d_h, nullptr, 0, T, 0, panels,
         Store::overwrite);
  });
  return context;
}

Tensor project_output(const Tensor& merged, const PackedOutput& w, const Workers& workers) {
  const int B = merged.dim(0), T = merged.dim(1), D = merged.dim(2);
  Tensor output({B, T, D});  // (B,T,D)
  project_output(merged.data.data(), B * T, D, w, output.data.data(), workers);
  return output;
}

}  // namespace attention
