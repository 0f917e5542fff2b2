// Attention for a block of query rows without ever holding the whole T×T matrix: keys are visited
// in blocks of 64, and an online softmax keeps, per row, the running maximum m, the running sum l
// of exp(score − m) and the running context O; when a later block raises the maximum, the earlier
// sum and context are rescaled by exp(m_old − m_new). With the causal mask, key blocks after the
// last query row are never computed at all. This is the fast path's attention (no trace).
#pragma once

#include <vector>

namespace attention {

constexpr int kQueryBlock = 48;  // query rows per unit of work (12 micro-kernel row groups)
constexpr int kKeyBlock = 64;    // keys per step of the online softmax

struct FlashScratch {
  std::vector<float> scores;   // (kQueryBlock, kKeyBlock): scores, then probabilities
  std::vector<float> context;  // (kQueryBlock, d_h rounded up to 8): running O
  std::vector<float> row_max, row_sum;
  void reserve(int head_size);
};

// Packs one head's keys K (T × d_h, rows `ldk` apart) as Kᵀ panels of 8 keys: panel p holds
// d_h × 8 values, keys past T are zero. `packed` must hold ceil(T/8)·8·d_h floats.
// This call packs keys [t_begin, t_end) and dimensions [d_begin, d_end) of them (`keys` points at
// key 0, dimension 0), so that each projection unit can pack the part of K it has just computed;
// the unit that packs the last key also writes the zeros past T.
void pack_keys(const float* keys, int ldk, int T, int head_size, int t_begin, int t_end,
               int d_begin, int d_end, float* packed) noexcept;

// Context vectors of query rows [row_begin, row_end) of one head:
//   context[i] = softmax_j(q_i·k_j / √d_h, j ≤ i when causal) · V
// queries and values are row-major with strides ldq and ldv (values must allow reading 8 floats
// from any row start, i.e. the buffer is padded), packed_keys comes from pack_keys, and the result
// goes to context rows (stride ldc), d_h columns each.
void flash_attention(const float* queries, int ldq, const float* packed_keys, const float* values,
                     int ldv, int T, int head_size, bool causal, int row_begin, int row_end,
                     float* context, int ldc, FlashScratch& scratch) noexcept;

// The same for heads whose keys and columns each fit one panel (T <= 8, d_h <= 8: the lecture's
// heads, and the 4,000 of its timing experiment), all T query rows: flash_attention's operations
// in its order (one key block, one query block), without its blocking and scratch buffers.
void small_head_attention(const float* queries, int ldq, const float* packed_keys,
                          const float* values, int ldv, int T, int head_size, bool causal,
                          float* context, int ldc) noexcept;

}  // namespace attention
