// The √d_h lab's numbers, all the core's (lab.embed, lab.forward): the spread of random queries,
// keys and scores and how one-hot the softmax rows are, for each head size of the plots and the one
// asked; and the page's own pass with scaling on and off.
import { pageForward } from '../kit/page.mjs';
import { maxAbsDifference } from '../kit/tensor.mjs';
import { matrixRows } from '../kit/table.mjs';
import { remember } from '../kit/memo.mjs';
import { DH_STEPS, SHOWN_ROWS } from './index.mjs';

export { DH_STEPS };

/** 36 different one-token words: 36 × 36 scores per d_h. */
export const WORDS =
  'the cat sat on a mat and then it ran to see what was there in that old house by our tree when dog chased ball but could not catch bird flew over hill under sky';
export const D_IN = 64;
/**
 * lab.embed's seeded vectors are spread evenly over [0, 1]; centred and stretched by 6 they spread
 * over [−3, 3] with variance 3, so that nn.Linear's initial weights (variance 1 / (3 · d_in)) give
 * queries and keys whose numbers have a spread of about 1: the setting of the lecture's argument.
 */
export const STRETCH = 6;

/** The random inputs: (1, 36, 64), from the core's seeded token vectors. */
export function randomInputs(core) {
  const { inputs, tokens } = core.embed(WORDS, { dIn: D_IN, seed: 123 });
  return { inputs: inputs.map((v) => STRETCH * (v - 0.5)), tokens };
}

/** The standard deviation of a tensor's values (all of them: every query against every key). */
export function spread(data) {
  let mean = 0;
  for (const v of data) mean += v;
  mean /= data.length;
  let sq = 0;
  for (const v of data) sq += (v - mean) ** 2;
  return Math.sqrt(sq / data.length);
}

/** Per row of a (1, 1, T, T) weight tensor, its largest weight. */
export function largestPerRow({ shape, data }) {
  const T = shape.at(-1);
  return Array.from({ length: data.length / T }, (_, r) =>
    Math.max(...data.subarray(r * T, (r + 1) * T)),
  );
}

/** One d_h: the core's scores and weights both ways (no mask: every key counts). */
export function measure(core, inputs, dh) {
  const run = (scale) =>
    core.forward({ inputs, dIn: D_IN, dOut: dh, module: 'causal', causal: false, scale, seed: 123 })
      .trace;
  const raw = run(false);
  const scaled = run(true);
  return {
    dh,
    queryStd: spread(raw.queries.data),
    keyStd: spread(raw.keys.data),
    scoreStd: spread(raw.attentionScores.data),
    scaledStd: spread(scaled.scaledScores.data),
    largestRaw: largestPerRow(raw.attentionWeights),
    largestScaled: largestPerRow(scaled.attentionWeights),
  };
}

/** The page's pass with scaling on and off: d_h, their largest difference, head 1's weights. */
export function pagePart(core, page, scale) {
  const on = pageForward(core, page, { scale: true });
  const off = pageForward(core, page, { scale: false });
  const shown = (scale === 'on' ? on : off).trace.attentionWeights;
  return {
    trained: page.trained,
    dh: on.trace.queryHeads.shape.at(-1),
    tokens: page.tokens.map((t) => t.text),
    difference: maxAbsDifference(on.trace.attentionWeights.data, off.trace.attentionWeights.data),
    weights: matrixRows(shown, shown.shape.at(-1)),
  };
}

/**
 * { curve, point, tokens, page }: the plots' head sizes, the one asked, the page's part. The
 * random inputs and the plots' curve depend on nothing the student changes, the page's part on the
 * page's pass and the scale only: kept (context.keep) while the lab is open, so that dragging d_h
 * computes the one head size it asks for.
 */
export function compute(core, page, { dh, scale }, { keep } = {}) {
  const { inputs, tokens } = remember(keep, 'inputs', [core], () => randomInputs(core));
  return {
    curve: remember(keep, 'curve', [core, inputs], () =>
      DH_STEPS.map((d) => measure(core, inputs, d)),
    ),
    point: measure(core, inputs, dh),
    tokens: tokens.slice(0, SHOWN_ROWS).map((t) => t.text),
    page: remember(keep, 'page', [core, page.result, scale], () => pagePart(core, page, scale)),
  };
}
