// The loop-vs-fused exercise's task: the lecture's experiment (head size 3, 6 tokens, a batch of 2,
// d_in 3) at a number of heads, and, when Check is pressed, the core's timing of both forms
// (headExperiment: medians of repeated passes inside WebAssembly). A timing is not a fixed number,
// so the guess is judged by direction and order of magnitude only.
import { pick } from '../kit/variant.mjs';
import { part, verdict, fmt } from '../kit/answer.mjs';
import { readable } from '../../ui/format.mjs';

const HEADS = [4000, 400, 2000];
const REPEATS = 9;
/** Below this ratio of the two times, the winner is too close to call. */
export const CLOSE = 1.5;

/** The orders of magnitude offered: the ratio of the slower time to the faster. */
export const FACTORS = Object.freeze({
  1: 'about the same, less than about 3×',
  10: 'about 10×: from about 3× to 30×',
  100: 'about 100×: from about 30× to 300×',
  1000: 'about 1000× or more',
});
export const WINNERS = Object.freeze({
  fused: 'the fused form (one matmul for all heads)',
  loop: 'the loop over heads',
});

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

/** response: { winner (a key of WINNERS), factor (a key of FACTORS) }; observed: observe()'s. */
export function check(task, response, observed) {
  const { loopMs, fusedMs, maxDifference } = observed;
  const faster = fusedMs <= loopMs ? 'fused' : 'loop';
  const ratio = Math.max(loopMs, fusedMs) / Math.min(loopMs, fusedMs);
  // Within a factor of 1.5 the direction is the noise of a shared machine: either winner is right.
  const close = ratio < CLOSE;
  const winnerRight = response.winner === faster || (close && response.winner in WINNERS);
  const orders = acceptedOrders(ratio);
  const parts = [
    part('winner', 'The faster form', winnerRight, WINNERS[response.winner] ?? '', WINNERS[faster]),
    part(
      'factor',
      'By about how much',
      orders.includes(response.factor),
      FACTORS[response.factor] ?? '',
      orders.map((o) => FACTORS[o]).join(' or '),
    ),
  ];
  return verdict(
    parts,
    `Measured now, ${task.heads} heads of size ${task.headSize}: the loop took ${fmt(loopMs, 3)} ms ` +
      `and the fused form ${fmt(fusedMs, 3)} ms a pass, so the ${faster} form won by ${fmt(ratio, 1)}× ` +
      `(their outputs differ by at most ${readable(maxDifference)}). ${close ? 'That is too close to call: either form counts as right. ' : ''}A timing differs from run to run and machine to ` +
      'machine, so only the direction and the order of magnitude are judged. The loop computes the ' +
      'same numbers as many small matrix products, one per head, each paying its own fixed cost; ' +
      'the fused form does one large product. In the lecture, PyTorch’s per-call overhead made the ' +
      'loop far slower at 4,000 heads; compiled code pays far less per call, so the gap here is smaller.',
  );
}
