// Packing and the GEMM driver (see gemm.hpp).
#include "attention/fast/gemm.hpp"

#include <algorithm>

namespace attention {

PackedB pack_weight(const float* W, int N, int K) {
  std::vector<int> offsets;
  return pack_weights({W}, {N}, K, &offsets);
}

PackedB pack_weights(const std::vector<const float*>& weights, const std::vector<int>& rows, int K,
                     std::vector<int>* column_offsets) {
  PackedB packed;
  packed.K = K;
  packed.N = 0;
  column_offsets->clear();
  for (int n : rows) {
    column_offsets->push_back(packed.N);
    packed.N += n;
  }
  packed.data.assign(std::size_t(packed.panels()) * K * kPanel, 0.0f);
  for (std::size_t w = 0; w < weights.size(); ++w) {
    const float* W = weights[w];
    for (int n = 0; n < rows[w]; ++n) {
      const int column = (*column_offsets)[w] + n;
      float* panel = packed.data.data() + std::size_t(column / kPanel) * K * kPanel;
      for (int k = 0; k < K; ++k)
        panel[std::size_t(k) * kPanel + column % kPanel] = W[std::size_t(n) * K + k];
    }
  }
  return packed;
}

void pack_matrix(const float* B, int ldb, int K, int N, float* panels) noexcept {
  for (int p = 0; p * kPanel < N; ++p) {
    const int n_valid = std::min(kPanel, N - p * kPanel);
    float* panel = panels + std::size_t(p) * K * kPanel;
    for (int k = 0; k < K; ++k) {
      const float* b = B + std::size_t(k) * ldb + p * kPanel;
      float* row = panel + std::size_t(k) * kPanel;
      for (int n = 0; n < kPanel; ++n) row[n] = n < n_valid ? b[n] : 0.0f;
    }
  }
}

void micro_kernel_rows(int rows, int K, const float* A, int lda, const float* B, int ldb, float* C,
                       int ldc, int n_valid, const float* bias, Store mode) noexcept {
  switch (rows) {
    case 4:
      return micro_kernel<4>(K, A, lda, B, ldb, C, ldc, n_valid, bias, mode);
    case 3:
      return micro_kernel<3>(K, A, lda, B, ldb, C, ldc, n_valid, bias, mode);
    case 2:
      return micro_kernel<2>(K, A, lda, B, ldb, C, ldc, n_valid, bias, mode);
    case 1:
      return micro_kernel<1>(K, A, lda, B, ldb, C, ldc, n_valid, bias, mode);
    default:
      return;
  }
}

void gemm(const float* A, int lda, const PackedB& B, float* C, int ldc, const float* bias,
          int row_begin, int row_end, int panel_begin, int panel_end, Store mode) noexcept {
  gemm(A, lda, B.data.data(), B.K, B.N, C, ldc, bias, row_begin, row_end, panel_begin, panel_end,
       mode);
}

void gemm(const float* A, int lda, const float* panels, int K, int N, float* C, int ldc,
          const float* bias, int row_begin, int row_end, int panel_begin, int panel_end,
          Store mode) noexcept {
  const auto panel = [&](int p) { return panels + std::size_t(p) * K * kPanel; };
  // Pairs of rows × pairs of full panels with the 2×16 tile; a last odd row, a last odd panel
  // or a partly filled panel with micro_kernel. Without a pair of full panels (the lecture's tiny
  // heads, or a native build), 4 rows × 8 columns at a time.
  const int full_end = std::min(panel_end, N / kPanel);  // panels with 8 valid columns
  const int pair_end =
      kWideTiles ? panel_begin + std::max(0, full_end - panel_begin) / 2 * 2 : panel_begin;
  const int strip = pair_end > panel_begin ? 2 : kRows;
  for (int r = row_begin; r < row_end; r += strip) {
    const int rows = std::min(strip, row_end - r);
    const float* a = A + std::size_t(r) * lda;
    float* c = C + std::size_t(r) * ldc;
    int p = panel_begin;
    if (rows == 2) {
      for (; p < pair_end; p += 2) {
        micro_kernel_2x16(K, a, lda, panel(p), panel(p + 1), kPanel, c + p * kPanel, ldc,
                          bias ? bias + p * kPanel : nullptr, mode);
      }
    }
    for (; p < panel_end; ++p) {
      const int n_valid = std::min(kPanel, N - p * kPanel);
      micro_kernel_rows(rows, K, a, lda, panel(p), kPanel, c + p * kPanel, ldc, n_valid,
                        bias ? bias + p * kPanel : nullptr, mode);
    }
  }
}

}  // namespace attention
