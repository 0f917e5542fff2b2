// Every matrix of a step is a "map": a <canvas> painted to fit the space it has (ui/heatmap.mjs),
// beside its accessible <table> (ui/table.mjs), which is visually hidden and built at once for
// small maps, on demand (a button, or a click on the map) for large ones. This module keeps the
// maps of a panel: it lays the heads of a tensor out side by side, wrapping into a grid, paints
// them after the step is in the page and again when its width changes, and turns hover on the
// canvas and focus in the table into one inspection (tooltip, readout, a ring on the cell).
import { fitCell, mapLayout, paintMap, hit, cellRect, labelWidth } from './heatmap.mjs';
import { cellAt, position, dataCell } from './table.mjs';
import { rgbOf } from './colour.mjs';
import { h } from './dom.mjs';

const MAPS = new WeakMap(); // .map element → entry (see registerMap)
const GAP = 14; // px between the heads of one tensor

/**
 * Registers a map element. entry: { spec (for paintMap, without colours and base), canvas, ring
 * (the focus ring element), table (or null), buildTable() → table, describe(r, c) → lines,
 * value(r, c), onInspect?(r, c, on) }.
 */
export function registerMap(el, entry) {
  MAPS.set(el, { ...entry, el, layout: null });
}

/** Whether `el` is a registered map. */
export const isMap = (el) => MAPS.has(el);

/**
 * A step patched in place (ui/patch.mjs): the map `old` on the page takes the numbers of `fresh`,
 * drawn for the new result but never shown. The entry of `fresh` (its spec, its table builder, its
 * hover text) moves to `old` with the canvas, the ring and the link `old` already has; `fresh`
 * stays an alias of it, since the step's closures (the context step's linked highlights) hold it.
 */
export function adoptMap(old, fresh) {
  const kept = MAPS.get(old);
  const entry = MAPS.get(fresh);
  Object.assign(entry, { el: old, canvas: kept.canvas, ring: kept.ring, link: kept.link });
  entry.layout = kept.layout;
  MAPS.set(old, entry);
  return entry;
}

/** Puts `canvas` (one the page already set up) in the place of the canvas a map was drawn with. */
export function useCanvas(el, canvas) {
  const entry = MAPS.get(el);
  if (!entry) return;
  entry.canvas.replaceWith(canvas);
  entry.canvas = canvas;
}

/** A map's entry as painted: { spec, layout, canvas, … } (for the exports), or undefined. */
export const mapEntry = (el) => MAPS.get(el);

// The theme's colours, read from the custom properties, so the maps follow light and dark.
export function themeOf(el) {
  const style = getComputedStyle(el);
  const v = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  return {
    ink: v('--ink', '#1c2430'),
    muted: v('--muted', '#5a6575'),
    card: v('--card', '#fff'),
    hatch: v('--map-hatch', 'rgba(90, 101, 117, 0.45)'),
    droppedInk: v('--map-dropped-ink', '#8c2a2f'),
    futureRgb: rgbOf(v('--map-future', '#eceef1')),
    droppedRgb: rgbOf(v('--map-dropped', '#ffffff')),
  };
}

/** Cell sizes for a map in `width` × `height` px: square, and wider where 4 decimals then fit. */
export function fitMap(spec, width, height) {
  // Cells grow with the type: a projector's larger labels get larger numbers too.
  const maxCell = Math.max(32, Math.round(spec.base * 2.3));
  const fit = fitCell(spec, width, height, { maxCell });
  if (fit.cellW >= 22 && spec.numbers !== false) {
    const l = mapLayout(spec, fit.cellW, fit.cellH);
    const room = Math.floor((width - (l.width - l.gridW)) / spec.cols);
    fit.cellW = Math.max(fit.cellW, Math.min(2 * maxCell, room));
  }
  // The labels' room depends on the cell size (token names from 11 px rows on), so the estimate
  // can overshoot by a few px: shrink until the map fits its width.
  for (let i = 0; i < 40 && mapLayout(spec, fit.cellW, fit.cellH).width > width; ++i) {
    if (fit.cellW <= 1 && fit.cellH <= 1) break;
    fit.cellW = fit.cellW > 2 ? Math.floor(fit.cellW * 0.92) : fit.cellW * 0.85;
    fit.cellH = Math.max(1, fit.cellH > fit.cellW ? Math.floor(Math.max(fit.cellW, 1)) : fit.cellH);
  }
  return fit;
}

