// The labs whose sliders recompute only what they move (web/app/labs/kit/memo.mjs): after a sweep
// of the slider, and after the page's pass changed under the open lab, each lab's numbers equal
// those of the same params computed fresh, as a link to them opens the lab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { remember } from '../../web/app/labs/kit/memo.mjs';
import * as masking from '../../web/app/labs/masking/compute.mjs';
import * as sqrtDh from '../../web/app/labs/sqrt-dh/compute.mjs';

const lab = await createAttentionLab();
const pageOf = (extra = {}) => {
  const settings = { ...DEFAULT_SETTINGS, ...extra };
  return readPage({ settings, result: pagePass(lab, settings) });
};
const OTHER = { sentence: 'the dog chased the ball', dOut: 8, heads: 4, seed: 7 };

// `compute` run over `steps` ([page, params]) in one open lab; each result against a fresh run.
function sweep(compute, steps) {
  const keep = new Map();
  for (const [page, params] of steps) {
    const kept = compute(lab, page, params, { keep, cause: 'params' });
    assert.deepEqual(kept, compute(lab, page, params), JSON.stringify(params));
  }
  return keep;
}

test('remember: built once for the same inputs, again when one of them changes', () => {
  const keep = new Map();
  let builds = 0;
  const build = () => ({ n: ++builds });
  const a = {};
  assert.equal(remember(keep, 'x', [a, 1], build).n, 1);
  assert.equal(remember(keep, 'x', [a, 1], build).n, 1);
  assert.equal(remember(keep, 'x', [{}, 1], build).n, 2);
  assert.equal(remember(keep, 'x', [a, 2], build).n, 3);
  assert.equal(remember(null, 'x', [a, 2], build).n, 4, 'no keep: built every time');
});

test('√d_h lab: a drag of d_h, a scale switch and a new page pass show the fresh numbers', () => {
  const page = pageOf();
  const other = pageOf(OTHER);
  sweep(sqrtDh.compute, [
    [page, { dh: 64, scale: 'on' }],
    [page, { dh: 3, scale: 'on' }],
    [page, { dh: 200, scale: 'on' }],
    [page, { dh: 200, scale: 'off' }],
    [other, { dh: 200, scale: 'off' }],
    [other, { dh: 17, scale: 'on' }],
  ]);
});

test('masking lab: stepping the gap and a new page pass show the fresh numbers', () => {
  const page = pageOf();
  const other = pageOf({ ...OTHER, causal: false });
  sweep(masking.compute, [
    [page, { gap: 10 }],
    [page, { gap: 11 }],
    [page, { gap: 90.5 }],
    [other, { gap: 90.5 }],
    [other, { gap: -3 }],
  ]);
});
