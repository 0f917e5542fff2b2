// The hatching of masked and dropped cells (web/app/render/map-hatch.mjs), drawn through a 2D
// context that records its path: the diagonals x + y = left + top + 6n, each cut to the marked
// cells it crosses, none over a cell that is there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hatch } from '../../web/app/render/map-hatch.mjs';

// A 2D context that keeps the segments of the path it strokes.
function recorder() {
  let path = [];
  let at = null;
  const ctx = {
    strokes: [],
    save() {},
    restore() {},
    beginPath: () => (path = []),
    moveTo: (x, y) => (at = [x, y]),
    lineTo(x, y) {
      path.push([...at, x, y]);
      at = [x, y];
    },
    stroke() {
      ctx.strokes.push({ segments: path, style: ctx.strokeStyle, width: ctx.lineWidth });
    },
  };
  return ctx;
}

const l = { left: 10, top: 20, cellW: 20, cellH: 14, drawnCols: 4 };
const theme = { hatch: 'rgba(90, 101, 117, 0.45)' };
const future = { rows: 4, mark: (r, c) => (c > r ? 'future' : null) };
const box = (r, c) => [l.left + c * l.cellW, l.top + r * l.cellH, l.cellW - 1, l.cellH - 1];
const inside = ([x, y, w, h], px, py) =>
  px >= x - 1e-9 && px <= x + w + 1e-9 && py >= y - 1e-9 && py <= y + h + 1e-9;

test('every diagonal is cut to the one marked cell it crosses, on the lines x + y = left + top + 6n', () => {
  const ctx = recorder();
  hatch(ctx, future, l, theme);
  assert.equal(ctx.strokes.length, 1);
  const [{ segments, style, width }] = ctx.strokes;
  assert.deepEqual([style, width], [theme.hatch, 1]);
  const perCell = new Map();
  for (const [x0, y0, x1, y1] of segments) {
    const k = x0 + y0;
    assert.ok(Math.abs(x1 + y1 - k) < 1e-9, 'a diagonal of slope −1');
    assert.equal((k - l.left - l.top) % 6, 0, 'on the map-wide lines, so neighbours meet');
    assert.ok(x1 > x0, 'a segment of positive length');
    const cell = [...Array(16).keys()]
      .map((i) => [Math.floor(i / 4), i % 4])
      .find(([r, c]) => inside(box(r, c), x0, y0) && inside(box(r, c), x1, y1));
    assert.ok(cell, `segment ${[x0, y0, x1, y1]} lies within one cell`);
    assert.ok(future.mark(...cell), `cell ${cell} is marked`);
    perCell.set(`${cell}`, (perCell.get(`${cell}`) ?? 0) + 1);
  }
  // Each marked cell gets every line that crosses its inside, from edge to edge.
  for (let r = 0; r < 4; ++r)
    for (let c = r + 1; c < 4; ++c) {
      const [x, y, w, h] = box(r, c);
      let crossing = 0;
      for (let k = l.left + l.top; k < x + y + w + h; k += 6) if (k > x + y) ++crossing;
      assert.equal(perCell.get(`${r},${c}`), crossing, `cell ${r},${c}`);
    }
  for (const [x0, y0, x1, y1] of segments) {
    const edges = (px, py, [x, y, w, h]) =>
      [px - x, x + w - px, py - y, y + h - py].some((d) => Math.abs(d) < 1e-9);
    const cell = box(Math.floor((y0 - l.top) / l.cellH), Math.floor((x0 - l.left) / l.cellW));
    assert.ok(edges(x0, y0, cell) && edges(x1, y1, cell), 'from edge to edge');
  }
});

test('a map without marks, or with none marked, is not hatched', () => {
  for (const spec of [{ rows: 4 }, { rows: 4, mark: () => null }]) {
    const ctx = recorder();
    hatch(ctx, spec, l, theme);
    assert.deepEqual(ctx.strokes, []);
  }
});
