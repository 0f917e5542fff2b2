// The dropout lab's numbers, all the core's (lab.dropout, lab.dropoutStatistics): the notebook's
// mask for the generator chosen, and many draws of the page's attention weights (head 1 of the
// first sentence).
import { PageError } from '../../compute.mjs';
import { pageStage } from '../kit/page.mjs';
import { MAX_DRAWS } from './index.mjs';
import { translator } from '../../strings/words.mjs';
import WORDS from './words.mjs';

// The lab's English words, for a compute called without the harness's t (as the tests do).
const english = translator(null, 'lab.dropout.', WORDS);

/** The notebook's example: torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6)). */
export const NOTEBOOK = Object.freeze({ shape: [6, 6], p: 0.5, seed: 123 });
/** At most this many weights dropped in all (draws × T²): about a fifth of a second in WASM. */
export const MAX_WORK = 4_000_000;
/** The most draws for a sentence of T tokens. */
export const drawLimit = (T) => Math.min(MAX_DRAWS, Math.floor(MAX_WORK / (T * T)));

/** The notebook's ones through Dropout(0.5), seed 123: { rows, kept }. */
export function notebookMask(core, rng) {
  const ones = new Float32Array(36).fill(1);
  const { output, mask } = core.dropout({ input: ones, ...NOTEBOOK, rng });
  return {
    rng,
    kept: mask.data.reduce((a, b) => a + b, 0),
    rows: Array.from({ length: 6 }, (_, r) => Array.from(output.data.subarray(r * 6, r * 6 + 6))),
  };
}

// More draws than the sentence allows: typed, they are refused; from the address or after the
// page changed, they are lowered to the limit, and the lab says so.
function allowedDraws(draws, T, cause, t) {
  const limit = drawLimit(T);
  if (!Number.isInteger(draws) || draws <= limit) return { draws, lowered: '' };
  if (cause === 'params') throw new PageError('draws', t('draws.refused', { draws, T, limit }));
  return { draws: limit, lowered: t('draws.lowered', { draws, limit, T }) };
}

/**
 * { mask, statistics, params }: the notebook's mask, and the page's weights (T × T) dropped `draws`
 * times (the statistics), once (seed), with the draws as they were taken.
 */
export function compute(core, page, { p, draws: asked, seed, rng }, { cause, t = english } = {}) {
  const w = pageStage(page, 'attentionWeights');
  const T = w.shape.at(-1);
  const weights = w.data.slice(0, T * T);
  const { draws, lowered } = allowedDraws(asked, T, cause, t);
  const input = { input: weights, shape: [T, T] };
  const s = core.dropoutStatistics({ ...input, p, draws, seed });
  return {
    mask: notebookMask(core, rng),
    statistics: {
      trained: page.trained,
      tokens: page.tokens.map((t) => t.text),
      T,
      p,
      seed,
      weights,
      once: core.dropout({ ...input, p, seed }).output.data,
      keptShare: Array.from(s.keptShare),
      maxError: Array.from(s.maxError),
      meanAbsError: Array.from(s.meanAbsError),
      mean: s.mean.data,
      lowered,
    },
    params: { draws },
  };
}
