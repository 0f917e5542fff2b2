// The mask-why exercise's task: one row of the page's pass masked both ways (the core's naive
// route, softmax then zero, and its −∞ route), with the sums of the two rows; the check of what
// the student predicts each sum to be.
import { variantPass, reported, headRow } from '../kit/variant.mjs';
import { part, verdict, fmt } from '../kit/answer.mjs';

/** The query row a variant asks for: an early one, whose future is most of the row. */
export const rowOf = (T, variant) => (variant % Math.max(1, T - 1)) % T;

const sum = (row) => row.reduce((a, b) => a + b, 0);

/** { tokens, head, query, naive, negInf (the two rows), naiveSum, negInfSum, settings }. */
export function makeTask(core, page, variant) {
  const naive = variantPass(core, page, variant, { causal: true, masking: 'naive' });
  const negInf = variantPass(core, page, variant, { causal: true, masking: 'neg-inf' });
  const [, heads, T] = negInf.trace.attentionWeights.shape;
  if (T < 2) throw new RangeError('this exercise needs a sentence of at least 2 tokens');
  const head = variant % heads;
  const query = rowOf(T, variant);
  const naiveRow = headRow(naive.trace.zeroedWeights, head, query);
  const negInfRow = headRow(negInf.trace.attentionWeights, head, query);
  return {
    variant,
    settings: reported(negInf.settings),
    tokens: negInf.tokens.map((t) => t.text),
    head,
    query,
    naive: naiveRow,
    negInf: negInfRow,
    naiveSum: sum(naiveRow),
    negInfSum: sum(negInfRow),
  };
}

export const SUMS = Object.freeze({
  one: 'exactly 1 (up to float rounding)',
  less: 'less than 1',
  more: 'more than 1',
});

// What a sum is, in the terms of SUMS: within 1e-5 of 1 is 1.
const kind = (s) => (Math.abs(s - 1) <= 1e-5 ? 'one' : s < 1 ? 'less' : 'more');

/** response: { naive, negInf }: keys of SUMS. */
export function check(task, response) {
  const naive = kind(task.naiveSum);
  const negInf = kind(task.negInfSum);
  const parts = [
    part(
      'naive',
      'Zeroed after the softmax',
      response.naive === naive,
      SUMS[response.naive] ?? '',
      `${SUMS[naive]}: ${fmt(task.naiveSum)}`,
    ),
    part(
      'negInf',
      '−∞ before the softmax',
      response.negInf === negInf,
      SUMS[response.negInf] ?? '',
      `${SUMS[negInf]}: ${fmt(task.negInfSum)}`,
    ),
  ];
  const T = task.tokens.length;
  return verdict(
    parts,
    `Row ${task.query + 1} may see ${task.query + 1} of the ${T} keys. The softmax of the whole row ` +
      `spreads 1 over all ${T} keys; zeroing the ${T - task.query - 1} future ones afterwards ` +
      `throws their share away, so the row sums to ${fmt(task.naiveSum)}, and would need a second ` +
      'division by its sum. A score of −∞ has e^−∞ = 0, so the softmax itself gives the future ' +
      `exactly 0 and shares the whole 1 among the past: the row sums to ${fmt(task.negInfSum)}.`,
  );
}
