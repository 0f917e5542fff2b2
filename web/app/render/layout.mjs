// Lays the maps of a panel out and paints them: the heads of a tensor side by side, wrapping into
// a grid, sized to the space they have, painted after the step is in the page and again when its
// width or the colour scheme changes. Every read of the page (widths, fonts, the theme) happens
// before any write, so laying out a step of many tensors costs one layout of the page, not one per
// tensor.
import { fitCell, mapLayout } from './map-layout.mjs';
import { arrangeRow, bestColumns, shareEquationCells } from './map-arrange.mjs';
import { paintMap, sizeCanvas } from './map-paint.mjs';
import { isNear, paintLater, paintedNow } from './paint-later.mjs';
import { labelWidth } from './text.mjs';
import { fitCaptions } from './captions.mjs';
import { isMap, mapEntry } from './maps.mjs';
import { rgbOf } from '../ui/colour.mjs';
import { EN, format } from '../strings/index.mjs';

/** The theme's colours, read from the custom properties, so the maps follow light and dark. */
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
 * each tensor's group of maps its width and height and whether it is near the screen. A patched
 * step reads them before it changes anything, from a page already laid out, so no layout is
 * forced for them.
 */
export function measureMaps(root) {
  const win = root.ownerDocument.defaultView;
  const base = parseFloat(getComputedStyle(root).fontSize) * 0.8 || 12;
  const budget = Math.max(220, win.innerHeight * 0.75);
  const rem = parseFloat(getComputedStyle(root.ownerDocument.documentElement).fontSize) || 16;
  const theme = themeOf(root);
  const roleCaption = root.querySelector('.role-caption');
  const captionFont = roleCaption ? getComputedStyle(roleCaption).font : null;
  const groups = [...root.querySelectorAll('.tables')].map((group) => ({
    group,
    near: isNear(group),
    W: Math.max(60, group.clientWidth),
    H: budget / stacked(group),
    captionH: group.querySelector(':scope > .map > .map-caption') ? base * 1.7 : 0,
  }));
  // An equation whose maps stand on one line shares its width among them (its figures' widths
  // are then set from their maps'); a narrow one stacks them, each with the full width. Its
  // T × T map is square, so it gets less of the height than a tensor alone: a 64-token equation
  // stays a line a reader takes in with the explanation, not a screen of its own.
  const equations = [...root.querySelectorAll('.equation')].map((el) => ({
    el,
    W: el.clientWidth,
    H: budget * 0.6,
    gap: parseFloat(getComputedStyle(el).columnGap) || 0,
    oneLine: stacked(el.querySelector('.tables') ?? el) === 1,
  }));
  // A row of figures (the naive masking's three tensors) chooses how many share a line.
  const rows = [...root.querySelectorAll('.figure-row')].map((el) => ({
    el,
    W: el.clientWidth,
    H: budget,
    gap: parseFloat(getComputedStyle(el).columnGap) || 0,
    minW: 17 * rem, // the stylesheet's columns before the maps are laid out
  }));
  return { base, theme, captionFont, groups, equations, rows };
}

// Say what a band summarises: a d = 768 tensor in 300 px cannot show every column. The words are
// the note's own (data-words, in the mount's language), or English.
function noteBands(group, spec, first) {
  const note = group.closest('figure')?.querySelector('.map-note');
  if (!note) return;
  if (note.hidden !== (first.band === 1)) note.hidden = first.band === 1;
  const text =
    first.band === 1
      ? ''
      : format(note.dataset.words ?? EN['map.bands'], {
          cols: spec.cols,
          drawn: first.drawnCols,
          band: first.band,
        });
  if (note.textContent !== text) note.textContent = text;
}

