// The page's state (web/app/state/) and its one writer (web/app/controller.mjs) in Node: the URL
// codec reads and writes the open lab's own keys, and the controller alone writes the store and
// the address, a lab's keys included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { createStore } from '../../web/app/state/store.mjs';
import { parseUrl, stateUrl, patchLabParams, toUrl } from '../../web/app/state/url.mjs';
import { createController } from '../../web/app/controller.mjs';
import { ADDRESS_REST_MS } from '../../web/app/state/address.mjs';

const lab = await createAttentionLab();

test('the URL codec: a lab’s own keys are read, written after the page’s, and patched', () => {
  const parsed = parseUrl('?heads=3&lab=sqrt-dh&sqrt-dh.dh=8&masking.x=1&step=softmax');
  assert.equal(parsed.settings.heads, 3);
  assert.equal(parsed.view.lab, 'sqrt-dh');
  assert.deepEqual(parsed.labParams, { 'sqrt-dh.dh': '8' }, 'only the open lab’s keys');
  assert.deepEqual(parseUrl('?sqrt-dh.dh=8').labParams, {}, 'no lab open: none');
  assert.equal(stateUrl(parsed), `${toUrl(parsed)}&sqrt-dh.dh=8`);
  const patched = patchLabParams(parsed.labParams, 'sqrt-dh', { dh: 16, 'sqrt-dh.x': 'a' });
  assert.deepEqual(patched, { 'sqrt-dh.dh': '16', 'sqrt-dh.x': 'a' });
  assert.deepEqual(patchLabParams(patched, 'sqrt-dh', { dh: null, x: '' }), {});
  assert.deepEqual(parsed.labParams, { 'sqrt-dh.dh': '8' }, 'the state itself is not changed');
});

// A page's history and location, recording each address written.
function fakeAddress(search, pathname = '/') {
  const location = { pathname, search, hash: '' };
  const written = [];
  const history = {
    replaceState(_, __, url) {
      written.push(url);
      const next = new URL(url, `http://127.0.0.1:8000${location.pathname}${location.search}`);
      assert.equal(next.origin, 'http://127.0.0.1:8000', `${url} leaves the page's origin`);
      location.pathname = next.pathname;
      location.search = next.search;
    },
  };
  return { location, history, written };
}

// A swept value (a lab's slider, the step) reaches the address once the sweep has rested.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const afterRest = () => sleep(ADDRESS_REST_MS + 20);

test('the controller writes the store and the address, a lab’s own keys included', async () => {
  const address = fakeAddress('?lab=sqrt-dh&sqrt-dh.dh=8');
  const store = createStore(parseUrl(address.location.search));
  const controller = createController(store, address);
  controller.attach(lab);
  controller.start();
  assert.deepEqual(store.get().labParams, { 'sqrt-dh.dh': '8' });
  assert.match(address.location.search, /&sqrt-dh\.dh=8$/, 'the first state keeps the lab’s key');
  const heard = [];
  store.subscribe((state, changed) => heard.push([...changed]));
  controller.setLabParams('sqrt-dh', { dh: 16 });
  assert.deepEqual(store.get().labParams, { 'sqrt-dh.dh': '16' });
  assert.deepEqual(heard.at(-1), ['labParams']);
  assert.match(address.location.search, /&sqrt-dh\.dh=8$/, 'not in the frame that moved it');
  await afterRest();
  assert.equal(address.location.search, `${toUrl(store.get())}&sqrt-dh.dh=16`);
  // A lab no longer open changes nothing; another lab drops the keys of the one closed.
  controller.setLabParams('masking', { x: 1 });
  assert.deepEqual(store.get().labParams, { 'sqrt-dh.dh': '16' });
  controller.setView({ lab: 'masking' }, 'ui');
  assert.deepEqual(store.get().labParams, {});
  assert.equal(address.location.search, toUrl(store.get()));
  assert.match(address.location.search, /lab=masking/);
});

test('the controller computes what the shown step reads before the store changes', () => {
  const store = createStore({ settings: { training: false, module: 'mha' }, view: {} });
  const controller = createController(store);
  controller.attach(lab);
  controller.start();
  const first = store.get().result;
  assert.equal(first.trainingPreview, undefined);
  const seen = [];
  store.subscribe((state) => seen.push([state.view.step, state.result]));
  controller.setView({ step: 'dropout' }, 'ui');
  const [step, result] = seen.at(-1);
  assert.equal(step, 'dropout');
  assert.ok(result.trainingPreview?.trace.dropoutMask, 'the preview is in the stored result');
  assert.equal(result.trace, first.trace, 'of the same pass');
  controller.setView({ step: 'output' }, 'ui');
  assert.ok(store.get().result.weights['out_proj.weight'], 'the weights, for the head shares');
  assert.ok(store.get().result.trainingPreview, 'what was computed for this pass is kept');
  // A script's copy has the weights on any step, and the same numbers.
  controller.setView({ step: 'qkv' }, 'ui');
  controller.edit({ sentence: 'a dog ran in the park' }, 'sentence');
  const handed = controller.handOut(store.get().result);
  assert.ok(handed.weights['out_proj.weight']);
  assert.equal(handed.trace, store.get().result.trace);
});

