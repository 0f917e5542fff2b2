// The masking lab's numbers, all the core's: the page's pass through both routes (lab.forward with
// masking 'naive' and 'neg-inf'), and one three-key row per gap (lab.maskingLimits), for the gap
// asked and for the plots' gaps.
import { pageForward } from '../kit/page.mjs';
import { maxAbsDifference } from '../kit/tensor.mjs';
import { SMALLEST_NORMAL } from './index.mjs';
import { remember } from '../kit/memo.mjs';

/** The gaps of the plot: 0 to 110 in quarters (maskingLimits takes at most 1000). */
export const PLOT_GAPS = Array.from({ length: 441 }, (_, i) => i / 4);
/** An error this large is beyond float32 rounding of weights near 0.3 and 0.7. */
export const ERROR_THRESHOLD = 1e-6;
/** The denominator grids show at most this many tokens. */
export const DRAWN_TOKENS = 10;

/** Where float32 breaks the naive route, read from maskingLimits' rows. */
export function breakingPoints(rows) {
  return {
    subnormal: rows.find((r) => Math.min(r.unmasked[0], r.unmasked[1]) < SMALLEST_NORMAL)?.gap,
    errors: rows.find((r) => r.failure || r.maxDifference > ERROR_THRESHOLD)?.gap,
    fails: rows.find((r) => r.failure)?.gap,
  };
}

// Which keys of the first n entered each query's softmax (head 1 of the first sentence): a key
// entered the denominator when the route's softmax gave it a share (e^score > 0); −∞ gives 0.
const entered = (weights, T, n) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => weights[i * T + j] > 0));

/** The page's sentence through both routes: how far apart they are, and what each summed over. */
export function ordinaryRows(core, page) {
  const naive = pageForward(core, page, { masking: 'naive' });
  const negInf = pageForward(core, page, { masking: 'neg-inf' });
  const T = naive.trace.attentionWeights.shape.at(-1);
  const n = Math.min(T, DRAWN_TOKENS);
  return {
    trained: page.trained,
    causal: page.settings.causal,
    weightsDifference: maxAbsDifference(
      naive.trace.attentionWeights.data,
      negInf.trace.attentionWeights.data,
    ),
    outputDifference: maxAbsDifference(naive.output.data, negInf.output.data),
    T,
    tokens: page.tokens.slice(0, n).map((t) => t.text),
    naive: entered(naive.trace.unmaskedWeights.data, T, n),
    negInf: entered(negInf.trace.attentionWeights.data, T, n),
  };
}

/**
 * { row, rows, points, ordinary }: the row of params.gap (the core refuses a gap it cannot take,
 * with its message), the plots' rows and breaking points, and the page's sentence. The plots'
 * rows depend on no input, the page's part on the page's pass only: kept (context.keep) while the
 * lab is open, so that stepping the gap computes its one row.
 */
export function compute(core, page, { gap }, { keep } = {}) {
  const [row] = core.maskingLimits({ gaps: [gap] });
  const rows = remember(keep, 'rows', [core], () => core.maskingLimits({ gaps: PLOT_GAPS }));
  return {
    row,
    rows,
    points: remember(keep, 'points', [rows], () => breakingPoints(rows)),
    ordinary: remember(keep, 'ordinary', [core, page.result], () => ordinaryRows(core, page)),
  };
}
