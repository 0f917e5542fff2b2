// The accessible twin of a drawn map: a real <table> with token row headers, column headers and
// one <td> per number, so a screen reader reads the numbers with their tokens. It is visually
// hidden next to its canvas (ui/maps.mjs draws the focused cell there); cells carry the trace
// index and exact value (data-i, data-value) so tests can compare them with the API.
import { h } from './dom.mjs';
import { fmt, exact } from './format.mjs';

/**
 * rows × cols numbers of `data`, cell (r, c) at data[index(r, c)].
 * rowLabels/colLabels: [{ text, note?, title? }]; colGroups: [{ label, span }] a header row above
 * the column labels (heads); rowSums: add a Σ column, headed sumLabel; cellClass(v, r, c) → class
 * (future, dropped).
 */
export function matrixTable(o) {
  const { data, rows, cols, index } = o;
  const table = h('table', { class: `heatmap ${o.className ?? ''}`.trim(), ...o.attrs });
  if (o.caption) table.append(h('caption', {}, o.caption));

  const head = h('thead');
  if (o.colGroups) {
    const tr = h('tr', { class: 'groups' }, h('td', { class: 'corner' }));
    for (const g of o.colGroups)
      tr.append(h('th', { scope: 'colgroup', colspan: g.span, class: 'group' }, g.label));
    if (o.rowSums) tr.append(h('td', { class: 'corner' }));
    head.append(tr);
  }
  const labels = h('tr', {}, h('td', { class: 'corner' }, o.corner ?? ''));
  for (const label of o.colLabels)
    labels.append(
      h(
        'th',
        { scope: 'col', title: label.title, class: 'col-label' },
        h('span', { class: 'tok', dir: 'auto' }, label.text),
      ),
    );
  if (o.rowSums) labels.append(h('th', { scope: 'col', class: 'sum' }, o.sumLabel ?? 'Σ row'));
  head.append(labels);
  table.append(head);

  const body = h('tbody');
  let first = true;
  for (let r = 0; r < rows; ++r) {
    const tr = h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row', title: o.rowLabels[r].title },
        o.rowLabels[r].note ? h('span', { class: 'pos' }, o.rowLabels[r].note) : null,
        h('span', { class: 'tok', dir: 'auto' }, o.rowLabels[r].text),
      ),
    );
    let sum = 0;
    for (let c = 0; c < cols; ++c) {
      const i = index(r, c);
      const v = data[i];
      sum += v;
      const td = document.createElement('td');
      td.tabIndex = first ? 0 : -1;
      first = false;
      td.dataset.i = String(i);
      td.dataset.value = exact(v);
      td.textContent = fmt(v);
      const extra = o.cellClass?.(v, r, c);
      if (extra) td.className = extra;
      tr.append(td);
    }
    if (o.rowSums) tr.append(h('td', { class: 'sum', dataset: { sum: exact(sum) } }, fmt(sum)));
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** The cell (r, c) of a table built by matrixTable, or undefined. */
export const cellAt = (table, r, c) => table?.tBodies[0]?.rows[r]?.cells[c + 1];

/** The (row, column) of a data cell. */
export const position = (td) => ({ r: td.parentElement.sectionRowIndex, c: td.cellIndex - 1 });

/** The data cell an event target is, or null. */
export const dataCell = (target) =>
  target instanceof Element ? target.closest('td[data-i]') : null;
