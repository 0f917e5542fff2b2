// Register-blocked matrix products for the fast (no-trace) forward pass. The weights are packed
// once, as PyTorch's W (out × in) transposed into panels of 8 output columns; a 4×8 micro-kernel
// keeps 8 four-lane accumulators in registers and streams one panel row and four broadcast values
// of A per step. (V8 gives WebAssembly 16 xmm registers on x86-64: a 6×8 tile, 12 accumulators,
// measured 1.4× slower in Node than 4×8, from spills.) Every C element is summed in the same order
// whatever the thread that computes it, so results are bit-identical for any number of threads.
// Each step is simd::madd: a product then a sum in the SIMD128 build, one fused multiply-add in
// the relaxed-SIMD build (so the two builds differ in the last bits; each is deterministic).
#pragma once

#include <cstddef>
#include <vector>

#include "attention/fast/simd.hpp"

namespace attention {

constexpr int kPanel = 8;  // NR: columns per packed panel
constexpr int kRows = 4;   // MR: rows per micro-kernel call

// Whether the drivers use the 2×16 tile (below) where it fits: V8 compiles it to faster code than
// the 4×8 one, GCC to slower (native S2 15.2 vs 12.9 ms, S3 200 vs 139 ms); the results are the
// same either way.
#if defined(__wasm_simd128__)
constexpr bool kWideTiles = true;
#else
constexpr bool kWideTiles = false;
#endif

// B (K × N) as ceil(N/8) panels, each K × 8 contiguous and zero-padded past N.
struct PackedB {
  int K = 0, N = 0;
  std::vector<float> data;
  int panels() const { return (N + kPanel - 1) / kPanel; }
  const float* panel(int p) const { return data.data() + std::size_t(p) * K * kPanel; }
};

// B = Wᵀ for PyTorch's weight W (N × K, row-major); to pack some of W's rows, pass their first.
PackedB pack_weight(const float* W, int N, int K);
// Several weights side by side: B = [W_0ᵀ | W_1ᵀ | ...], each (n_i × K); block i starts at column
// column_offsets[i] (blocks are contiguous, so tiny heads share panels instead of padding each).
PackedB pack_weights(const std::vector<const float*>& weights, const std::vector<int>& rows, int K,
                     std::vector<int>* column_offsets);

// B (K × N), row-major with rows ldb apart, as PackedB's panels (a matrix that is already the
// right way up, such as a head's values) into `panels`: ceil(N/8)·8·K floats, zero past N.
void pack_matrix(const float* B, int ldb, int K, int N, float* panels) noexcept;

enum class Store {
  overwrite,   // C = A·B (+ bias)
  accumulate,  // C += A·B
};

// C[r, p·8 + c] for rows [row_begin, row_end) and panels [panel_begin, panel_end):
// C = A·B + bias (or C += A·B). A is row-major with stride lda; bias is indexed like C's columns.
void gemm(const float* A, int lda, const PackedB& B, float* C, int ldc, const float* bias,
          int row_begin, int row_end, int panel_begin, int panel_end, Store mode) noexcept;
// The same with B (K × N) as panels held elsewhere (pack_matrix, pack_keys).
void gemm(const float* A, int lda, const float* panels, int K, int N, float* C, int ldc,
          const float* bias, int row_begin, int row_end, int panel_begin, int panel_end,
          Store mode) noexcept;

// The micro-kernel: C[MR × n_valid] (=|+=) A[MR × K] · B[K × 8] (+ bias). B rows are `ldb` apart
// and must have 8 readable floats each (the buffers are padded); only n_valid columns are stored.
template <int MR>
inline void micro_kernel(int K, const float* A, int lda, const float* B, int ldb, float* C, int ldc,
                         int n_valid, const float* bias, Store mode) noexcept {
  using namespace simd;
  f32x4 lo[MR], hi[MR];
  for (int r = 0; r < MR; ++r) lo[r] = hi[r] = splat(0.0f);
  const float* b = B;  // row k of B, and column k of A (row r at a + r·lda)
  const float* a = A;
  for (int k = 0; k < K; ++k, b += ldb, ++a) {
    const f32x4 b_lo = load(b), b_hi = load(b + 4);
    for (int r = 0; r < MR; ++r) {
      const f32x4 x = load_splat(a + std::size_t(r) * lda);
      lo[r] = madd(x, b_lo, lo[r]);
      hi[r] = madd(x, b_hi, hi[r]);
    }
  }
  if (n_valid == kPanel) {  // a full tile: vector stores (same operations, same rounding)
    for (int r = 0; r < MR; ++r) {
      float* c = C + std::size_t(r) * ldc;
      if (mode == Store::accumulate) {
        store(c, add(load(c), lo[r]));
        store(c + 4, add(load(c + 4), hi[r]));
      } else if (bias != nullptr) {
        store(c, add(lo[r], load(bias)));
        store(c + 4, add(hi[r], load(bias + 4)));
      } else {
        store(c, lo[r]);
        store(c + 4, hi[r]);
      }
    }
    return;
  }
  for (int r = 0; r < MR; ++r) {
    float* c = C + std::size_t(r) * ldc;
    alignas(16) float tile[kPanel];
    store(tile, lo[r]);
    store(tile + 4, hi[r]);
    if (mode == Store::accumulate) {
      for (int j = 0; j < n_valid; ++j) c[j] += tile[j];
    } else if (bias != nullptr) {
      for (int j = 0; j < n_valid; ++j) c[j] = tile[j] + bias[j];
    } else {
      for (int j = 0; j < n_valid; ++j) c[j] = tile[j];
    }
  }
}

// The wide tile: C[2 × 16] (=|+=) A[2 × K] · [B0 | B1] (+ bias), two 8-column blocks of B whose
// rows are `ldb` apart (two packed panels, or two neighbouring column blocks of V). The same 8
// accumulators as 4×8 with half the broadcasts per product, which V8 turns into faster code:
// 51.8 vs 48.3 GFLOP/s on S2's projection in Node. Each C element is still summed over k in
// order, then the bias added, so the result equals micro_kernel's to the bit.
inline void micro_kernel_2x16(int K, const float* A, int lda, const float* B0, const float* B1,
                              int ldb, float* C, int ldc, const float* bias, Store mode) noexcept {
  using namespace simd;
  f32x4 c[2][4];
  for (auto& row : c)
    for (f32x4& v : row) v = splat(0.0f);
  // Pointers stepped along k rather than indexed by it: clang then emits one add per pointer per
  // step instead of a shift and adds per address, and V8 runs the loop 2–5 % faster (S2, S3).
  const float* b0 = B0;  // row k of both blocks of B
  const float* b1 = B1;
  const float* a0 = A;  // column k of A's two rows
  const float* a1 = A + lda;
  for (int k = 0; k < K; ++k, b0 += ldb, b1 += ldb, ++a0, ++a1) {
    const f32x4 b[4] = {load(b0), load(b0 + 4), load(b1), load(b1 + 4)};
    const f32x4 x0 = load_splat(a0);
    for (int v = 0; v < 4; ++v) c[0][v] = madd(x0, b[v], c[0][v]);
    const f32x4 x1 = load_splat(a1);
    for (int v = 0; v < 4; ++v) c[1][v] = madd(x1, b[v], c[1][v]);
  }
  for (int r = 0; r < 2; ++r) {
    float* out = C + std::size_t(r) * ldc;
    for (int v = 0; v < 4; ++v) {
      if (mode == Store::accumulate)
        store(out + 4 * v, add(load(out + 4 * v), c[r][v]));
      else if (bias != nullptr)
        store(out + 4 * v, add(c[r][v], load(bias + 4 * v)));
      else
        store(out + 4 * v, c[r][v]);
    }
  }
}

// micro_kernel for any row count from 1 to kRows (the drivers' strips are 2 or kRows rows).
void micro_kernel_rows(int rows, int K, const float* A, int lda, const float* B, int ldb, float* C,
                       int ldc, int n_valid, const float* bias, Store mode) noexcept;

}  // namespace attention
