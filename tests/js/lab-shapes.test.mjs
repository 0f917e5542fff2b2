// The weights lab's own arithmetic (web/app/labs/*), in Node against the API: transpose(1, 2)
// twice is the identity; the wrapper given the split's slices computes the split's merged heads; W_o's
// head shares; and every page module (mha, wrapper, causal) maps onto a MultiHeadAttention.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { transpose12, maxAbsDifference, identity } from '../../web/app/labs/tensor-ops.mjs';
import { computeWeights, headShares } from '../../web/app/labs/weights-compute.mjs';

const lab = await createAttentionLab();
const page = (extra) => ({
  sentence: 'Your journey starts with one step',
  module: 'mha',
  dIn: 4,
  dOut: 6,
  heads: 3,
  seed: 123,
  batch: 2,
  qkvBias: false,
  ...extra,
});

test('transpose(1, 2) moves numbers; twice it is the identity', () => {
  const t = { shape: [1, 2, 3, 2], data: Float32Array.from({ length: 12 }, (_, i) => i) };
  const once = transpose12(t);
  assert.deepEqual(once.shape, [1, 3, 2, 2]);
  assert.deepEqual(Array.from(once.data), [0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11]);
  assert.equal(maxAbsDifference(transpose12(once), t), 0);
});

test('the weights lab: the split’s slices make the wrapper compute the merged heads', () => {
  for (const extra of [
    {},
    { qkvBias: true },
    { module: 'wrapper', dOut: 2 },
    { module: 'causal', heads: 1 },
  ]) {
    const d = computeWeights(lab, page(extra));
    const label = JSON.stringify(extra);
    assert.equal(d.layoutCheck, 0, label);
    assert.equal(d.sliceCheck, 0, label);
    assert.equal(d.identityCheck, 0, label);
    assert.equal(d.sameSeed.length, 3 * d.heads, label);
  }
});

test('head shares: identity keeps heads apart, every row sums to 1', () => {
  assert.deepEqual(headShares({ shape: [4, 4], data: identity(4) }, 2), [
    [1, 0],
    [1, 0],
    [0, 1],
    [0, 1],
  ]);
  const shares = headShares(
    { shape: [4, 4], data: Float32Array.from({ length: 16 }, (_, i) => i - 8) },
    2,
  );
  for (const row of shares) assert.ok(Math.abs(row[0] + row[1] - 1) < 1e-12);
});
