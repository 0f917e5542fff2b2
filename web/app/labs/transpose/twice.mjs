// The transpose lab's section on the transpose cell run twice: transpose(1, 2) is its own inverse,
// so the second run undoes the first, and the merge that follows still succeeds (the number of
// values fits) while gluing together the wrong numbers. Each cell says where its number came from.
import { h } from '../../render/h.mjs';
import { fmt } from '../kit/format.mjs';
import { scrambledSource } from './compute.mjs';

const ROWS_SHOWN = 3;

/** The section: shapes after one and two runs, and the first rows of the merge either way. */
export function twiceSection({ trace, twice: story }) {
  const [, heads, T, dh] = trace.contextHeads.shape;
  const D = heads * dh;
  const rows = Math.min(ROWS_SHOWN, T);
  const cell = (value, head, token) =>
    h(
      'td',
      {
        class: `head-cell head-${head % 12}`,
        dataset: { value: String(value), head, token },
        title: `head ${head + 1}, token ${token + 1}`,
      },
      fmt(value),
      h('span', { class: 'source' }, `h${head + 1} t${token + 1}`),
    );
  const table = (tensor, caption, source, name) =>
    h(
      'table',
      { class: 'lab-numbers lab-matrix lab-merge', dataset: { tensor: name } },
      h('caption', {}, caption),
      h(
        'tbody',
        {},
        Array.from({ length: rows }, (_, t) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, `row ${t + 1}`),
            Array.from({ length: D }, (_, c) => {
              const { head, token } = source(t, c);
              return cell(tensor.data[t * D + c], head, token);
            }),
          ),
        ),
      ),
    );
  const right = (t, c) => ({ head: Math.floor(c / dh), token: t });
  const wrong = (t, c) => scrambledSource(trace.contextHeads.shape, t, c);
  const shape = (s) => `(${s.join(', ')})`;
  return h(
    'section',
    { class: 'lab-twice', 'aria-label': 'the transpose cell run twice' },
    h('h3', {}, 'The transpose cell, run twice'),
    h(
      'p',
      {},
      'In the lecture, the cell that turns the context vectors back from heads-first to tokens-first ',
      'was run a second time by accident, and the printed shape was the old one again. Swapping axes 1 and 2 ',
      'twice swaps them back. Nothing complains: the merge that follows only needs the right number of values.',
    ),
    h(
      'ul',
      {},
      h('li', {}, `context_vec (from the core): ${shape(trace.contextHeads.shape)}`),
      h(
        'li',
        {},
        `after one run: ${shape(story.once.shape)}, merged it equals the core's mergedHeads `,
        `(largest difference ${fmt(story.mergedCheck, 7)})`,
      ),
      h(
        'li',
        { dataset: { twice: story.twice.shape.join(',') } },
        `after two runs: ${shape(story.twice.shape)}, `,
        `the very numbers it started from (largest difference ${fmt(story.twiceCheck, 7)})`,
      ),
    ),
    h(
      'p',
      {},
      `Merged after two runs, row 1 is no longer token 1 of every head: it holds head 1's first tokens `,
      'one after another. Each cell says which head (h) and token (t) its number came from.',
    ),
    h(
      'div',
      { class: 'lab-compare' },
      h(
        'div',
        { class: 'table-wrap' },
        table(story.merged, 'Run once: row t = token t of head 1, head 2, …', right, 'merged'),
      ),
      h(
        'div',
        { class: 'table-wrap' },
        table(story.scrambled, 'Run twice: rows mix tokens', wrong, 'scrambled'),
      ),
    ),
  );
}
