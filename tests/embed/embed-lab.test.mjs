// The iframe page as a course page frames it (the page on 127.0.0.1, embed.html on 127.0.0.2):
// embed.html?lab=<slug> shows that lab alone, its params restored from the address and its numbers
// the API's; the iframe follows its content's height through the snippet of docs/EMBEDDING.md,
// taken from the doc itself; and no step's text sends the reader to a control the embed lacks.
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serve, launch, watchedPage, checkDist, nodeLab, ROOT, serveSite } from './helpers.mjs';

// Every setting the tests rely on is in the address: the lectures' example.
const SETUP = 'sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2';

let site; // 127.0.0.2: build/site
let cdn; // 127.0.0.2: dist/ with CORS, as a CDN serves the element
let lms; // 127.0.0.1: the course pages
let browser;
const problems = [];

// The iframe snippet of docs/EMBEDDING.md, pointed at `src`.
function documentedSnippet(src) {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'EMBEDDING.md'), 'utf8');
  const block = [...doc.matchAll(/```html\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .find((b) => b.includes('attention-lab:height'));
  assert.ok(block, 'docs/EMBEDDING.md has the iframe snippet with the height listener');
  return block.replace(/src="[^"]*"/, `src="${src}"`);
}

const lmsPage = (body, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>LMS</title><link rel="icon" href="data:,">${head}</head><body><h1>Week 3</h1>${body}</body></html>`;
const ATTRS = 'sentence="dream big and work for it" d-in="6" d-out="6" heads="2" batch="2"';

before(async () => {
  checkDist();
  site = await serveSite({ host: '127.0.0.2' });
  cdn = await serve({ root: path.join(ROOT, 'dist'), host: '127.0.0.2', cors: true });
  const element = (body) =>
    lmsPage(body, `<script type="module" src="${cdn.origin}/attention-lab.js"></script>`);
  const frame = (query, style = 'width:900px;height:700px;border:0') =>
    `<iframe id="embed" title="attention-lab" style="${style}" src="${site.origin}/embed.html?${query}"></iframe>`;
  lms = await serve({
    pages: {
      '/lab.html': lmsPage(frame(`${SETUP}&lab=sqrt-dh&sqrt-dh.dh=16`)),
      '/no-lab.html': lmsPage(frame(`${SETUP}&lab=no-such-lab`)),
      '/element-lab.html': element(
        `<attention-lab id="l" lab="sqrt-dh" sqrt-dh.dh="16" ${ATTRS}></attention-lab>`,
      ),
      '/element-softmax.html': element(
        `<attention-lab id="s" stage="softmax" ${ATTRS}></attention-lab>`,
      ),
      '/sized.html': lmsPage(
        documentedSnippet(`${site.origin}/embed.html?${SETUP}&stage=embeddings`),
      ),
    },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const s of [site, cdn, lms]) await s?.close();
});

async function openFrame(file, options) {
  const p = await watchedPage(browser, problems, options);
  await p.goto(lms.url(file));
  // The documented iframe loads lazily: wait for it to be there.
  let frame = null;
  for (let i = 0; i < 100 && !frame; ++i) {
    frame = p.frames().find((f) => f.url().includes('/embed.html'));
    if (!frame) await p.waitForTimeout(100);
  }
  assert.ok(frame, 'the iframe loaded');
  await frame.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 30000,
  });
  return { p, frame };
}

// The √d_h lab's spread of the raw scores at d_h, from the API (as tests/e2e/lab-sqrt-dh.test.mjs).
async function scoreSpread(dh) {
  const lab = await nodeLab();
  const WORDS =
    'the cat sat on a mat and then it ran to see what was there in that old house by our tree when dog chased ball but could not catch bird flew over hill under sky';
  const inputs = lab.embed(WORDS, { dIn: 64, seed: 123 }).inputs.map((v) => 6 * (v - 0.5));
  const { data } = lab.forward({
    inputs,
    dIn: 64,
    dOut: dh,
    module: 'causal',
    causal: false,
    scale: false,
    seed: 123,
  }).trace.attentionScores;
  const mean = data.reduce((a, b) => a + b, 0) / data.length;
  return Math.sqrt(data.reduce((a, v) => a + (v - mean) ** 2, 0) / data.length);
}

test('embed.html?lab=sqrt-dh: that lab alone, its params from the address, the API’s numbers', async () => {
  const { p, frame } = await openFrame('/lab.html');
  await frame.locator('#lab-panel[data-lab="sqrt-dh"] [data-quantity="scoreStd"]').waitFor();
  assert.equal(await frame.locator('#lab-panel').count(), 1, 'one lab panel');
  for (const absent of ['#stage', '.player', '#labs', '.lab-close', '#ctl-sentence'])
    assert.equal(await frame.locator(absent).count(), 0, `no ${absent} in a lab alone`);
  assert.equal(await frame.inputValue('#sqrt-dh-dh'), '16', 'sqrt-dh.dh from the address');
  const shown = Number(
    await frame.getAttribute('#lab-panel [data-quantity="scoreStd"]', 'data-value'),
  );
  const want = await scoreSpread(16);
  assert.ok(Math.abs(shown - want) <= 1e-5 * want, `spread shown ${shown}, API ${want}`);
  // The lab's own control works, and its key goes to the address as on the full page.
  await frame.focus('#sqrt-dh-dh');
  await frame.press('#sqrt-dh-dh', 'ArrowRight');
  await frame.waitForFunction(() => new URL(location.href).searchParams.get('sqrt-dh.dh') === '17');
  await frame.focus('#open-full');
  assert.match(await frame.getAttribute('#open-full', 'href'), /lab=sqrt-dh.*sqrt-dh\.dh=17/);
  assert.match(await frame.title(), /Why divide by √d_h/);
  await p.close();
});

test('embed.html?lab=<unknown>: the lab panel names the labs there are', async () => {
  const { p, frame } = await openFrame('/no-lab.html');
  const text = await frame.locator('#lab-panel .lab-unknown').textContent();
  assert.match(text, /no lab called “no-such-lab”.*sqrt-dh/);
  assert.equal(await frame.locator('#stage').count(), 0);
  await p.close();
});

// The iframe's height as the parent set it, and the height of the content inside it.
const heights = async (p, frame) => ({
  iframe: await p.evaluate(() => document.getElementById('attention-lab').clientHeight),
  content: await frame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  ),
});

