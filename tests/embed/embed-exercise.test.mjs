// <attention-lab exercise="<slug>"> on a course page, the element's script on another origin (a
// CDN, 127.0.0.2) than the page (127.0.0.1): one exercise alone, styled; each Check dispatches an
// `exercise-result` event (slug, correct, attempts, settings: what embed.html?exercise= posts) that
// a course page hears on the element or the document; its seeded variant rides on the
// "<slug>.variant" attribute; every exercise can be shown; an unknown slug names the exercises
// there are; it works under a strict Content-Security-Policy; and the exercises' code is fetched
// only by an element that shows one. The right answers are computed here from the npm API.
// Needs: bash scripts/build.sh dist
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, watchedPage, checkDist, nodeLab, ROOT } from './helpers.mjs';
import { EXERCISES, findExercise } from '../../web/app/exercises/index.mjs';
import { answersFor } from '../js/exercise-answers.mjs';
import { taskOf, answer, check, SETUPS } from '../e2e/exercise-kit.mjs';

// tests/e2e/exercise-kit.mjs's "dream" set-up, every setting written out as an attribute.
const ATTRS =
  'sentence="dream big and work for it" d-in="6" d-out="6" heads="2" batch="2" seed="123" ' +
  'weights="random" module="mha" qkv-bias="false" causal="true" dropout="0.5" training="false" ' +
  'masking="neg-inf" layout="compact fused"';
const TIMED = 'loop-vs-fused-guess'; // judged against a timing: a guess, not a computed answer

let cdn; // 127.0.0.2: dist/ with CORS + CORP, as a CDN serves it
let plain; // 127.0.0.1: the course pages
let isolated; // the same with COOP/COEP
let browser;
const problems = [];
const lab = await nodeLab();
const ANSWERS = answersFor(lab);

const page = (body, head = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,">
${head}<script type="module" src="${cdn.origin}/attention-lab.js"></script></head>
<body><main><h1>Week 3: attention</h1>${body}</main></body></html>`;

before(async () => {
  checkDist();
  cdn = await serve({ root: path.join(ROOT, 'dist'), host: '127.0.0.2', cors: true });
  // The policy of tests/embed/element.test.mjs: exactly what EMBEDDING.md says the element needs.
  const csp =
    `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; connect-src ${cdn.origin}; ` +
    "worker-src blob:; style-src 'self'; img-src data:";
  const pages = {
    '/one.html': page(`<attention-lab id="x" exercise="view-shape" ${ATTRS}></attention-lab>`),
    '/variant.html': page(
      `<attention-lab id="x" exercise="view-shape" view-shape.variant="2" ${ATTRS}></attention-lab>`,
    ),
    '/unknown.html': page(`<attention-lab id="x" exercise="no-such-one" ${ATTRS}></attention-lab>`),
    '/lesson.html': page(`<attention-lab id="x" ${ATTRS}></attention-lab>`),
    '/csp.html': page(
      `<attention-lab id="x" exercise="softmax-argmax" ${ATTRS}></attention-lab>`,
      `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    ),
  };
  plain = await serve({ pages });
  isolated = await serve({ pages, isolation: true });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const s of [cdn, plain, isolated]) await s?.close();
});

// Opens a course page; the events the document hears are kept in window.results (added from here,
// so that a page whose policy forbids inline scripts records them too).
async function open(server, file) {
  const p = await watchedPage(browser, problems);
  await p.goto(server.url(file));
  await p.evaluate(() => {
    window.results = [];
    document.addEventListener('exercise-result', (e) =>
      window.results.push({ ...e.detail, on: e.target.id, composed: e.composed }),
    );
  });
  await p.waitForFunction(() => document.getElementById('x')?.build, null, { timeout: 30000 });
  return p;
}

const shown = (p, slug) =>
  p.locator(`#x [data-exercise="${slug}"].exercise`).waitFor({ timeout: 20000 });
const inside = (p, selector) =>
  p.evaluate(
    (sel) => document.getElementById('x').shadowRoot.querySelectorAll(sel).length,
    selector,
  );

test('<attention-lab exercise="view-shape">: that exercise alone; wrong, then right; each Check an event', async () => {
  const p = await open(plain, '/one.html');
  await shown(p, 'view-shape');
  const el = p.locator('#x');
  assert.equal(
    await el.locator('#exercise-heading').textContent(),
    findExercise('view-shape').title,
  );
  for (const absent of ['#stage', '.player', '#labs', '#exercises', '.lab-close'])
    assert.equal(await inside(p, absent), 0, `no ${absent} around an exercise alone`);
  const styled = await p.evaluate(() => {
    const root = document.getElementById('x').shadowRoot;
    return getComputedStyle(root.querySelector('.exercise')).display;
  });
  assert.equal(styled, 'grid', 'the exercises’ stylesheet is in the shadow root');
  const task = await taskOf(lab, findExercise('view-shape'), 'dream', 0);
  const { right, wrong } = ANSWERS['view-shape'](task);
  await answer(el, 'view-shape', wrong);
  assert.match(await check(el, 'view-shape'), /Not quite[\s\S]*✗/);
  await answer(el, 'view-shape', right);
  assert.match(await check(el, 'view-shape'), /^Right\./);
  assert.match(await el.locator('.exercise-attempts').textContent(), /2 attempts · solved/);
  const results = await p.evaluate(() => window.results);
  assert.deepEqual(
    results.map((r) => [r.slug, r.correct, r.attempts, r.on, r.composed]),
    [
      ['view-shape', false, 1, 'x', true],
      ['view-shape', true, 2, 'x', true],
    ],
  );
  assert.deepEqual(results[1].settings, task.settings);
  assert.equal(results[1].settings.sentence, SETUPS.dream.sentence);
  assert.deepEqual(Object.keys(results[0]).sort(), [
    'attempts',
    'composed',
    'correct',
    'on',
    'settings',
    'slug',
  ]);
  const state = await p.evaluate(() => document.getElementById('x').state);
  assert.equal(state.view.exercise, 'view-shape');
  assert.equal(state.settings.heads, 2);
  await p.close();
});

