// Reading the maps of a panel: hover on a canvas and focus in a map's table become one
// inspection (tooltip, readout, a ring on the cell), arrow keys move between cells, and a view can
// light up a row or column of a map (the weight row and value column a context cell comes from).
// The maps themselves (their records, layout and painting) belong to the render layer
// (web/app/render/).
import { hit, cellRect, mapEntry, ensureTable, paintWaiting } from '../render/index.mjs';
import { cellAt, position, dataCell, flushTables } from './table.mjs';

export { mapEntry, paintWaiting };

/**
 * Hover on a canvas, focus in a table, arrow keys between cells, for every map under `root`.
 * show(lines, rect) / hide() present the details (tooltip and readout); rect is the cell's box in
 * viewport coordinates. Returns { leave }.
 */
export function installMapInteractions(root, { show, hide }) {
  let active = null; // { el, r, c, focused }

  function inspect(el, r, c, focused, columns = null) {
    if (
      active &&
      active.el === el &&
      active.r === r &&
      active.c === c &&
      active.focused === focused
    )
      return;
    leave();
    const entry = mapEntry(el);
    if (!entry?.layout) return;
    active = { el, r, c, focused };
    const box = cellRect(entry.layout, r, c);
    Object.assign(entry.ring.style, {
      left: `${box.x - 1}px`,
      top: `${box.y - 1}px`,
      width: `${box.w + 2}px`,
      height: `${box.h + 2}px`,
    });
    entry.ring.hidden = false;
    entry.ring.classList.toggle('focused', focused);
    const canvas = entry.canvas.getBoundingClientRect();
    const lines = entry.describe(r, c, focused);
    if (columns?.length > 1)
      lines.splice(
        3,
        0,
        `a band of columns ${columns[0] + 1}–${columns.at(-1) + 1}; column ${c + 1} has the largest magnitude`,
      );
    show(lines, {
      left: canvas.left + box.x,
      top: canvas.top + box.y,
      right: canvas.left + box.x + box.w,
      bottom: canvas.top + box.y + box.h,
      width: box.w,
      height: box.h,
    });
    entry.onInspect?.(r, c, true);
  }

  function leave() {
    if (!active) return;
    const entry = mapEntry(active.el);
    if (entry) {
      entry.ring.hidden = true;
      entry.onInspect?.(active.r, active.c, false);
    }
    active = null;
    hide();
  }

  const focusedCell = () => dataCell(root.getRootNode().activeElement);

  // The map and the cell under a pointer event on a painted canvas: { el, at } (at: the cell, a Σ
  // cell or null), or null away from the maps.
  const cellUnder = (e) => {
    if (!(e.target instanceof HTMLCanvasElement)) return null;
    const el = e.target.closest('.map');
    const entry = mapEntry(el);
    if (!entry?.layout) return null;
    const box = e.target.getBoundingClientRect();
    return { el, at: hit(entry.spec, entry.layout, e.clientX - box.left, e.clientY - box.top) };
  };

  root.addEventListener('pointermove', (e) => {
    const under = cellUnder(e);
    if (!under) return;
    const { el, at } = under;
    if (at && !at.sum) inspect(el, at.r, at.c, false, at.columns);
    else if (!focusedCell()) leave();
  });
  root.addEventListener('pointerout', (e) => {
    if (e.target instanceof HTMLCanvasElement && !focusedCell()) leave();
  });
  // A click (or tap) on a cell focuses it in the table: the exact value, and the arrow keys.
  root.addEventListener('click', (e) => {
    const under = cellUnder(e);
    if (!under?.at || under.at.sum) return;
    cellAt(ensureTable(under.el), under.at.r, under.at.c)?.focus({ preventScroll: true });
  });
  root.addEventListener('focusin', (e) => {
    const td = dataCell(e.target);
    if (!td) return;
    flushTables(); // the numbers of a table refilled after the frame, before it is read
    // Roving tab stop: the focused cell becomes its table's one Tab stop.
    for (const other of td.closest('table').querySelectorAll('td[tabindex="0"]'))
      other.tabIndex = -1;
    td.tabIndex = 0;
    const { r, c } = position(td);
    inspect(td.closest('.map'), r, c, true);
  });
  root.addEventListener('focusout', (e) => {
    if (dataCell(e.target) && !dataCell(e.relatedTarget)) leave();
  });
  root.addEventListener('keydown', (e) => {
    const td = dataCell(e.target);
    if (!td || e.altKey || e.ctrlKey || e.metaKey) return;
    const { r, c } = position(td);
    const cols = td.parentElement.querySelectorAll('td[data-i]').length;
    const rows = td.closest('tbody').rows.length;
    const moves = {
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      Home: [r, 0],
      End: [r, cols - 1],
      PageUp: [0, c],
      PageDown: [rows - 1, c],
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
    cellAt(td.closest('table'), nr, nc)?.focus({ preventScroll: true });
  });
  return { leave };
}

/** The box of a map's cells (labels and Σ left out) in viewport coordinates, or null. */
export function gridRect(el) {
  const entry = mapEntry(el);
  if (!entry?.layout) return null;
  const c = entry.canvas.getBoundingClientRect();
  const l = entry.layout;
  return {
    left: c.left + l.left,
    top: c.top + l.top,
    right: c.left + l.left + l.gridW,
    bottom: c.top + l.top + l.gridH,
  };
}

/**
 * Lights up a whole row (`{ row }`) or column (`{ col }`) of a map, or switches it off: the
 * weight row and the value column a context cell comes from.
 */
export function linkBand(el, band, on) {
  const entry = mapEntry(el);
  if (!entry?.layout) return;
  const l = entry.layout;
  entry.link.hidden = !on;
  if (!on) return;
  const box =
    band.row !== undefined
      ? { x: l.left, y: l.top + band.row * l.cellH, w: l.gridW, h: l.cellH }
      : { x: l.left + band.col * l.cellW, y: l.top, w: l.cellW, h: l.gridH };
  Object.assign(entry.link.style, {
    left: `${box.x - 2}px`,
    top: `${box.y - 2}px`,
    width: `${box.w + 4}px`,
    height: `${box.h + 4}px`,
  });
}
