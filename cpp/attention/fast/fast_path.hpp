// The fast forward pass (no trace) as the lecture's steps, each named like the stage-by-stage
// function it speeds up (pipeline.hpp), per group of heads:
//   project_qkv            fast_project_qkv.cpp     queries, keys and values: the weight split
//   flash_attention_heads  flash.cpp                scores, scaling, mask, softmax and context
//                                                   vectors, written straight into the merged heads
//   project_output         fast_project_output.cpp  out_proj mixes the heads
// Model::forward_fast (fast_forward.cpp) composes them. Private to the core: this header also
// declares the packed weights and scratch buffers a Model keeps for them; only the core's .cpp
// files include it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "attention/api/model.hpp"
#include "attention/fast/flash.hpp"
#include "attention/fast/gemm.hpp"
#include "attention/fast/threads.hpp"
#include "attention/reference/pipeline.hpp"
#include "attention/reference/weights.hpp"

namespace attention {

constexpr int kGemmRows = 48;    // at most this many rows per unit of work in the projections
constexpr int kGemmPanels = 16;  // at most this many panels (128 columns) per unit of work
constexpr int kPad = 8;          // readable floats past the end of every buffer

inline int ceil_div(int a, int b) {
  return (a + b - 1) / b;
}
inline int round_up(int n, int m) {
  return ceil_div(n, m) * m;
}

// The units of work of a packed matrix product of M rows by `panels` weight panels (project_qkv,
// project_output): blocks of at most kGemmRows rows × kGemmPanels panels, walked down the rows of
// one block of panels before the next, so that the panels stay in L2 while every row passes over
// them. The blocks of rows are as equal as whole tiles allow: for T = 128, 44 + 44 + 40 rows
// rather than 48 + 48 + 32, whose short block made a third of the units a third shorter. Which
// unit computes an element changes nothing in it (gemm.hpp).
class GemmUnits {
 public:
  GemmUnits(int M, int panels)
      : M_(M),
        panels_(panels),
        rows_(round_up(ceil_div(M, ceil_div(M, kGemmRows)), kRows)),  // ≤ kGemmRows
        row_blocks_(ceil_div(M, rows_)) {}
  int count() const { return row_blocks_ * ceil_div(panels_, kGemmPanels); }
  struct Block {
    int row_begin, row_end, panel_begin, panel_end;
  };
  Block operator[](int unit) const {
    const int r = unit % row_blocks_ * rows_, p = unit / row_blocks_ * kGemmPanels;
    return {r, std::min(M_, r + rows_), p, std::min(panels_, p + kGemmPanels)};
  }

 private:
  int M_, panels_;
  int rows_;  // per unit (the last block may have fewer)
  int row_blocks_;
};

// How the steps hand out their units of work. Without threads, with one unit, or with less work
// than waking the workers costs (about a million flops), the units run right here, with no
// std::function in between: the lecture's 4000 tiny heads and its 6-token toy make that overhead
// visible. Tiny units (the lecture's 3-wide heads) are handed out in runs of at least kTaskFlops,
// so threads do not queue on the shared counter; which thread runs a unit still changes nothing.
class Workers {
 public:
  explicit Workers(ThreadPool* pool)
      : pool_(pool), count_(pool && !pool->stopped() ? pool->size() : 1) {}
  // How many threads may run units at once: the `worker` passed to fn is below this.
  int count() const { return count_; }

  // fn(unit, worker) for every unit in [0, units); `flops` is the work of all of them together.
  template <class F>
  void run(int units, double flops, F&& fn) const {
    if (pool_ && units > 1 && flops >= kParallelFlops) {
      const int run = std::max(1, static_cast<int>(kTaskFlops / (flops / units)));
      pool_->parallel_for(ceil_div(units, run), [&](int task, int worker) {
        for (int u = task * run; u < std::min(units, (task + 1) * run); ++u) fn(u, worker);
      });
    } else {
      for (int u = 0; u < units; ++u) fn(u, 0);
    }
  }

