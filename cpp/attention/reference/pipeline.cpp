// The stage functions of causal multi-head self-attention (see pipeline.hpp for shapes).
#include "attention/reference/pipeline.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attention {
namespace {
constexpr float kNegInf = -std::numeric_limits<float>::infinity();
}

Tensor linear(const Tensor& x, const float* weight, const float* bias, int out_features) {
  const int B = x.dim(0), T = x.dim(1), in = x.dim(2);
  Tensor y({B, T, out_features});  // (B,T,out)
  ConstMatrixView X(x.data.data(), B * T, in);
  ConstMatrixView W(weight, out_features, in);
  MatrixView Y(y.data.data(), B * T, out_features);
  Y.noalias() = X * W.transpose();
  if (bias != nullptr) Y.rowwise() += ConstVectorView(bias, out_features);
  return y;
}

QueriesKeysValues project_qkv(const Tensor& inputs, const Weights& w, int first_row, int n) {
  const std::size_t row = first_row, d_in = inputs.dim(2);
  // Without qkv_bias the biases are empty: nn.Linear(bias=False) adds nothing.
  auto bias = [&](const std::vector<float>& b) { return b.empty() ? nullptr : b.data() + row; };
  return {linear(inputs, w.query_weight.data() + row * d_in, bias(w.query_bias), n),   // (B,T,n)
          linear(inputs, w.key_weight.data() + row * d_in, bias(w.key_bias), n),       // (B,T,n)
          linear(inputs, w.value_weight.data() + row * d_in, bias(w.value_bias), n)};  // (B,T,n)
}

Tensor view_heads(const Tensor& x, int heads) {
  Tensor view = x;  // the same numbers in the same order: view() moves nothing
  view.shape = {x.dim(0), x.dim(1), heads, x.dim(2) / heads};  // (B,T,h,d_h)
  return view;
}

Tensor forgotten_transpose_scores(const Tensor& query_view, const Tensor& key_view) {
  const int B = query_view.dim(0), T = query_view.dim(1), H = query_view.dim(2);
  const int d_h = query_view.dim(3);
  Tensor scores({B, T, H, H});  // (B,T,h,h): for each token, its heads against its heads
  for (int bt = 0; bt < B * T; ++bt) {
    ConstMatrixView Q(&query_view.data[std::size_t(bt) * H * d_h], H, d_h);
    ConstMatrixView K(&key_view.data[std::size_t(bt) * H * d_h], H, d_h);
    MatrixView(&scores.data[std::size_t(bt) * H * H], H, H).noalias() = Q * K.transpose();
  }
  return scores;
}

Tensor split_heads(const Tensor& x, int heads) {
  const int B = x.dim(0), T = x.dim(1), D = x.dim(2), d_h = D / heads;
  Tensor y({B, heads, T, d_h});  // (B,h,T,d_h)
  for (int b = 0; b < B; ++b)
    for (int t = 0; t < T; ++t)
      for (int h = 0; h < heads; ++h)
        std::copy_n(&x.data[(std::size_t(b) * T + t) * D + std::size_t(h) * d_h], d_h,
                    &y.data[((std::size_t(b) * heads + h) * T + t) * d_h]);
  return y;
}

Tensor attention_scores(const Tensor& queries, const Tensor& keys) {
  const int B = queries.dim(0), H = queries.dim(1), T = queries.dim(2), d_h = queries.dim(3);
  Tensor scores({B, H, T, T});  // (B,h,T,T)
  for (int bh = 0; bh < B * H; ++bh) {
    ConstMatrixView Q(&queries.data[std::size_t(bh) * T * d_h], T, d_h);
    ConstMatrixView K(&keys.data[std::size_t(bh) * T * d_h], T, d_h);
    MatrixView S(&scores.data[std::size_t(bh) * T * T], T, T);
    S.noalias() = Q * K.transpose();
  }
  return scores;
}

Tensor scale_scores(const Tensor& scores, int head_size) {
  // The reference divides by keys.shape[-1] ** 0.5, a Python double, in float32: divide, do not
  // multiply by the reciprocal, so every bit matches.
  const float root = static_cast<float>(std::sqrt(static_cast<double>(head_size)));
  Tensor scaled = scores;
  for (float& s : scaled.data) s /= root;
  return scaled;
}

