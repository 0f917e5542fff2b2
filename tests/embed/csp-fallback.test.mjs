// The element and the iframe page on cross-origin-isolated pages whose threads cannot start: a
// Content-Security-Policy without blob: in worker-src (the threaded build's workers start from a
// blob: URL), or workers that start but never load the core. Each runs on one thread, says why in
// a status line of its own, and its `ready` settles; the numbers are the single build's.
// (Pages of their own: the browser reports a refused worker as a console error, which is the point.)
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, reference, checkDist, ROOT } from './helpers.mjs';

const SETTINGS = { sentence: 'the dog chased the ball', dIn: 3, heads: 2, dOut: 6, seed: 123 };
const ATTRS = 'sentence="the dog chased the ball" d-in="3" heads="2" d-out="6" seed="123"';
const page = (body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,">
<script type="module" src="/attention-lab.js"></script></head><body><main>${body}</main></body></html>`;
// What a strict LMS sends, with workers allowed from its own origin only.
const NO_BLOB_WORKERS =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; " +
  "style-src 'self'; img-src 'self' data:";

let noBlob; // dist/ and a course page, isolated, workers from blob: URLs forbidden
let isolated; // the same without the policy
let site; // build/site (embed.html), isolated, workers from blob: URLs forbidden
let browser;

before(async () => {
  checkDist();
  const pages = {
    '/one.html': page(`<attention-lab id="a" ${ATTRS}></attention-lab>`),
    '/blank.html':
      '<!doctype html><html lang="en"><head><title>blank</title></head><body></body></html>',
  };
  const root = path.join(ROOT, 'dist');
  const csp = { 'Content-Security-Policy': NO_BLOB_WORKERS };
  noBlob = await serve({ root, pages, isolation: true, headers: csp });
  isolated = await serve({ root, pages, isolation: true });
  site = await serve({ root: path.join(ROOT, 'build', 'site'), isolation: true, headers: csp });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const s of [noBlob, isolated, site]) await s?.close();
});

// A fresh page recording every console message; `init` runs before the page's scripts.
async function openPage(url, init) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const p = await context.newPage();
  const notes = [];
  p.on('console', (msg) => notes.push(`${msg.type()}: ${msg.text()}`));
  p.on('pageerror', (err) => notes.push(`pageerror: ${err.message}`));
  if (init) await p.addInitScript(init);
  await p.goto(url);
  return { p, notes, close: () => context.close() };
}

// The element's build once `ready` settles, or 'ready did not settle' after a minute.
const settled = (p) =>
  p.evaluate(async () => {
    await customElements.whenDefined('attention-lab');
    const el = document.getElementById('a');
    const late = new Promise((resolve) => setTimeout(() => resolve('ready did not settle'), 60000));
    return Promise.race([
      el.ready.then(
        (e) => e.build,
        (err) => `rejected: ${err.message}`,
      ),
      late,
    ]);
  });
const noteOf = (p) =>
  p.evaluate(
    () =>
      document.getElementById('a').shadowRoot.querySelector('.threads-note[role="status"]')
        ?.textContent ?? '',
  );
const outputOf = (p) =>
  p.evaluate(() => Array.from(document.getElementById('a').result.output.data));
// The API's output for the element's settings (the attributes given, the defaults for the rest).
async function expectedOutput(p) {
  const settings = await p.evaluate(() => document.getElementById('a').state.settings);
  for (const [key, value] of Object.entries(SETTINGS)) assert.equal(settings[key], value, key);
  return Array.from((await reference(settings)).output.data);
}

test('element, isolated page, CSP without blob: workers: one thread, a status line naming worker-src, ready settles', async () => {
  const { p, notes, close } = await openPage(noBlob.url('/one.html'));
  try {
    assert.equal(await p.evaluate(() => crossOriginIsolated), true);
    assert.equal(await settled(p), 'single', notes.join('\n'));
    assert.match(await noteOf(p), /one thread.*Content-Security-Policy.*worker-src blob:/);
    assert.deepEqual(await outputOf(p), await expectedOutput(p));
    assert.ok(
      notes.some((n) => /^warning: attention-lab: .*one thread.*worker-src/.test(n)),
      notes.join('\n'),
    );
  } finally {
    await close();
  }
});

test('element, isolated page without such a policy: threads, and no status line', async () => {
  const { p, notes, close } = await openPage(isolated.url('/one.html'));
  try {
    assert.equal(await settled(p), 'threads', notes.join('\n'));
    assert.equal(await noteOf(p), '');
  } finally {
    await close();
  }
});

// Workers that start but never load the core (a policy or an extension that stops their script
// without an error): only the one-line probe worker runs; every later worker gets an empty script.
function emptyLaterWorkers() {
  const Real = window.Worker;
  let made = 0;
  window.Worker = class extends Real {
    constructor(url, options) {
      made += 1;
      const empty = URL.createObjectURL(new Blob([''], { type: 'text/javascript' }));
      super(made === 1 ? url : empty, options);
    }
  };
}

test('element, isolated page whose thread workers never load: one thread after a bounded wait, a status line, ready settles', async () => {
  const { p, notes, close } = await openPage(isolated.url('/one.html'), emptyLaterWorkers);
  try {
    assert.equal(await settled(p), 'single', notes.join('\n'));
    assert.match(await noteOf(p), /one thread.*workers did not start/);
    assert.deepEqual(await outputOf(p), await expectedOutput(p));
  } finally {
    await close();
  }
});

test('the API asked for 2 threads whose workers never load: an AttentionLabError naming threads, not a hang', async () => {
  const { p, notes, close } = await openPage(isolated.url('/blank.html'), emptyLaterWorkers);
  try {
    const answer = await p.evaluate(async () => {
      const { createAttentionLab } = await import('/index.mjs');
      const late = new Promise((resolve) => setTimeout(() => resolve('no answer'), 60000));
      const made = createAttentionLab({ threads: 2 }).then(
        () => 'a lab',
        (err) => `${err.name} [${err.option}]: ${err.message}`,
      );
      return Promise.race([made, late]);
    });
    assert.match(
      answer,
      /^AttentionLabError \[threads\]: threads = 2: .*did not start/,
      notes.join('\n'),
    );
  } finally {
    await close();
  }
});

// A lab that does not wait for its workers (the teaching page's), made in the page: how long it
// took and what it said then ({ ms, build, threads, note }), what it says after `settle` (until it
// runs on one thread, at most 40 s), and whether its passes then equal a one-thread lab's.
function waitingLab(p, settle) {
  return p.evaluate(async (settle) => {
    const { createAttentionLab } = await import('/index.mjs');
    const options = { tokens: 6, dIn: 6, dOut: 6, heads: 2, batch: 2, seed: 7 };
    const inputs = Float32Array.from({ length: 72 }, (_, i) => Math.sin(i));
    const outputOf = (lab) =>
      JSON.stringify(Array.from(lab.createModel(options).forward(inputs).output.data));
    const started = performance.now();
    const lab = await createAttentionLab({ waitForThreads: false });
    const made = {
      ms: performance.now() - started,
      build: lab.build,
      threads: lab.threads,
      note: lab.threadsNote,
    };
    const first = outputOf(lab); // while its worker loads, or never does
    for (let i = 0; settle && i < 400 && lab.threads > 1; ++i)
      await new Promise((r) => setTimeout(r, 100));
    const one = await createAttentionLab({ threads: 1 });
    const answer = {
      made,
      threads: lab.threads,
      note: lab.threadsNote,
      same: first === outputOf(one) && outputOf(lab) === outputOf(one),
    };
    lab.terminate();
    one.terminate();
    return answer;
  }, settle);
}

test('the API not waiting for threads: a lab at once, its workers used once loaded', async () => {
  const { p, notes, close } = await openPage(isolated.url('/blank.html'));
  try {
    const { made, ...after } = await waitingLab(p, false);
    assert.deepEqual({ ...made, ms: 0 }, { ms: 0, build: 'threads', threads: 2, note: '' });
    assert.deepEqual(after, { threads: 2, note: '', same: true }, notes.join('\n'));
  } finally {
    await close();
  }
});

test('the API not waiting for threads whose workers never load: a lab at once, then one thread and a note', async () => {
  const { p, notes, close } = await openPage(isolated.url('/blank.html'), emptyLaterWorkers);
  try {
    const { made, ...after } = await waitingLab(p, true);
    assert.ok(
      made.ms < 15000,
      `the lab came before the bounded wait for its workers (${made.ms} ms)`,
    );
    assert.deepEqual({ ...made, ms: 0 }, { ms: 0, build: 'threads', threads: 2, note: '' });
    assert.equal(after.threads, 1, notes.join('\n'));
    assert.match(after.note, /one thread.*workers did not start/);
    assert.equal(after.same, true, "its passes equal a one-thread lab's, before and after");
    assert.ok(
      notes.some((n) => /^warning: attention-lab: .*one thread.*did not start/.test(n)),
      notes.join('\n'),
    );
  } finally {
    await close();
  }
});

test('iframe page served with a CSP without blob: workers: one thread, a status line, the view drawn', async () => {
  const query = '?sentence=the+dog+chased+the+ball&dIn=3&heads=2&dOut=6&seed=123&stage=softmax';
  const { p, notes, close } = await openPage(site.url(`/embed.html${query}`));
  try {
    assert.equal(await p.evaluate(() => crossOriginIsolated), true);
    await p.waitForFunction(() => document.documentElement.dataset.build, null, {
      timeout: 60000,
    });
    assert.equal(await p.evaluate(() => document.documentElement.dataset.build), 'single');
    const note = await p.evaluate(
      () => document.querySelector('.threads-note[role="status"]')?.textContent ?? '',
    );
    assert.match(note, /one thread.*Content-Security-Policy.*worker-src blob:/);
    assert.equal(
      await p.evaluate(() => document.querySelector('#stage')?.dataset.step),
      'softmax',
      notes.join('\n'),
    );
    assert.ok(!notes.some((n) => n.startsWith('pageerror')), notes.join('\n'));
  } finally {
    await close();
  }
});
