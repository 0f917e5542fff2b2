// The page's recomputation (web/app/compute.mjs) in Node: one edit tokenises the sentence once
// (embed() gives the tokens the page checks, the trained model's explain() tokenises for itself),
// and the page's limit of 128 tokens is still the message for a longer sentence, even one longer
// than embed()'s own 1,024.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute, withNeeds } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS, previewDropout } from '../../web/app/state/settings.mjs';
import {
  PREVIEW_STAGES,
  needsOf,
  needsAround,
  holdsNeeds,
  drawsAlike,
} from '../../web/app/state/needs.mjs';
import { STEPS } from '../../web/app/stages/index.mjs';

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
  for (const words of [129, 1100]) {
    const { spy } = counted();
    assert.throws(
      () => compute(spy, { ...DEFAULT_SETTINGS, sentence: 'a '.repeat(words) }),
      (err) =>
        err.name === 'PageError' &&
        err.option === 'sentence' &&
        err.message ===
          `The sentence has ${words} tokens; this page shows at most 128, so that every ` +
            'token-by-token map stays readable. Please shorten it.',
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

// Every value reachable from `value` that is a function, as paths ("trainingPreview").
function functionsIn(value, path = 'result', seen = new Set()) {
  if (typeof value === 'function') return [path];
  if (value === null || typeof value !== 'object' || seen.has(value) || ArrayBuffer.isView(value))
    return [];
  seen.add(value);
  return Object.entries(value).flatMap(([k, v]) => functionsIn(v, `${path}.${k}`, seen));
}

test('a result is plain data, and a later pass writes into none of its arrays', () => {
  const settings = { ...DEFAULT_SETTINGS, training: false, module: 'mha' };
  const all = { weights: true, preview: true };
  for (const weights of ['random', 'trained']) {
    const old = compute(
      lab,
      { ...settings, weights, sentence: 'the cat sat on the mat' },
      model,
      all,
    );
    assert.deepEqual(functionsIn(old), [], `${weights}: no functions`);
    assert.ok(old.weights && old.trainingPreview, `${weights}: what was asked for is there`);
    const copy = (r) => Object.entries(r.trace).map(([k, t]) => [k, Array.from(t.data)]);
    const before = [copy(old), copy(old.trainingPreview)];
    for (const sentence of ['a dog ran in the park', 'one two three four five six'])
      compute(lab, { ...settings, weights, sentence }, model, all);
    assert.deepEqual([copy(old), copy(old.trainingPreview)], before, `${weights}: unchanged`);
  }
});

test('the dropout preview: the same pass in training mode, with only the stages that step draws', () => {
  const settings = { ...DEFAULT_SETTINGS, training: false, sentence: 'the cat sat on the mat' };
  assert.equal(compute(lab, settings).trainingPreview, undefined, 'not computed unless asked for');
  const { trainingPreview: preview } = compute(lab, settings, null, { preview: true });
  assert.deepEqual(Object.keys(preview.trace), ['queries', 'queryHeads', ...PREVIEW_STAGES]);
  const fresh = compute(lab, { ...settings, training: true, dropout: previewDropout(0.5) });
  for (const name of Object.keys(preview.trace))
    assert.deepEqual(preview.trace[name].data, fresh.trace[name].data, name);
  assert.deepEqual(preview.settings, fresh.settings);
  // In training mode the step shows the pass itself.
  const training = { ...settings, training: true };
  assert.equal(compute(lab, training, null, { preview: true }).trainingPreview, null);
  // With the trained weights: the trained block with the p it was trained with, same inputs.
  const t = compute(lab, { ...settings, weights: 'trained' }, model, { preview: true });
  const run = model.explain(settings.sentence);
  const dropout = previewDropout(run.options.dropout);
  const block = lab.createModel({
    ...run.options,
    training: true,
    dropout,
    weights: model.stateDict(),
  });
  const reference = block.forward(run.inputs.data).trace;
  block.dispose();
  assert.equal(t.trainingPreview.settings.dropout, dropout);
  for (const name of PREVIEW_STAGES)
    assert.deepEqual(t.trainingPreview.trace[name].data, reference[name].data, name);
});

test('an edit copies no weights out; they are read when the shown step needs them', () => {
  const calls = { stateDict: 0 };
  const spy = new Proxy(lab, {
    get(t, key) {
      if (key === 'createModel') return (o) => counting(t.createModel(o), ['stateDict'], calls);
      const value = t[key];
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
  const settings = { ...DEFAULT_SETTINGS, module: 'mha', sentence: 'the cat sat on the mat' };
  const pass = compute(spy, settings);
  assert.equal(calls.stateDict, 0, 'the pass itself reads no state_dict');
  assert.equal(pass.weights, undefined);
  const r = withNeeds(spy, pass, { weights: true });
  assert.equal(calls.stateDict, 1);
  assert.equal(withNeeds(spy, r, { weights: true }), r, 'read once, then kept');
  assert.equal(r.trace, pass.trace, 'the same pass');
  // They are the weights of the pass: out_proj(merged heads) = its output.
  const W = r.weights['out_proj.weight'].data;
  const bias = r.weights['out_proj.bias'].data;
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
  const wrapper = compute(lab, { ...settings, module: 'wrapper' }, null, { weights: true });
  assert.equal(wrapper.weights, null);
  const t = compute(lab, { ...settings, weights: 'trained' }, model);
  assert.equal(t.weights, model.stateDict());
});

test('what a view reads besides the pass follows from the state', () => {
  const none = { weights: false, preview: false, routes: false };
  assert.deepEqual(needsOf({ step: 'softmax', lab: '' }), none);
  assert.deepEqual(needsOf({ step: 'dropout', lab: '' }), { ...none, preview: true });
  assert.deepEqual(needsOf({ step: 'output', lab: '' }), { ...none, weights: true });
  assert.deepEqual(needsOf({ step: 'mask', lab: '' }), { ...none, routes: true });
  assert.deepEqual(needsOf({ step: 'qkv', lab: 'export' }), { ...none, preview: true });
  assert.deepEqual(needsOf({ step: 'qkv', lab: 'sqrt-dh' }), none);
});

test('a step chosen brings what its neighbours read, so that the page can draw them ahead', () => {
  const none = { weights: false, preview: false, routes: false };
  const order = STEPS.map((s) => s.slug);
  // softmax sits between mask (the routes) and dropout (the preview).
  assert.deepEqual(needsAround({ step: 'softmax', lab: '' }, order), {
    ...none,
    preview: true,
    routes: true,
  });
  assert.deepEqual(needsAround({ step: 'merge', lab: '' }, order), { ...none, weights: true });
  assert.deepEqual(needsAround({ step: 'qkv', lab: '' }, order), none);
  // An embed that shows two steps: their neighbours are each other.
  assert.deepEqual(needsAround({ step: 'qkv', lab: '' }, ['qkv', 'output']), {
    ...none,
    weights: true,
  });
  // The lab's own needs stay.
  assert.deepEqual(needsAround({ step: 'qkv', lab: 'export' }, order), { ...none, preview: true });
});

test('a step drawn from one result shows what it would from another only where they agree', () => {
  const settings = { ...DEFAULT_SETTINGS, module: 'mha', training: false };
  const pass = compute(lab, settings, null, {});
  assert.equal(holdsNeeds(pass, 'softmax'), true);
  assert.equal(holdsNeeds(pass, 'dropout'), false);
  assert.equal(holdsNeeds(pass, 'output'), false);
  const all = withNeeds(lab, pass, { weights: true, preview: true, routes: true });
  for (const slug of ['dropout', 'output', 'mask']) assert.equal(holdsNeeds(all, slug), true);
  // The extras added: every step drawn from the pass still shows the same, but the steps that
  // read them, which could not be drawn from the pass.
  assert.equal(drawsAlike(pass, all, 'softmax'), true);
  assert.equal(drawsAlike(pass, all, 'dropout'), false);
  assert.equal(drawsAlike(all, all, 'dropout'), true);
  // dropout p moved in evaluation mode: the same pass, another preview and other settings.
  const moved = compute(lab, { ...settings, dropout: 0.25 }, null, { preview: true }, all);
  assert.equal(moved.trace, all.trace, 'the pass is kept');
  assert.equal(drawsAlike(all, moved, 'dropout'), false);
  assert.equal(drawsAlike(all, moved, 'softmax'), false, 'the settings differ');
  // Another sentence: nothing alike.
  const other = compute(lab, { ...settings, sentence: 'the cat sat' }, null, {});
  assert.equal(drawsAlike(pass, other, 'embeddings'), false);
});

test('typing keeps the seeded weights already read: they do not depend on the sentence', () => {
  const settings = { ...DEFAULT_SETTINGS, module: 'mha', sentence: 'the cat sat' };
  const weights = { weights: true };
  const first = compute(lab, settings, null, weights);
  const longer = { ...settings, sentence: 'the cat sat on the mat and slept' };
  const typed = compute(lab, longer, null, weights, first);
  assert.equal(typed.weights, first.weights, 'taken over, not copied again');
  assert.deepEqual(typed.weights, compute(lab, longer, null, weights).weights, 'the same numbers');
  const reseeded = compute(lab, { ...longer, seed: 7 }, null, weights, typed);
  assert.notEqual(reseeded.weights, typed.weights, 'other options: read again');
  assert.notDeepEqual(reseeded.weights, typed.weights);
});
