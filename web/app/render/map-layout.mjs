// Where everything of a map goes, for a cell size: the cells, the labels and the Σ column; the
// cell size that fits a space; what is under a point. Pure arithmetic on a map's description
// (rows, cols, labels, base font), shared by the canvas, the SVG export and hit testing.
// Columns too many for the width (d = 768 in 500 px) are drawn as bands: each pixel column shows
// the value of largest magnitude among the columns it covers.

const LABEL_MIN = 11; // rows or columns narrower than this get sparse position numbers

/** px: a cell this large holds its number at a size a class reads from the back of the room. */
export const READABLE = 40;

/**
 * The largest cell a map of label size `base` gets: room for a number at the labels' size, so that
 * a projector's larger type gets larger numbers too.
 */
export const maxCellFor = (spec) => Math.max(READABLE + 4, Math.round(spec.base * 3.2));

/**
 * The map's layout for a cell size: where the cells, the labels and the Σ column go.
 * spec: { rows, cols, rowLabels: [text], colLabels: [text] | null (numbered), colColours?,
 * sums: bool, base (label font px), tokenWidth (widest row label, px at base), colWidth (widest
 * column label, px at base; tokenWidth if not given) }.
 */
export function mapLayout(spec, cellW, cellH) {
  const base = spec.base;
  const band = cellW < 1 ? Math.ceil(1 / cellW) : 1; // columns per drawn pixel column
  const drawnCols = Math.ceil(spec.cols / band);
  const cw = band > 1 ? 1 : cellW;
  const rowText = cellH >= LABEL_MIN;
  const posW = base * 1.5;
  // The token ends 4 px before the cells and is drawn in left − posW − 8 px: the widest fits whole.
  const left = Math.ceil(rowText ? posW + Math.min(spec.tokenWidth, base * 7) + 10 : posW + 4);
  const { colMode, top } = columnLabels(spec, cw);
  const sumNumbers = rowText && spec.numbers !== false;
  const sumW = spec.sums ? (sumNumbers ? Math.ceil(base * 4.6) : 12) : 0;
  const gridW = drawnCols * cw;
  return {
    base,
    cellW: cw,
    cellH,
    band,
    drawnCols,
    left,
    top,
    gridW,
    gridH: spec.rows * cellH,
    sumX: left + gridW + (spec.sums ? 4 : 0),
    sumW,
    sumNumbers,
    rowText,
    colMode,
    width: Math.ceil(left + gridW + (spec.sums ? 4 + sumW : 0) + 2),
    height: Math.ceil(top + spec.rows * cellH + 2),
  };
}

// How the column labels are drawn at column width `cw`, and the room they take on top.
function columnLabels(spec, cw) {
  const base = spec.base;
  const tokensOnTop = Array.isArray(spec.colLabels);
  let colMode = 'sparse';
  let top = Math.ceil(base * 1.3);
  if (tokensOnTop && cw >= base * 3.2) colMode = 'horizontal';
  else if (tokensOnTop && cw >= LABEL_MIN) {
    colMode = 'vertical';
    // The labels stand 4 px above the cells and are drawn in top − 10 px: the widest fits whole.
    top = Math.ceil(Math.min(spec.colWidth ?? spec.tokenWidth, base * 6) + 10);
  } else if (!tokensOnTop && cw >= base * 1.3) colMode = 'every';
  if (spec.colColours) top += 5;
  return { colMode, top };
}

/**
 * The largest cell size (≤ maxCell) at which the map fits `width` × `height`. Cells are square
 * while they are at least `minSquare` px; below that a wide map's columns shrink into bands and its
 * rows keep `minSquare` px (or what the height allows).
 */
export function fitCell(spec, width, height, { maxCell = 44, minSquare = 3 } = {}) {
  let cell = maxCell;
  for (let i = 0; i < 4; ++i) {
    const l = mapLayout(spec, cell, cell);
    const extraW = l.width - l.gridW;
    const extraH = l.height - l.gridH;
    const next = Math.min(maxCell, (width - extraW) / spec.cols, (height - extraH) / spec.rows);
    if (Math.abs(next - cell) < 0.01) break;
    cell = next;
  }
  cell = Math.max(0.05, cell);
  if (cell >= 2) cell = Math.floor(cell);
  if (cell >= minSquare) return { cellW: cell, cellH: cell };
  const l = mapLayout(spec, cell, minSquare);
  const cellH = Math.max(1, Math.min(minSquare, (height - (l.height - l.gridH)) / spec.rows));
  const cellW = Math.max(0.05, (width - (l.width - l.gridW)) / spec.cols);
  return { cellW: cellW >= 2 ? Math.floor(cellW) : cellW, cellH: Math.floor(cellH) || 1 };
}

/** Cell sizes for a map in `width` × `height` px: square, and wider where 4 decimals then fit. */
export function fitMap(spec, width, height) {
  const maxCell = maxCellFor(spec);
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

/** The drawn value of pixel column k of a band: the column of largest magnitude among its columns. */
export function bandColumn(spec, r, k, band) {
  const from = k * band;
  const to = Math.min(spec.cols, from + band);
  let best = from;
  let m = -1;
  for (let c = from; c < to; ++c) {
    const a = Math.abs(spec.value(r, c));
    if (a > m || (Number.isNaN(a) && m < 0)) ((m = a), (best = c));
  }
  return best;
}

/**
 * What is under a point of the map (CSS px inside the canvas): { r, c } for a cell (c is the first
 * column of a band; `columns` lists the band's columns), { r, sum: true } on the Σ column, or null.
 */
export function hit(spec, l, x, y) {
  const r = Math.floor((y - l.top) / l.cellH);
  if (r < 0 || r >= spec.rows) return null;
  if (x >= l.left && x < l.left + l.gridW) {
    const k = Math.floor((x - l.left) / l.cellW);
    const from = k * l.band;
    const to = Math.min(spec.cols, from + l.band);
    return {
      r,
      c: l.band > 1 ? bandColumn(spec, r, k, l.band) : k,
      columns: Array.from({ length: to - from }, (_, i) => from + i),
    };
  }
  if (spec.sums && x >= l.sumX && x < l.sumX + l.sumW) return { r, sum: true };
  return null;
}

/** The rectangle of cell (r, c) in CSS px inside the canvas. */
export const cellRect = (l, r, c) => ({
  x: l.left + Math.floor(c / l.band) * l.cellW,
  y: l.top + r * l.cellH,
  w: Math.max(l.cellW, 1),
  h: l.cellH,
});
