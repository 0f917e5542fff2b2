// The transpose lab's numbers: the page's sentence through MultiHeadAttention of the page's width
// with the forgotten transpose traced (the trained block with the trained weights), checked against
// the lecture's tensor operations redone here: the view, the transpose, heads against heads, and the
// transpose cell run twice.
import { mhaOptions } from '../kit/page.mjs';
import { transpose12, view, maxAbsDifference } from '../kit/tensor.mjs';
import { PIPELINE } from './index.mjs';

/** An axis's name on the page: the core calls the width D, the lecture d_out (the same for mha). */
export const axisName = (dim) => (dim === 'D' ? 'd_out' : dim);

/** [{ axis, size }] of a trace stage: the core's dimension names with the trace's sizes. */
export function namedAxes(core, trace, name) {
  const dims = core.stages.find((s) => s.name === name).dims.split(',');
  return dims.map((dim, i) => ({ axis: axisName(dim), size: trace[name].shape[i] }));
}

/**
 * The forgotten transpose recomputed from the views: wrong[b, t, i, j] = queryView[b, t, i, :] ·
 * keyView[b, t, j, :], token t's query in head i against the same token's key in head j.
 */
export function headsAgainstHeads(queryView, keyView) {
  const [B, T, h, dh] = queryView.shape;
  const out = new Float32Array(B * T * h * h);
  for (let b = 0; b < B; ++b)
    for (let t = 0; t < T; ++t)
      for (let i = 0; i < h; ++i)
        for (let j = 0; j < h; ++j) {
          let sum = 0;
          const row = (b * T + t) * h * dh;
          for (let d = 0; d < dh; ++d)
            sum += queryView.data[row + i * dh + d] * keyView.data[row + j * dh + d];
          out[((b * T + t) * h + i) * h + j] = sum;
        }
  return { shape: [B, T, h, h], data: out };
}

/** The three tensors of the story: once (right), twice (back where it started), merged either way. */
export function transposeTwice(trace) {
  const heads = trace.contextHeads; // (B, h, T, d_h)
  const [B, h, T, dh] = heads.shape;
  const once = transpose12(heads); // (B, T, h, d_h)
  const twice = transpose12(once); // (B, h, T, d_h) again
  const merged = view(once, [B, T, h * dh]);
  const scrambled = view(twice, [B, T, h * dh]);
  return {
    once,
    twice,
    merged,
    scrambled,
    mergedCheck: maxAbsDifference(merged, trace.mergedHeads),
    twiceCheck: maxAbsDifference(twice, heads),
  };
}

/** Where value c of row t of the scrambled merge came from: { head, token } (batch item 0). */
export function scrambledSource(shape, t, c) {
  const [, h, T, dh] = shape; // contextHeads' shape
  const flat = t * h * dh + c; // row t of a (T, h·d_h) view of item 0's (h, T, d_h) numbers
  return { head: Math.floor(flat / (T * dh)), token: Math.floor((flat % (T * dh)) / dh) };
}

/**
 * { settings, trained, tokens, trace, axes, checks…, twice }: the page's sentence through
 * MultiHeadAttention with the forgotten transpose traced, and what the lab redoes on its numbers.
 */
export function compute(core, page) {
  const options = { ...mhaOptions(page.settings), inputs: page.inputs.data };
  if (page.weights) options.weights = page.weights;
  const { trace } = core.forward({ ...options, forgottenTranspose: true });
  const named = ['attentionScores', 'forgottenTranspose', ...PIPELINE.map((p) => p.stage)];
  return {
    settings: page.settings,
    trained: page.trained,
    tokens: page.tokens,
    trace,
    axes: Object.fromEntries(named.map((name) => [name, namedAxes(core, trace, name)])),
    forgottenCheck: maxAbsDifference(
      headsAgainstHeads(trace.queryView, trace.keyView),
      trace.forgottenTranspose,
    ),
    viewCheck: maxAbsDifference(view(trace.queries, trace.queryView.shape), trace.queryView),
    transposeCheck: maxAbsDifference(transpose12(trace.queryView), trace.queryHeads),
    twice: transposeTwice(trace),
  };
}
