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

test('a p the core refuses is refused after a kept pass as when computed fresh', () => {
  const previous = compute(lab, DEFAULT_SETTINGS, null, OUTPUT_STEP);
  for (const dropout of [1, -0.1, '']) {
    const settings = { ...DEFAULT_SETTINGS, dropout };
    let fresh = null;
    assert.throws(
      () => compute(lab, settings, null, OUTPUT_STEP),
      (err) => (fresh = err) && true,
    );
    assert.throws(
      () => compute(lab, settings, null, OUTPUT_STEP, previous),
      (err) => err.name === fresh.name && err.message === fresh.message,
      `dropout = ${JSON.stringify(dropout)}`,
    );
  }
});
