// project_qkv on the fast path (see fast_path.hpp): the weight split of pipeline.hpp's project_qkv
// as one packed matrix product per group of heads, whose units also lay the keys out as Kᵀ panels
// for flash_attention while they are still in cache.
#include <algorithm>

#include "attention/fast/fast_path.hpp"

namespace attention {

PackedQKV pack_qkv(const Weights& w, std::size_t first_row, int n, int d_in) {
  PackedQKV packed;
  std::vector<int> offsets;
  packed.weights = pack_weights(
      {w.query_weight.data() + first_row * d_in, w.key_weight.data() + first_row * d_in,
       w.value_weight.data() + first_row * d_in},
      {n, n, n}, d_in, &offsets);
  packed.key_column = offsets[1];
  packed.value_column = offsets[2];
  if (!w.query_bias.empty()) {  // qkv_bias
    packed.bias.assign(std::size_t(packed.weights.panels()) * kPanel, 0.0f);
    std::copy_n(w.query_bias.data() + first_row, n, packed.bias.begin());
    std::copy_n(w.key_bias.data() + first_row, n, packed.bias.begin() + packed.key_column);
    std::copy_n(w.value_bias.data() + first_row, n, packed.bias.begin() + packed.value_column);
  }
  return packed;
}

void project_qkv(const float* inputs, int B, int T, int d_in, int G, int d_h, const PackedQKV& w,
                 const GroupQKV& out, const Workers& workers) {
  const int M = B * T;  // rows: every token of every batch
  const GemmUnits units(M, w.weights.panels());
  const double flops = 2.0 * M * d_in * w.weights.N;
  const float* bias = w.bias.empty() ? nullptr : w.bias.data();
  // A block of up to 16 panels is 384 KB for d_in = 768: it stays in L2 while the rows pass.
  workers.run(units.count(), flops, [&](int unit, int) noexcept {
    const auto [r, r_end, p, p_end] = units[unit];
    // qkv[r:r_end, panels p:p_end] = inputs[r:r_end] · [W_q | W_k | W_v]ᵀ (+ bias)
    gemm(inputs, d_in, w.weights, out.qkv, out.ldq, bias, r, r_end, p, p_end, Store::overwrite);
    // A unit that computed keys also packs them as Kᵀ panels, per (batch, head), while they are
    // still in its cache: no separate pass, and no wait for one. Key columns of this unit,
    // relative to the first key column:
    const int k_begin = std::max(p * kPanel, out.key_column) - out.key_column;
    const int k_end = std::min(p_end * kPanel, out.key_column + G * d_h) - out.key_column;
    for (int head = k_begin / d_h; head < G && head * d_h < k_end; ++head) {
      const int d_begin = std::max(k_begin - head * d_h, 0);
      const int d_end = std::min(k_end - head * d_h, d_h);
      for (int b = r / T; b * T < r_end; ++b) {
        pack_keys(out.qkv + std::size_t(b) * T * out.ldq + out.key_column + head * d_h, out.ldq, T,
                  d_h, std::max(r - b * T, 0), std::min(r_end - b * T, T), d_begin, d_end,
                  out.packed_keys + (std::size_t(b) * G + head) * out.keys_per_head);
      }
    }
  });
}

}  // namespace attention
