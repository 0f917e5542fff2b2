// The fast forward pass (no trace): the same mathematics as the stage-by-stage path, organised for
// speed and memory. Per group of heads: one projection matmul for queries, keys and values of all
// the group's heads (the weight split), whose units also pack Kᵀ per head, then blocked attention
// with an online softmax per (batch, head, block of 48 query rows), writing context vectors
// straight into their merged (B,T,d_out) place; finally the output projection, block of rows by
// block.
// Memory: O(B·T·d_out) plus a (B,T,3·d_out) buffer for one group; never a (B,h,T,T) tensor.
#include <algorithm>
#include <cstring>

#include "fast_path.hpp"

namespace attention {
namespace {

constexpr int kGemmRows = 48;      // rows per unit of work in the projections
constexpr int kGemmPanels = 16;    // panels (128 columns) per unit of work
constexpr std::size_t kGroupBudget = std::size_t{4} << 20;  // bytes for one group's Q, K, V
constexpr double kParallelFlops = 1e6;  // less work than this runs on the calling thread
constexpr double kTaskFlops = 1e5;      // the least work handed to a thread at a time
constexpr int kPad = 8;            // readable floats past the end of every buffer

int ceil_div(int a, int b) { return (a + b - 1) / b; }
int round_up(int n, int m) { return ceil_div(n, m) * m; }

}  // namespace

bool Model::uses_fast_path() const {
  return !materialises_scores(config_);
}

int Model::heads_per_group() const {
  const Config& c = config_;
  if (c.layout == Layout::loop) return 1;
  const std::size_t rows = std::size_t(c.batch) * c.tokens;
  int best = 1;
  for (int g = 1; g <= c.heads; ++g) {
    const std::size_t bytes = rows * 3 * round_up(g * c.head_size(), kPanel) * sizeof(float);
    if (c.heads % g == 0 && (bytes <= kGroupBudget || g == 1)) best = g;
  }
  return best;
}

Tensor Model::forward_fast(const float* x) {
  const Config& c = config_;
  const int B = c.batch, T = c.tokens, d_in = c.d_in, d_h = c.head_size(), D = c.width();
  const int M = B * T;  // rows of (B·T, ·) matrices
  const int G = heads_per_group(), groups = c.heads / G;

  if (!fast_ || fast_->group != G) {  // pack the weights once, on first use
    fast_ = std::make_unique<FastPath>();
    fast_->group = G;
    const int n = G * d_h;
    for (int g = 0; g < groups; ++g) {
      const std::size_t row0 = std::size_t(g) * n;
      FastPath::Group group;
      std::vector<int> offsets;
      group.qkv = pack_weights({weights_.query_weight.data() + row0 * d_in,
                                weights_.key_weight.data() + row0 * d_in,
                                weights_.value_weight.data() + row0 * d_in},
                               {n, n, n}, d_in, &offsets);
      group.key_column = offsets[1];
      group.value_column = offsets[2];
      if (c.qkv_bias) {
        group.qkv_bias.assign(std::size_t(group.qkv.panels()) * kPanel, 0.0f);
        std::copy_n(weights_.query_bias.data() + row0, n, group.qkv_bias.begin());
        std::copy_n(weights_.key_bias.data() + row0, n, group.qkv_bias.begin() + group.key_column);
        std::copy_n(weights_.value_bias.data() + row0, n, group.qkv_bias.begin() + group.value_column);
      }
      fast_->groups.push_back(std::move(group));
    }
    if (c.has_output_projection()) {
      fast_->out = pack_weight(weights_.out_weight.data(), D, D);
      fast_->out_bias.assign(std::size_t(fast_->out.panels()) * kPanel, 0.0f);
      std::copy(weights_.out_bias.begin(), weights_.out_bias.end(), fast_->out_bias.begin());
    }
  }
  FastPath& fp = *fast_;
  ThreadPool* pool = pool_.get();
  // Without threads, with one unit, or with less work than waking the workers costs (about a
  // million flops), the units run right here, with no std::function in between: the lecture's
  // 4000 tiny heads and its 6-token toy make that overhead visible.
  // Tiny units (the lecture's 3-wide heads) are handed out in runs of at least kTaskFlops, so
  // threads do not queue on the shared counter; which thread runs a unit still changes nothing.
  auto parallel_for = [pool](int units, double flops, auto&& fn) {
    if (pool && units > 1 && flops >= kParallelFlops) {
      const int run = std::max(1, static_cast<int>(kTaskFlops / (flops / units)));
      pool->parallel_for(ceil_div(units, run), [&](int task, int worker) {
        for (int u = task * run; u < std::min(units, (task + 1) * run); ++u) fn(u, worker);
      });
    } else {
      for (int u = 0; u < units; ++u) fn(u, 0);
    }
  };
  const int workers = pool && !pool->stopped() ? pool->size() : 1;

  const int ldq = fp.groups[0].qkv.panels() * kPanel;  // (B·T, 3·G·d_h rounded up to 8)
  const int key_panels = ceil_div(T, kPanel);
  const std::size_t keys_per_head = std::size_t(key_panels) * kPanel * d_h;
  fp.qkv.resize(std::size_t(M) * ldq + kPad);
  fp.packed_keys.resize(std::size_t(B) * G * keys_per_head + kPad);
  if (int(fp.flash.size()) < workers) fp.flash.resize(workers);
  for (FlashScratch& s : fp.flash) s.reserve(d_h);

  // Context vectors go to their own buffer when it is small, so that out_proj can run like the
  // projections (weight panels kept in L2); long inputs reuse the output, projected in place.
  Tensor output({B, T, D});  // (B,T,D)
  const bool separate_context =
      c.has_output_projection() && std::size_t(M) * D * sizeof(float) <= kGroupBudget;
  if (separate_context) fp.context.resize(std::size_t(M) * D + kPad);
  float* context = separate_context ? fp.context.data() : output.data.data();
  float* qkv = fp.qkv.data();

  for (int g = 0; g < groups; ++g) {
    const FastPath::Group& group = fp.groups[g];
    // 1. queries, keys and values of the group's heads: (B·T, d_in) · [W_q | W_k | W_v]ᵀ.
    const int row_blocks = ceil_div(M, kGemmRows), panel_blocks = ceil_div(group.qkv.panels(), kGemmPanels);
    const double projection_flops = 2.0 * M * d_in * group.qkv.N;
    // Units walk down the rows of one block of weight panels before moving to the next block, so
    // the 16 panels (384 KB for d_in = 768) stay in L2 while every row passes over them.
    // 2. A unit that computed keys also packs them as Kᵀ panels, per (batch, head), while they are
    // still in its cache: no separate pass, and no wait for one.
    parallel_for(row_blocks * panel_blocks, projection_flops, [&](int unit, int) noexcept {
      const int r = unit % row_blocks * kGemmRows, p = unit / row_blocks * kGemmPanels;
      const int r_end = std::min(M, r + kGemmRows), p_end = std::min(group.qkv.panels(), p + kGemmPanels);
      gemm(x, d_in, group.qkv, qkv, ldq, group.qkv_bias.empty() ? nullptr : group.qkv_bias.data(), r,
           r_end, p, p_end, Store::overwrite);
      // Key columns of this unit, relative to the first key column.
      const int k_begin = std::max(p * kPanel, group.key_column) - group.key_column;
      const int k_end = std::min(p_end * kPanel, group.key_column + G * d_h) - group.key_column;
      for (int head = k_begin / d_h; head < G && head * d_h < k_end; ++head) {
        const int d_begin = std::max(k_begin - head * d_h, 0), d_end = std::min(k_end - head * d_h, d_h);
        for (int b = r / T; b * T < r_end; ++b) {
          pack_keys(qkv + std::size_t(b) * T * ldq + group.key_column + head * d_h, ldq, T, d_h,
                    std::max(r - b * T, 0), std::min(r_end - b * T, T), d_begin, d_end,
                    fp.packed_keys.data() + (std::size_t(b) * G + head) * keys_per_head);
        }
      }
    });
    // 3. attention, per (batch, head, block of query rows); the costliest (last) blocks first.
    const int query_blocks = ceil_div(T, kQueryBlock);
    const double attention_flops = 4.0 * B * G * T * (c.causal ? (T + 1) / 2.0 : T) * d_h;
    parallel_for(B * G * query_blocks, attention_flops, [&](int unit, int worker) noexcept {
      const int block = query_blocks - 1 - unit % query_blocks, bh = unit / query_blocks;
      const int b = bh / G, head = bh % G;
      const float* rows = qkv + std::size_t(b) * T * ldq + head * d_h;
      const int h = g * G + head;
      flash_attention(rows, ldq, fp.packed_keys.data() + std::size_t(bh) * keys_per_head,
                      rows + group.value_column, ldq, T, d_h, c.causal, block * kQueryBlock,
                      std::min(T, (block + 1) * kQueryBlock),
                      context + std::size_t(b) * T * D + std::size_t(h) * d_h, D, fp.flash[worker]);
    });
  }

  // 4. out_proj mixes the heads.
  if (separate_context) {
    const int row_blocks = ceil_div(M, kGemmRows), panel_blocks = ceil_div(fp.out.panels(), kGemmPanels);
    parallel_for(row_blocks * panel_blocks, 2.0 * M * D * D, [&](int unit, int) noexcept {
      const int r = unit % row_blocks * kGemmRows, p = unit / row_blocks * kGemmPanels;
      gemm(context, D, fp.out, output.data.data(), D, fp.out_bias.data(), r, std::min(M, r + kGemmRows),
           p, std::min(fp.out.panels(), p + kGemmPanels), Store::overwrite);
    });
  } else if (c.has_output_projection()) {  // in place, one block of whole rows at a time
    const int ldr = fp.out.panels() * kPanel;
    // Blocks of whole rows (each output row needs its entire context row): 48 rows when there are
    // plenty, fewer for short inputs so that every thread gets several blocks.
    const int block = std::clamp(M / (4 * workers) / kRows * kRows, kRows, kGemmRows);
    fp.rows.resize(std::size_t(workers) * block * ldr + kPad);
    parallel_for(ceil_div(M, block), 2.0 * M * D * D, [&](int unit, int worker) noexcept {
      const int r0 = unit * block, rows = std::min(block, M - r0);
      float* tile = fp.rows.data() + std::size_t(worker) * block * ldr;
      gemm(context + std::size_t(r0) * D, D, fp.out, tile, ldr, fp.out_bias.data(), 0, rows, 0,
           fp.out.panels(), Store::overwrite);
      for (int r = 0; r < rows; ++r)
        std::memcpy(context + std::size_t(r0 + r) * D, tile + std::size_t(r) * ldr, D * sizeof(float));
    });
  }
  return output;
}

}  // namespace attention
