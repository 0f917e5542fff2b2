// project_output on the fast path (see fast_path.hpp): out_proj, pipeline.hpp's project_output, as
// a packed matrix product, from a separate context buffer or in place over long inputs.
#include <algorithm>
#include <cstring>

#include "attention/fast/fast_path.hpp"

namespace attention {

PackedOutput pack_output(const Weights& w, int D) {
  PackedOutput packed;
  packed.weight = pack_weight(w.out_weight.data(), D, D);
  packed.bias.assign(std::size_t(packed.weight.panels()) * kPanel, 0.0f);
  std::copy(w.out_bias.begin(), w.out_bias.end(), packed.bias.begin());
  return packed;
}

void project_output(const float* context, int M, int D, const PackedOutput& w, float* output,
                    const Workers& workers) {
  const GemmUnits units(M, w.weight.panels());
  workers.run(units.count(), 2.0 * M * D * D, [&](int unit, int) noexcept {
    const auto [r, r_end, p, p_end] = units[unit];
    // output[r:r_end, panels p:p_end] = context[r:r_end] · out_projᵀ + bias
    gemm(context, D, w.weight, output, D, w.bias.data(), r, r_end, p, p_end, Store::overwrite);
  });
}

void project_output_in_place(float* context, int M, int D, const PackedOutput& w,
                             std::vector<float>& tiles, const Workers& workers) {
  const int ldr = w.weight.panels() * kPanel;  // D rounded up to 8
  // Blocks of whole rows (each output row needs its entire context row): 48 rows when there are
  // plenty, fewer for short inputs so that every thread gets several blocks.
  const int block = std::clamp(M / (4 * workers.count()) / kRows * kRows, kRows, kGemmRows);
  tiles.resize(std::size_t(workers.count()) * block * ldr + kPad);  // (workers, block, ldr)
  workers.run(ceil_div(M, block), 2.0 * M * D * D, [&](int unit, int worker) noexcept {
    const int r0 = unit * block, rows = std::min(block, M - r0);
    float* tile = tiles.data() + std::size_t(worker) * block * ldr;
    gemm(context + std::size_t(r0) * D, D, w.weight, tile, ldr, w.bias.data(), 0, rows, 0,
         w.weight.panels(), Store::overwrite);
    for (int r = 0; r < rows; ++r)
      std::memcpy(context + std::size_t(r0 + r) * D, tile + std::size_t(r) * ldr,
                  D * sizeof(float));
  });
}

}  // namespace attention