Tensor apply_causal_mask(const Tensor& scaled_scores) {
  // −∞ rather than 0: exp(−∞) is exactly 0, so the softmax that follows gives the future no
  // weight at all and still normalises over the visible tokens only, in one pass.
  Tensor masked = scaled_scores;
  const int T = masked.dim(-1);
  const std::size_t matrices = masked.size() / (std::size_t(T) * T);
  for (std::size_t m = 0; m < matrices; ++m)
    for (int i = 0; i < T; ++i)
      std::fill(&masked.data[(m * T + i) * T + i + 1], &masked.data[(m * T + i) * T + T], kNegInf);
  return masked;
}

Tensor softmax_rows(const Tensor& masked_scores) {
  Tensor weights = masked_scores;
  const int T = weights.dim(-1);
  for (std::size_t row = 0; row < weights.size() / T; ++row) {
    float* w = &weights.data[row * T];
    // Pass 1: the row maximum. Subtracting it keeps every exponent ≤ 0, so exp never overflows,
    // and the result is unchanged because softmax ignores a constant shift.
    const float max = *std::max_element(w, w + T);
    // Pass 2: exponentials and their sum (exp(−∞ − max) = 0 for masked entries).
    float sum = 0.0f;
    for (int j = 0; j < T; ++j) sum += (w[j] = std::exp(w[j] - max));
    // Pass 3: normalise, as PyTorch does, by multiplying with the reciprocal of the sum.
    const float inv = 1.0f / sum;
    for (int j = 0; j < T; ++j) w[j] *= inv;
  }
  return weights;
}

Tensor sum_normalise_rows(const Tensor& scores) {
  Tensor weights = scores;
  const int T = weights.dim(-1);
  for (std::size_t row = 0; row < weights.size() / T; ++row) {
    float* w = &weights.data[row * T];
    float sum = 0.0f;
    for (int j = 0; j < T; ++j) sum += w[j];
    for (int j = 0; j < T; ++j) w[j] /= sum;  // as the notebook: attn_scores / attn_scores.sum()
  }
  return weights;
}

NaiveWeights naive_causal_weights(const Tensor& scaled_scores, bool causal) {
  NaiveWeights naive;
  naive.unmasked = softmax_rows(scaled_scores);
  naive.zeroed = naive.unmasked;
  const int T = naive.zeroed.dim(-1);
  if (causal) {
    for (std::size_t row = 0; row < naive.zeroed.size() / T; ++row) {
      const int i = static_cast<int>(row % T);
      std::fill(&naive.zeroed.data[row * T + i + 1], &naive.zeroed.data[row * T + T], 0.0f);
    }
  }
  // Renormalising repairs the row sums, but the future tokens already took part in the softmax:
  // when they dominate, the past keeps only rounding noise (or exactly 0, and then 0/0).
  naive.renormalised = naive.zeroed;
  for (std::size_t row = 0; row < naive.renormalised.size() / T; ++row) {
    float* w = &naive.renormalised.data[row * T];
    float sum = 0.0f;
    for (int j = 0; j < T; ++j) sum += w[j];
    for (int j = 0; j < T; ++j) w[j] /= sum;
  }
  return naive;
}

void draw_keep(TorchGenerator& rng, double p, DropoutRng kind, float* keep, std::size_t count) {
  const double keep_probability = 1.0 - p;  // torch: noise.bernoulli_(1 - p)
  if (kind == DropoutRng::cpu) {
    // Each element's random64 (two draws), drawn for 256 elements at a time.
    const std::uint64_t threshold = TorchGenerator::bernoulli_threshold(keep_probability);
    constexpr std::size_t kChunk = 256;
    std::uint32_t words[2 * kChunk];
    for (std::size_t e = 0; e < count; e += kChunk) {
      const std::size_t n = std::min(kChunk, count - e);
      rng.fill(words, 2 * n);
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t bits = (std::uint64_t(words[2 * i]) << 32) | words[2 * i + 1];
        keep[e + i] = TorchGenerator::bernoulli_below(bits, threshold) ? 1.0f : 0.0f;
      }
    }
    return;
  }
  // MKL: one 32-bit draw seeds the whole call's stream (viRngBernoulli, ICDF: 1 when u < p).
  MklMcg31 stream(rng.random());
  for (std::size_t e = 0; e < count; ++e)
    keep[e] = stream.uniform() < keep_probability ? 1.0f : 0.0f;
}

