// Colour scales that stay readable for colour-blind students: a diverging red–blue scale for signed
// values (scores, projections), a light-to-dark yellow-green-blue scale for weights in [0, 1], and
// a categorical palette for heads (Paul Tol's colour-blind-safe "muted" and "bright" sets). Colour is
// never the only cue: every cell also shows or announces its number, every head its number.
import { interpolateRdBu, interpolateYlGnBu } from 'd3-scale-chromatic';

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

/** Signed values: blue below 0, white at 0, red above; |v| = maxAbs is the darkest used. */
export function signedColour(v, maxAbs) {
  const t = maxAbs > 0 ? Math.max(-1, Math.min(1, v / maxAbs)) : 0;
  return interpolateRdBu(0.5 - 0.42 * t);
}

/** Weights: 0 is pale, `max` is deep blue. */
export function weightColour(v, max = 1) {
  const t = max > 0 ? Math.max(0, Math.min(1, v / max)) : 0;
  return interpolateYlGnBu(0.04 + 0.86 * t);
}

/** CSS gradient stops for a legend of a scale. */
export function gradient(colourAt, stops = 9) {
  const parts = [];
  for (let i = 0; i < stops; ++i) parts.push(colourAt(i / (stops - 1)));
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

function rgbOf(colour) {
  if (colour.startsWith('#')) {
    const n = parseInt(colour.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const m = colour.match(/[\d.]+/g) ?? ['0', '0', '0'];
  return m.slice(0, 3).map(Number);
}

/** 'dark' or 'light' ink for text on this background (WCAG relative luminance). */
export function inkOn(colour) {
  const [r, g, b] = rgbOf(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Whichever of black and white contrasts more: they tie near L = 0.18, at 4.58:1, so cell text
  // always meets WCAG AA (4.5:1).
  const withDark = (luminance + 0.05) / 0.05;
  const withLight = 1.05 / (luminance + 0.05);
  return withDark >= withLight ? 'dark' : 'light';
}

/** A head colour mixed towards white (amount 0 = the colour, 1 = white). */
export function tint(colour, amount) {
  const [r, g, b] = rgbOf(colour).map((c) => Math.round(c + (255 - c) * amount));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The weighted average of colours (weights need not sum to 1). */
export function blend(colours, weights) {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const mix = [0, 0, 0];
  colours.forEach((c, i) => rgbOf(c).forEach((v, k) => (mix[k] += (v * weights[i]) / total)));
  return `rgb(${mix.map(Math.round).join(', ')})`;
}
