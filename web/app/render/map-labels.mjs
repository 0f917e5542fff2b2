// A map's labels: positions and tokens beside the rows, tokens or column numbers on top. Each
// font is set once per map, since setting ctx.font parses CSS.
import { font, fitText, labelStep, measure } from './text.mjs';

/** Draws the row and column labels of map `spec` at layout `l`. */
export function labels(ctx, spec, l, theme) {
  rowLabels(ctx, spec, l, theme);
  // Columns (their colours are drawn by the painter's column colours).
  const y = l.top - (spec.colColours ? 9 : 4);
  ctx.fillStyle = theme.ink;
  if (l.colMode === 'horizontal') horizontalLabels(ctx, spec, l, y);
  else if (l.colMode === 'vertical') verticalLabels(ctx, spec, l, y);
  else columnNumbers(ctx, spec, l, theme, y);
}

// Rows: position and token when there is room, else every k-th position.
function rowLabels(ctx, spec, l, theme) {
  const base = spec.base;
  ctx.textBaseline = 'middle';
  const rowStep = l.rowText ? 1 : labelStep(l.cellH, base * 1.2);
  ctx.font = font(base * 0.85);
  ctx.fillStyle = theme.muted;
  ctx.textAlign = 'right';
  for (let r = 0; r < spec.rows; r += rowStep)
    ctx.fillText(String(r + 1), l.rowText ? base * 1.5 : l.left - 4, l.top + (r + 0.5) * l.cellH);
  if (!l.rowText) return;
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

function horizontalLabels(ctx, spec, l, y) {
  ctx.font = font(spec.base);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (let c = 0; c < spec.cols; ++c) {
    const x = l.left + (c + 0.5) * l.cellW;
    fitText(ctx, spec.colLabels[c], x, y + 2, l.cellW - 3, 'center');
  }
}

function verticalLabels(ctx, spec, l, y) {
  ctx.font = font(Math.min(spec.base, l.cellW * 0.85));
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (let c = 0; c < spec.cols; ++c) {
    ctx.save();
    ctx.translate(l.left + (c + 0.5) * l.cellW, y);
    ctx.rotate(-Math.PI / 2);
    fitText(ctx, spec.colLabels[c], 0, 0, l.top - 10, 'left');
    ctx.restore();
  }
}

function columnNumbers(ctx, spec, l, theme, y) {
  const base = spec.base;
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

// The heads of one tensor carry the same labels (the tokens, the positions), and at 64 tokens the
// labels' text is most of a map's painting: 12 heads would draw the same 200 labels 12 times. They
// are drawn once into a layer of the map's size and copied onto each map; the last few layers are
// kept (a step shows up to three tensors of the same tokens).
const labelLayers = new Map(); // key → canvas, most recently used last
const LABEL_LAYERS = 6;

// Everything the labels' pixels depend on.
const layerKey = (canvas, spec, l, theme) =>
  [
    canvas.width,
    canvas.height,
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

/** Draws the labels onto a canvas's context `ctx` through the cache of label layers. */
export function copyLabels(ctx, spec, l, theme) {
  const { width, height } = ctx.canvas;
  if (!width || !height) return; // nothing to draw on (a map without room)
  const key = layerKey(ctx.canvas, spec, l, theme);
  let layer = labelLayers.get(key);
  if (layer) labelLayers.delete(key);
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
