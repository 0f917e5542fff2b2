// The accessible twin of a drawn map: a real <table> with token row headers, column headers and
// one <td> per number, so a screen reader reads the numbers with their tokens. It is visually
// hidden next to its canvas (ui/maps.mjs draws the focused cell there); cells carry the trace
// index and exact value (data-i, data-value) so tests can compare them with the API.
import { h } from './dom.mjs';
import { fmt, exact } from './format.mjs';
import { afterPaint } from './frame.mjs';

// What a table's cells hang on: its size, headers and attributes. A table of the same frame takes
// new numbers and a new caption in place (refillTable): the dropout step's captions name p.
const FRAMES = new WeakMap(); // table → frameOf(o)
const frameOf = (o) =>
  JSON.stringify([
    o.rows,
    o.cols,
    o.className ?? '',
    o.attrs ?? null,
    Boolean(o.caption),
    o.corner ?? '',
    o.rowLabels.slice(0, o.rows),
    o.colLabels,
    o.colGroups ?? null,
    Boolean(o.rowSums),
    o.sumLabel ?? '',
  ]);

/**
 * rows × cols numbers of `data`, cell (r, c) at data[index(r, c)].
 * rowLabels/colLabels: [{ text, note?, title? }]; colGroups: [{ label, span }] a header row above
 * the column labels (heads); rowSums: add a Σ column, headed sumLabel; cellClass(v, r, c) → class
 * (future, dropped).
 */
export function matrixTable(o) {
  const { rows, cols } = o;
  const table = h('table', { class: `heatmap ${o.className ?? ''}`.trim(), ...o.attrs });
  if (o.caption) table.append(h('caption'));

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
    for (let c = 0; c < cols; ++c) tr.append(document.createElement('td'));
    if (o.rowSums) tr.append(h('td', { class: 'sum' }));
    body.append(tr);
  }
  table.append(body);
  fillCells(table, o);
  FRAMES.set(table, frameOf(o));
  return table;
}

// Tables to refill after the frame: table → the newest numbers asked for. The maps show new
// numbers at once; their tables, which a screen reader reads and the eye never sees, take them in
// a task after the frame, instead of lengthening every frame of a slider with their text and
// layout (a quarter of a dropout p frame at the lectures' size).
const LATER = new Map();
let flushing = false;

/**
 * Writes the numbers and caption of `o` into `table` (built by matrixTable) when its frame is that
 * of `o` (size, headers), leaving its elements in place, so that the browser lays out only the
 * text that changed; returns whether it will. Reads as matrixTable(o) would, the first cell in the
 * tab order again. later: after the next frame (or when flushTables() is called), not now.
 */
export function refillTable(table, o, { later = false } = {}) {
  if (!table || FRAMES.get(table) !== frameOf(o) || table.tBodies[0]?.rows.length !== o.rows)
    return false;
  if (!later) {
    LATER.delete(table);
    fillCells(table, o);
    return true;
  }
  LATER.set(table, o);
  if (!flushing) {
    flushing = true;
    afterPaint(table.ownerDocument.defaultView, flushTables);
  }
  return true;
}

/** Refills the tables left for after the frame now (a reader reaching one reads its numbers). */
export function flushTables() {
  flushing = false;
  for (const [table, o] of LATER) if (table.isConnected) fillCells(table, o);
  LATER.clear();
}

/** `table`, patched to read as `drawn` (render/patch.mjs), has the frame of `drawn` now. */
export function takeFrame(table, drawn) {
  LATER.delete(table); // the numbers of `drawn` are newer than any left for later
  if (FRAMES.has(drawn)) FRAMES.set(table, FRAMES.get(drawn));
  else FRAMES.delete(table);
}

// Sets an attribute only where it differs: a write, even of the same value, costs a style check.
function put(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

// The caption; each data cell: its trace index, exact value, number and class; each row's Σ.
function fillCells(table, o) {
  const { data, rows, cols, index } = o;
  if (o.caption && table.caption.textContent !== o.caption) table.caption.textContent = o.caption;
  const body = table.tBodies[0];
  for (let r = 0; r < rows; ++r) {
    const cells = body.rows[r].cells;
    let sum = 0;
    for (let c = 0; c < cols; ++c) {
      const td = cells[c + 1];
      const i = index(r, c);
      const v = data[i];
      sum += v;
      put(td, 'tabindex', r === 0 && c === 0 ? '0' : '-1');
      put(td, 'data-i', String(i));
      put(td, 'data-value', exact(v));
      const text = fmt(v);
      if (td.textContent !== text) td.textContent = text;
      put(td, 'class', o.cellClass?.(v, r, c) || null);
    }
    if (o.rowSums) {
      const td = cells[cols + 1];
      put(td, 'data-sum', exact(sum));
      const text = fmt(sum);
      if (td.textContent !== text) td.textContent = text;
    }
  }
}

/** The cell (r, c) of a table built by matrixTable, or undefined. */
export const cellAt = (table, r, c) => table?.tBodies[0]?.rows[r]?.cells[c + 1];

/** The (row, column) of a data cell. */
export const position = (td) => ({ r: td.parentElement.sectionRowIndex, c: td.cellIndex - 1 });

/** The data cell an event target is, or null. */
export const dataCell = (target) =>
  target instanceof Element ? target.closest('td[data-i]') : null;