async function settled(p, frame) {
  let last = null;
  for (let i = 0; i < 100; ++i) {
    const now = await heights(p, frame);
    if (Math.abs(now.iframe - now.content) <= 2 && now.iframe === last?.iframe) return now;
    last = now;
    await p.waitForTimeout(100);
  }
  return last;
}

test('the documented snippet: the iframe takes its content’s height, step after step', async () => {
  const { p, frame } = await openFrame('/sized.html');
  const first = await settled(p, frame);
  assert.ok(Math.abs(first.iframe - first.content) <= 2, `first step: ${JSON.stringify(first)}`);
  // The softmax step (two heads of 6 × 6 maps) is taller than the embeddings: the iframe grows.
  for (const step of ['softmax', 'embeddings', 'context']) {
    await frame.click(`.player .step-link[data-slug="${step}"]`);
    await frame.waitForFunction((s) => document.querySelector('#stage')?.dataset.step === s, step);
    const now = await settled(p, frame);
    assert.ok(Math.abs(now.iframe - now.content) <= 2, `${step}: ${JSON.stringify(now)}`);
    assert.equal(
      await frame.evaluate(() => document.documentElement.scrollHeight > innerHeight + 2),
      false,
      `${step}: nothing cut`,
    );
  }
  assert.notEqual(first.iframe, (await heights(p, frame)).iframe, 'the height changed');
  // A message from anywhere else (here the parent itself) is ignored.
  const before = (await heights(p, frame)).iframe;
  await p.evaluate(() => postMessage({ type: 'attention-lab:height', height: 50 }, '*'));
  await p.waitForTimeout(200);
  assert.equal((await heights(p, frame)).iframe, before, 'only its own iframe sets the height');
  await p.close();
});

