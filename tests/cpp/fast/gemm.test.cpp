// The fast path's matrix product: whichever tile computes an element (2×16 for pairs of rows and
// full panels in the WebAssembly build, 1–4×8 for what is left and natively), it is the plain sum
// over k in order, then the bias, in float32 — the same bits as a scalar loop doing exactly that.
#include "attention/fast/gemm.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

using namespace attention;

namespace {

// C = A·Wᵀ (+ bias), or C += A·Wᵀ, element by element: acc = 0; acc += a·w for k in order.
void reference(const std::vector<float>& A, const std::vector<float>& W, const float* bias, int M,
               int N, int K, Store mode, std::vector<float>& C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < K; ++k) acc += A[std::size_t(i) * K + k] * W[std::size_t(j) * K + k];
      float& c = C[std::size_t(i) * N + j];
      c = mode == Store::accumulate ? c + acc : bias ? acc + bias[j] : acc;
    }
}

// The relaxed-SIMD build's f32x4.relaxed_madd rounds as the engine and the CPU decide (once with
// fused multiply-add, twice without), so there the tiles are checked to float32 rounding; in every
// other build, to the bit.
bool same(float got, float want) {
#if defined(__wasm_relaxed_simd__)
  return std::abs(got - want) <= 1e-6f * (1.0f + std::abs(want));
#else
  return got == want;
#endif
}

}  // namespace

TEST_CASE("gemm tiles give the bits of the in-order scalar sum", "[fast][gemm]") {
  // Odd and even row counts, panel counts and partial last panels.
  const int shapes[][3] = {{1, 8, 5},   {2, 16, 7},  {3, 24, 64},
                           {5, 13, 33}, {7, 40, 96}, {6, 29, 3}};
  for (const auto& s : shapes) {
    const int M = s[0], N = s[1], K = s[2];
    for (Store mode : {Store::overwrite, Store::accumulate}) {
      for (bool with_bias : {false, true}) {
        if (mode == Store::accumulate && with_bias) continue;  // gemm never adds both
        DYNAMIC_SECTION("M=" << M << " N=" << N << " K=" << K
                             << (mode == Store::accumulate ? " accumulate" : " overwrite")
                             << (with_bias ? " bias" : "")) {
          std::vector<float> A(std::size_t(M) * K + 8), W(std::size_t(N) * K), bias(N + 8);
          for (std::size_t i = 0; i < A.size(); ++i) A[i] = std::sin(0.37f * float(i));
          for (std::size_t i = 0; i < W.size(); ++i) W[i] = std::cos(0.23f * float(i)) / 3.0f;
          for (int j = 0; j < N; ++j) bias[j] = 0.1f * float(j) - 1.0f;
          const PackedB B = pack_weight(W.data(), N, K);
          // C has the packed width (whole panels) so the tiles may store full vectors.
          const int ldc = B.panels() * kPanel;
          std::vector<float> C(std::size_t(M) * ldc, 0.5f), expected(std::size_t(M) * N);
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j)
              expected[std::size_t(i) * N + j] = C[std::size_t(i) * ldc + j];
          gemm(A.data(), K, B, C.data(), ldc, with_bias ? bias.data() : nullptr, 0, M, 0,
               B.panels(), mode);
          reference(A, W, with_bias ? bias.data() : nullptr, M, N, K, mode, expected);
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) {
              INFO("C[" << i << "][" << j << "]");
              REQUIRE(same(C[std::size_t(i) * ldc + j], expected[std::size_t(i) * N + j]));
            }
        }
      }
    }
  }
}

TEST_CASE("the 2×16 tile, called directly, gives the same bits (any build)", "[fast][gemm]") {
  // Two 8-column blocks of B with rows `ldb` apart, as P·V uses it on V (ldb 40 here).
  const int K = 37, ldb = 40, lda = K + 3, ldc = 20;
  std::vector<float> A(2 * lda), B(std::size_t(K) * ldb), bias(16);
  for (std::size_t i = 0; i < A.size(); ++i) A[i] = std::sin(0.41f * float(i));
  for (std::size_t i = 0; i < B.size(); ++i) B[i] = std::cos(0.19f * float(i));
  for (int j = 0; j < 16; ++j) bias[j] = 0.25f * float(j);
  for (Store mode : {Store::overwrite, Store::accumulate}) {
    std::vector<float> C(2 * ldc, -0.75f);
    micro_kernel_2x16(K, A.data(), lda, B.data() + 3, B.data() + 3 + kPanel, ldb, C.data(), ldc,
                      mode == Store::overwrite ? bias.data() : nullptr, mode);
    for (int r = 0; r < 2; ++r)
      for (int j = 0; j < 16; ++j) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k)
          acc += A[std::size_t(r) * lda + k] * B[std::size_t(k) * ldb + 3 + j];
        const float expected = mode == Store::accumulate ? -0.75f + acc : acc + bias[j];
        INFO("row " << r << ", column " << j);
        REQUIRE(same(C[std::size_t(r) * ldc + j], expected));
      }
    CHECK(C[16] == -0.75f);  // past the 16 columns: untouched
  }
}
