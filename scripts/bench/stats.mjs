// Summary statistics and FLOP counts.

/** Quantile with linear interpolation between order statistics (NumPy's default, "type 7"). */
export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export function summarize(samples) {
  const q1 = quantile(samples, 0.25);
  const q3 = quantile(samples, 0.75);
  return {
    medianMs: quantile(samples, 0.5),
    iqrMs: q3 - q1,
    q1Ms: q1,
    q3Ms: q3,
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
  };
}

/**
 * FLOPs of one forward pass, dense convention: the causal mask is applied to a full T×T score
 * matrix, so Q·Kᵀ and weights·V are counted in full (as a dense kernel does them), even though
 * only the lower triangle (T(T+1)/2 of T²) carries information.
 *   projections: Q, K, V, out_proj  = 4 · 2·B·T·d_in·d_out   (d_in = d_out here; out_proj is d_out²)
 *   attention:   Q·Kᵀ and weights·V = 2 · 2·B·h·T·T·d_h
 * Softmax, scaling, masking and bias adds are not counted.
 */
export function flops({ batch: B, tokens: T, dIn, dOut, heads: h }) {
  const dh = dOut / h;
  const projections = 3 * 2 * B * T * dIn * dOut + 2 * B * T * dOut * dOut;
  const attention = 2 * 2 * B * h * T * T * dh;
  return projections + attention;
}

export const FLOP_NOTE =
  'GFLOP/s use the dense convention: projections 4·2·B·T·d·d plus attention 2·2·B·h·T·T·d_h, ' +
  'i.e. the full T×T score matrix is counted although the causal mask makes the upper triangle ' +
  'unnecessary (an implementation that skips it gets credit for the skipped work); softmax, ' +
  'scaling, masking and bias adds are not counted.';

export function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; ++i) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= m)) m = Number.isNaN(d) ? Infinity : d;
  }
  return m;
}
