// The render layer's record of each map (web/app/render/maps.mjs). A step patched in place gives
// the map on the screen a record of its own, built from the drawn map's: the drawn map's record is
// never rewritten under whoever holds it, and a view's handle on the drawn map (the context step's
// linked rows and columns) still reaches the map on the screen.
import test from 'node:test';
import assert from 'node:assert/strict';
import { registerMap, adoptMap, mapEntry } from '../../web/app/render/maps.mjs';

// A map element as the registry sees it: a key, with its canvas, ring and link.
function map(name) {
  const el = { name };
  const part = (what) => ({ name: `${name} ${what}`, replaceWith() {} });
  registerMap(el, {
    canvas: part('canvas'),
    ring: part('ring'),
    link: part('link'),
    table: null,
    buildTable: () => `${name} table`,
    spec: { rows: 2, cols: 3, value: () => name },
    describe: () => [name],
  });
  return el;
}

test('a patched map takes the drawn numbers in a record of its own', () => {
  const shown = map('shown');
  const drawn = map('drawn');
  const drawnRecord = mapEntry(drawn);
  const shownRecord = mapEntry(shown);
  shownRecord.layout = { cellW: 20 };

  adoptMap(shown, drawn);
  const record = mapEntry(shown);

  assert.notEqual(record, drawnRecord, 'the two maps share no record');
  assert.notEqual(record.spec, drawnRecord.spec, 'nor the spec that painting writes into');
  assert.equal(drawnRecord.el, drawn, "the drawn map's record still names the drawn map");
  assert.equal(drawnRecord.canvas.name, 'drawn canvas', '… and its own canvas');
  assert.equal(record.el, shown);
  assert.equal(record.canvas.name, 'shown canvas', 'the map on the screen keeps its canvas');
  assert.equal(record.ring.name, 'shown ring');
  assert.equal(record.link.name, 'shown link');
  assert.deepEqual(record.layout, { cellW: 20 }, '… and its layout until it is painted again');
  assert.equal(record.spec.value(0, 0), 'drawn', 'and shows the drawn numbers');
  assert.deepEqual(record.describe(0, 0), ['drawn']);
  assert.equal(record.buildTable(), 'drawn table');
});

test("a view's handle on the drawn map reaches the map on the screen", () => {
  const shown = map('shown');
  const drawn = map('drawn');
  adoptMap(shown, drawn);
  assert.equal(mapEntry(drawn), mapEntry(shown));
  assert.equal(mapEntry(drawn).link.name, 'shown link');
});
