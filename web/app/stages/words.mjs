// The words a step's explanation is written in: t('softmax.rows', { formula: m('…') }) is the
// catalogue's "explain.softmax.rows" (the mount's language, an author's own words over it) or the
// English of strings/en-steps.mjs, filled with its values: text, or text and nodes in order.
import { translator } from '../strings/words.mjs';
import { wordsOf } from '../strings/index.mjs';
import { EXPLAIN } from '../strings/en-steps.mjs';

// One translator per catalogue (each is a frozen object), made when first asked for: a step is
// drawn again on every edit.
const made = new WeakMap();

/** The translator of ctx's words for the steps' explanations. */
export function explainWords(ctx) {
  const words = wordsOf(ctx);
  if (!made.has(words)) made.set(words, translator(words, 'explain.', EXPLAIN));
  return made.get(words);
}