// Advice a step gives on the full page, the setting whose control it names, and the settings that
// make the step give it. The embed has none of these controls.
const ADVICE = [
  ['softmax', {}, /Switch the weights to “trained”/, 'weights'],
  ['softmax', { masking: 'naive' }, /Switch masking to −∞/, 'masking'],
  ['dropout', { training: 'false' }, /switch the mode to training/, 'training'],
  ['output', { module: 'wrapper' }, /Choose module “mha”/, 'module'],
  ['split', { dOut: '2' }, /set d_out to 6/, 'dOut'],
];
// Any words that send the reader to a setting.
const POINTS_TO_A_CONTROL = /\b(switch|set d_out|choose module|turn on|open the lab)\b/i;

for (const [step, extra, advice, control] of ADVICE)
  test(`the ${step} step, ${JSON.stringify(extra)}: the full page’s advice names its control; the embed gives none`, async () => {
    const params = new URLSearchParams(SETUP);
    for (const [key, value] of Object.entries({ ...extra, stage: step })) params.set(key, value);
    const query = params.toString();
    const selector = `[data-control="${control}"]`;
    const full = await watchedPage(browser, problems);
    await full.goto(site.url(`/?${query}`));
    await full.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.match(await full.locator('#stage .explain').textContent(), advice, 'the full page');
    assert.equal(await full.locator(selector).count(), 1, `the full page has ${control}`);
    await full.close();

    const embed = await watchedPage(browser, problems);
    await embed.goto(site.url(`/embed.html?${query}`));
    await embed.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await embed.locator('#stage').getAttribute('data-step'), step);
    assert.equal(await embed.locator(selector).count(), 0, `the embed has no ${control}`);
    const text = await embed.locator('#app').textContent();
    assert.doesNotMatch(text, advice);
    assert.doesNotMatch(text, POINTS_TO_A_CONTROL);
    await embed.close();
  });

async function openElement(file) {
  const p = await watchedPage(browser, problems);
  await p.goto(lms.url(file));
  await p.waitForFunction(
    () => [...document.querySelectorAll('attention-lab')].every((el) => el.build),
    null,
    { timeout: 30000 },
  );
  return p;
}

test('<attention-lab lab="sqrt-dh" sqrt-dh.dh="16">: that lab alone, styled, the API’s numbers', async () => {
  const p = await openElement('/element-lab.html');
  const inside = (selector) =>
    p.evaluate(
      (sel) => document.getElementById('l').shadowRoot.querySelectorAll(sel).length,
      selector,
    );
  await p.waitForFunction(() =>
    document.getElementById('l').shadowRoot.querySelector('[data-quantity="scoreStd"]'),
  );
  assert.equal(await inside('#lab-panel[data-lab="sqrt-dh"]'), 1, 'the lab panel');
  for (const absent of ['#stage', '.player', '#labs', '.lab-close'])
    assert.equal(await inside(absent), 0, `no ${absent} in a lab alone`);
  const shown = await p.evaluate(() => {
    const root = document.getElementById('l').shadowRoot;
    return {
      dh: root.querySelector('#sqrt-dh-dh').value,
      spread: Number(root.querySelector('[data-quantity="scoreStd"]').dataset.value),
      display: getComputedStyle(root.querySelector('#lab-panel')).display,
    };
  });
  assert.equal(shown.dh, '16', 'sqrt-dh.dh from its attribute');
  const want = await scoreSpread(16);
  assert.ok(Math.abs(shown.spread - want) <= 1e-5 * want, `shown ${shown.spread}, API ${want}`);
  assert.equal(shown.display, 'grid', 'the labs’ stylesheet is in the shadow root');
  // Removing the attribute brings the lesson back, with the same settings.
  await p.evaluate(() => document.getElementById('l').removeAttribute('lab'));
  await p.waitForFunction(() => document.getElementById('l').shadowRoot.querySelector('#stage'));
  assert.equal(await inside('#lab-panel'), 0);
  assert.equal(await p.evaluate(() => document.getElementById('l').state.settings.dOut), 6);
  await p.close();
});

test('the element’s softmax step, random weights: no advice to switch to trained weights', async () => {
  const p = await openElement('/element-softmax.html');
  const text = await p.evaluate(
    () => document.getElementById('s').shadowRoot.querySelector('#stage .explain').textContent,
  );
  assert.match(text, /random, not trained/, 'the step says what the weights are');
  assert.doesNotMatch(text, /Switch the weights/);
  assert.doesNotMatch(text, POINTS_TO_A_CONTROL);
  await p.close();
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
