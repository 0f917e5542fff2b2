// One matrix drawn on a <canvas>, labels included: token or column labels on top, token labels on
// the left, the Σ of every row on the right. A 64 × 64 map is 4,096 cells: as DOM elements they took
// most of a second to build; painted here they take about a millisecond. The cells are filled
// through an ImageData of one pixel per cell, scaled up without smoothing, then the labels, the
// numbers (where they are legible) and the hatching of masked or dropped cells are drawn on top.
// Columns too many for the width (d = 768 in 500 px) are drawn as bands: each pixel column shows the
// value of largest magnitude among the columns it covers, and says so (map.band).
import { fmt } from './format.mjs';
import { inkOn } from './colour.mjs';

const LABEL_MIN = 11; // rows or columns narrower than this get sparse position numbers
const NUMBER_MIN_FONT = 9; // the smallest font numbers in cells are drawn with
const INTERVALS = [1, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100, 128, 200, 256];

let scratch = null; // measures label text
const scratchContext = () => {
  scratch ??= document.createElement('canvas');
  return scratch.getContext('2d');
};
// Each map's cells, one pixel each, scaled up into it. A canvas of their own per map: with one
// shared by all, writing the next map's pixels into it forced the browser to copy it for the draw
// still pending from the previous map (in Chromium that was about 15 ms of a 24-map step).
const cellCanvases = new WeakMap(); // map canvas → its cells' canvas
function cellCanvas(canvas, cols, rows) {
  let cells = cellCanvases.get(canvas);
  if (!cells) cellCanvases.set(canvas, (cells = document.createElement('canvas')));
  if (cells.width !== cols || cells.height !== rows) {
    cells.width = cols;
    cells.height = rows;
  }
  return cells;
}
let pixels = null; // the ImageData of the last map's size, reused (no 16 KB array per map)
const textWidths = new Map(); // `${font}|${text}` → px

function measure(ctx, text) {
  const key = `${ctx.font}|${text}`;
  let w = textWidths.get(key);
  if (w === undefined) {
    w = ctx.measureText(text).width;
    if (textWidths.size > 20000) textWidths.clear();
    textWidths.set(key, w);
  }
  return w;
}

/** The width in px of the widest of `labels` at `px` (the row labels' font). */
export function labelWidth(labels, px) {
  const key = font(px);
  const known = labelWidths.get(labels);
  if (known?.key === key) return known.width;
  const ctx = scratchContext();
  ctx.font = key;
  let w = 0;
  for (const text of labels) w = Math.max(w, measure(ctx, text));
  labelWidths.set(labels, { key, width: Math.ceil(w) });
  return Math.ceil(w);
}
// The heads of a tensor share one array of labels: measured once for all of them (reading the
// canvas's font for each of 64 labels × 12 heads took 3 ms a keystroke).
const labelWidths = new WeakMap(); // labels → { key: the font, width }

/** The first interval at which labels `size` px apart leave `need` px each. */
export const labelStep = (size, need) => INTERVALS.find((k) => k * size >= need) ?? 512;

const font = (px, weight = 400) => `${weight} ${px.toFixed(1)}px ${FONT_FAMILY}`;
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

/**
 * The map's layout for a cell size: where the cells, the labels and the Σ column go.
 * spec: { rows, cols, rowLabels: [text], colLabels: [text] | null (numbered), colColours?,
 * sums: bool, base (label font px), tokenWidth (widest row label, px at base) }.
 */
