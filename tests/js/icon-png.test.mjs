// The page's icon, drawn from web/app/icon.svg into a PNG at build time (scripts/icon-png.mjs):
// a valid PNG whose pixels are the SVG's shapes, and a clear refusal of SVG it cannot draw.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { encodePng, iconDataUrl, rasterise } from '../../scripts/icon-png.mjs';

const ICON = fs.readFileSync(new URL('../../web/app/icon.svg', import.meta.url), 'utf8');

// The chunks of a PNG file, each CRC checked: [{ type, data }].
function chunks(png) {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    assert.equal(crc, zlib.crc32(png.subarray(at + 4, at + 8 + length)), `${type}: its CRC`);
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

// The RGBA pixel (x, y) of an unfiltered 8-bit RGBA PNG of width `px`.
function pixel(png, px, x, y) {
  const idat = Buffer.concat(
    chunks(png)
      .filter((c) => c.type === 'IDAT')
      .map((c) => c.data),
  );
  const rows = zlib.inflateSync(idat);
  const stride = px * 4 + 1;
  assert.equal(rows[y * stride], 0, 'rows unfiltered');
  return [...rows.subarray(y * stride + 1 + 4 * x, y * stride + 1 + 4 * x + 4)];
}

test('the icon is a 32 × 32 RGBA PNG in a data: URL', () => {
  const url = iconDataUrl(ICON, 32);
  assert.match(url, /^data:image\/png;base64,/);
  const png = Buffer.from(url.split(',')[1], 'base64');
  const [ihdr, ...rest] = chunks(png);
  assert.equal(ihdr.type, 'IHDR');
  assert.deepEqual(
    [ihdr.data.readUInt32BE(0), ihdr.data.readUInt32BE(4), ...ihdr.data.subarray(8)],
    [32, 32, 8, 6, 0, 0, 0],
  );
  assert.deepEqual(
    rest.map((c) => c.type),
    ['IDAT', 'IEND'],
  );
});

test('its pixels are the SVG: the rounded square, and the lower triangle of the causal mask', () => {
  const png = encodePng(rasterise(ICON, 32), 32);
  const background = [0x1f, 0x3b, 0x57, 255];
  const square = [0x9c, 0xc7, 0xe8, 255];
  assert.deepEqual(pixel(png, 32, 0, 0), [0, 0, 0, 0], 'outside the rounded corner');
  assert.deepEqual(pixel(png, 32, 16, 2), background);
  assert.deepEqual(pixel(png, 32, 8, 8), square, 'row 1, column 1');
  assert.deepEqual(pixel(png, 32, 22, 8), background, 'row 1, column 3: masked');
  assert.deepEqual(pixel(png, 32, 15, 15), square, 'row 2, column 2');
  assert.deepEqual(pixel(png, 32, 22, 22), square, 'row 3, column 3');
  assert.deepEqual(pixel(png, 32, 12, 12), background, 'the gap between squares');
  const corner = pixel(png, 32, 1, 1)[3];
  assert.ok(corner > 0 && corner < 255, `the corner's edge is smoothed (alpha ${corner})`);
  // At twice the size, the same shapes.
  assert.deepEqual(pixel(encodePng(rasterise(ICON, 64), 64), 64, 17, 17), square);
});

test('SVG it cannot draw is refused with what it draws', () => {
  const circle =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle r="4"/></svg>';
  assert.throws(
    () => rasterise(circle, 32),
    /<circle r="4"\/> is not drawn \(only <rect> and <g fill>\)/,
  );
  const named = '<svg viewBox="0 0 32 32"><rect width="4" height="4" fill="red"/></svg>';
  assert.throws(() => rasterise(named, 32), /fill red: allowed is #rrggbb/);
  assert.throws(() => rasterise('<svg viewBox="0 0 32 16"></svg>', 32), /square viewBox/);
});
