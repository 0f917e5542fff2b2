// The page is right when what it loads on first use arrives late: the tokenizer (the first
// sentences carry their tokens, so a default page never asks for it), the trained weights, a lab's
// modules. Each is held back by a route until the test lets it through, while the student types;
// once it arrives the page shows the numbers of the last sentence typed, and no message. The
// preload picks the build the loader runs, with and without cross-origin isolation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  pageSuite,
  watchedPage,
  ready,
  startServer,
  shownCells,
  referenceTrace,
  compareCells,
  nodeLab,
} from './helpers.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';

const suite = pageSuite();
const settingsOf = (page) => parseUrl(new URL(page.url()).search).settings;
const shownTokens = (page) =>
  page.$$eval('.tokens .token .tok', (els) => els.map((e) => e.textContent.replace(/^␣/, ' ')));
const isTokenizer = (url) => /tokenizer[^/]*\.mjs$/.test(url.pathname);

/**
 * The page at `query` with every request whose URL `held(url)` holds waiting until release():
 * { page, release, held (the URLs asked for so far), requested (every URL), close }.
 */
async function heldPage(query, held, server = suite.server) {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, suite.problems);
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const asked = [];
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await context.route(held, async (route) => {
    asked.push(route.request().url());
    await gate;
    await route.continue();
  });
  await page.goto(server.url + query);
  await ready(page, { lab: false }); // the lab's modules may be the ones held back
  return { page, release, held: asked, requested, close: () => context.close() };
}

async function typeSentence(page, sentence) {
  await page.fill('#ctl-sentence', sentence);
}

// The page's numbers and tokens are the Node API's for the settings in its address.
async function assertShowsAddress(page) {
  const settings = settingsOf(page);
  const lab = await nodeLab();
  assert.deepEqual(
    await shownTokens(page),
    lab.tokenize(settings.sentence).map((t) => t.text),
  );
  assert.deepEqual(compareCells(await shownCells(page), await referenceTrace(settings)), []);
}

test('the default page never asks for the tokenizer; typing before it arrives shows the last sentence', async () => {
  const { page, release, held, requested, close } = await heldPage(
    '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&step=scores',
    isTokenizer,
  );
  assert.deepEqual(held, [], 'no tokenizer before a sentence needs it');
  assert.ok(!requested.some((u) => /tokenizer/.test(u)), requested.join('\n'));
  await assertShowsAddress(page);
  // Two sentences typed while the tokenizer is on its way: the page keeps the last good numbers.
  await typeSentence(page, 'a sentence the page has no tokens for');
  await page.waitForTimeout(300);
  await typeSentence(page, 'attention is all you need');
  assert.equal(held.length, 1, 'asked for once');
  assert.equal(settingsOf(page).sentence, 'dream big and work for it', 'still the last computed');
  assert.equal(await page.locator('#msg-sentence').textContent(), '');
  release();
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('sentence') === 'attention is all you need',
  );
  // The address is written after the page has painted the new numbers.
  await assertShowsAddress(page);
  assert.equal(await page.locator('#msg-sentence').textContent(), '');
  await close();
});

test('typing key by key while the tokenizer loads: the box and the address keep every key', async () => {
  for (const delay of [0, 50]) {
    const { page, close } = await heldPage(
      '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&step=embeddings',
      () => false,
    );
    const typed = 'the dog chased the ball';
    await page.focus('#ctl-sentence');
    await page.evaluate(() => document.querySelector('#ctl-sentence').select());
    // The first key asks for the tokenizer, which arrives while the next keys are typed.
    await page.keyboard.type(typed, { delay });
    await page.waitForFunction(
      (s) => new URL(location.href).searchParams.get('sentence') === s,
      typed,
    );
    assert.equal(await page.inputValue('#ctl-sentence'), typed, `delay ${delay} ms`);
    await assertShowsAddress(page);
    await close();
  }
});

test('a typed sentence in the address waits for the tokenizer, then shows its numbers', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, suite.problems);
  await context.route(isTokenizer, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(
    `${suite.server.url}?sentence=the+cat+sat+on+the+mat&dIn=6&dOut=6&heads=2&batch=2&step=softmax`,
  );
  await ready(page);
  await assertShowsAddress(page);
  await context.close();
});

test('trained weights arriving late: the sentence typed meanwhile is the one shown with them', async () => {
  const { page, release, held, close } = await heldPage(
    '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&step=scores',
    (url) => url.pathname.endsWith('.atlm'),
  );
  await page.selectOption('#ctl-weights', 'trained');
  await typeSentence(page, 'the dog chased the ball');
  await page.waitForTimeout(300);
  assert.equal(held.length, 1);
  assert.equal(settingsOf(page).weights, 'random', 'nothing computed without the weights');
  release();
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('weights') === 'trained',
  );
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('sentence') === 'the dog chased the ball',
  );
  const lab = await nodeLab();
  assert.deepEqual(
    await shownTokens(page),
    lab.tokenize('the dog chased the ball').map((t) => t.text),
  );
  assert.equal(await page.locator('#msg-weights').textContent(), '');
  await close();
});

test('a lab whose modules and tokenizer arrive late opens with its numbers and no error', async () => {
  const { page, release, held, close } = await heldPage(
    '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&lab=sqrt-dh',
    (url) => /(compute|view|tokenizer)[^/]*\.mjs$/.test(url.pathname),
  );
  const panel = page.locator('#lab-panel[data-lab="sqrt-dh"]');
  await panel.waitFor({ state: 'visible' });
  // The harness comes first (it loads with the first lab opened), then the lab's own modules.
  for (let i = 0; i < 200 && held.length === 0; ++i) await page.waitForTimeout(50);
  assert.ok(held.length >= 1, 'the lab asked for its modules');
  await typeSentence(page, 'all dogs are animals');
  release();
  await page.waitForFunction(
    () => document.querySelector('#lab-panel [aria-busy]')?.getAttribute('aria-busy') === 'false',
  );
  assert.equal(await panel.locator('.lab-error').textContent(), '');
  assert.ok((await panel.locator('canvas, table, svg').count()) > 0, 'the lab drew its figures');
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('sentence') === 'all dogs are animals',
  );
  await assertShowsAddress(page);
  await close();
});