// How many maps stack vertically around `group` (figures of one row that wrapped, equations).
function stacked(group) {
  const figure = group.closest('figure');
  const row = figure?.parentElement;
  if (!row || !row.matches('.figure-row, .equation, .split')) return 1;
  const tops = new Set(
    [...row.children].filter((c) => c.matches('figure')).map((c) => Math.round(c.offsetTop / 8)),
  );
  return Math.max(1, tops.size);
}

/**
 * What laying out the maps under `root` reads from the page: the type size, the theme, and for
 * each tensor's group of maps its width and height. A patched step (ui/stage.mjs) reads them
 * before it changes anything, from a page already laid out, so no layout is forced for them.
 */
export function measureMaps(root) {
  const win = root.ownerDocument.defaultView;
  const base = parseFloat(getComputedStyle(root).fontSize) * 0.8 || 12;
  const budget = Math.max(220, win.innerHeight * 0.75);
  const theme = themeOf(root);
  const roleCaption = root.querySelector('.role-caption');
  const captionFont = roleCaption ? getComputedStyle(roleCaption).font : null;
  // All reads first, then all writes: reading a width after a write would lay the page out again,
  // once per tensor.
  const groups = [...root.querySelectorAll('.tables')].map((group) => ({
    group,
    W: Math.max(60, group.clientWidth),
    H: budget / stacked(group),
    captionH: group.querySelector(':scope > .map > .map-caption') ? base * 1.7 : 0,
  }));
  return { base, theme, captionFont, groups };
}

/** Lays out and paints every map under `root`; returns the number painted. */
export function layoutMaps(root, measured = measureMaps(root)) {
  const { base, theme, captionFont } = measured;
  const groups = measured.groups
    .map((g) => ({ ...g, maps: [...g.group.children].filter((el) => MAPS.has(el)) }))
    .filter((g) => g.maps.length);
  let painted = 0;
  const chosen = [];
  for (const { group, maps, W, H, captionH } of groups) {
    const entries = maps.map((el) => MAPS.get(el));
    for (const entry of entries) {
      entry.spec.base = base;
      entry.spec.tokenWidth = labelWidth(entry.spec.rowLabels, base);
      entry.spec.colours = theme;
    }
    const spec = entries[0].spec;
    // The number of columns that gives the largest cells within the height; ties go to more heads
    // side by side. If no layout fits (12 heads of 64 × 64 at GPT-2's size), the shortest one.
    let best = null;
    for (let k = 1; k <= maps.length; ++k) {
      const rows = Math.ceil(maps.length / k);
      const w = Math.floor((W - GAP * (k - 1)) / k);
      const f = fitMap(spec, w, H / rows - captionH);
      const total = rows * (mapLayout(spec, f.cellW, f.cellH).height + captionH + 10);
      const fits = total <= H * 1.05;
      const score = Math.min(f.cellH, f.cellW) + Math.min(f.cellW, 64) / 1000;
      const better = !best
        ? true
        : fits !== best.fits
          ? fits
          : fits
            ? score >= best.score * 0.97
            : total < best.total;
      if (better) best = { k, score, w, f, fits, total };
    }
    chosen.push({ group, maps, entries, spec, best });
  }
  // The maps of one equation (Q · Kᵀ = scores, weights · V = context) share one square cell size,
  // so that a row of the result lines up with the row it comes from, a column with its column.
  const equations = new Map();
  for (const c of chosen) {
    const eq = c.group.closest('.equation');
    if (!eq) continue;
    const size = Math.min(c.best.f.cellW, c.best.f.cellH);
    equations.set(eq, Math.min(equations.get(eq) ?? Infinity, size));
  }
  for (const { group, maps, entries, spec, best } of chosen) {
    const shared = equations.get(group.closest('.equation'));
    if (shared !== undefined) best.f = { cellW: shared, cellH: shared };
    group.style.gridTemplateColumns = `repeat(${best.k}, max-content)`;
    // Say what a band summarises: a d = 768 tensor in 300 px cannot show every column.
    const first = mapLayout(spec, best.f.cellW, best.f.cellH);
    const note = group.closest('figure')?.querySelector('.map-note');
    if (note) {
      note.hidden = first.band === 1;
      const text =
        first.band === 1
          ? ''
          : `${spec.cols} columns drawn as ${first.drawnCols} bands of ${first.band}: each band shows its number of largest magnitude; hover or tap for the band's exact number and columns, the table for every number.`;
      if (note.textContent !== text) note.textContent = text;
    }
    // Narrow maps get a short head caption.
    const caps = [...group.querySelectorAll('.map-caption')];
    for (const cap of caps) cap.dataset.full ??= cap.textContent;
    const level = captionLevel(caps, first.width, captionFont);
    for (const cap of caps) {
      const text = captionText(cap, first.width, level);
      if (cap.textContent !== text) cap.textContent = text; // the same text: no new layout
    }
    maps.forEach((el, i) => {
      const entry = entries[i];
      // Heads of one tensor share their shape, so they share the cell size.
      const l = mapLayout(entry.spec, best.f.cellW, best.f.cellH);
      paintMap(entry.canvas, entry.spec, l);
      entry.layout = l;
      // Where the cells are, for tests and tools: left, top, cell width, cell height, Σ x, Σ width.
      entry.canvas.dataset.grid = [l.left, l.top, l.cellW, l.cellH, l.sumX, l.sumW].join(',');
      el.style.width = `${Math.max(l.width, 1)}px`;
      ++painted;
    });
  }
  return painted;
}

