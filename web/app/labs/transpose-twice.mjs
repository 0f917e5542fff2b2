// The notebook's surprise in the transpose lab: the cell `context_vec = context_vec.transpose(1, 2)`
// run twice. transpose(1, 2) is its own inverse, so the second run undoes the first: the context
// vectors are back in (B, h, T, d_h), and a later view(b, num_tokens, d_out) still succeeds (the
// number of values fits) while gluing together the wrong numbers. Redone here on the core's
// contextHeads and checked against its mergedHeads.
import { fmt } from '../ui/format.mjs';
import { transpose12, view, maxAbsDifference } from './tensor-ops.mjs';

/** The three tensors of the story: once (right), twice (back where it started), merged either way. */
export function transposeTwice(trace) {
  const heads = trace.contextHeads; // (B, h, T, d_h)
  const [B, h, T, dh] = heads.shape;
  const once = transpose12(heads); // (B, T, h, d_h)
  const twice = transpose12(once); // (B, h, T, d_h) again
  const merged = view(once, [B, T, h * dh]);
  const scrambled = view(twice, [B, T, h * dh]);
  return {
    once,
    twice,
    merged,
    scrambled,
    mergedCheck: maxAbsDifference(merged, trace.mergedHeads),
    twiceCheck: maxAbsDifference(twice, heads),
  };
}

/** Where value c of row t of the scrambled merge came from: { head, token } (batch item 0). */
export function scrambledSource(shape, t, c) {
  const [, h, T, dh] = shape; // contextHeads' shape
  const flat = t * h * dh + c; // row t of a (T, h·d_h) view of item 0's (h, T, d_h) numbers
  return { head: Math.floor(flat / (T * dh)), token: Math.floor((flat % (T * dh)) / dh) };
}

const ROWS_SHOWN = 3;

/** The section: shapes after one and two runs, and the first rows of the merge either way. */
export function twiceSection(h, data) {
  const { trace, tokens } = data;
  const story = transposeTwice(trace);
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