export function mapLayout(spec, cellW, cellH) {
  const base = spec.base;
  const band = cellW < 1 ? Math.ceil(1 / cellW) : 1; // columns per drawn pixel column
  const drawnCols = Math.ceil(spec.cols / band);
  const cw = band > 1 ? 1 : cellW;
  const tokensOnTop = Array.isArray(spec.colLabels);
  const rowText = cellH >= LABEL_MIN;
  const posW = base * 1.5;
  const left = Math.ceil(rowText ? posW + Math.min(spec.tokenWidth, base * 7) + 6 : posW + 4);
  let colMode = 'sparse';
  let top = Math.ceil(base * 1.3);
  if (tokensOnTop && cw >= base * 3.2) colMode = 'horizontal';
  else if (tokensOnTop && cw >= LABEL_MIN) {
    colMode = 'vertical';
    top = Math.ceil(Math.min(spec.tokenWidth, base * 6) + 6);
  } else if (!tokensOnTop && cw >= base * 1.3) colMode = 'every';
  if (spec.colColours) top += 5;
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

// The drawn value of pixel column k of a band: the column of largest magnitude among its columns.
function bandColumn(spec, r, k, band) {
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
 * Paints the map into `canvas` at layout `l`. spec also holds: value(r, c), rgb(v, r, c) → index
 * into spec.lut ({ rgb, dark }) or an [r, g, b] array, mark(r, c) → 'future' | 'dropped' | null,
 * numbers (bool), sum(r) → Σ of row r, sumRgb(s) → [r, g, b], colours: the theme's
 * { ink, muted, card, future, dropped, hatch, line }.
 */
export function paintMap(canvas, spec, l) {
  const dpr = globalThis.devicePixelRatio || 1;
  const width = Math.round(l.width * dpr);
  const height = Math.round(l.height * dpr);
  const ctx = canvas.getContext('2d');
  // A canvas of the same size (a map repainted with new numbers) is reset rather than resized:
  // the same blank bitmap and default state, without laying the page out again.
  if (canvas.width === width && canvas.height === height && ctx.reset) ctx.reset();
  else {
    canvas.width = width;
    canvas.height = height;
  }
  canvas.style.width = `${l.width}px`;
  canvas.style.height = `${l.height}px`;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, l.width, l.height);

  // The cells: one pixel each, scaled up without smoothing.
  const cols = l.drawnCols;
  const cells = cellCanvas(canvas, cols, spec.rows);
  const cctx = cells.getContext('2d');
  if (pixels?.width !== cols || pixels?.height !== spec.rows)
    pixels = cctx.createImageData(cols, spec.rows);
  const image = pixels; // every pixel is written below
  const px = image.data;
  const lut = spec.lut.rgb;
  for (let r = 0; r < spec.rows; ++r) {
    for (let k = 0; k < cols; ++k) {
      const e = cellColour(spec, l, r, k);
      const o = 4 * (r * cols + k);
      if (typeof e === 'number') {
        // An entry of the sampled scale: no array per cell (a step paints up to 98,304 cells).
        px[o] = lut[3 * e];
        px[o + 1] = lut[3 * e + 1];
        px[o + 2] = lut[3 * e + 2];
        px[o + 3] = 255;
        continue;
      }
      const rgb = e;
      px[o] = rgb[0];
      px[o + 1] = rgb[1];
      px[o + 2] = rgb[2];
      px[o + 3] = 255;
    }
  }
  cctx.putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, 0, 0, cols, spec.rows, l.left, l.top, l.gridW, l.gridH);

  paintOverlay(ctx, spec, l);
  return l;
}

/**
 * The colour of drawn cell (r, k) (k a column, or a band of columns): an index into spec.lut or
 * an [r, g, b] array. The canvas and the SVG export (ui/svg.mjs) both fill their cells from here,
 * so both show the same colours.
 */
export function cellColour(spec, l, r, k) {
  const c = l.band > 1 ? bandColumn(spec, r, k, l.band) : k;
  const v = spec.value(r, c);
  const mark = spec.mark?.(r, c);
  if (mark === 'dropped') return spec.colours.droppedRgb;
  if (mark === 'future' || !Number.isFinite(v)) return spec.colours.futureRgb;
  return spec.rgb(v, r, c);
}

