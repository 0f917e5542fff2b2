// The backward stage functions (see backward.hpp for shapes), each the mirror of the forward
// function of the same name in pipeline.cpp, and attention_backward, which strings them together
// in reverse lecture order.
#include "attention/train/backward.hpp"

#include <cmath>
#include <string>

#include "attention/api/errors.hpp"

namespace attention {

Weights zeros_like(const Weights& like) {
  Weights zero;
  zero.query_weight.assign(like.query_weight.size(), 0.0f);
  zero.key_weight.assign(like.key_weight.size(), 0.0f);
  zero.value_weight.assign(like.value_weight.size(), 0.0f);
  zero.query_bias.assign(like.query_bias.size(), 0.0f);
  zero.key_bias.assign(like.key_bias.size(), 0.0f);
  zero.value_bias.assign(like.value_bias.size(), 0.0f);
  zero.out_weight.assign(like.out_weight.size(), 0.0f);
  zero.out_bias.assign(like.out_bias.size(), 0.0f);
  return zero;
}

Tensor linear_backward(const Tensor& x, const float* weight, const Tensor& d_y, float* d_weight,
                       float* d_bias) {
  const int B = x.dim(0), T = x.dim(1), in = x.dim(2), out = d_y.dim(2);
  Tensor d_x({B, T, in});  // (B,T,in)
  ConstMatrixView X(x.data.data(), B * T, in);
  ConstMatrixView dY(d_y.data.data(), B * T, out);
  ConstMatrixView W(weight, out, in);
  MatrixView(d_x.data.data(), B * T, in).noalias() = dY * W;  // each input fed every output
  MatrixView(d_weight, out, in).noalias() += dY.transpose() * X;
  if (d_bias != nullptr) {
    Eigen::Map<Eigen::RowVectorXf>(d_bias, out) += dY.colwise().sum();
  }
  return d_x;
}

Tensor project_output_backward(const Tensor& merged, const Weights& w, const Tensor& d_output,
                               Weights& grads) {
  return linear_backward(merged, w.out_weight.data(), d_output, grads.out_weight.data(),
                         grads.out_bias.data());  // (B,T,D)
}

Tensor merge_heads_backward(const Tensor& d_merged, int heads) {
  return split_heads(d_merged, heads);  // (B,h,T,d_h): every number back to its head
}

WeightedValuesGradients weighted_values_backward(const Tensor& dropped_weights,
                                                 const Tensor& values, const Tensor& d_context) {
  const int B = values.dim(0), H = values.dim(1), T = values.dim(2), d_h = values.dim(3);
  WeightedValuesGradients g{Tensor({B, H, T, T}), Tensor({B, H, T, d_h})};
  for (int bh = 0; bh < B * H; ++bh) {
    ConstMatrixView A(&dropped_weights.data[std::size_t(bh) * T * T], T, T);
    ConstMatrixView V(&values.data[std::size_t(bh) * T * d_h], T, d_h);
    ConstMatrixView dZ(&d_context.data[std::size_t(bh) * T * d_h], T, d_h);
    // How much the loss changes with weight (i, j): the context row i moves by V_j.
    MatrixView(&g.weights.data[std::size_t(bh) * T * T], T, T).noalias() = dZ * V.transpose();
    // Value j reached every context row i that gave it weight A_ij.
    MatrixView(&g.values.data[std::size_t(bh) * T * d_h], T, d_h).noalias() = A.transpose() * dZ;
  }
  return g;
}

Tensor apply_dropout_backward(const Tensor& d_dropped, const Tensor& keep, double p) {
  // The forward multiplied by keep · (1/(1−p)), formed in float32 as PyTorch forms it: the same
  // factor scales the gradient, and a dropped weight (keep = 0) had no effect, so it gets none.
  const float scale = 1.0f / static_cast<float>(1.0 - p);
  Tensor d_weights = d_dropped;
  for (std::size_t e = 0; e < d_weights.size(); ++e) d_weights.data[e] *= keep.data[e] * scale;
  return d_weights;
}

Tensor softmax_rows_backward(const Tensor& weights, const Tensor& d_weights) {
  Tensor d_scores = d_weights;
  const int T = weights.dim(-1);
  for (std::size_t row = 0; row < weights.size() / T; ++row) {
    const float* w = &weights.data[row * T];
    float* d = &d_scores.data[row * T];
    // Raising one score raises its weight and lowers all the others (the row still sums to 1):
    // pass 1, the weighted mean of the incoming gradient; pass 2, each weight times its excess.
    float mean = 0.0f;
    for (int j = 0; j < T; ++j) mean += w[j] * d[j];
    for (int j = 0; j < T; ++j) d[j] = w[j] * (d[j] - mean);
  }
  return d_scores;
}

Tensor apply_causal_mask_backward(const Tensor& d_masked) {
  // A future score was replaced by the constant −∞, so it cannot change the loss: its gradient is
  // exactly 0. (Its softmax weight was 0 too, so softmax_rows_backward already gave 0 there; the
  // mask says why, and makes it hold whatever comes in.)
  Tensor d_scaled = d_masked;
  const int T = d_scaled.dim(-1);
  const std::size_t matrices = d_scaled.size() / (std::size_t(T) * T);
  for (std::size_t m = 0; m < matrices; ++m)
    for (int i = 0; i < T; ++i)
      std::fill(&d_scaled.data[(m * T + i) * T + i + 1], &d_scaled.data[(m * T + i) * T + T], 0.0f);
  return d_scaled;
}

Tensor scale_scores_backward(const Tensor& d_scaled, int head_size) {
  return scale_scores(d_scaled, head_size);  // d(s/√d_h)/ds = 1/√d_h: the same division
}

QueryKeyGradients attention_scores_backward(const Tensor& queries, const Tensor& keys,
                                            const Tensor& d_scores) {
  const int B = queries.dim(0), H = queries.dim(1), T = queries.dim(2), d_h = queries.dim(3);
  QueryKeyGradients g{Tensor({B, H, T, d_h}), Tensor({B, H, T, d_h})};
  for (int bh = 0; bh < B * H; ++bh) {
    ConstMatrixView Q(&queries.data[std::size_t(bh) * T * d_h], T, d_h);
    ConstMatrixView K(&keys.data[std::size_t(bh) * T * d_h], T, d_h);
    ConstMatrixView dS(&d_scores.data[std::size_t(bh) * T * T], T, T);
    // Query i met every key j it scored, so it moves along Σ_j dS_ij · K_j; key j, met by every
    // query i, along Σ_i dS_ij · Q_i.
    MatrixView(&g.queries.data[std::size_t(bh) * T * d_h], T, d_h).noalias() = dS * K;
    MatrixView(&g.keys.data[std::size_t(bh) * T * d_h], T, d_h).noalias() = dS.transpose() * Q;
  }
  return g;
}

Tensor split_heads_backward(const Tensor& d_heads) {
  return merge_heads(d_heads);  // (B,T,D)
}

Tensor project_qkv_backward(const Tensor& inputs, const Weights& w,
                            const QueriesKeysValues& d_projected, Weights& grads) {
  auto bias = [](std::vector<float>& b) { return b.empty() ? nullptr : b.data(); };
  Tensor d_inputs = linear_backward(inputs, w.query_weight.data(), d_projected.queries,
                                    grads.query_weight.data(), bias(grads.query_bias));
  const Tensor from_keys = linear_backward(inputs, w.key_weight.data(), d_projected.keys,
                                           grads.key_weight.data(), bias(grads.key_bias));
  const Tensor from_values = linear_backward(inputs, w.value_weight.data(), d_projected.values,
                                             grads.value_weight.data(), bias(grads.value_bias));
  for (std::size_t e = 0; e < d_inputs.size(); ++e)
    d_inputs.data[e] += from_keys.data[e] + from_values.data[e];  // (B,T,d_in)
  return d_inputs;
}

namespace {

const Tensor& stage(const Trace& trace, Stage s) {
  const Tensor* t = trace.find(s);
  if (t == nullptr) {
    throw InputError("trace", std::string("the backward pass needs the forward trace's stage '") +
                                  stage_name(s) + "'");
  }
  return *t;
}

}  // namespace

AttentionGradients attention_backward(const Config& c, const Weights& weights, const Trace& trace,
                                      const Tensor& d_output) {
  if (c.module != Module::mha || c.masking != Masking::neg_inf) {
    throw OptionError("module",
                      "the backward pass covers MultiHeadAttention (module 'mha') with −∞ masking");
  }
  AttentionGradients g;
  g.parameters = zeros_like(weights);
  g.output = d_output;  // (B,T,D)
  // 11. out_proj, 10. merge: back to one (T,d_h) matrix per head.
  g.merged = project_output_backward(stage(trace, Stage::mergedHeads), weights, d_output,
                                     g.parameters);     // (B,T,D)
  g.context = merge_heads_backward(g.merged, c.heads);  // (B,h,T,d_h)
  // 9. context = weights · V: to the weights V was multiplied with (after dropout), and to V.
  WeightedValuesGradients wv = weighted_values_backward(stage(trace, Stage::droppedWeights),
                                                        stage(trace, Stage::valueHeads), g.context);
  g.dropped = std::move(wv.weights);  // (B,h,T,T)
  // 8. Dropout, with the mask the forward pass drew; 7. softmax; 6. the mask; 5. the scaling.
  const Tensor* keep = c.dropping() ? &stage(trace, Stage::dropoutMask) : nullptr;
  g.weights = keep ? apply_dropout_backward(g.dropped, *keep, c.dropout) : g.dropped;
  g.masked = softmax_rows_backward(stage(trace, Stage::attentionWeights), g.weights);
  g.scaled = c.causal ? apply_causal_mask_backward(g.masked) : g.masked;
  g.scores = c.scale ? scale_scores_backward(g.scaled, c.head_size()) : g.scaled;
  // 4. Q·Kᵀ: to the query and key heads; the value heads' gradient came from step 9.
  QueryKeyGradients qk = attention_scores_backward(stage(trace, Stage::queryHeads),
                                                   stage(trace, Stage::keyHeads), g.scores);
  g.heads = {std::move(qk.queries), std::move(qk.keys), std::move(wv.values)};  // (B,h,T,d_h)
  // 3. The split, undone (B,T,D); 2. the projections: to the inputs and the three weights.
  g.projected = {split_heads_backward(g.heads.queries), split_heads_backward(g.heads.keys),
                 split_heads_backward(g.heads.values)};
  g.inputs = project_qkv_backward(stage(trace, Stage::inputs), weights, g.projected,
                                  g.parameters);  // (B,T,d_in)
  return g;
}

}  // namespace attention
