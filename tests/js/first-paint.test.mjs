// The page's first paint (web/app/first-paint.mjs) draws each step's shape and its maps' frames
// from the settings alone, before the core has loaded: those shapes must be the ones the core's
// pass then reports, for every module, or the numbers would not land where the page made room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS, choicesOf } from '../../web/app/state/settings.mjs';
import { firstPaintSizes, shapesOnly } from '../../web/app/first-paint.mjs';

const lab = await createAttentionLab({ tokenizer: 'lazy' });

// Sizes a student can set, each module with the heads it allows.
const CASES = choicesOf('module').flatMap((module) =>
  [
    { dIn: 3, dOut: 2, heads: 2, batch: 1 },
    { dIn: 6, dOut: 6, heads: 3, batch: 2 },
    { dIn: 4, dOut: 8, heads: 4, batch: 1, sentence: 'all dogs are animals' },
  ].map((sizes) => ({
    ...DEFAULT_SETTINGS,
    ...sizes,
    module,
    heads: module === 'mha' || module === 'wrapper' ? sizes.heads : 1,
    ...(module === 'simplified' ? { dOut: sizes.dIn } : {}),
  })),
);

test("the first paint's sizes and shapes are those of the core's pass, for every module", () => {
  for (const settings of CASES) {
    const result = compute(lab, settings);
    const first = shapesOnly(settings);
    assert.ok(first, `${settings.module}: a sentence with known tokens has shapes`);
    assert.deepEqual(first.sizes, result.sizes, settings.module);
    assert.deepEqual(firstPaintSizes(settings, result.sizes.T), result.sizes, settings.module);
    assert.deepEqual(first.source, result.source, settings.module);
    for (const [name, tensor] of Object.entries(result.trace))
      assert.deepEqual(first.trace[name].shape, tensor.shape, `${settings.module}: ${name}`);
  }
});

test('without the tokenizer, the trained model or valid sizes there are no shapes to draw', () => {
  const unknown = { ...DEFAULT_SETTINGS, sentence: 'a sentence no page carries the tokens of' };
  assert.equal(shapesOnly(unknown), null);
  assert.equal(shapesOnly({ ...DEFAULT_SETTINGS, weights: 'trained' }), null);
  assert.equal(shapesOnly({ ...DEFAULT_SETTINGS, dOut: 5, heads: 2 }), null, 'd_out not split');
  assert.equal(shapesOnly({ ...DEFAULT_SETTINGS, sentence: '  ' }), null);
});
