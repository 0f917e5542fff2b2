// The fast path's key layout: Kᵀ in panels of 8 keys, so that Q·Kᵀ runs on the same micro-kernels
// as the projections. The projection units pack the keys they have just computed, each a block of
// rows and columns, so packing in pieces must give exactly what packing the whole head gives.
#include "attention/fast/flash.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "attention/fast/gemm.hpp"

using namespace attention;

TEST_CASE("pack_keys: Kᵀ panels of 8 keys, zeros past T, the same when packed in pieces",
          "[fast][flash]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (const int T : {6, 13, 48}) {
    for (const int d_h : {3, 64}) {
      CAPTURE(T, d_h);
      const int ldk = d_h + 5;  // keys sit inside wider rows, as in the (B·T, 3·d_out) buffer
      std::vector<float> K(std::size_t(T) * ldk);
      for (std::size_t i = 0; i < K.size(); ++i) K[i] = std::sin(0.7f * float(i)) + 1.5f;
      const int panels = (T + kPanel - 1) / kPanel;
      const std::size_t size = std::size_t(panels) * kPanel * d_h;

      std::vector<float> whole(size, nan);
      pack_keys(K.data(), ldk, T, d_h, 0, T, 0, d_h, whole.data());
      // Panel p holds d_h rows of 8 keys: element (d, c) is dimension d of key 8p + c.
      for (int t = 0; t < panels * kPanel; ++t)
        for (int d = 0; d < d_h; ++d) {
          const float got = whole[std::size_t(t / kPanel) * d_h * kPanel + d * kPanel + t % kPanel];
          REQUIRE(got == (t < T ? K[std::size_t(t) * ldk + d] : 0.0f));
        }

      // Rows and dimensions cut where no panel boundary is, as a projection unit's block may be.
      std::vector<float> pieces(size, nan);
      const int t_cut = T / 3 + 1, d_cut = d_h / 2 + 1;
      for (const auto& rows : {std::pair{0, t_cut}, std::pair{t_cut, T}})
        for (const auto& dims : {std::pair{0, d_cut}, std::pair{d_cut, d_h}})
          pack_keys(K.data(), ldk, T, d_h, rows.first, rows.second, dims.first, dims.second,
                    pieces.data());
      for (std::size_t i = 0; i < size; ++i) {
        CAPTURE(i);
        REQUIRE(pieces[i] == whole[i]);
      }
    }
  }
}

TEST_CASE("small heads: the same bits as flash_attention, without its blocks", "[fast][flash]") {
  for (const bool causal : {true, false}) {
    for (const int T : {1, 2, 6, 8}) {
      for (const int d_h : {1, 3, 8}) {
        CAPTURE(causal, T, d_h);
        const int ld = 3 * d_h + 5;  // Q, K and V side by side in wider rows, as in the fast path
        std::vector<float> qkv(std::size_t(T) * ld + 16);
        for (std::size_t i = 0; i < qkv.size(); ++i) qkv[i] = std::sin(0.37f * float(i)) * 2.0f;
        const float* q = qkv.data();
        const float* k = q + d_h;
        const float* v = q + 2 * d_h;
        std::vector<float> packed(std::size_t(kPanel) * d_h);
        pack_keys(k, ld, T, d_h, 0, T, 0, d_h, packed.data());
        std::vector<float> blocked(std::size_t(T) * d_h), small(std::size_t(T) * d_h);
        FlashScratch scratch;
        scratch.reserve(d_h);
        flash_attention(q, ld, packed.data(), v, ld, T, d_h, causal, 0, T, blocked.data(), d_h,
                        scratch);
        small_head_attention(q, ld, packed.data(), v, ld, T, d_h, causal, small.data(), d_h);
        for (std::size_t i = 0; i < small.size(); ++i) {
          CAPTURE(i);
          REQUIRE(small[i] == blocked[i]);
        }
      }
    }
  }
}
