// Small tables of numbers for the labs: 4 decimals on screen (the notebook prints 4), the exact
// float32 in data-value so the tests compare the screen with the API.
import { h } from '../../render/h.mjs';
import { fmt, exact } from './format.mjs';

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

// A row's header: its position (note) and its text, as a token label reads.
const rowHeader = (label) =>
  h(
    'th',
    { scope: 'row', title: label.title },
    label.note ? h('span', { class: 'pos' }, label.note) : null,
    h('span', { class: 'tok', dir: 'auto' }, label.text),
  );

function matrixHead(o) {
  return h(
    'thead',
    {},
    o.colGroups
      ? h(
          'tr',
          { class: 'groups' },
          h('td', { class: 'corner' }),
          o.colGroups.map((g) =>
            h('th', { scope: 'colgroup', colspan: g.span, class: 'group' }, g.label),
          ),
        )
      : null,
    h(
      'tr',
      {},
      h('td', { class: 'corner' }, o.corner ?? ''),
      o.colLabels.map((label) =>
        h(
          'th',
          { scope: 'col', title: label.title, class: 'col-label' },
          h('span', { class: 'tok', dir: 'auto' }, label.text),
        ),
      ),
    ),
  );
}

/**
 * A tensor's numbers as the steps' tables show them (ui/table.mjs): rows × cols numbers of `data`,
 * cell (r, c) at data[index(r, c)] with that index and the exact value in data-i and data-value.
 * rowLabels/colLabels: [{ text, note?, title? }]; colGroups: [{ label, span }] a header row above
 * the column labels (heads); cellClass(v, r, c) → class; attrs: the table's own attributes.
 */
export function matrixTable(o) {
  const { data, rows, cols, index } = o;
  const cell = (r, c) => {
    const i = index(r, c);
    return h(
      'td',
      {
        tabindex: r === 0 && c === 0 ? '0' : '-1',
        dataset: { i: String(i), value: exact(data[i]) },
        class: o.cellClass?.(data[i], r, c) || null,
      },
      fmt(data[i]),
    );
  };
  return h(
    'table',
    { class: `heatmap ${o.className ?? ''}`.trim(), ...o.attrs },
    o.caption ? h('caption', {}, o.caption) : null,
    matrixHead(o),
    h(
      'tbody',
      {},
      Array.from({ length: rows }, (_, r) =>
        h(
          'tr',
          {},
          rowHeader(o.rowLabels[r]),
          Array.from({ length: cols }, (_, c) => cell(r, c)),
        ),
      ),
    ),
  );
}
