// The score exercise's task: a query row and a key row of one head (as the split-heads step shows
// them), and the core's score and scaled score for that cell; the check of the two numbers typed.
import { variantPass, reported, headRow } from '../kit/variant.mjs';
import { readNumber, close, part, verdict, fmt } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

/** Which cell a variant asks for: a query late in the sentence and an earlier key. */
export function cellOf(T, heads, variant) {
  const query = Math.max(1, T - 1 - (variant % T));
  return { head: variant % heads, query, key: (variant * 3 + 1) % (query + 1) };
}

/** { tokens, head, query, key, dk, q, k, score, scaled, settings }. */
export function makeTask(core, page, variant) {
  const { settings, tokens, trace } = variantPass(core, page, variant);
  const [, heads, T, dk] = trace.queryHeads.shape;
  const { head, query, key } = cellOf(T, heads, variant);
  return {
    variant,
    settings: reported(settings),
    tokens: tokens.map((t) => t.text),
    head,
    query,
    key,
    dk,
    q: headRow(trace.queryHeads, head, query),
    k: headRow(trace.keyHeads, head, key),
    score: headRow(trace.attentionScores, head, query)[key],
    scaled: headRow(trace.scaledScores, head, query)[key],
  };
}

// A factor of a product: a negative one in brackets.
const signed = (v) => (v < 0 ? `(${fmt(v)})` : fmt(v));

/** response: { score, scaled } as typed. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const score = readNumber(response.score);
  const scaled = readNumber(response.scaled);
  const root = Math.sqrt(task.dk);
  const products = task.q.map((v, i) => `${signed(v)}·${signed(task.k[i])}`).join(' + ');
  const parts = [
    part('score', t('scorePart'), close(score, task.score), response.score, fmt(task.score)),
    part('scaled', t('scaledPart'), close(scaled, task.scaled), response.scaled, fmt(task.scaled)),
  ];
  return verdict(
    parts,
    t('explain', {
      products,
      score: fmt(task.score),
      dk: task.dk,
      root: fmt(root),
      scaled: fmt(task.scaled),
      tolerance: t.kit('tolerance'),
    }),
  );
}