/** cellColour as [r, g, b]. */
export function cellRgb(spec, l, r, k) {
  const e = cellColour(spec, l, r, k);
  if (typeof e !== 'number') return e;
  const { rgb } = spec.lut;
  return [rgb[3 * e], rgb[3 * e + 1], rgb[3 * e + 2]];
}

/**
 * Everything drawn over the cells (grid lines, hatching, numbers, labels, Σ), through `ctx`: a
 * canvas's 2D context, or the SVG export's stand-in for one (ui/svg.mjs).
 */
export function paintOverlay(ctx, spec, l) {
  const theme = spec.colours;
  const big = l.cellW >= 6 && l.cellH >= 6;
  if (big) gridLines(ctx, l, theme.card, l.drawnCols, spec.rows);
  if (l.cellW >= 5 && l.cellH >= 5) hatch(ctx, spec, l, theme);
  spec.paintCells?.(ctx, l); // cells with a picture of their own (the output's head shares)
  if (spec.numbers !== false) cellNumbers(ctx, spec, l);
  columnColours(ctx, spec, l);
  if (ctx.canvas?.nodeName === 'CANVAS') copyLabels(ctx, spec, l, theme);
  else labels(ctx, spec, l, theme);
  if (spec.sums) sums(ctx, spec, l, theme);
}

// The heads of one tensor carry the same labels (the tokens, the positions), and at 64 tokens the
// labels' text is most of a map's painting: 12 heads drew the same 200 labels 12 times. They are
// drawn once into a layer of the map's size and copied onto each map; the last few layers are kept
// (a step shows up to three tensors of the same tokens).
const labelLayers = new Map(); // key → canvas
const LABEL_LAYERS = 6;

