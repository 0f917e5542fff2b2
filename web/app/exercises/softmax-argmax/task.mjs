// The softmax exercise's task: one row of masked scores and the key whose attention weight the
// core makes the largest; the check of the key picked.
import { variantPass, reported, headRow } from '../kit/variant.mjs';
import { part, verdict, fmt } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

/** The query row a variant asks for: never the first (which has one key only). */
export const rowOf = (T, variant) => 1 + ((T - 2 - (variant % (T - 1)) + (T - 1)) % (T - 1));

/** { tokens, head, query, scores (masked), weights, winner, settings }. */
export function makeTask(core, page, variant, words) {
  const { settings, tokens, trace } = variantPass(core, page, variant, { causal: true });
  const [, heads, T] = trace.maskedScores.shape;
  if (T < 2) throw new RangeError(orEnglish(words, WORDS).kit('twoTokens'));
  const head = variant % heads;
  const query = rowOf(T, variant);
  const weights = headRow(trace.attentionWeights, head, query);
  const winner = weights.indexOf(Math.max(...weights));
  return {
    variant,
    settings: reported(settings),
    tokens: tokens.map((t) => t.text),
    head,
    query,
    scores: headRow(trace.maskedScores, head, query),
    weights,
    winner,
  };
}

/** response.key: the picked key's index, as text. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { tokens, winner, weights, scores } = task;
  const picked = response.key === undefined ? null : Number(response.key);
  const name = (i) => t('keyName', { key: i + 1, token: tokens[i] });
  const masked = picked !== null && scores[picked] === -Infinity;
  const parts = [
    part(
      'key',
      t('part'),
      picked === winner,
      picked === null ? '' : name(picked),
      t('expected', { key: name(winner), weight: fmt(weights[winner]) }),
    ),
  ];
  return verdict(
    parts,
    t('explain', {
      masked: masked ? t('masked', { key: name(picked), query: task.query + 1 }) : '',
      score: fmt(scores[winner]),
      key: name(winner),
      weight: fmt(weights[winner]),
    }),
  );
}
