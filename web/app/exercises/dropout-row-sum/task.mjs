// The dropout exercise's task: the last row of one head's attention weights, the mask the core's
// nn.Dropout(0.5) draws for it (the first seed from the variant's whose mask both keeps and drops
// a weight the row has), and the row after dropout; the check of its sum and of one kept weight.
import { variantPass, reported, headRow } from '../kit/variant.mjs';
import { readNumber, close, part, verdict, fmt } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export const P = 0.5;
/** What a kept weight is multiplied by: 1/(1 − p). */
const SCALE = 1 / (1 - P);

// The dropout of `row` with the first seed (from `seed` on) that keeps one non-zero weight and
// drops another: a row that shows both what dropping and what scaling do.
function telling(core, row, seed) {
  for (let s = seed; s < seed + 64; ++s) {
    const { output, mask } = core.dropout({ input: row, p: P, seed: s });
    const kept = row.findIndex((w, i) => w > 0 && mask.data[i] === 1);
    const dropped = row.some((w, i) => w > 0 && mask.data[i] === 0);
    if (kept >= 0 && dropped) return { seed: s, output: Array.from(output.data), mask, kept };
  }
  throw new RangeError('no dropout mask both keeps and drops a weight of this row');
}

/** { tokens, head, query, weights, kept (the key asked), mask, dropped, sum, keptValue, settings }. */
export function makeTask(core, page, variant, words) {
  const { settings, tokens, trace } = variantPass(core, page, variant, { causal: true });
  const [, heads, T] = trace.attentionWeights.shape;
  if (T < 2) throw new RangeError(orEnglish(words, WORDS).kit('twoTokens'));
  const head = variant % heads;
  const query = T - 1;
  const weights = headRow(trace.attentionWeights, head, query);
  const drop = telling(core, weights, Number(settings.seed) + variant);
  return {
    variant,
    settings: { ...reported(settings), dropoutP: P, dropoutSeed: drop.seed },
    tokens: tokens.map((t) => t.text),
    head,
    query,
    weights,
    mask: Array.from(drop.mask.data),
    dropped: drop.output,
    kept: drop.kept,
    sum: drop.output.reduce((a, b) => a + b, 0),
    keptValue: drop.output[drop.kept],
  };
}

/** response: { sum, kept } as typed. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const sum = readNumber(response.sum);
  const kept = readNumber(response.kept);
  const keptWeights = task.weights.filter((_, i) => task.mask[i] === 1);
  const keptSum = keptWeights.reduce((a, b) => a + b, 0);
  const parts = [
    part('sum', t('sumPart'), close(sum, task.sum), response.sum, fmt(task.sum)),
    part(
      'kept',
      t('keptPart', { key: task.kept + 1 }),
      close(kept, task.keptValue),
      response.kept,
      fmt(task.keptValue),
    ),
  ];
  return verdict(
    parts,
    t('explain', {
      p: P,
      scale: SCALE,
      key: task.kept + 1,
      weight: fmt(task.weights[task.kept]),
      keptValue: fmt(task.keptValue),
      keptSum: fmt(keptSum),
      sum: fmt(task.sum),
      tolerance: t.kit('tolerance'),
    }),
  );
}
