// The mask-why exercise's task: one row of the page's pass masked both ways (the core's naive
// route, softmax then zero, and its −∞ route), with the sums of the two rows; the check of what
// the student predicts each sum to be.
import { variantPass, reported, headRow } from '../kit/variant.mjs';
import { part, verdict, fmt } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

/** The query row a variant asks for: an early one, whose future is most of the row. */
export const rowOf = (T, variant) => (variant % Math.max(1, T - 1)) % T;

const sum = (row) => row.reduce((a, b) => a + b, 0);

/** { tokens, head, query, naive, negInf (the two rows), naiveSum, negInfSum, settings }. */
export function makeTask(core, page, variant, words) {
  const naive = variantPass(core, page, variant, { causal: true, masking: 'naive' });
  const negInf = variantPass(core, page, variant, { causal: true, masking: 'neg-inf' });
  const [, heads, T] = negInf.trace.attentionWeights.shape;
  if (T < 2) throw new RangeError(orEnglish(words, WORDS).kit('twoTokens'));
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

/** The choices of what a row sums to, in t's words. */
export const sumChoices = (t) => ({ one: t('one'), less: t('less'), more: t('more') });

// What a sum is, in the terms of sumChoices: within 1e-5 of 1 is 1.
const kind = (s) => (Math.abs(s - 1) <= 1e-5 ? 'one' : s < 1 ? 'less' : 'more');

/** response: { naive, negInf }: keys of sumChoices. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const sums = sumChoices(t);
  const naive = kind(task.naiveSum);
  const negInf = kind(task.negInfSum);
  const parts = [
    part(
      'naive',
      t('naivePart'),
      response.naive === naive,
      sums[response.naive] ?? '',
      `${sums[naive]}: ${fmt(task.naiveSum)}`,
    ),
    part(
      'negInf',
      t('negInfPart'),
      response.negInf === negInf,
      sums[response.negInf] ?? '',
      `${sums[negInf]}: ${fmt(task.negInfSum)}`,
    ),
  ];
  const T = task.tokens.length;
  return verdict(
    parts,
    t('explain', {
      row: task.query + 1,
      T,
      future: T - task.query - 1,
      naiveSum: fmt(task.naiveSum),
      negInfSum: fmt(task.negInfSum),
    }),
  );
}
