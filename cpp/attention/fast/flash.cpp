// Blocked attention with an online softmax (see flash.hpp), and the fast path's attention step
// that runs it for every (batch, head, block of query rows) of a group of heads (fast_path.hpp).
#include "attention/fast/flash.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attention/fast/fast_path.hpp"
#include "attention/fast/gemm.hpp"
#include "attention/fast/simd.hpp"

namespace attention {
namespace {

constexpr float kNegInf = -std::numeric_limits<float>::infinity();

// Turns one row of raw scores into probabilities relative to the new running maximum, in place,
// for the `visible` keys; entries [visible, width) become 0. Returns the row's new maximum, and
// the sum of the new probabilities in *sum.
float softmax_row_step(float* row, int visible, int width, float running_max, float scale,
                       float* sum) noexcept {
  using namespace simd;
  const int vec_end = visible / 4 * 4;
  const f32x4 neg_inf = splat(kNegInf);
  f32x4 vmax = neg_inf;
  for (int j = 0; j < vec_end; j += 4) vmax = max(vmax, load(row + j));
  // The last, partial vector's visible lanes too, without a loop of unpredictable length (the
  // lecture's rows have 1 to 8 visible keys).
  if (vec_end < visible)
    vmax = max(vmax, select(lanes_below(visible - vec_end), load(row + vec_end), neg_inf));
  const float new_max = std::max(running_max, horizontal_max(vmax));
  // p = exp((s − m)·scale): the 1/√d_h scaling is folded in here (scale > 0 keeps the maximum).
  // The sum runs along with the exponentials, lane by lane in the same order as the stores.
  const f32x4 vm = splat(new_max), vs = splat(scale);
  f32x4 vsum = splat(0.0f);
  for (int j = 0; j < vec_end; j += 4) {
    const f32x4 p = simd::exp(mul(sub(load(row + j), vm), vs));
    store(row + j, p);
    vsum = add(vsum, p);
  }
  int done = visible;
  if (vec_end < visible) {  // the last, partial vector: lanes past `visible` become 0
    const f32x4 p = keep_first(simd::exp(mul(sub(load(row + vec_end), vm), vs)), visible - vec_end);
    store(row + vec_end, p);
    vsum = add(vsum, p);
    done = vec_end + 4;
  }
  std::fill(row + done, row + width, 0.0f);
  *sum = horizontal_sum(vsum);
  return new_max;
}

}  // namespace

void FlashScratch::reserve(int head_size) {
  // Every call overwrites what it reads, so the buffers only need the right sizes.
  scores.resize(std::size_t(kQueryBlock) * kKeyBlock + 8);
  context.resize(std::size_t(kQueryBlock) * round_up(head_size, kPanel) + 8);
  row_max.resize(kQueryBlock);
  row_sum.resize(kQueryBlock);
}

void pack_keys(const float* keys, int ldk, int T, int head_size, int t_begin, int t_end,
               int d_begin, int d_end, float* packed) noexcept {
  // The last keys' panel is zero past T.
  const int t_stop = t_end == T ? round_up(T, kPanel) : t_end;
  for (int t = t_begin; t < t_stop; ++t) {
    float* column = packed + std::size_t(t / kPanel) * head_size * kPanel + t % kPanel;
    if (t >= T) {
      for (int d = d_begin; d < d_end; ++d) column[d * kPanel] = 0.0f;
      continue;
    }
    const float* k = keys + std::size_t(t) * ldk;
    for (int d = d_begin; d < d_end; ++d) column[d * kPanel] = k[d];
  }
}

void flash_attention(const float* queries, int ldq, const float* packed_keys, const float* values,
                     int ldv, int T, int head_size, bool causal, int row_begin, int row_end,
                     float* context, int ldc, FlashScratch& s) noexcept {
  using namespace simd;
  const int rows = row_end - row_begin;
  const int d_pad = round_up(head_size, kPanel);
  const float scale = 1.0f / std::sqrt(static_cast<float>(head_size));
  float* S = s.scores.data();
  float* O = s.context.data();

  // Causal: the last query row of the block sees keys up to itself, and nothing beyond.
  const int last_key = causal ? row_end - 1 : T - 1;
  for (int key0 = 0; key0 <= last_key; key0 += kKeyBlock) {
    // The first block sets each row's maximum, sum and context (key 0 is visible to every row),
    // with nothing to clear beforehand; later blocks update them.
    const bool first = key0 == 0;
    const int keys = std::min(kKeyBlock, last_key + 1 - key0);
    const int width = round_up(keys, kPanel);

    // Scores Q·Kᵀ for this key block, 2 rows × 16 keys at a time (4 rows × 8 keys when the block
    // is that narrow, as with the lecture's 6 tokens, or natively: see kWideTiles); tiles entirely
    // above the diagonal are skipped (their keys are in every row's future).
    const int score_strip = kWideTiles && width >= 2 * kPanel ? 2 : kRows;
    for (int r = 0; r < rows; r += score_strip) {
      const int mr = std::min(score_strip, rows - r);
      const int last_key_seen = causal ? row_begin + r + mr - 1 - key0 : width - 1;
      const int end = std::min(width, round_up(last_key_seen + 1, kPanel));
      const float* q = queries + std::size_t(row_begin + r) * ldq;
      const float* panels = packed_keys + std::size_t(key0 / kPanel) * head_size * kPanel;
      float* out = S + std::size_t(r) * kKeyBlock;
      for (int c = 0; c < end; c += 2 * kPanel) {
        const float* k0 = panels + std::size_t(c / kPanel) * head_size * kPanel;
        if (score_strip == 2 && mr == 2 && c + kPanel < end) {
          micro_kernel_2x16(head_size, q, ldq, k0, k0 + head_size * kPanel, kPanel, out + c,
                            kKeyBlock, nullptr, Store::overwrite);
        } else {
          for (int cc = c; cc < std::min(end, c + 2 * kPanel); cc += kPanel)
            micro_kernel_rows(mr, head_size, q, ldq, k0 + (cc - c) / kPanel * head_size * kPanel,
                              kPanel, out + cc, kKeyBlock, kPanel, nullptr, Store::overwrite);
        }
      }
    }

    // The online softmax: new maximum, probabilities, rescaled running sum and context.
    for (int r = 0; r < rows; ++r) {
      float* row = S + std::size_t(r) * kKeyBlock;
      const int i = row_begin + r;
      const int visible = causal ? std::min(keys, i - key0 + 1) : keys;
      if (visible <= 0) {  // this whole key block is in row i's future
        std::fill(row, row + width, 0.0f);
        continue;
      }
      float block_sum = 0.0f;
      const float old_max = first ? kNegInf : s.row_max[r];
      const float new_max = softmax_row_step(row, visible, width, old_max, scale, &block_sum);
      s.row_max[r] = new_max;
      if (first) {  // nothing to rescale yet
        s.row_sum[r] = block_sum;
        continue;
      }
      // exp(0) = 1 exactly: most blocks leave the maximum where it was.
      const float alpha = old_max == new_max ? 1.0f : std::exp((old_max - new_max) * scale);
      s.row_sum[r] = s.row_sum[r] * alpha + block_sum;
      if (alpha != 1.0f) {
        float* o = O + std::size_t(r) * d_pad;
        const f32x4 va = splat(alpha);
        for (int d = 0; d < d_pad; d += 4) store(o + d, mul(load(o + d), va));
      }
    }

    // O (=, then +=) P · V for this key block, 2 rows × 16 columns of V at a time (4 × 8 for
    // heads of 8 columns or fewer, and natively).
    const float* v = values + std::size_t(key0) * ldv;
    const Store mode = first ? Store::overwrite : Store::accumulate;
    const int context_strip = kWideTiles && d_pad >= 2 * kPanel ? 2 : kRows;
    for (int r = 0; r < rows; r += context_strip) {
      const int mr = std::min(context_strip, rows - r);
      const float* p = S + std::size_t(r) * kKeyBlock;
      float* o = O + std::size_t(r) * d_pad;
      int d = 0;
      if (context_strip == 2 && mr == 2) {
        for (; d + 2 * kPanel <= d_pad; d += 2 * kPanel)
          micro_kernel_2x16(keys, p, kKeyBlock, v + d, v + d + kPanel, ldv, o + d, d_pad, nullptr,
                            mode);
      }
      for (; d < d_pad; d += kPanel)
        micro_kernel_rows(mr, keys, p, kKeyBlock, v + d, ldv, o + d, d_pad, kPanel, nullptr, mode);
    }
  }

  // Divide by the softmax denominator once, at the end.
  for (int r = 0; r < rows; ++r) {
    const float inv = 1.0f / s.row_sum[r];
    const float* o = O + std::size_t(r) * d_pad;
    float* out = context + std::size_t(row_begin + r) * ldc;
    for (int d = 0; d < head_size; ++d) out[d] = o[d] * inv;
  }
}

void small_head_attention(const float* queries, int ldq, const float* packed_keys,
                          const float* values, int ldv, int T, int head_size, bool causal,
                          float* context, int ldc) noexcept {
  using namespace simd;
  const float scale = 1.0f / std::sqrt(static_cast<float>(head_size));
  // The panel's second four keys or columns are worked on only where there are any: the 4,000
  // heads of the timing experiment have 3 columns, and the first four queries see 4 keys or fewer.
  const bool wide_head = head_size > 4;
  alignas(16) float row[kPanel];  // one query's scores, then its probabilities
  for (int i = 0; i < T; ++i) {
    const int visible = causal ? i + 1 : T;
    const bool wide_row = visible > 4;
    // Scores of query i against the one panel of keys: micro_kernel's sum, one row of it.
    const float* q = queries + std::size_t(i) * ldq;
    f32x4 lo = splat(0.0f), hi = splat(0.0f);
    for (int d = 0; d < head_size; ++d) {
      const f32x4 a = load_splat(q + d);
      lo = madd(a, load(packed_keys + std::size_t(d) * kPanel), lo);
      if (wide_row) hi = madd(a, load(packed_keys + std::size_t(d) * kPanel + 4), hi);
    }
    store(row, lo);
    store(row + 4, hi);
    float sum = 0.0f;
    softmax_row_step(row, visible, wide_row ? kPanel : 4, kNegInf, scale, &sum);
    // Its context: the sum over the visible keys, then one division. flash_attention also adds
    // the keys the query does not see, whose probabilities are +0; adding ±0 leaves a sum that
    // started at +0 as it was (such a sum is never −0), so skipping them gives the same bits.
    f32x4 o_lo = splat(0.0f), o_hi = splat(0.0f);
    for (int j = 0; j < visible; ++j) {
      const f32x4 p = load_splat(row + j);
      o_lo = madd(p, load(values + std::size_t(j) * ldv), o_lo);
      if (wide_head) o_hi = madd(p, load(values + std::size_t(j) * ldv + 4), o_hi);
    }
    alignas(16) float o[kPanel];
    store(o, o_lo);
    store(o + 4, o_hi);
    const float inv = 1.0f / sum;
    float* out = context + std::size_t(i) * ldc;
    for (int d = 0; d < head_size; ++d) out[d] = o[d] * inv;
  }
}

void flash_attention_heads(const GroupQKV& qkv, int B, int T, int G, int d_h, bool causal,
                           float* context, int ldc, std::vector<FlashScratch>& scratch,
                           const Workers& workers) {
  const double flops = 4.0 * B * G * T * (causal ? (T + 1) / 2.0 : T) * d_h;
  if (T <= kPanel && d_h <= kPanel) {  // one panel of keys, one of columns: one unit per head
    workers.run(B * G, flops, [&](int bh, int) noexcept {
      const int b = bh / G, head = bh % G;
      const float* queries = qkv.qkv + std::size_t(b) * T * qkv.ldq + head * d_h;  // (T, d_h)
      small_head_attention(queries, qkv.ldq, qkv.packed_keys + std::size_t(bh) * qkv.keys_per_head,
                           queries + qkv.value_column, qkv.ldq, T, d_h, causal,
                           context + std::size_t(b) * T * ldc + std::size_t(head) * d_h, ldc);
    });
    return;
  }
  const int query_blocks = ceil_div(T, kQueryBlock);
  // The costliest (last) blocks of query rows first: with the causal mask they see the most keys.
  workers.run(B * G * query_blocks, flops, [&](int unit, int worker) noexcept {
    const int block = query_blocks - 1 - unit % query_blocks, bh = unit / query_blocks;
    const int b = bh / G, head = bh % G;
    const float* queries = qkv.qkv + std::size_t(b) * T * qkv.ldq + head * d_h;  // (T, d_h)
    const float* values = queries + qkv.value_column;                            // (T, d_h)
    flash_attention(
        queries, qkv.ldq, qkv.packed_keys + std::size_t(bh) * qkv.keys_per_head, values, qkv.ldq, T,
        d_h, causal, block * kQueryBlock, std::min(T, (block + 1) * kQueryBlock),
        context + std::size_t(b) * T * ldc + std::size_t(head) * d_h, ldc, scratch[worker]);
  });
}

}  // namespace attention
