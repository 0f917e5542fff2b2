// The mask exercise's task: the sentence's tokens and the cells the core's causal pass sets to −∞
// (its masked scores, head 1 of the first sentence), and the check of the cells picked.
import { variantPass, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

/** { tokens, hidden: ["r,c"] (the core's −∞ cells), settings }. */
export function makeTask(core, page, variant) {
  const { settings, tokens, trace } = variantPass(core, page, variant, { causal: true });
  const { shape, data } = trace.maskedScores;
  const T = shape.at(-1);
  const hidden = [];
  for (let r = 0; r < T; ++r)
    for (let c = 0; c < T; ++c) if (data[r * T + c] === -Infinity) hidden.push(`${r},${c}`);
  return { variant, settings: reported(settings), tokens: tokens.map((t) => t.text), hidden };
}

const listed = (keys, none) =>
  keys.length
    ? keys
        .map((k) => k.split(',').map((v) => Number(v) + 1))
        .map(([r, c]) => `(${r}, ${c})`)
        .join(', ')
    : none;

/** response.cells: the picked "r,c" keys (0-based query row, key column). */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const none = t('none');
  const picked = new Set(response.cells ?? []);
  const hidden = new Set(task.hidden);
  const missed = task.hidden.filter((k) => !picked.has(k));
  const extra = [...picked].filter((k) => !hidden.has(k)).sort();
  const T = task.tokens.length;
  const parts = [
    part('missed', t('missedPart'), !missed.length, listed(missed, none), none),
    part('extra', t('extraPart'), !extra.length, listed(extra, none), none),
  ];
  return verdict(parts, t('explain', { T, hidden: task.hidden.length, T1: T - 1 }));
}
