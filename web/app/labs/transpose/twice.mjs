// The transpose lab's section on the transpose cell run twice: transpose(1, 2) is its own inverse,
// so the second run undoes the first, and the merge that follows still succeeds (the number of
// values fits) while gluing together the wrong numbers. Each cell says where its number came from.
import { h } from '../../render/h.mjs';
import { fmt } from '../kit/format.mjs';
import { scrambledSource } from './compute.mjs';

const ROWS_SHOWN = 3;

/** The section: shapes after one and two runs, and the first rows of the merge either way. */
export function twiceSection({ trace, twice: story }, t) {
  const [, heads, T, dh] = trace.contextHeads.shape;
  const D = heads * dh;
  const rows = Math.min(ROWS_SHOWN, T);
  const cell = (value, head, token) =>
    h(
      'td',
      {
        class: `head-cell head-${head % 12}`,
        dataset: { value: String(value), head, token },
        title: t('twice.cellTitle', { head: head + 1, token: token + 1 }),
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
        Array.from({ length: rows }, (_, r) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, t('twice.row', { n: r + 1 })),
            Array.from({ length: D }, (_, c) => {
              const { head, token } = source(r, c);
              return cell(tensor.data[r * D + c], head, token);
            }),
          ),
        ),
      ),
    );
  const right = (r, c) => ({ head: Math.floor(c / dh), token: r });
  const wrong = (r, c) => scrambledSource(trace.contextHeads.shape, r, c);
  const shape = (s) => `(${s.join(', ')})`;
  return h(
    'section',
    { class: 'lab-twice', 'aria-label': t('twice.label') },
    h('h3', {}, t('twice.heading')),
    h('p', {}, t('twice.intro')),
    h(
      'ul',
      {},
      h('li', {}, t('twice.context', { shape: shape(trace.contextHeads.shape) })),
      h(
        'li',
        {},
        t('twice.once', { shape: shape(story.once.shape), check: fmt(story.mergedCheck, 7) }),
      ),
      h(
        'li',
        { dataset: { twice: story.twice.shape.join(',') } },
        t('twice.twice', { shape: shape(story.twice.shape), check: fmt(story.twiceCheck, 7) }),
      ),
    ),
    h('p', {}, t('twice.merged')),
    h(
      'div',
      { class: 'lab-compare' },
      h(
        'div',
        { class: 'table-wrap' },
        table(story.merged, t('twice.onceCaption'), right, 'merged'),
      ),
      h(
        'div',
        { class: 'table-wrap' },
        table(story.scrambled, t('twice.twiceCaption'), wrong, 'scrambled'),
      ),
    ),
  );
}
