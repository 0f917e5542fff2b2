// A map as an SVG file: the same drawing as the canvas (render/map-paint.mjs), cell for cell. The cells
// are rectangles filled from map-paint.mjs's cellRgb; everything drawn over them (grid, hatching,
// numbers, labels, Σ) is drawn by map-paint.mjs's own paintOverlay into SvgContext, a stand-in for
// the few CanvasRenderingContext2D calls it makes, which writes SVG elements instead of pixels.
import { cellRgb, paintOverlay } from '../render/index.mjs';

// XML 1.0 has no place for most control characters, even escaped: they are left out. A lone
// surrogate (half of a character, from a sentence or a cut) is no character at all: it becomes
// U+FFFD, as it would in the file's UTF-8.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const escapeXml = (text) =>
  String(text)
    .replace(INVALID_XML, '')
    .replace(LONE_SURROGATE, '\ufffd')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

const num = (v) => String(Math.round(v * 100) / 100);
const rgbText = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
const ANCHOR = { left: 'start', start: 'start', right: 'end', end: 'end', center: 'middle' };
const BASELINE = { middle: 'central', bottom: 'text-after-edge', top: 'text-before-edge' };

// A CSS font shorthand as the canvas gets it ("600 12.0px system-ui, …") → SVG attributes.
function fontAttributes(font) {
  const m = font.match(/^(\d+)\s+([\d.]+)px\s+(.*)$/);
  if (!m) return `style="font: ${escapeXml(font)}"`;
  return `font-weight="${m[1]}" font-size="${m[2]}" font-family="${escapeXml(m[3])}"`;
}

/** The subset of a 2D context that render/map-paint.mjs draws with, recording SVG elements. */
class SvgContext {
  constructor(measureWith) {
    this.parts = [];
    this.defs = [];
    this.measurer = measureWith;
    this.state = {
      fillStyle: '#000',
      strokeStyle: '#000',
      lineWidth: 1,
      font: '10px sans-serif',
      textAlign: 'start',
      textBaseline: 'alphabetic',
      matrix: [1, 0, 0, 1, 0, 0],
      clip: null,
    };
    this.stack = [];
    this.path = [];
  }
  get fillStyle() { return this.state.fillStyle; } // prettier-ignore
  set fillStyle(v) { this.state.fillStyle = v; } // prettier-ignore
  get strokeStyle() { return this.state.strokeStyle; } // prettier-ignore
  set strokeStyle(v) { this.state.strokeStyle = v; } // prettier-ignore
  get lineWidth() { return this.state.lineWidth; } // prettier-ignore
  set lineWidth(v) { this.state.lineWidth = v; } // prettier-ignore
  get font() { return this.state.font; } // prettier-ignore
  set font(v) { this.state.font = v; } // prettier-ignore
  get textAlign() { return this.state.textAlign; } // prettier-ignore
  set textAlign(v) { this.state.textAlign = v; } // prettier-ignore
  get textBaseline() { return this.state.textBaseline; } // prettier-ignore
  set textBaseline(v) { this.state.textBaseline = v; } // prettier-ignore

  save() {
    this.stack.push({ ...this.state, matrix: [...this.state.matrix] });
  }
  restore() {
    if (this.stack.length) this.state = this.stack.pop();
  }
  translate(x, y) {
    const [a, b, c, d, e, f] = this.state.matrix;
    this.state.matrix = [a, b, c, d, a * x + c * y + e, b * x + d * y + f];
  }
  rotate(angle) {
    const [a, b, c, d, e, f] = this.state.matrix;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    this.state.matrix = [
      a * cos + c * sin,
      b * cos + d * sin,
      c * cos - a * sin,
      d * cos - b * sin,
      e,
      f,
    ];
  }
  measureText(text) {
    this.measurer.font = this.state.font;
    return this.measurer.measureText(text);
  }

  // Attributes every element shares: its transform and its clip.
  common() {
    const m = this.state.matrix;
    const identity =
      m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
    return `${identity ? '' : ` transform="matrix(${m.map(num).join(' ')})"`}${
      this.state.clip ? ` clip-path="url(#${this.state.clip})"` : ''
    }`;
  }
  fillRect(x, y, w, h) {
    this.parts.push(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${escapeXml(this.state.fillStyle)}"${this.common()}/>`,
    );
  }
  fillText(text, x, y) {
    const anchor = ANCHOR[this.state.textAlign] ?? 'start';
    const baseline = BASELINE[this.state.textBaseline];
    this.parts.push(
      `<text x="${num(x)}" y="${num(y)}" ${fontAttributes(this.state.font)} fill="${escapeXml(this.state.fillStyle)}" text-anchor="${anchor}"${
        baseline ? ` dominant-baseline="${baseline}"` : ''
      }${this.common()}>${escapeXml(text)}</text>`,
    );
  }
  beginPath() {
    this.path = [];
  }
  rect(x, y, w, h) {
    this.path.push(`M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}Z`);
  }
  moveTo(x, y) {
    this.path.push(`M${num(x)} ${num(y)}`);
  }
  lineTo(x, y) {
    this.path.push(`L${num(x)} ${num(y)}`);
  }
  clip() {
    const id = `clip${this.defs.length + 1}`;
    this.defs.push(`<clipPath id="${id}"><path d="${this.path.join('')}"/></clipPath>`);
    this.state.clip = id;
  }
  stroke() {
    this.parts.push(
      `<path d="${this.path.join('')}" fill="none" stroke="${escapeXml(this.state.strokeStyle)}" stroke-width="${num(this.state.lineWidth)}"${this.common()}/>`,
    );
  }
}

/**
 * The SVG text of a painted map: `spec` and `l` as render/map-paint.mjs painted it (spec.colours set),
 * on a background of the theme's card colour, with `title` for viewers.
 */
export function mapSvg(spec, l, title) {
  const measurer = document.createElement('canvas').getContext('2d');
  const ctx = new SvgContext(measurer);
  const cells = [];
  for (let r = 0; r < spec.rows; ++r)
    for (let k = 0; k < l.drawnCols; ++k)
      cells.push(
        `<rect x="${num(l.left + k * l.cellW)}" y="${num(l.top + r * l.cellH)}" width="${num(l.cellW)}" height="${num(l.cellH)}" fill="${rgbText(cellRgb(spec, l, r, k))}"/>`,
      );
  paintOverlay(ctx, spec, l);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${l.width}" height="${l.height}" viewBox="0 0 ${l.width} ${l.height}">`,
    `<title>${escapeXml(title)}</title>`,
    ctx.defs.length ? `<defs>${ctx.defs.join('')}</defs>` : '',
    `<rect class="background" width="100%" height="100%" fill="${escapeXml(spec.colours.card)}"/>`,
    `<g class="cells" shape-rendering="crispEdges">${cells.join('')}</g>`,
    `<g class="overlay">${ctx.parts.join('')}</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
