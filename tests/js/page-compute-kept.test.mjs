// The page's recomputation (web/app/compute.mjs) when only dropout p moved in evaluation mode:
// the pass is kept and only the training-mode preview is computed again. Whatever the path, the
// result equals the one computed fresh for the same settings (as a link to them opens the page),
// and a p the core refuses is refused with the same message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { needsOf } from '../../web/app/state/needs.mjs';

const lab = await createAttentionLab();
const DROPOUT_STEP = needsOf({ step: 'dropout', lab: '' });
const OUTPUT_STEP = needsOf({ step: 'output', lab: '' });
const MASK_STEP = needsOf({ step: 'mask', lab: '' });

// Settings computed one after the other, each from the last result, against a fresh compute.
function sweep(list, needs) {
  let previous = null;
  for (const extra of list) {
    const settings = { ...DEFAULT_SETTINGS, ...extra };
    const kept = compute(lab, settings, null, needs, previous);
    assert.deepEqual(kept, compute(lab, settings, null, needs), JSON.stringify(extra));
    previous = kept;
  }
  return previous;
}

test('dragging p on the dropout step (evaluation mode) shows the fresh preview of each p', () => {
  const ps = [0.5, 0.45, 0.4, 0, 0.05, 0.95, 0.5].map((dropout) => ({ dropout, training: false }));
  const last = sweep(ps, DROPOUT_STEP);
  assert.equal(last.trainingPreview.settings.dropout, 0.5);
});

test('p moved on other steps, then the training switch and the sentence: always the fresh result', () => {
  sweep(
    [
      { dropout: 0.5 },
      { dropout: 0.2 },
      { dropout: 0.2, training: true },
      { dropout: 0.3, training: true },
      { dropout: 0.3 },
      { dropout: 0.35, sentence: 'the dog chased the ball' },
      { dropout: 0.6, sentence: 'the dog chased the ball' },
    ],
    OUTPUT_STEP,
  );
  sweep([{ dropout: 0.5 }, { dropout: 0.1 }, { dropout: 0.7, heads: 3 }], MASK_STEP);
});

// On the dropout step a p > 0 reaches the core through the preview's pass, any other through
// describe(): both routes must refuse what a fresh pass refuses, with its words.
test('a p the core refuses is refused after a kept pass as when computed fresh', () => {
  for (const needs of [OUTPUT_STEP, DROPOUT_STEP]) {
    const previous = compute(lab, DEFAULT_SETTINGS, null, needs);
    for (const dropout of [1, 1.5, -0.1, NaN, '']) {
      const settings = { ...DEFAULT_SETTINGS, dropout };
      let fresh = null;
      assert.throws(
        () => compute(lab, settings, null, needs),
        (err) => (fresh = err) && true,
      );
      assert.throws(
        () => compute(lab, settings, null, needs, previous),
        (err) => err.name === fresh.name && err.message === fresh.message,
        `dropout = ${JSON.stringify(dropout)}`,
      );
    }
  }
});

// A keystroke keeps the sentence's token count more often than not, and its seeded weights depend
// on the options alone: the page keeps the models of its last two evaluation-mode passes
// (web/app/compute-models.mjs). Each pass must still give what a model built for it gives.
test('typing reuses the seeded models of the last two lengths, with the numbers of a fresh model', () => {
  const built = []; // the training setting of each model the page builds
  const createModel = lab.createModel;
  lab.createModel = function (options) {
    built.push(options.training);
    return createModel.call(this, options);
  };
  try {
    const pass = (sentence, extra = {}) => {
      const settings = { ...DEFAULT_SETTINGS, sentence, ...extra };
      const result = compute(lab, settings);
      // The same pass through a model built for it alone (lab.forward builds and disposes one).
      const { dIn, seed, batch } = settings;
      const embedded = lab.embed(sentence, { dIn, seed, batch });
      const fresh = lab.forward({
        ...Object.fromEntries(
          Object.entries(settings).filter(([k]) => !['sentence', 'weights'].includes(k)),
        ),
        inputs: embedded.inputs,
        trace: true,
      });
      assert.deepEqual(result.output, fresh.output, `${sentence}: the output`);
      for (const [name, stage] of Object.entries(fresh.trace))
        assert.deepEqual(result.trace[name], stage, `${sentence}: ${name}`);
      return result;
    };
    // Six tokens, then six others, then seven and six again: two models, built once each.
    pass('dream big and work for it', { seed: 321 });
    pass('cats and dogs play in parks', { seed: 321 });
    pass('cats and dogs play in the parks', { seed: 321 });
    pass('red birds sing in green trees', { seed: 321 });
    pass('cats and dogs play in the parks', { seed: 321 });
    assert.deepEqual(built, [false, false], 'one model per length');
    // Another seed is another model; training mode builds one for every pass (its dropout stream).
    pass('red birds sing in green trees', { seed: 322 });
    pass('red birds sing in green trees', { seed: 322, training: true, dropout: 0.5 });
    pass('red birds sing in green trees', { seed: 322, training: true, dropout: 0.5 });
    assert.deepEqual(built, [false, false, false, true, true]);
  } finally {
    lab.createModel = createModel;
  }
});
