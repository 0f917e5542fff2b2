// Each step of the fast path (fast_path.hpp) against the stage function it speeds up
// (pipeline.hpp): project_qkv, flash_attention_heads and project_output, one at a time, for one
// group of all heads (the weight split) and for groups of one head (the loop over heads).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "attention/fast/fast_path.hpp"
#include "support/check.hpp"

using namespace attention;

namespace {

// Columns [column, column + width) of the (rows, ld) buffer `data`, as a (B,T,width) tensor.
Tensor columns(const float* data, int ld, int B, int T, int column, int width) {
  Tensor t({B, T, width});  // (B,T,width)
  for (std::size_t row = 0; row < std::size_t(B) * T; ++row)
    for (int j = 0; j < width; ++j) t.data[row * width + j] = data[row * ld + column + j];
  return t;
}

}  // namespace

TEST_CASE("each fast step equals the stage function it speeds up", "[fast][steps]") {
  Config c;
  c.batch = 2;
  c.tokens = 37;  // one query block and a partial key panel
  c.d_in = 20;
  c.d_out = 24;
  c.heads = 3;  // d_h = 8
  c.qkv_bias = true;
  c.seed = 11;
  const int B = c.batch, T = c.tokens, d_in = c.d_in, d_h = c.head_size(), D = c.width();
  const int M = B * T;
  const Weights w = Model(c).weights();
  Tensor x({B, T, d_in});  // (B,T,d_in)
  for (std::size_t i = 0; i < x.size(); ++i) x.data[i] = std::sin(0.43f * float(i));
  const Workers workers(nullptr);  // every unit on this thread
  std::vector<FlashScratch> scratch(1);
  scratch[0].reserve(d_h);

  // The references: the stage-by-stage path's tensors.
  const QueriesKeysValues projected = project_qkv(x, w, 0, D);  // (B,T,D) each
  const Tensor query_heads = split_heads(projected.queries, c.heads);
  const Tensor weights = softmax_rows(apply_causal_mask(
      scale_scores(attention_scores(query_heads, split_heads(projected.keys, c.heads)), d_h)));
  const Tensor merged =
      merge_heads(weighted_values(weights, split_heads(projected.values, c.heads)));
  const Tensor output = project_output(merged, w);  // (B,T,D)

  for (int G : {c.heads, 1}) {
    DYNAMIC_SECTION(G << " head(s) per group") {
      std::vector<float> context(std::size_t(M) * D + kPad);  // (B,T,D): the merged heads
      for (int g = 0; g < c.heads / G; ++g) {
        const int first = g * G * d_h, n = G * d_h;  // the group's rows of W_q, W_k, W_v
        const PackedQKV packed = pack_qkv(w, first, n, d_in);
        const int ldq = packed.weights.panels() * kPanel;
        const std::size_t keys_per_head = std::size_t((T + kPanel - 1) / kPanel) * kPanel * d_h;
        std::vector<float> qkv(std::size_t(M) * ldq + kPad);
        std::vector<float> packed_keys(std::size_t(B) * G * keys_per_head + kPad);
        const GroupQKV buffers{
            qkv.data(),         ldq,           packed.key_column, packed.value_column,
            packed_keys.data(), keys_per_head,
        };

        project_qkv(x.data.data(), B, T, d_in, G, d_h, packed, buffers, workers);
        const QueriesKeysValues expected = project_qkv(x, w, first, n);  // (B,T,n) each
        check::tensors_close("queries", columns(qkv.data(), ldq, B, T, 0, n), expected.queries,
                             1e-5);
        check::tensors_close("keys", columns(qkv.data(), ldq, B, T, packed.key_column, n),
                             expected.keys, 1e-5);
        check::tensors_close("values", columns(qkv.data(), ldq, B, T, packed.value_column, n),
                             expected.values, 1e-5);
        // The keys the projection units packed are exactly the keys they computed, as Kᵀ panels.
        for (int b = 0; b < B; ++b)
          for (int head = 0; head < G; ++head) {
            std::vector<float> repacked(keys_per_head);
            pack_keys(qkv.data() + std::size_t(b) * T * ldq + packed.key_column + head * d_h, ldq,
                      T, d_h, 0, T, 0, d_h, repacked.data());
            const float* got = packed_keys.data() + (std::size_t(b) * G + head) * keys_per_head;
            INFO("batch " << b << ", head " << head);
            CHECK(std::vector<float>(got, got + keys_per_head) == repacked);
          }

        flash_attention_heads(buffers, B, T, G, d_h, true, context.data() + first, D, scratch,
                              workers);
      }
      check::tensors_close("merged context vectors", columns(context.data(), D, B, T, 0, D), merged,
                           1e-5);

      const PackedOutput out = pack_output(w, D);
      std::vector<float> projected_output(std::size_t(M) * D + kPad), tiles;
      project_output(context.data(), M, D, out, projected_output.data(), workers);
      check::tensors_close("output", columns(projected_output.data(), D, B, T, 0, D), output, 1e-5);
      // In place, row block by row block: every element summed in the same order, the same bits.
      project_output_in_place(context.data(), M, D, out, tiles, workers);
      CHECK(std::vector<float>(context.begin(), context.begin() + std::size_t(M) * D) ==
            std::vector<float>(projected_output.begin(),
                               projected_output.begin() + std::size_t(M) * D));
    }
  }
}

TEST_CASE("the projections' units of work cover every row and panel once", "[fast][units]") {
  for (int M : {1, 4, 37, 128, 256, 1024, 4096}) {
    for (int panels : {1, 3, 12, 36, 96, 288}) {
      const GemmUnits units(M, panels);
      std::vector<int> covered(std::size_t(M) * panels, 0);
      for (int unit = 0; unit < units.count(); ++unit) {
        const GemmUnits::Block b = units[unit];
        REQUIRE(b.row_begin < b.row_end);
        REQUIRE(b.row_end - b.row_begin <= kGemmRows);
        REQUIRE(b.panel_begin < b.panel_end);
        REQUIRE(b.panel_end - b.panel_begin <= kGemmPanels);
        for (int r = b.row_begin; r < b.row_end; ++r)
          for (int p = b.panel_begin; p < b.panel_end; ++p) ++covered[std::size_t(r) * panels + p];
      }
      INFO("M = " << M << ", panels = " << panels);
      REQUIRE(std::count(covered.begin(), covered.end(), 1) == M * panels);
    }
  }
  // GPT-2 at T = 128: rows in blocks of 44, 44 and 40 (not 48, 48 and 32), 6 blocks of 16 panels.
  const GemmUnits units(128, 96);
  CHECK(units.count() == 3 * 6);
  CHECK(units[1].row_begin == 44);
  CHECK(units[2].row_begin == 88);
  CHECK(units[2].row_end == 128);
  CHECK(units[3].panel_begin == 16);
}