test('the address written keeps the page on its path and origin, even a path of "//"', () => {
  const address = fakeAddress('?heads=3', '//');
  const store = createStore(parseUrl(address.location.search));
  const controller = createController(store, address);
  controller.attach(lab);
  controller.start();
  controller.setView({ lab: 'masking' }, 'ui');
  assert.ok(address.written.length > 0, 'the address was written');
  assert.equal(address.location.pathname, '//');
  assert.equal(address.location.search, toUrl(store.get()));
});

test('a step chosen on the page is written to the address once the sweep rests, and ends right', async () => {
  const address = fakeAddress('?step=qkv');
  const store = createStore(parseUrl(address.location.search));
  const controller = createController(store, address);
  controller.attach(lab);
  controller.start();
  const before = address.location.search;
  controller.setView({ step: 'scores' }, 'ui');
  controller.setView({ step: 'scale' }, 'ui');
  assert.equal(address.location.search, before, 'nothing written in the frame');
  await sleep(5);
  assert.equal(address.location.search, before, 'nor with the neighbours’ extras after it');
  await afterRest();
  assert.match(address.location.search, /step=scale/);
  assert.equal(address.location.search, toUrl(store.get()));
  // Another change before the write writes both at once.
  controller.setView({ step: 'mask' }, 'ui');
  controller.setView({ head: '0' }, 'ui');
  assert.equal(address.location.search, toUrl(store.get()));
  assert.match(address.location.search, /step=mask/);
});

test('a sweep is written to the address once, when it rests or when the student leaves it', async () => {
  const address = fakeAddress('?step=qkv');
  // The page's window, for the events of leaving a control.
  const win = new EventTarget();
  const store = createStore(parseUrl(address.location.search));
  const controller = createController(store, { ...address, win });
  controller.attach(lab);
  controller.start();
  const written = address.written.length;
  // Dropout p stepped at a frame's pace, 0.01 to 0.12: one write, after the last change.
  for (let i = 1; i <= 12; i++) {
    controller.edit({ dropout: i / 100 }, 'dropout');
    await sleep(16);
  }
  assert.equal(address.written.length, written, 'nothing written while the sweep goes on');
  await afterRest();
  assert.equal(address.written.length, written + 1, 'one write for the whole sweep');
  assert.equal(new URLSearchParams(address.location.search).get('dropout'), '0.12');
  // Leaving the control (a pointer pressed elsewhere, or the focus moving on) writes at once.
  for (const type of ['pointerdown', 'focusout']) {
    controller.setView({ step: type === 'pointerdown' ? 'scores' : 'mask' }, 'ui');
    assert.equal(address.location.search.includes(`step=${store.get().view.step}`), false);
    win.dispatchEvent(new Event(type));
    assert.equal(address.location.search, toUrl(store.get()), `after ${type}`);
  }
  const all = address.written.length;
  win.dispatchEvent(new Event('pointerdown'));
  await afterRest();
  assert.equal(address.written.length, all, 'nothing waits: nothing more is written');
});

test('a new step: what it reads in its frame, what its neighbours read after it, same pass', async () => {
  const store = createStore({
    settings: { training: false, module: 'mha' },
    view: { step: 'qkv' },
  });
  const controller = createController(store);
  controller.attach(lab);
  controller.start();
  const heard = [];
  store.subscribe((state, changed, meta) =>
    heard.push({ changed: [...changed], source: meta.source, result: state.result }),
  );
  controller.setView({ step: 'scale' }, 'ui');
  const shown = store.get().result;
  assert.equal(shown.maskRoutes, undefined, 'the mask step’s second route: not in the frame');
  await sleep(5);
  const { changed, source, result } = heard.at(-1);
  assert.deepEqual([changed, source], [['result'], 'ahead']);
  assert.equal(typeof result.maskRoutes?.difference, 'number', 'then, for the mask step ahead');
  assert.equal(result.trace, shown.trace, 'of the same pass');
  assert.equal(store.get().view.step, 'scale');
  // The mask step finds it there; one step on before the frame, none is added for the step left.
  controller.setView({ step: 'mask' }, 'ui');
  assert.equal(store.get().result.maskRoutes, result.maskRoutes);
  controller.setView({ step: 'output' }, 'ui');
  controller.edit({ sentence: 'a dog ran in the park' }, 'sentence');
  assert.equal(store.get().result.maskRoutes, undefined, 'a new pass, on the output step');
  controller.setView({ step: 'softmax' }, 'ui');
  controller.setView({ step: 'output' }, 'ui');
  const count = heard.length;
  await sleep(5);
  assert.equal(
    store.get().result.maskRoutes,
    undefined,
    'nothing for the softmax step’s neighbours',
  );
  assert.ok(heard.length - count <= 1);
  assert.ok(store.get().result.weights['out_proj.weight'], 'the output step reads its weights');
});
