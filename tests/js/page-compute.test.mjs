// The page's recomputation (web/app/compute.mjs) in Node: one edit tokenises the sentence once
// (embed() gives the tokens the page checks, the trained model's explain() tokenises for itself),
// and the page's limit of 64 tokens is still the message for a longer sentence, even one longer
// than embed()'s own 1,024.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute, PREVIEW_STAGES } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/store.mjs';

const lab = await createAttentionLab();
const model = await lab.loadWeights('trained');

// The lab and the trained model with their tokenising calls counted (a proxy: the API's classes
// keep private fields, so their methods run on the real objects).
function counting(target, names, calls) {
  return new Proxy(target, {
    get(t, key) {
      const value = t[key];
      if (typeof value !== 'function') return value;
      return (...args) => {
        if (names.includes(key)) ++calls[key];
        return value.apply(t, args);
      };
    },
  });
}
function counted() {
  const calls = { tokenize: 0, embed: 0, explain: 0 };
  return {
    spy: counting(lab, ['tokenize', 'embed'], calls),
    trained: counting(model, ['explain'], calls),
    calls,
  };
}

test('an edit tokenises the sentence once, with either weights', () => {
  const sentence = 'the dog chased the ball but it could not catch it';
  const random = counted();
  const r = compute(random.spy, { ...DEFAULT_SETTINGS, sentence });
  assert.equal(r.tokens.length, 11);
  assert.deepEqual(random.calls, { tokenize: 0, embed: 1, explain: 0 });
  const t = counted();
  const s = compute(t.spy, { ...DEFAULT_SETTINGS, sentence, weights: 'trained' }, t.trained);
  assert.equal(s.source, 'trained');
  assert.deepEqual(s.tokens, model.explain(sentence).tokens);
  assert.deepEqual(t.calls, { tokenize: 0, embed: 0, explain: 1 });
});

test('too long for the page: the page’s limit is the message', () => {
  for (const words of [70, 1100]) {
    const { spy } = counted();
    assert.throws(
      () => compute(spy, { ...DEFAULT_SETTINGS, sentence: 'a '.repeat(words) }),
      (err) =>
        err.name === 'PageError' &&
        err.option === 'sentence' &&
        err.message ===
          `The sentence has ${words} tokens; this page shows at most 64. Please shorten it.`,
    );
  }
  // The trained model says its own context is the limit.
  assert.throws(
    () =>
      compute(lab, { ...DEFAULT_SETTINGS, sentence: 'a '.repeat(70), weights: 'trained' }, model),
    (err) => err.option === 'sentence' && /the trained model reads at most 64/.test(err.message),
  );
  assert.throws(
    () => compute(lab, { ...DEFAULT_SETTINGS, sentence: '  ' }),
    (err) => err.name === 'AttentionLabError' && /the sentence is empty/.test(err.message),
  );
});

test('a pass and its dropout preview write into the arrays of a result no longer shown', () => {
  const settings = { ...DEFAULT_SETTINGS, training: false };
  const old = compute(lab, { ...settings, sentence: 'the cat sat on the mat' });
  old.trainingPreview();
  const spare = old.spareTraces();
  assert.ok(spare.trace && spare.preview, 'a drawn preview is offered for recycling');
  const sentence = 'a dog ran in the park';
  const next = compute(lab, { ...settings, sentence }, null, spare);
  const preview = next.trainingPreview();
  assert.equal(next.trace.attentionWeights.data, spare.trace.attentionWeights.data);
  assert.equal(preview.trace.droppedWeights.data, spare.preview.droppedWeights.data);
  // The same numbers as fresh arrays hold.
  const fresh = compute(lab, { ...settings, sentence });
  for (const name of Object.keys(fresh.trace))
    assert.deepEqual(next.trace[name].data, fresh.trace[name].data, name);
  // The preview copies out only what the dropout step draws (and the stages the sizes come from).
  const freshPreview = fresh.trainingPreview().trace;
  assert.deepEqual(Object.keys(preview.trace), ['queries', 'queryHeads', ...PREVIEW_STAGES]);
  for (const name of Object.keys(preview.trace))
    assert.deepEqual(preview.trace[name].data, freshPreview[name].data, name);
  // Nothing to recycle from a preview never drawn.
  assert.equal(compute(lab, { ...settings, sentence }).spareTraces().preview, null);
});

test('with the trained weights too, the preview writes into the replaced preview’s arrays', () => {
  const settings = { ...DEFAULT_SETTINGS, weights: 'trained' };
  const old = compute(lab, { ...settings, sentence: 'the cat sat on the mat' }, model);
  old.trainingPreview();
  const spare = old.spareTraces();
  assert.ok(spare.trace && spare.preview);
  const sentence = 'a dog ran in the park';
  const next = compute(lab, { ...settings, sentence }, model, spare);
  const preview = next.trainingPreview();
  assert.equal(preview.trace.droppedWeights.data, spare.preview.droppedWeights.data);
  const fresh = compute(lab, { ...settings, sentence }, model).trainingPreview();
  for (const name of Object.keys(fresh.trace))
    assert.deepEqual(preview.trace[name].data, fresh.trace[name].data, name);
  assert.equal(next.spareTraces().preview, preview.trace);
});

test('an edit copies no weights out; weights() reads the pass’s own when a step asks', () => {
  const calls = { stateDict: 0 };
  const spy = new Proxy(lab, {
    get(t, key) {
      if (key === 'createModel') return (o) => counting(t.createModel(o), ['stateDict'], calls);
      const value = t[key];
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
  const settings = { ...DEFAULT_SETTINGS, module: 'mha', sentence: 'the cat sat on the mat' };
  const r = compute(spy, settings);
  assert.equal(calls.stateDict, 0, 'the pass itself reads no state_dict');
  const weights = r.weights();
  assert.equal(calls.stateDict, 1);
  assert.equal(r.weights(), weights, 'read once, then kept');
  // They are the weights of the pass: out_proj(merged heads) = its output.
  const W = weights['out_proj.weight'].data;
  const bias = weights['out_proj.bias'].data;
  const merged = r.trace.mergedHeads.data;
  const { D } = r.sizes;
  let worst = 0;
  for (let row = 0; row < merged.length / D; ++row)
    for (let j = 0; j < D; ++j) {
      let sum = bias[j];
      for (let k = 0; k < D; ++k) sum += W[j * D + k] * merged[row * D + k];
      worst = Math.max(worst, Math.abs(sum - r.output.data[row * D + j]));
    }
  assert.ok(worst < 1e-5, `out_proj(merged heads) differs from the output by ${worst}`);
  assert.equal(compute(lab, { ...settings, module: 'wrapper' }).weights(), null);
  const t = compute(lab, { ...settings, weights: 'trained' }, model);
  assert.equal(t.weights(), model.stateDict());
});