// The caption a map `width` px wide has room for: "head 3", or "3" under 70 px. A trained head's
// caption (data-shorter) takes its form number `level` (0: the full caption).
function captionText(cap, width, level) {
  const full = cap.dataset.full;
  if (!cap.dataset.shorter) return width < 70 ? full.replace('head ', '') : full;
  const forms = [full, ...JSON.parse(cap.dataset.shorter)];
  return forms[Math.min(level, forms.length - 1)];
}

// The fullest form of the trained heads' captions in which every caption of a tensor fits its map
// (the heads of one tensor then read alike), measured in the captions' font.
let measure = null;
function captionLevel(caps, width, font) {
  const trained = caps.filter((cap) => cap.dataset.shorter);
  if (!trained.length || !font) return 0;
  measure ??= document.createElement('canvas').getContext('2d');
  measure.font = font;
  const room = width - 10; // the caption's border and padding
  const formsOf = (cap) => [cap.dataset.full, ...JSON.parse(cap.dataset.shorter)];
  const levels = Math.max(...trained.map((cap) => formsOf(cap).length));
  for (let level = 0; level < levels - 1; ++level)
    if (trained.every((cap) => measure.measureText(formsOf(cap)[level] ?? '').width <= room))
      return level;
  return levels - 1;
}

/**
 * Repaints the maps under `root` when its width changes (window resized, sidebar, zoom) and when
 * the colour scheme flips. Returns a stop function.
 */
export function watchMaps(root) {
  const win = root.ownerDocument.defaultView;
  let width = root.clientWidth;
  let frame = 0;
  const again = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => layoutMaps(root));
  };
  const observer = new ResizeObserver(() => {
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    again();
  });
  observer.observe(root);
  const scheme = win.matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', again);
  win.addEventListener('resize', again);
  return () => {
    observer.disconnect();
    scheme.removeEventListener('change', again);
    win.removeEventListener('resize', again);
    cancelAnimationFrame(frame);
  };
}

/** The table of a map, built now if it was left for later. */
export function ensureTable(el) {
  const entry = MAPS.get(el);
  if (!entry) return null;
  if (!entry.table) {
    entry.table = h('div', { class: 'sr-table' }, entry.buildTable());
    entry.el.append(entry.table);
  }
  return entry.table.querySelector('table');
}

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
    const entry = MAPS.get(el);
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
    const entry = MAPS.get(active.el);
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
    const entry = MAPS.get(el);
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
  const entry = MAPS.get(el);
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
  const entry = MAPS.get(el);
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