// The wasm files the page fetched, and the build it reports.
async function buildOf(server) {
  const { page, close } = await heldPage('?step=output', () => false, server);
  const result = await page.evaluate(() => ({
    build: document.documentElement.dataset.build,
    isolated: crossOriginIsolated,
    wasm: performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.wasm')),
  }));
  await close();
  return result;
}

test('the preload fetches the one build the loader runs: threads when isolated, one thread otherwise', async () => {
  assert.deepEqual(await buildOf(suite.server), {
    build: 'threads',
    isolated: true,
    wasm: ['/lib/attention-core-threads-relaxed.wasm'],
  });
  const plain = await startServer({ args: ['--no-isolation'] });
  try {
    assert.deepEqual(await buildOf(plain), {
      build: 'single',
      isolated: false,
      wasm: ['/lib/attention-core-relaxed.wasm'],
    });
  } finally {
    await plain.stop();
  }
});

// Notes, the moment <html data-ready> turns "true", whether the step's numbers were drawn then.
function noteNumbersAtReady() {
  new MutationObserver(() => {
    if (document.documentElement?.dataset.ready !== 'true' || 'numbersAtReady' in window) return;
    window.numbersAtReady = {
      firstPaint: document.querySelectorAll('.first-paint').length,
      cells: document.querySelectorAll('#stage [data-tensor] td[data-i]').length,
    };
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
}

// What the first paint shows of the step and the settings (the step on the screen: the steps
// next to it are drawn ahead and kept out of sight, web/app/render/kept.mjs).
const firstPaintOf = (page) =>
  page.evaluate(() => ({
    title: document.querySelector('#stage-title')?.textContent,
    count: document.querySelector('.stage:not(.kept) .step-count')?.textContent,
    shape: document.querySelector('.stage:not(.kept) .stage-shape')?.textContent,
    paragraphs: [...document.querySelectorAll('.stage:not(.kept) .explain > p')].map(
      (p) => p.textContent,
    ),
    stepper: document.querySelectorAll('#app nav.steps li').length,
    sentence: document.querySelector('#ctl-sentence')?.value,
    dIn: document.querySelector('#ctl-dIn')?.value,
    ready: document.documentElement.dataset.ready ?? null,
  }));

test('before the WebAssembly arrives the page shows the step, its text and the controls; the numbers and "ready" come with it', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await watchedPage(context, suite.problems);
  await page.addInitScript(noteNumbersAtReady);
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  const held = [];
  await context.route(
    (url) => url.pathname.endsWith('.wasm'),
    async (route) => {
      held.push(route.request().url());
      await gate;
      await route.continue();
    },
  );
  const query = '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&step=scores';
  await page.goto(suite.server.url + query);
  await page.waitForFunction(() => document.querySelector('.first-paint #stage-title'));
  const before = await firstPaintOf(page);
  assert.ok(held.length > 0, 'the WebAssembly was asked for, and is held');
  assert.equal(before.ready, null, 'not ready without the numbers');
  assert.equal(await page.locator('.first-paint-map').count(), 2, "one frame per head's map");
  assert.equal(await page.locator('#stage [data-tensor]').count(), 0, 'no numbers yet');
  release();
  await ready(page, { lab: false });
  const after = await firstPaintOf(page);
  // The first paint was the step as drawn with its numbers, but for them.
  assert.deepEqual({ ...before, ready: 'true' }, after);
  assert.equal(after.title, 'Attention scores');
  assert.ok(after.paragraphs.length > 0 && after.stepper === 11, JSON.stringify(after));
  assert.equal(after.sentence, 'dream big and work for it');
  assert.equal(after.dIn, '6');
  assert.deepEqual(await page.evaluate(() => window.numbersAtReady), {
    firstPaint: 0,
    cells: (await shownCells(page)).length,
  });
  await assertShowsAddress(page);
  await context.close();
});

// The icon is inlined as a PNG (scripts/icon-png.mjs): Chromium loads an SVG icon as a document of
// its own, and again each time the page writes its address, which it does after every value of a
// slider. In a trace of three such writes, no document may load.
test('the icon is a PNG in the page: nothing to fetch, and no document loaded when the address changes', async () => {
  const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${suite.server.url}?step=dropout&training=false`);
  await ready(page, { lab: false });
  const icon = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="icon"]');
    const img = new Image();
    img.src = link.href;
    await img.decode();
    return { href: link.href.slice(0, 22), type: link.type, width: img.naturalWidth };
  });
  assert.deepEqual(icon, { href: 'data:image/png;base64,', type: 'image/png', width: 32 });
  await suite.browser.startTracing(page, { categories: ['devtools.timeline'] });
  for (const p of ['0.2', '0.3', '0.4']) {
    await page.fill('#ctl-dropout', p);
    await page.waitForFunction((v) => new URL(location.href).searchParams.get('dropout') === v, p);
    await page.waitForTimeout(100);
  }
  const events = JSON.parse(await suite.browser.stopTracing()).traceEvents;
  const loaded = events.filter(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'DOMContentLoaded',
  );
  assert.equal(loaded.length, 0, 'documents loaded while the address changed');
  await page.close();
});

test('no console errors, page errors or dialogs (an unused preload would warn)', () => {
  assert.deepEqual(suite.problems, []);
});
