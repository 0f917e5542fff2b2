// The fast forward pass (no trace): the same mathematics as the stage-by-stage path, organised for
// speed and memory, as three steps (fast_path.hpp). Per group of heads: project_qkv, one matmul for
// the queries, keys and values of all the group's heads (the weight split), whose units also pack
// Kᵀ per head; then flash_attention_heads, blocked attention with an online softmax per (batch,
// head, block of 48 query rows), writing context vectors straight into their merged (B,T,D) place.
// Finally project_output, block of rows by block.
// Memory: O(B·T·D) plus a (B·T, 3·G·d_h) buffer for one group; never a (B,h,T,T) tensor.
#include <cstddef>
#include <memory>

#include "attention/fast/fast_path.hpp"

namespace attention {
namespace {

constexpr std::size_t kGroupBudget = std::size_t{4} << 20;  // bytes for one group's Q, K, V

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

Tensor Model::forward_fast(const float* inputs) {
  const Config& c = config_;
  const int B = c.batch, T = c.tokens, d_in = c.d_in, d_h = c.head_size(), D = c.width();
  const int M = B * T;  // rows of (B·T, ·) matrices
  const int G = heads_per_group(), groups = c.heads / G;

  if (!fast_ || fast_->group != G) {  // pack the weights once, on first use
    fast_ = std::make_unique<FastPath>();
    fast_->group = G;
    for (int g = 0; g < groups; ++g)
      fast_->groups.push_back(pack_qkv(weights_, std::size_t(g) * G * d_h, G * d_h, d_in));
    if (c.has_output_projection()) fast_->out = pack_output(weights_, D);
  }
  FastPath& fp = *fast_;
  const Workers workers(pool_.get());

  const int ldq = fp.groups[0].weights.panels() * kPanel;  // 3·G·d_h rounded up to 8
  const std::size_t keys_per_head = std::size_t(ceil_div(T, kPanel)) * kPanel * d_h;
  fp.qkv.resize(std::size_t(M) * ldq + kPad);                        // (B·T, ldq)
  fp.packed_keys.resize(std::size_t(B) * G * keys_per_head + kPad);  // (B, G, keys_per_head)
  if (int(fp.flash.size()) < workers.count()) fp.flash.resize(workers.count());
  for (FlashScratch& s : fp.flash) s.reserve(d_h);

  // Context vectors go to their own buffer when it is small, so that out_proj can run like the
  // projections (weight panels kept in L2); long inputs reuse the output, projected in place.
  // Without out_proj (the wrapper, CausalAttention) the merged heads are the output.
  Tensor output({B, T, D});  // (B,T,D)
  const bool separate_context =
      c.has_output_projection() && std::size_t(M) * D * sizeof(float) <= kGroupBudget;
  if (separate_context) fp.context.resize(std::size_t(M) * D + kPad);
  float* context = separate_context ? fp.context.data() : output.data.data();  // (B,T,D) merged

  for (int g = 0; g < groups; ++g) {
    const PackedQKV& w = fp.groups[g];
    const GroupQKV qkv{
        fp.qkv.data(), ldq, w.key_column, w.value_column, fp.packed_keys.data(), keys_per_head,
    };
    project_qkv(inputs, B, T, d_in, G, d_h, w, qkv, workers);
    // The group's heads are heads [g·G, (g+1)·G): their columns of the merged heads.
    flash_attention_heads(qkv, B, T, G, d_h, c.causal, context + std::size_t(g) * G * d_h, D,
                          fp.flash, workers);
  }

  if (separate_context) {
    project_output(context, M, D, fp.out, output.data.data(), workers);
  } else if (c.has_output_projection()) {
    project_output_in_place(context, M, D, fp.out, fp.output_tiles, workers);
  }
  return output;
}

}  // namespace attention