test('the "<slug>.variant" attribute sets the seeded variant; New numbers writes it', async () => {
  const p = await open(plain, '/variant.html');
  await shown(p, 'view-shape');
  const el = p.locator('#x');
  assert.equal(await el.locator('.exercise').getAttribute('data-variant'), '2');
  const task = await taskOf(lab, findExercise('view-shape'), 'dream', 2);
  await answer(el, 'view-shape', ANSWERS['view-shape'](task).right);
  assert.match(await check(el, 'view-shape'), /^Right\./);
  await el.getByRole('button', { name: 'New numbers' }).click();
  await p.waitForFunction(
    () => document.getElementById('x').getAttribute('view-shape.variant') === '3',
  );
  assert.equal(await el.locator('.exercise').getAttribute('data-variant'), '3');
  const results = await p.evaluate(() => window.results);
  assert.deepEqual(results[0].settings, task.settings);
  await p.close();
});

test('a setting changed by attribute sets a new task from it', async () => {
  const p = await open(plain, '/one.html');
  await shown(p, 'view-shape');
  const el = p.locator('#x');
  await p.evaluate(() => {
    const x = document.getElementById('x');
    x.setAttribute('sentence', 'the dog chased the ball but it could not catch it');
    x.setAttribute('d-in', '8');
    x.setAttribute('d-out', '8');
    x.setAttribute('heads', '4');
    x.setAttribute('batch', '1');
    x.setAttribute('seed', '7');
  });
  await p.waitForFunction(() => document.getElementById('x').state?.settings.heads === 4);
  await shown(p, 'view-shape');
  const task = await taskOf(lab, findExercise('view-shape'), 'dog', 0);
  await answer(el, 'view-shape', ANSWERS['view-shape'](task).right);
  assert.match(await check(el, 'view-shape'), /^Right\./);
  const results = await p.evaluate(() => window.results);
  assert.deepEqual(results.at(-1).settings, task.settings);
  await p.close();
});

test('every exercise through the `exercise` attribute: shown alone, each Check dispatched', async () => {
  const p = await open(plain, '/one.html');
  const el = p.locator('#x');
  for (const spec of EXERCISES) {
    const { slug } = spec;
    await p.evaluate((s) => document.getElementById('x').setAttribute('exercise', s), slug);
    await shown(p, slug);
    assert.equal(await el.locator('#exercise-heading').textContent(), spec.title);
    const task = await taskOf(lab, spec, 'dream', 0);
    const answers = slug === TIMED ? null : ANSWERS[slug](task);
    await answer(el, slug, answers ? answers.right : { winner: 'fused', factor: '10' });
    const text = await check(el, slug);
    if (answers) assert.match(text, /^Right\./, slug);
    const last = await p.evaluate(() => window.results.at(-1));
    assert.equal(last.slug, slug);
    assert.equal(last.attempts, 1, `${slug}: a new exercise counts afresh`);
    if (answers) assert.equal(last.correct, true, slug);
    assert.deepEqual(last.settings, task.settings, slug);
  }
  assert.equal(await p.evaluate(() => window.results.length), EXERCISES.length);
  await p.close();
});

test('an unknown slug: a message naming every exercise; a valid one then shows it', async () => {
  const p = await open(plain, '/unknown.html');
  const message = p.locator('#x [role="alert"]');
  await message.waitFor();
  const text = await message.textContent();
  assert.match(text, /no exercise called “no-such-one”/);
  for (const { slug } of EXERCISES) assert.ok(text.includes(slug), slug);
  await p.evaluate(() => document.getElementById('x').setAttribute('exercise', 'mask-cells'));
  await shown(p, 'mask-cells');
  await p.close();
});

test('a strict Content-Security-Policy, single and threaded: the exercise works and reports', async () => {
  for (const server of [plain, isolated]) {
    const p = await open(server, '/csp.html');
    await shown(p, 'softmax-argmax');
    const el = p.locator('#x');
    const task = await taskOf(lab, findExercise('softmax-argmax'), 'dream', 0);
    await answer(el, 'softmax-argmax', ANSWERS['softmax-argmax'](task).right);
    assert.match(await check(el, 'softmax-argmax'), /^Right\./);
    const results = await p.evaluate(() => window.results);
    assert.deepEqual(
      results.map((r) => [r.slug, r.correct, r.attempts]),
      [['softmax-argmax', true, 1]],
    );
    assert.equal(
      await p.evaluate(() => document.getElementById('x').build),
      server === plain ? 'single' : 'threads',
    );
    await p.close();
  }
});

test('the exercises’ file is fetched only by an element that shows an exercise', async () => {
  const before = cdn.requests.length;
  const p = await open(plain, '/lesson.html');
  await p.locator('#x #stage').waitFor();
  const fetched = cdn.requests.slice(before);
  assert.ok(fetched.includes('/attention-lab.js'));
  assert.ok(!fetched.includes('/attention-lab-exercises.js'), fetched.join(' '));
  assert.ok(cdn.requests.includes('/attention-lab-exercises.js'), 'the exercise pages fetched it');
  await p.close();
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