function copyLabels(ctx, spec, l, theme) {
  const { width, height } = ctx.canvas;
  if (!width || !height) return; // nothing to draw on (a map without room)
  const key = [
    width,
    height,
    l.width,
    l.left,
    l.top,
    l.cellW,
    l.cellH,
    l.band,
    l.drawnCols,
    l.gridW,
    l.colMode,
    l.rowText,
    spec.rows,
    spec.cols,
    spec.base,
    Boolean(spec.colColours),
    theme.ink,
    theme.muted,
    spec.rowLabels.join('\u0001'),
    spec.colLabels?.join('\u0001') ?? '',
  ].join('\u0002');
  let layer = labelLayers.get(key);
  if (layer)
    labelLayers.delete(key); // most recently used last
  else {
    layer = ctx.canvas.ownerDocument.createElement('canvas');
    layer.width = width;
    layer.height = height;
    const lctx = layer.getContext('2d');
    lctx.setTransform(ctx.getTransform());
    labels(lctx, spec, l, theme);
    if (labelLayers.size >= LABEL_LAYERS) labelLayers.delete(labelLayers.keys().next().value);
  }
  labelLayers.set(key, layer);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

// Each head's colour above its columns (the same head's colour, or the heads of a merged tensor).
function columnColours(ctx, spec, l) {
  if (!spec.colColours) return;
  for (let c = 0; c < l.drawnCols; ++c) {
    ctx.fillStyle = spec.colColours[Math.min(spec.cols - 1, c * l.band)];
    ctx.fillRect(l.left + c * l.cellW, l.top - 5, Math.max(l.cellW - (l.cellW > 3 ? 1 : 0), 1), 4);
  }
}

// Thin lines in the card colour between cells, so that big cells read as a table.
function gridLines(ctx, l, colour, cols, rows) {
  ctx.fillStyle = colour;
  const w = l.cellW >= 20 ? 2 : 1;
  for (let c = 1; c < cols; ++c) ctx.fillRect(l.left + c * l.cellW - w / 2, l.top, w, l.gridH);
  for (let r = 1; r < rows; ++r) ctx.fillRect(l.left, l.top + r * l.cellH - w / 2, l.gridW, w);
}

// Masked (future) cells hatched like "not there"; dropped ones crossed the other way.
function hatch(ctx, spec, l, theme) {
  if (!spec.mark) return;
  ctx.save();
  ctx.beginPath();
  let any = false;
  for (let r = 0; r < spec.rows; ++r)
    for (let c = 0; c < l.drawnCols; ++c) {
      const m = spec.mark(r, c);
      if (!m) continue;
      any = true;
      ctx.rect(l.left + c * l.cellW, l.top + r * l.cellH, l.cellW - 1, l.cellH - 1);
    }
  if (!any) return ctx.restore();
  ctx.clip();
  ctx.strokeStyle = theme.hatch;
  ctx.lineWidth = 1;
  ctx.beginPath();
  const step = 6;
  for (let d = -l.gridH; d < l.gridW + l.gridH; d += step) {
    ctx.moveTo(l.left + d, l.top + l.gridH);
    ctx.lineTo(l.left + d + l.gridH, l.top);
  }
  ctx.stroke();
  ctx.restore();
}

// The decimals and font that fit a cell: 4 decimals at nearly the full size, else 2 decimals at
// nearly the full size (a projector reads 0.48 better than a small 0.4776), else whichever fits
// at a legible size; else no numbers (hover, focus and the table still give every value).
function decimalsFor(ctx, l) {
  // Up to 13 px, or the label size on a large screen (a projector's 1920 px get about 20 px).
  const largest = Math.floor(Math.min(l.cellH * 0.52, Math.max(13, l.base ?? 13)));
  const sizeFor = (text) => {
    for (let size = largest; size >= NUMBER_MIN_FONT; --size) {
      ctx.font = font(size);
      if (measure(ctx, text) <= l.cellW - 3) return size;
    }
    return 0;
  };
  if (largest < NUMBER_MIN_FONT) return null;
  const four = sizeFor('−0.0000');
  if (four && four >= 0.8 * largest) return { size: four, decimals: 4 };
  const two = sizeFor('−0.00');
  if (two && (two >= 0.8 * largest || !four)) return { size: two, decimals: 2 };
  return four ? { size: four, decimals: 4 } : null;
}

function cellNumbers(ctx, spec, l) {
  if (l.band > 1) return;
  const fit = decimalsFor(ctx, l);
  if (!fit) return;
  l.decimals = fit.decimals;
  ctx.font = font(fit.size);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const { ink, muted } = spec.colours;
  for (let r = 0; r < spec.rows; ++r) {
    for (let c = 0; c < spec.cols; ++c) {
      const v = spec.value(r, c);
      const mark = spec.mark?.(r, c);
      let colour;
      if (mark || !Number.isFinite(v))
        colour = mark === 'dropped' ? spec.colours.droppedInk : muted;
      else {
        const e = spec.rgb(v, r, c);
        const dark = typeof e === 'number' ? spec.lut.dark[e] : inkOn(e) === 'dark';
        colour = dark ? '#000' : '#fff';
      }
      ctx.fillStyle = colour ?? ink;
      ctx.fillText(
        fmt(v, fit.decimals),
        l.left + (c + 0.5) * l.cellW,
        l.top + (r + 0.55) * l.cellH,
      );
    }
  }
}

function labels(ctx, spec, l, theme) {
  const base = spec.base;
  ctx.textBaseline = 'middle';
  // Rows: position and token when there is room, else every k-th position. Each font is set once
  // per map: setting ctx.font parses CSS, and was the page's largest cost at 64 tokens × 24 maps.
  const rowStep = l.rowText ? 1 : labelStep(l.cellH, base * 1.2);
  ctx.font = font(base * 0.85);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'right';
  for (let r = 0; r < spec.rows; r += rowStep)
    ctx.fillText(String(r + 1), l.rowText ? base * 1.5 : l.left - 4, l.top + (r + 0.5) * l.cellH);
  if (l.rowText) {
    ctx.font = font(base);
    ctx.fillStyle = theme.ink;
    for (let r = 0; r < spec.rows; ++r)
      fitText(
        ctx,
        spec.rowLabels[r],
        l.left - 4,
        l.top + (r + 0.5) * l.cellH,
        l.left - base * 1.5 - 8,
      );
  }
  // Columns (their colours are drawn by columnColours).
  const y = l.top - (spec.colColours ? 9 : 4);
  ctx.fillStyle = theme.ink;
  if (l.colMode === 'horizontal') {
    ctx.font = font(base);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    for (let c = 0; c < spec.cols; ++c) {
      const x = l.left + (c + 0.5) * l.cellW;
      fitText(ctx, spec.colLabels[c], x, y + 2, l.cellW - 3, 'center');
    }
  } else if (l.colMode === 'vertical') {
    ctx.font = font(Math.min(base, l.cellW * 0.85));
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (let c = 0; c < spec.cols; ++c) {
      ctx.save();
      ctx.translate(l.left + (c + 0.5) * l.cellW, y);
      ctx.rotate(-Math.PI / 2);
      fitText(ctx, spec.colLabels[c], 0, 0, l.top - 10, 'left');
      ctx.restore();
    }
  } else {
    ctx.font = font(base * 0.85);
    ctx.fillStyle = theme.muted;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    const px = l.gridW / spec.cols; // one column's width, banded or not
    const step = l.colMode === 'every' ? 1 : labelStep(px, base * 2.2);
    for (let c = 0; c < spec.cols; c += step) {
      const x = l.left + (c + 0.5) * px;
      if (c > 0 && x + measure(ctx, String(c + 1)) / 2 > l.left + l.gridW + 2) break;
      ctx.fillText(String(c + 1), x, y + 2);
    }
  }
}

/** Text cut with an ellipsis to `max` px. */
function fitText(ctx, text, x, y, max, align = 'right') {
  ctx.textAlign = align;
  if (max <= 4) return;
  if (measure(ctx, text) <= max) return ctx.fillText(text, x, y);
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(ctx, chars.slice(0, mid).join('') + '…') <= max) lo = mid;
    else hi = mid - 1;
  }
  ctx.fillText(chars.slice(0, lo).join('') + '…', x, y);
}