 private:
  static constexpr double kParallelFlops = 1e6;  // less work than this runs on the calling thread
  static constexpr double kTaskFlops = 1e5;      // the least work handed to a thread at a time
  ThreadPool* pool_;
  int count_;
};

// One group of heads' projections, packed once: [W_qᵀ | W_kᵀ | W_vᵀ], n = G·d_h columns each, side
// by side (tiny heads share panels instead of padding each).
struct PackedQKV {
  PackedB weights;                       // (d_in, 3·n), zero-padded to whole panels
  std::vector<float> bias;               // aligned with the columns (empty without qkv_bias)
  int key_column = 0, value_column = 0;  // where the keys' and the values' columns start
};
// Rows [first_row, first_row + n) of W_query, W_key and W_value, and of their biases.
PackedQKV pack_qkv(const Weights& weights, std::size_t first_row, int n, int d_in);

// out_proj, packed once (mha only).
struct PackedOutput {
  PackedB weight;           // out_projᵀ (D, D)
  std::vector<float> bias;  // (D), zero-padded to whole panels
};
PackedOutput pack_output(const Weights& weights, int D);

// Where project_qkv leaves one group's queries, keys and values, and flash_attention_heads reads
// them: row t of `qkv` (B·T rows, ldq floats apart) holds token t's queries of the G heads from
// column 0, its keys from key_column and its values from value_column; each (batch, head)'s keys
// are also packed as Kᵀ panels (pack_keys), keys_per_head floats apart, (batch, head) in order.
struct GroupQKV {
  float* qkv = nullptr;
  int ldq = 0, key_column = 0, value_column = 0;
  float* packed_keys = nullptr;
  std::size_t keys_per_head = 0;  // ⌈T/8⌉·8·d_h
};

// 1. Queries, keys and values of one group of G heads (of size d_h) for all B·T tokens:
//      qkv (B·T, 3·G·d_h) = inputs (B·T, d_in) · [W_q | W_k | W_v]ᵀ (+ bias),
//    one GemmUnits block per unit of work; a unit that computed keys also packs them as Kᵀ.
void project_qkv(const float* inputs, int B, int T, int d_in, int G, int d_h, const PackedQKV& w,
                 const GroupQKV& out, const Workers& workers);

// 2. Context vectors of the group's G heads, per (batch, head, block of kQueryBlock query rows):
//      context[b, t, head·d_h ...] = softmax(q_t·Kᵀ / √d_h, causal) · V   (d_h columns)
//    `context` points at the group's first column of the merged (B,T,·) context vectors, rows ldc
//    floats apart; `scratch` has one entry per worker. Never holds a (T,T) matrix.
void flash_attention_heads(const GroupQKV& qkv, int B, int T, int G, int d_h, bool causal,
                           float* context, int ldc, std::vector<FlashScratch>& scratch,
                           const Workers& workers);

// 3. out_proj mixes the heads: output (B·T, D) = context (B·T, D) · out_projᵀ + bias, in
//    GemmUnits like the projections.
void project_output(const float* context, int M, int D, const PackedOutput& w, float* output,
                    const Workers& workers);
// The same in place, for long inputs: each block of whole rows of `context` is projected into a
// per-worker tile (`tiles`, resized here) and copied back over itself.
void project_output_in_place(float* context, int M, int D, const PackedOutput& w,
                             std::vector<float>& tiles, const Workers& workers);

// The stage-by-stage pass (a trace, dropout in training, masking 'naive') of the fused layout on
// the same kernels and threads (fast_stages.cpp): pipeline.hpp's functions of the same names, each
// stage still computed and kept whole, in the same float32 operations up to summation order
// (tests/cpp/fast/fast_stages.test.cpp checks each against its reference). Bit-identical for any
// number of threads.
//   project_qkv: the queries, keys and values (B,T,D) each, through every head's packed weights.
QueriesKeysValues project_qkv(const Tensor& inputs, const PackedQKV& w, int D,
                              const Workers& workers);
//   attention_scores: Q·Kᵀ (B,h,T,T), per (batch, head) a packed product with Kᵀ panels.
Tensor attention_scores(const Tensor& queries, const Tensor& keys, const Workers& workers);
//   softmax_rows: the vector exp (simd::exp, within 1 ulp of std::exp); −∞ gives exactly 0.
Tensor softmax_rows(const Tensor& masked_scores, const Workers& workers);
//   weighted_values: attention weights (B,h,T,T) · values (B,h,T,d_h) → (B,h,T,d_h).
Tensor weighted_values(const Tensor& weights, const Tensor& values, const Workers& workers);
//   project_output: out_proj of the merged heads (B,T,D).
Tensor project_output(const Tensor& merged, const PackedOutput& w, const Workers& workers);

// Every head's weights packed for the stage-by-stage fused pass, on first use.
struct Model::PackedStages {
  PackedQKV qkv;     // all h heads: [W_qᵀ | W_kᵀ | W_vᵀ]
  PackedOutput out;  // mha only
};

struct Model::FastPath {
  int group = 0;                  // G: heads per group
  std::vector<PackedQKV> groups;  // one per group of heads
  PackedOutput out;               // mha only
  // Scratch, kept between calls so that a model used in a loop allocates only its output.
  std::vector<float> qkv, packed_keys, output_tiles, context;
  std::vector<FlashScratch> flash;  // one per worker
};

}  // namespace attention
