// The loop-vs-fused exercise's task: the lecture's experiment (head size 3, 6 tokens, a batch of 2,
// d_in 3) at a number of heads, and, when Check is pressed, the core's timing of both forms
// (headExperiment: medians of repeated passes inside WebAssembly). A timing is not a fixed number,
// so the guess is judged by direction and order of magnitude only.
import { pick } from '../kit/variant.mjs';
import { part, verdict, fmt } from '../kit/answer.mjs';
import { readable } from '../../ui/format.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

const HEADS = [4000, 400, 2000];
const REPEATS = 9;
/** Below this ratio of the two times, the winner is too close to call. */
export const CLOSE = 1.5;

/** The orders of magnitude offered (the ratio of the slower time to the faster), in t's words. */
export const factorChoices = (t) =>
  Object.fromEntries([1, 10, 100, 1000].map((n) => [n, t(`factor${n}`)]));
/** The forms, in t's words. */
export const winnerChoices = (t) => ({ fused: t('winnerFused'), loop: t('winnerLoop') });

/** { heads, headSize, tokens, batch, dIn, seed, settings }: what will be timed. */
export function makeTask(core, page, variant) {
  const experiment = { heads: pick(HEADS, variant), headSize: 3, tokens: 6, batch: 2, dIn: 3 };
  const seed = 123 + variant;
  return { variant, ...experiment, seed, settings: { ...experiment, seed } };
}

/** Check's measurement: { heads, loopMs, fusedMs, maxDifference }. */
export function observe(core, task) {
  const { heads, headSize, tokens, batch, dIn, seed } = task;
  return core.headExperiment({
    heads: [heads],
    headSize,
    tokens,
    batch,
    dIn,
    seed,
    repeats: REPEATS,
  })[0];
}

/** The order of magnitude of `ratio` (≥ 1): the nearest power of 10 on a log scale, 1 to 1000. */
export const orderOf = (ratio) => 10 ** Math.min(3, Math.max(0, Math.round(Math.log10(ratio))));

// The orders accepted: the nearest one, and its neighbour when the ratio lies within a factor of
// 1.5 of the border between them (a timing moves that much between runs).
function acceptedOrders(ratio) {
  const near = new Set([orderOf(ratio), orderOf(ratio * 1.5), orderOf(ratio / 1.5)]);
  return [...near].map(String);
}

/** response: { winner (a key of winnerChoices), factor (one of factorChoices) }; observed: observe()'s. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const [winners, factors] = [winnerChoices(t), factorChoices(t)];
  const { loopMs, fusedMs, maxDifference } = observed;
  const faster = fusedMs <= loopMs ? 'fused' : 'loop';
  const ratio = Math.max(loopMs, fusedMs) / Math.min(loopMs, fusedMs);
  // Within a factor of 1.5 the direction is the noise of a shared machine: either winner is right.
  const close = ratio < CLOSE;
  const winnerRight = response.winner === faster || (close && response.winner in winners);
  const orders = acceptedOrders(ratio);
  const parts = [
    part('winner', t('winnerPart'), winnerRight, winners[response.winner] ?? '', winners[faster]),
    part(
      'factor',
      t('factorPart'),
      orders.includes(response.factor),
      factors[response.factor] ?? '',
      orders.map((o) => factors[o]).join(t('or')),
    ),
  ];
  return verdict(
    parts,
    t('explain', {
      heads: task.heads,
      headSize: task.headSize,
      loopMs: fmt(loopMs, 3),
      fusedMs: fmt(fusedMs, 3),
      faster: t(faster === 'fused' ? 'formFused' : 'formLoop'),
      ratio: fmt(ratio, 1),
      difference: readable(maxDifference),
      tooClose: close ? t('tooClose') : '',
    }),
  );
}
