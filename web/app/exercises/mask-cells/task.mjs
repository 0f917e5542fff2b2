// The mask exercise's task: the sentence's tokens and the cells the core's causal pass sets to −∞
// (its masked scores, head 1 of the first sentence), and the check of the cells picked.
import { variantPass, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';

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

const listed = (keys) =>
  keys.length
    ? keys
        .map((k) => k.split(',').map((v) => Number(v) + 1))
        .map(([r, c]) => `(${r}, ${c})`)
        .join(', ')
    : 'none';

/** response.cells: the picked "r,c" keys (0-based query row, key column). */
export function check(task, response) {
  const picked = new Set(response.cells ?? []);
  const hidden = new Set(task.hidden);
  const missed = task.hidden.filter((k) => !picked.has(k));
  const extra = [...picked].filter((k) => !hidden.has(k)).sort();
  const T = task.tokens.length;
  const parts = [
    part('missed', 'Future cells you left visible', !missed.length, listed(missed), 'none'),
    part('extra', 'Cells you hid that a query may see', !extra.length, listed(extra), 'none'),
  ];
  return verdict(
    parts,
    `With ${T} tokens the mask hides the ${task.hidden.length} cells above the diagonal, ` +
      `T(T − 1)/2 = ${T}·${T - 1}/2: row i is the query of token i, and it may attend to keys 1 to i ` +
      '(itself and the tokens before it), never to a later token, which a model generating text ' +
      'has not seen yet. Those scores become −∞ before the softmax, so their weights are exactly 0 ' +
      'and the rest of the row still sums to 1. The diagonal stays: a token sees itself.',
  );
}
