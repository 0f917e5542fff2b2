// The page's icon as a PNG, drawn from web/app/icon.svg at build time. Chromium loads an SVG icon
// as a document of its own, and loads it again each time the page writes its address
// (history.replaceState), which the page does after every value of a slider: a PNG is only
// decoded. The icon is a few rectangles (the causal mask's lower triangle on a rounded square), so
// this draws exactly that subset of SVG: <rect> with x, y, width, height, rx and a fill of its own
// or of its <g>, in a 0 0 N N viewBox; anything else is refused, so a new icon cannot be drawn
// wrong without the build saying so.
import zlib from 'node:zlib';
import { crc32 } from '../web/lib/cli/zip.mjs'; // PNG chunks carry the zip format's CRC-32

// Each <rect>'s attributes, with the fill of the <g> around it where it has none.
function rectsOf(svg) {
  const view = svg.match(/viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/);
  if (!view || view[1] !== view[2])
    throw new Error('icon-png: the icon needs a square viewBox="0 0 N N"');
  const body = svg
    .replace(/^\s*<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .trim();
  const rects = [];
  let fill = null;
  for (const [tag] of body.matchAll(/<[^>]+>/g)) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (tag.startsWith('<g')) fill = attrs.fill ?? null;
    else if (tag === '</g>') fill = null;
    else if (tag.startsWith('<rect')) rects.push({ ...attrs, fill: attrs.fill ?? fill });
    else throw new Error(`icon-png: ${tag} is not drawn (only <rect> and <g fill>)`);
  }
  if (body.replace(/<[^>]+>/g, '').trim()) throw new Error('icon-png: text outside the tags');
  return { size: Number(view[1]), rects };
}

const rgbOf = (hex) => {
  const m = /^#([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) throw new Error(`icon-png: fill ${hex}: allowed is #rrggbb`);
  return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
};

// Whether the point (x, y) is inside the rectangle, its corners rounded by rx.
function inside(r, x, y) {
  const [x0, y0] = [Number(r.x ?? 0), Number(r.y ?? 0)];
  const [x1, y1] = [x0 + Number(r.width), y0 + Number(r.height)];
  if (x < x0 || x >= x1 || y < y0 || y >= y1) return false;
  const rx = Number(r.rx ?? 0);
  const cx = Math.min(Math.max(x, x0 + rx), x1 - rx);
  const cy = Math.min(Math.max(y, y0 + rx), y1 - rx);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rx * rx;
}

const SAMPLES = 4; // per pixel and axis: the rounded corners' edge smoothed

/** RGBA pixels of the icon `svg` at `px` × `px`, painted in order, each pixel averaged. */
export function rasterise(svg, px) {
  const { size, rects } = rectsOf(svg);
  const paints = rects.map((r) => ({ r, rgb: rgbOf(r.fill) }));
  const out = new Uint8Array(px * px * 4);
  const scale = size / px;
  for (let y = 0; y < px; ++y)
    for (let x = 0; x < px; ++x) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; ++sy)
        for (let sx = 0; sx < SAMPLES; ++sx) {
          const u = (x + (sx + 0.5) / SAMPLES) * scale;
          const v = (y + (sy + 0.5) / SAMPLES) * scale;
          let hit = null;
          for (const p of paints) if (inside(p.r, u, v)) hit = p.rgb;
          if (!hit) continue;
          sum[0] += hit[0];
          sum[1] += hit[1];
          sum[2] += hit[2];
          sum[3] += 255;
        }
      const n = SAMPLES * SAMPLES;
      const covered = sum[3] / 255;
      const o = 4 * (y * px + x);
      // Colour averaged over the covered samples (not darkened by the uncovered ones), alpha the cover.
      for (let k = 0; k < 3; ++k) out[o + k] = covered ? Math.round(sum[k] / covered) : 0;
      out[o + 3] = Math.round(sum[3] / n);
    }
  return out;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA) of `rgba`, `px` × `px`. */
export function encodePng(rgba, px) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc(px * (px * 4 + 1));
  for (let y = 0; y < px; ++y) {
    rows[y * (px * 4 + 1)] = 0; // each row unfiltered
    rows.set(rgba.subarray(y * px * 4, (y + 1) * px * 4), y * (px * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icon `svg` as a data: URL of a PNG `px` × `px`. */
export function iconDataUrl(svg, px = 32) {
  return `data:image/png;base64,${encodePng(rasterise(svg, px), px).toString('base64')}`;
}
