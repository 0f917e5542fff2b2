// The page's first paint (web/app/first-paint.mjs) draws each step's shape and its maps' frames
// from the settings alone, before the core has loaded: those shapes must be the ones the core's
// pass then reports, for every module, or the numbers would not land where the page made room;
// and it counts and names the steps as the stepper after it does (an author's `steps`, the words).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS, choicesOf } from '../../web/app/state/settings.mjs';
import { firstPaintSizes, shapesOnly } from '../../web/app/first-paint.mjs';
import EN from '../../web/app/strings/en.mjs';
import DE from '../../web/app/strings/de.mjs';
import { installFakeDom, textOfDom } from './fake-dom.mjs';

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

test('the first paint counts and names the steps an author shows, as the stepper does', async () => {
  installFakeDom();
  const { drawFirstPaint } = await import('../../web/app/first-paint.mjs');
  const { STEPS } = await import('../../web/app/stages/index.mjs');
  const { chooseSteps } = await import('../../web/app/step-choice.mjs');
  const { localSteps } = await import('../../web/app/strings/index.mjs');
  const paint = (step, S, text = '') => {
    const root = document.createElement('div');
    const shown = localSteps(chooseSteps(STEPS, text, S).steps, S);
    drawFirstPaint(
      root,
      { settings: DEFAULT_SETTINGS, view: { step, head: 'all' } },
      '…',
      S,
      shown,
    );
    const read = (cls) => textOfDom(root.querySelector(cls));
    return { count: read('.step-count'), title: read('#stage-title'), explain: read('.explain') };
  };
  const four = 'scores,scale,mask,softmax';
  assert.deepEqual(pick(paint('mask', EN, four)), ['Step 3 of 4', EN['step.mask.title']]);
  // A step the author does not show: the first one shown, as the controller fits the view.
  assert.deepEqual(pick(paint('qkv', EN, four)), ['Step 1 of 4', EN['step.scores.title']]);
  assert.deepEqual(pick(paint('mask', EN)), ['Step 6 of 11', EN['step.mask.title']]);
  const german = paint('attentionWeights', DE, 'softmax,mask');
  assert.deepEqual(pick(german), ['Schritt 1 von 2', DE['step.softmax.title']]);
  assert.match(german.explain, /^Die Softmax macht aus jeder Zeile von Scores Gewichte/);
});
const pick = ({ count, title }) => [count, title];