Tensor draw_dropout_mask(TorchGenerator& rng, int batch, int heads, int tokens, double p,
                         DropOrder order, DropoutRng kind) {
  Tensor keep({batch, heads, tokens, tokens});  // (B,h,T,T)
  const std::size_t TT = std::size_t(tokens) * tokens;
  if (order == DropOrder::batch_head) {  // one dropout call over the whole (B,h,T,T) tensor
    draw_keep(rng, p, kind, keep.data.data(), keep.size());
    return keep;
  }
  // The wrapper: each head's CausalAttention drops its own (B,T,T) weights, head after head.
  std::vector<float> head(std::size_t(batch) * TT);
  for (int h = 0; h < heads; ++h) {
    draw_keep(rng, p, kind, head.data(), head.size());
    for (int b = 0; b < batch; ++b)
      std::copy_n(&head[std::size_t(b) * TT], TT, &keep.data[(std::size_t(b) * heads + h) * TT]);
  }
  return keep;
}

Tensor apply_dropout(const Tensor& weights, const Tensor& keep, double p) {
  // Dropping a share p of the weights would shrink every context vector by (1−p) on average;
  // scaling the survivors by 1/(1−p) keeps the expected value equal to evaluation mode's.
  // PyTorch forms the scale in float32 (noise.div_(1 − p)) and multiplies: so do we.
  const float scale = 1.0f / static_cast<float>(1.0 - p);
  Tensor dropped = weights;
  for (std::size_t e = 0; e < dropped.size(); ++e) dropped.data[e] *= keep.data[e] * scale;
  return dropped;
}

Tensor weighted_values(const Tensor& weights, const Tensor& values) {
  const int B = values.dim(0), H = values.dim(1), T = values.dim(2), d_h = values.dim(3);
  Tensor context({B, H, T, d_h});  // (B,h,T,d_h)
  for (int bh = 0; bh < B * H; ++bh) {
    ConstMatrixView A(&weights.data[std::size_t(bh) * T * T], T, T);
    ConstMatrixView V(&values.data[std::size_t(bh) * T * d_h], T, d_h);
    MatrixView Z(&context.data[std::size_t(bh) * T * d_h], T, d_h);
    Z.noalias() = A * V;
  }
  return context;
}

Tensor merge_heads(const Tensor& context_heads) {
  const int B = context_heads.dim(0), H = context_heads.dim(1), T = context_heads.dim(2),
            d_h = context_heads.dim(3);
  Tensor merged({B, T, H * d_h});  // (B,T,D)
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h)
      for (int t = 0; t < T; ++t)
        std::copy_n(&context_heads.data[((std::size_t(b) * H + h) * T + t) * d_h], d_h,
                    &merged.data[(std::size_t(b) * T + t) * H * d_h + std::size_t(h) * d_h]);
  return merged;
}

Tensor project_output(const Tensor& merged, const Weights& w) {
  return linear(merged, w.out_weight.data(), w.out_bias.data(), merged.dim(2));  // (B,T,D)
}

Tensor concat_heads(const std::vector<Tensor>& per_head) {
  // Each head's tensor is (B,T,d_h) (or (B,1,T,d_h), the same bytes); glue them side by side.
  const Tensor& first = per_head.front();
  const int B = first.dim(0), d_h = first.dim(-1), H = static_cast<int>(per_head.size());
  const int T = static_cast<int>(first.size() / (std::size_t(B) * d_h));
  Tensor merged({B, T, H * d_h});  // (B,T,D)
  for (int h = 0; h < H; ++h)
    for (std::size_t row = 0; row < std::size_t(B) * T; ++row)
      std::copy_n(&per_head[h].data[row * d_h], d_h, &merged.data[row * H * d_h + h * d_h]);
  return merged;
}

Tensor stack_heads(const std::vector<Tensor>& per_head) {
  const Tensor& first = per_head.front();  // (B,1,T,X)
  const int B = first.dim(0), T = first.dim(2), X = first.dim(3), H = int(per_head.size());
  Tensor stacked({B, H, T, X});  // (B,h,T,X)
  const std::size_t block = std::size_t(T) * X;
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h)
      std::copy_n(&per_head[h].data[b * block], block,
                  &stacked.data[(std::size_t(b) * H + h) * block]);
  return stacked;
}

Tensor head_slice(const Tensor& x, int head) {
  const int B = x.dim(0), H = x.dim(1), T = x.dim(2), X = x.dim(3);
  Tensor slice({B, 1, T, X});  // (B,1,T,X)
  const std::size_t block = std::size_t(T) * X;
  for (int b = 0; b < B; ++b)
    std::copy_n(&x.data[(std::size_t(b) * H + head) * block], block, &slice.data[b * block]);
  return slice;
}

}  // namespace attention
