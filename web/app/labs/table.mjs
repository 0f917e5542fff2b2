// Small tables of numbers for the labs: 4 decimals on screen (the notebook prints 4), the exact
// float32 in data-value so the tests compare the screen with the API.
import { h } from '../ui/dom.mjs';
import { fmt, exact } from '../ui/format.mjs';

/**
 * A <table> of rows of numbers. rowLabels and colLabels are strings; `name` (data-numbers) lets a
 * test find it; cellClass(v, r, c) → a class or ''; format(v) → text (4 decimals by default).
 */
export function numberTable({
  caption,
  name,
  rowLabels,
  colLabels,
  rows,
  corner = '',
  cellClass,
  format = fmt,
}) {
  return h(
    'div',
    { class: 'table-wrap lab-table-wrap' },
    h(
      'table',
      { class: 'lab-numbers', dataset: { numbers: name } },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', { class: 'corner' }, corner),
          colLabels.map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((row, r) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, rowLabels[r]),
            row.map((v, c) =>
              h(
                'td',
                { class: cellClass?.(v, r, c) || null, dataset: { value: exact(v) } },
                format(v),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** Row `r` of a (…, rows, cols) tensor's first matrix (batch item 1, head 1), as numbers. */
export function matrixRow({ shape, data }, r) {
  const cols = shape.at(-1);
  return Array.from(data.subarray(r * cols, (r + 1) * cols));
}

/** The first `rows` rows of a tensor's first matrix. */
export const matrixRows = (tensor, rows) =>
  Array.from({ length: rows }, (_, r) => matrixRow(tensor, r));