function sums(ctx, spec, l, theme) {
  const base = spec.base;
  ctx.font = font(base * 0.85, 600);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText('Σ', l.sumX + l.sumW / 2, l.top - (spec.colColours ? 9 : 4) + 2);
  ctx.textBaseline = 'middle';
  if (l.sumNumbers) {
    // One font for the column (setting ctx.font parses CSS: once a row was 64 parses a map).
    ctx.fillStyle = theme.ink;
    ctx.font = font(Math.min(base, l.cellH * 0.6), 600);
    ctx.textAlign = 'left';
  }
  if (l.sumNumbers) {
    for (let r = 0; r < spec.rows; ++r) {
      const y = l.top + r * l.cellH;
      ctx.fillText(fmt(spec.sum(r)), l.sumX + 2, y + l.cellH * 0.55);
    }
    return;
  }
  // Rows of one colour are filled under one fillStyle: a colour set per row was parsed per row,
  // 1,536 times a keystroke on the dropout step (the colours come from a sampled scale, so rows
  // share them; the rows do not overlap, so the order does not matter).
  const rows = new Map(); // colour → rows
  for (let r = 0; r < spec.rows; ++r) {
    const rgb = spec.sumRgb(spec.sum(r));
    const colour = `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
    if (rows.has(colour)) rows.get(colour).push(r);
    else rows.set(colour, [r]);
  }
  const h = Math.max(1, l.cellH - (l.cellH > 3 ? 1 : 0));
  for (const [colour, list] of rows) {
    ctx.fillStyle = colour;
    for (const r of list) ctx.fillRect(l.sumX, l.top + r * l.cellH, l.sumW, h);
  }
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
