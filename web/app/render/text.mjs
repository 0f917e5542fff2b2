// Text on the maps' canvases: the font, and widths measured once. Setting a canvas's font parses
// CSS and measuring text asks the font engine, and at 64 tokens × 24 maps the same few hundred
// labels are measured for every map; so widths are cached by font and text, and the widest label
// of an array of labels (the heads of a tensor share one) by the array.

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

/** The CSS font of the maps at `px` and `weight`. */
export const font = (px, weight = 400) => `${weight} ${px.toFixed(1)}px ${FONT_FAMILY}`;

const INTERVALS = [1, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100, 128, 200, 256];

/** The first interval at which labels `size` px apart leave `need` px each. */
export const labelStep = (size, need) => INTERVALS.find((k) => k * size >= need) ?? 512;

let scratch = null; // measures label text
const scratchContext = () => {
  scratch ??= document.createElement('canvas');
  return scratch.getContext('2d');
};

const textWidths = new Map(); // `${font}|${text}` → px

/** The width of `text` in `ctx`'s current font, in px. */
export function measure(ctx, text) {
  const key = `${ctx.font}|${text}`;
  let w = textWidths.get(key);
  if (w === undefined) {
    w = ctx.measureText(text).width;
    if (textWidths.size > 20000) textWidths.clear();
    textWidths.set(key, w);
  }
  return w;
}

// The heads of a tensor share one array of labels: measured once for all of them, rather than
// reading the canvas's font for every label of every head.
const labelWidths = new WeakMap(); // labels → { key: the font, width }

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

/** Draws `text` at (x, y), cut with an ellipsis to `max` px. */
export function fitText(ctx, text, x, y, max, align = 'right') {
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
