// Colour scales that stay readable for colour-blind students: a diverging red–blue scale for signed
// values (scores, projections), a light-to-dark yellow-green-blue scale for weights in [0, 1], and
// a categorical palette for heads (Paul Tol's colour-blind-safe "muted" and "bright" sets). Colour is
// never the only cue: every cell also shows or announces its number, every head its number.
//
// The two scales are ColorBrewer's RdBu and YlGnBu as d3-scale-chromatic interpolates them (a
// uniform B-spline through the scheme's colours, d3-interpolate's rgbBasis), ported here and sampled
// once into 256-entry tables: a 64 × 64 map of 12 heads is 49,152 lookups, not 49,152 string parses.

// The schemes' largest variants (11 and 9 colours), as d3-scale-chromatic ramps them.
const RD_BU = '67001fb2182bd6604df4a582fddbc7f7f7f7d1e5f092c5de4393c32166ac053061'.match(/.{6}/g);
const YL_GN_BU = 'ffffd9edf8b1c7e9b47fcdbb41b6c41d91c0225ea8253494081d58'.match(/.{6}/g);

const HEAD_COLOURS = [
  '#4477AA',
  '#EE7733',
  '#228833',
  '#CC3311',
  '#AA3377',
  '#33BBEE',
  '#999933',
  '#882255',
  '#44AA99',
  '#DDCC77',
  '#332288',
  '#BBBBBB',
];

export const headColour = (h) => HEAD_COLOURS[h % HEAD_COLOURS.length];

// d3-interpolate's basis(): one cubic B-spline segment.
function basis(t1, v0, v1, v2, v3) {
  const t2 = t1 * t1;
  const t3 = t2 * t1;
  return (
    ((1 - 3 * t1 + 3 * t2 - t3) * v0 +
      (4 - 6 * t2 + 3 * t3) * v1 +
      (1 + 3 * t1 + 3 * t2 - 3 * t3) * v2 +
      t3 * v3) /
    6
  );
}

// d3-interpolate's basis(values)(t), for one channel.
function spline(values) {
  const n = values.length - 1;
  return (t) => {
    const i = t <= 0 ? ((t = 0), 0) : t >= 1 ? ((t = 1), n - 1) : Math.floor(t * n);
    const v1 = values[i];
    const v2 = values[i + 1];
    const v0 = i > 0 ? values[i - 1] : 2 * v1 - v2;
    const v3 = i < n - 1 ? values[i + 2] : 2 * v2 - v1;
    return basis((t - i / n) * n, v0, v1, v2, v3);
  };
}

const byte = (v) => Math.max(0, Math.min(255, Math.round(v)));

/** rgbBasis(scheme)(t) as [r, g, b] bytes: exactly d3's interpolateRdBu / interpolateYlGnBu. */
function ramp(scheme) {
  const channels = [0, 1, 2].map((k) =>
    spline(scheme.map((hex) => parseInt(hex.slice(2 * k, 2 * k + 2), 16))),
  );
  return (t) => channels.map((c) => byte(c(t)));
}

export const interpolateRdBu = ramp(RD_BU);
export const interpolateYlGnBu = ramp(YL_GN_BU);

/** A colour as the CSS text rgb(r, g, b). */
export const css = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;

/** A colour (#rrggbb, rgb(…) text or an [r, g, b] array) as [r, g, b]. */
export function rgbOf(colour) {
  if (Array.isArray(colour)) return colour;
  if (colour.startsWith('#')) {
    const n = parseInt(colour.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const m = colour.match(/[\d.]+/g) ?? ['0', '0', '0'];
  return m.slice(0, 3).map(Number);
}

/** WCAG relative luminance of a colour. */
export function luminance(colour) {
  const [r, g, b] = rgbOf(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** 'dark' or 'light' ink for text on this background (WCAG relative luminance). */
export function inkOn(colour) {
  const l = luminance(colour);
  // Whichever of black and white contrasts more: they tie near L = 0.18, at 4.58:1, so cell text
  // always meets WCAG AA (4.5:1).
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? 'dark' : 'light';
}

/**
 * A scale sampled into 256 entries: rgb[3k..3k+2] is the colour of entry k, dark[k] whether black
 * ink reads on it (else white). `at(t)` is the entry for t in [0, 1].
 */
function table(colourAt) {
  const rgb = new Uint8ClampedArray(256 * 3);
  const dark = new Uint8Array(256);
  for (let k = 0; k < 256; ++k) {
    const c = colourAt(k / 255);
    rgb.set(c, 3 * k);
    dark[k] = inkOn(c) === 'dark' ? 1 : 0;
  }
  return { rgb, dark };
}

/** Signed values: blue below 0, white at 0, red above; |v| = maxAbs is the darkest used. */
export const SIGNED = table((t) => interpolateRdBu(0.5 - 0.42 * (2 * t - 1)));
/** Weights: 0 is pale, the maximum deep blue. */
export const WEIGHTS = table((t) => interpolateYlGnBu(0.04 + 0.86 * t));

/** The table entry of v on a signed scale reaching ±maxAbs. */
export const signedIndex = (v, maxAbs) =>
  maxAbs > 0 ? Math.round(127.5 + 127.5 * Math.max(-1, Math.min(1, v / maxAbs))) : 128;

/** The table entry of v on a weight scale from 0 to max. */
export const weightIndex = (v, max = 1) =>
  max > 0 ? Math.round(255 * Math.max(0, Math.min(1, v / max))) : 0;

/** Signed values as a CSS colour (legends, swatches). */
export const signedColour = (v, maxAbs) => css(interpolateRdBu(0.5 - 0.42 * clampUnit(v, maxAbs)));
/** Weights as a CSS colour. */
export const weightColour = (v, max = 1) =>
  css(interpolateYlGnBu(0.04 + 0.86 * Math.max(0, Math.min(1, max > 0 ? v / max : 0))));

function clampUnit(v, m) {
  return m > 0 ? Math.max(-1, Math.min(1, v / m)) : 0;
}

/** CSS gradient stops for a legend of a scale: colourAt(t) for t from 0 to 1. */
export function gradient(colourAt, stops = 9) {
  const parts = [];
  for (let i = 0; i < stops; ++i) parts.push(colourAt(i / (stops - 1)));
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

/** A head colour mixed towards white (amount 0 = the colour, 1 = white), as [r, g, b]. */
export function tintRgb(colour, amount) {
  return rgbOf(colour).map((c) => Math.round(c + (255 - c) * amount));
}

/** A head colour mixed towards white, as CSS. */
export const tint = (colour, amount) => css(tintRgb(colour, amount));

/** The weighted average of colours (weights need not sum to 1), as [r, g, b]. */
export function blend(colours, weights) {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const mix = [0, 0, 0];
  colours.forEach((c, i) => rgbOf(c).forEach((v, k) => (mix[k] += (v * weights[i]) / total)));
  return mix.map(Math.round);
}
