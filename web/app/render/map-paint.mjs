// One matrix painted on a <canvas>, labels included: token or column labels on top, token labels
// on the left, the Σ of every row on the right. A map of 64 × 64 tokens is 4,096 cells, far too
// many for DOM elements; so the cells are filled through an ImageData of one pixel per cell,
// scaled up without smoothing, then the labels, the numbers (where they are legible) and the
// hatching of masked or dropped cells are drawn on top.
import { fmt } from '../ui/format.mjs';
import { inkOn } from '../ui/colour.mjs';
import { bandColumn } from './map-layout.mjs';
import { font, measure } from './text.mjs';
import { labels, copyLabels } from './map-labels.mjs';
import { hatch } from './map-hatch.mjs';

const NUMBER_MIN_FONT = 9; // the smallest font numbers in cells are drawn with

// Each map's cells, one pixel each, scaled up into it. A canvas of their own per map: with one
// shared by all, writing the next map's pixels into it forces the browser to copy it for the draw
// still pending from the previous map.
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
let pixels = null; // the ImageData of the last map's size, reused (no array per map)

/**
 * Sizes `canvas` for layout `l` at the screen's pixel ratio; a canvas of that size already is left
 * as it is (resized, it would be laid out again). Text drawn on a canvas in the page first brings
 * the page's style and layout up to date (its font may depend on them; in a size container, on
 * layout), so the maps of a step are all sized before any is painted: their first number lays the
 * page out once, not once per map.
 */
export function sizeCanvas(canvas, l) {
  const dpr = globalThis.devicePixelRatio || 1;
  const width = Math.round(l.width * dpr);
  const height = Math.round(l.height * dpr);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const [w, h] = [`${l.width}px`, `${l.height}px`];
  if (canvas.style.width !== w) canvas.style.width = w;
  if (canvas.style.height !== h) canvas.style.height = h;
}

// The canvas sized for layout `l`; returns its context, blank.
function prepare(canvas, l) {
  const dpr = globalThis.devicePixelRatio || 1;
  const ctx = canvas.getContext('2d');
  const sized =
    canvas.width === Math.round(l.width * dpr) && canvas.height === Math.round(l.height * dpr);
  sizeCanvas(canvas, l);
  // A canvas of the same size (a map repainted with new numbers) is reset rather than resized:
  // the same blank bitmap and default state, without laying the page out again. Without reset(),
  // setting its width is the reset.
  if (sized && ctx.reset) ctx.reset();
  else if (sized) {
    const { width } = canvas;
    canvas.width = width;
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, l.width, l.height);
  return ctx;
}

/**
 * Paints the map into `canvas` at layout `l`. spec also holds: value(r, c), rgb(v, r, c) → index
 * into spec.lut ({ rgb, dark }) or an [r, g, b] array, mark(r, c) → 'future' | 'dropped' | null,
 * numbers (bool), sum(r) → Σ of row r, sumRgb(s) → [r, g, b], colours: the theme's
 * { ink, muted, card, future, dropped, hatch, line }.
 */
export function paintMap(canvas, spec, l) {
  const ctx = prepare(canvas, l);
  // The cells: one pixel each, scaled up without smoothing.
  const cols = l.drawnCols;
  const cells = cellCanvas(canvas, cols, spec.rows);
  const cctx = cells.getContext('2d');
  if (pixels?.width !== cols || pixels?.height !== spec.rows)
    pixels = cctx.createImageData(cols, spec.rows);
  fillPixels(pixels.data, spec, l); // every pixel is written
  cctx.putImageData(pixels, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, 0, 0, cols, spec.rows, l.left, l.top, l.gridW, l.gridH);
  paintOverlay(ctx, spec, l);
  return l;
}

function fillPixels(px, spec, l) {
  const cols = l.drawnCols;
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
      px[o] = e[0];
      px[o + 1] = e[1];
      px[o + 2] = e[2];
      px[o + 3] = 255;
    }
  }
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

// The decimals and font that fit a cell: 4 decimals at nearly the full size, else 2 decimals at
// nearly the full size (a projector reads 0.48 better than a small 0.4776), else whichever fits
// at a legible size; else no numbers (hover, focus and the table still give every value).
// A function of the cell's size alone, kept per size: finding it sets the canvas's font once per
// size tried, and setting a font parses CSS, for every map of every frame otherwise.
const fits = new Map(); // `${largest}|${cellW}` → { size, decimals } | null
function decimalsFor(ctx, l) {
  // Up to 13 px, or the label size on a large screen (a projector's 1920 px get about 20 px).
  const largest = Math.floor(Math.min(l.cellH * 0.52, Math.max(13, l.base ?? 13)));
  if (largest < NUMBER_MIN_FONT) return null;
  const key = `${largest}|${l.cellW}`;
  if (!fits.has(key)) {
    if (fits.size > 1000) fits.clear();
    fits.set(key, fitDecimals(ctx, largest, l.cellW));
  }
  return fits.get(key);
}

function fitDecimals(ctx, largest, cellW) {
  const sizeFor = (text) => {
    for (let size = largest; size >= NUMBER_MIN_FONT; --size) {
      ctx.font = font(size);
      if (measure(ctx, text) <= cellW - 3) return size;
    }
    return 0;
  };
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
  // A colour set is parsed as CSS, even the same one again: set only when it changes (most
  // neighbouring cells share black or white ink).
  let current = null;
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
      if ((colour ?? ink) !== current) ctx.fillStyle = current = colour ?? ink;
      ctx.fillText(
        fmt(v, fit.decimals),
        l.left + (c + 0.5) * l.cellW,
        l.top + (r + 0.55) * l.cellH,
      );
    }
  }
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
    // One font for the column (setting ctx.font parses CSS).
    ctx.fillStyle = theme.ink;
    ctx.font = font(Math.min(base, l.cellH * 0.6), 600);
    ctx.textAlign = 'left';
    for (let r = 0; r < spec.rows; ++r) {
      const y = l.top + r * l.cellH;
      ctx.fillText(fmt(spec.sum(r)), l.sumX + 2, y + l.cellH * 0.55);
    }
    return;
  }
  sumSwatches(ctx, spec, l);
}

// Rows of one colour are filled under one fillStyle, since a colour set per row is parsed per row
// (the colours come from a sampled scale, so rows share them; the rows do not overlap, so the
// order does not matter).
function sumSwatches(ctx, spec, l) {
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