// Sizes the maps of one tensor at the chosen cell size (heads of one tensor share their shape);
// returns their records, laid out, to be painted once every map of the step is sized.
function sizeGroup({ group, maps, records, spec, best }, captionFont) {
  const columns = `repeat(${best.k}, max-content)`;
  if (group.style.gridTemplateColumns !== columns) group.style.gridTemplateColumns = columns;
  const first = mapLayout(spec, best.f.cellW, best.f.cellH);
  noteBands(group, spec, first);
  fitCaptions([...group.querySelectorAll('.map-caption')], first.width, captionFont);
  return maps.map((el, i) => {
    const record = records[i];
    const l = mapLayout(record.spec, best.f.cellW, best.f.cellH);
    sizeCanvas(record.canvas, l);
    record.layout = l;
    // Where the cells are, for tests and tools: left, top, cell width, cell height, Σ x, Σ width.
    const grid = [l.left, l.top, l.cellW, l.cellH, l.sumX, l.sumW].join(',');
    if (record.canvas.dataset.grid !== grid) record.canvas.dataset.grid = grid;
    const width = `${Math.max(l.width, 1)}px`;
    if (el.style.width !== width) el.style.width = width;
    return record;
  });
}

/**
 * Lays out every map under `root` and paints those near the screen (every one with `all`: a step
 * drawn ahead, after the frame, is shown later wherever the reader has scrolled); returns how
 * many it painted.
 */
export function layoutMaps(root, measured = measureMaps(root), { all = false } = {}) {
  const { base, theme, captionFont } = measured;
  const chosen = [];
  for (const g of measured.groups) {
    const maps = [...g.group.children].filter(isMap);
    if (!maps.length) continue;
    const records = maps.map(mapEntry);
    for (const { spec } of records) {
      spec.base = base;
      spec.tokenWidth = labelWidth(spec.rowLabels, base);
      spec.colWidth = Array.isArray(spec.colLabels) ? labelWidth(spec.colLabels, base) : 0;
      spec.colours = theme;
    }
    const spec = records[0].spec;
    const best = bestColumns(spec, maps.length, g);
    chosen.push({ group: g.group, maps, records, spec, captionH: g.captionH, best, near: g.near });
  }
  for (const row of measured.rows) arrangeRow(chosen, row);
  shareEquationCells(chosen, measured.equations);
  // Every write first, then the painting, whose text reads the page's layout (sizeCanvas); maps
  // far from the screen when it was read are painted as they come near it.
  const sized = chosen.map((c) => sizeGroup(c, captionFont));
  let painted = 0;
  chosen.forEach((c, i) => {
    for (const record of sized[i]) {
      if (!c.near && !all) {
        paintLater(record.el);
        continue;
      }
      paintedNow(record.el);
      paintMap(record.canvas, record.spec, record.layout);
      ++painted;
    }
  });
  return painted;
}

/**
 * A small picture of a map in `width` × `height` px (the pipeline overview's cards): no numbers,
 * no Σ, small labels, in `theme` (themeOf).
 */
export function paintThumbnail(canvas, spec, theme, { width = 150, height = 110 } = {}) {
  spec.base = 9;
  spec.tokenWidth = 0;
  spec.colours = theme;
  const fit = fitCell(spec, width, height, { maxCell: 14, minSquare: 1 });
  paintMap(canvas, spec, mapLayout(spec, fit.cellW, fit.cellH));
}

/**
 * Repaints the maps under `root` (with `relayout`) when its width changes (window resized,
 * sidebar, zoom) and when the colour scheme flips: the system's, or the page's theme switch
 * (data-theme on <html>). Returns a stop function.
 */
export function watchMaps(root, relayout = () => layoutMaps(root)) {
  const win = root.ownerDocument.defaultView;
  let width = root.clientWidth;
  let frame = 0;
  const again = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(relayout);
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
  const theme = new MutationObserver(again);
  theme.observe(root.ownerDocument.documentElement, { attributeFilter: ['data-theme'] });
  return () => {
    theme.disconnect();
    observer.disconnect();
    scheme.removeEventListener('change', again);
    win.removeEventListener('resize', again);
    cancelAnimationFrame(frame);
  };
}
