// A heatmap is a real <table>: token row headers, column headers, one <td> per number. So it is its
// own accessible alternative (screen readers read it as a table with headers), and hiding the
// numbers only hides them visually. Cells carry the trace index and exact value (data-i,
// data-value) so tests can compare them with the API. Hover or focus shows a cell's exact value.
import { h } from './dom.mjs';
import { fmt, exact, exactText } from './format.mjs';
import { inkOn } from './colour.mjs';

const META = new WeakMap(); // <table> → { describe(r, c) → string[], onInspect?(r, c, on) }

/**
 * rows × cols numbers of `data`, cell (r, c) at data[index(r, c)].
 * rowLabels/colLabels: [{ text, note? }]; colour(v, r, c) → CSS colour; cellClass(v, r, c) → class;
 * colGroups: [{ label, span, colour }] a header row above the column labels (heads);
 * rowSums: add a Σ column; describe(r, c) → lines for the inspector.
 */
export function matrixTable(o) {
  const { data, rows, cols, index } = o;
  const table = h('table', { class: `heatmap ${o.className ?? ''}`.trim(), ...o.attrs });
  if (o.caption) table.append(h('caption', {}, o.caption));

  const head = h('thead');
  if (o.colGroups) {
    const tr = h('tr', { class: 'groups' }, h('td', { class: 'corner' }));
    for (const g of o.colGroups) {
      tr.append(
        h(
          'th',
          {
            scope: 'colgroup',
            colspan: g.span,
            class: `group ink-${inkOn(g.colour)}`,
            style: { '--head': g.colour },
          },
          g.label,
        ),
      );
    }
    if (o.rowSums) tr.append(h('td', { class: 'corner' }));
    head.append(tr);
  }
  const labels = h('tr', {}, h('td', { class: 'corner' }, o.corner ?? ''));
  o.colLabels.forEach((label, c) => {
    labels.append(
      h(
        'th',
        {
          scope: 'col',
          title: label.title,
          class: label.colour ? 'col-label has-head' : 'col-label',
          style: label.colour ? { '--head': label.colour } : undefined,
        },
        h('span', { class: 'tok', dir: 'auto' }, label.text),
      ),
    );
  });
  if (o.rowSums) labels.append(h('th', { scope: 'col', class: 'sum' }, 'Σ row'));
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
      if (Number.isFinite(v) || o.colourInfinite) {
        const colour = o.colour(v, r, c);
        if (colour) {
          td.style.backgroundColor = colour;
          const image = o.background?.(v, r, c);
          if (image) td.style.backgroundImage = image;
          td.classList.add(`ink-${inkOn(colour)}`);
        }
      }
      tr.append(td);
    }
    if (o.rowSums) tr.append(h('td', { class: 'sum', dataset: { sum: exact(sum) } }, fmt(sum)));
    body.append(tr);
  }
  table.append(body);
  META.set(table, { describe: o.describe, onInspect: o.onInspect });
  return table;
}

const cellAt = (table, r, c) => table.tBodies[0]?.rows[r]?.cells[c + 1];
const position = (td) => ({ r: td.parentElement.sectionRowIndex, c: td.cellIndex - 1 });
const dataCell = (target) => (target instanceof Element ? target.closest('td[data-i]') : null);

/**
 * Hover/focus inspection and arrow-key movement inside every heatmap under `root`.
 * `show(lines, td)` / `hide()` present the details (tooltip and readout).
 */
export function installHeatmapInteractions(root, { show, hide }) {
  let active = null;
  const inspect = (td) => {
    if (active === td) return;
    leave();
    const meta = META.get(td.closest('table'));
    if (!meta) return;
    active = td;
    const { r, c } = position(td);
    const v = Number(td.dataset.value);
    show([...(meta.describe?.(r, c) ?? []), `value ${exactText(v)}`], td);
    meta.onInspect?.(r, c, true);
    td.classList.add('inspected');
  };
  const leave = () => {
    if (!active) return;
    const meta = META.get(active.closest('table'));
    const { r, c } = position(active);
    meta?.onInspect?.(r, c, false);
    active.classList.remove('inspected');
    active = null;
    hide();
  };
  root.addEventListener('pointerover', (e) => {
    const td = dataCell(e.target);
    if (td) inspect(td);
  });
  root.addEventListener('pointerleave', () => {
    const focused = root.getRootNode().activeElement;
    if (!root.contains(focused) || !dataCell(focused)) leave();
  });
  root.addEventListener('focusin', (e) => {
    const td = dataCell(e.target);
    if (!td) return;
    // Roving tab stop: the focused cell becomes its table's one Tab stop.
    for (const other of td.closest('table').querySelectorAll('td[tabindex="0"]'))
      other.tabIndex = -1;
    td.tabIndex = 0;
    inspect(td);
  });
  root.addEventListener('focusout', (e) => {
    if (dataCell(e.target) && !dataCell(e.relatedTarget)) leave();
  });
  root.addEventListener('keydown', (e) => {
    const td = dataCell(e.target);
    if (!td || e.altKey || e.ctrlKey || e.metaKey) return;
    const table = td.closest('table');
    const { r, c } = position(td);
    const cols = td.parentElement.querySelectorAll('td[data-i]').length;
    const moves = {
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      Home: [r, 0],
      End: [r, cols - 1],
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      root.dispatchEvent(new CustomEvent('heatmap-escape', { bubbles: true }));
      return;
    }
    if (!(e.key in moves)) return;
    e.preventDefault();
    e.stopPropagation(); // inside a grid the arrows move between cells, not between steps
    const [nr, nc] = moves[e.key];
    const next = cellAt(table, nr, nc);
    if (next?.dataset.i !== undefined) next.focus();
  });
  return { leave };
}
