// The lesson file (`attention-lab lesson`) in Chromium: opened from disk and inside an iframe with
// sandbox="allow-scripts" (an opaque origin) it shows its step with the API's numbers and fetches
// nothing; --lab and --exercise show that lab or exercise; the SCORM package, unzipped, reports
// initialize, status, score and commit to a course page that implements SCORM 1.2's window.API,
// and runs without one. Also: the teaching page opened from disk says what to do, and the served
// embed.html runs inside a sandboxed iframe of another origin.
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ROOT,
  launch,
  startServer,
  checkSite,
  shownCells,
  referenceTrace,
  compareCells,
  nodeLab,
} from './helpers.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { findExercise } from '../../web/app/exercises/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { answersFor } from '../js/exercise-answers.mjs';
import { readZip } from '../js/zip-reader.mjs';
import * as sqrtDh from '../../web/app/labs/sqrt-dh/index.mjs';

const SENTENCE = 'all dogs are animals';
const SETTINGS = { ...DEFAULT_SETTINGS, sentence: SENTENCE };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-lesson-e2e-'));
let browser;
let files; // dir over http: the course site (an LMS's file area)
let site; // build/site over http, as npm start serves it
const problems = [];

function lesson(out, ...args) {
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'dist', 'cli.mjs'), 'lesson', ...args, '--out', path.join(dir, out)],
    { encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
}

// The course page's SCORM 1.2 API: it records every call.
const LMS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<link rel="icon" href="data:,"><script>
window.calls = [];
const data = { 'cmi.core.lesson_status': 'not attempted' };
const record = (name, ok = 'true') => (...args) => (calls.push([name, ...args]), ok);
window.API = {
  LMSInitialize: record('LMSInitialize'), LMSFinish: record('LMSFinish'), LMSCommit: record('LMSCommit'),
  LMSGetValue: (key) => (calls.push(['LMSGetValue', key]), data[key] ?? ''),
  LMSSetValue: (key, value) => (calls.push(['LMSSetValue', key, value]), (data[key] = value), 'true'),
  LMSGetLastError: () => '0', LMSGetErrorString: () => '', LMSGetDiagnostic: () => '',
};
</script></head><body><iframe id="sco" title="lesson" src="sco/lesson.html" width="900" height="700"></iframe></body></html>`;

before(async () => {
  checkSite();
  lesson('softmax.html', '--step', 'softmax', '--sentence', SENTENCE);
  lesson('lab.html', '--lab', 'sqrt-dh', '--sentence', SENTENCE);
  lesson('trained.html', '--step', 'softmax', '--sentence', SENTENCE, '--weights', 'trained');
  lesson('exercise.zip', '--exercise', 'softmax-argmax', '--sentence', SENTENCE, '--scorm');
  lesson('step.zip', '--step', 'mask', '--sentence', SENTENCE, '--scorm');
  const frame = (
    src,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body><iframe id="f" title="lesson" sandbox="allow-scripts" src="${src}" width="900" height="700"></iframe></body></html>`;
  fs.writeFileSync(path.join(dir, 'sandboxed.html'), frame('softmax.html'));
  site = await startServer();
  fs.writeFileSync(
    path.join(dir, 'sandboxed-site.html'),
    frame(`${site.url}embed.html?sentence=${encodeURIComponent(SENTENCE)}&step=softmax`),
  );
  files = await startServer({ args: ['--root', dir, '--no-isolation'] });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await files?.stop();
  await site?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A page that records errors and every request it makes.
async function newPage() {
  const page = await browser.newPage();
  page.requests = [];
  page.on('request', (r) => page.requests.push(r.url()));
  page.on(
    'console',
    (m) => ['error', 'warning'].includes(m.type()) && problems.push(`console: ${m.text()}`),
  );
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return page;
}

const readyIn = (frame) =>
  frame.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 30000,
  });

async function checkSoftmax(frame) {
  await readyIn(frame);
  assert.equal(
    await frame.locator('#stage [data-stage]').first().getAttribute('data-stage'),
    'attentionWeights',
  );
  const cells = await shownCells(frame);
  assert.ok(cells.length >= 2 * 4 * 4, `${cells.length} cells`);
  assert.deepEqual(compareCells(cells, await referenceTrace(SETTINGS), 0), []);
}

test('from file://: the lesson shows its step with the numbers of the API in Node, fetching nothing', async () => {
  const page = await newPage();
  const url = pathToFileURL(path.join(dir, 'softmax.html')).href;
  await page.goto(url);
  await checkSoftmax(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.build), 'single');
  assert.deepEqual(
    page.requests.filter((u) => !u.startsWith('data:')),
    [url],
  );
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

test('inside <iframe sandbox="allow-scripts"> (origin null): the same step and numbers', async () => {
  const page = await newPage();
  await page.goto(`${files.url}sandboxed.html`);
  const frame = page.frames().find((f) => f.url().endsWith('/softmax.html'));
  await checkSoftmax(frame);
  assert.equal(await frame.evaluate(() => self.origin), 'null');
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

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

test('--weights trained: the inlined trained weights, the numbers of the trained model in Node', async () => {
  const page = await newPage();
  const url = pathToFileURL(path.join(dir, 'trained.html')).href;
  await page.goto(url);
  await readyIn(page);
  await page.locator('#stage .role-caption').first().waitFor();
  const run = (await (await nodeLab()).loadWeights('trained')).explain(SENTENCE);
  const cells = await shownCells(page);
  assert.ok(cells.length > 0);
  assert.deepEqual(compareCells(cells, run.forward.trace, 1e-5), []);
  assert.deepEqual(
    page.requests.filter((u) => !u.startsWith('data:')),
    [url],
  );
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

test('--lab: the lab alone, with the numbers of the API in Node', async () => {
  const page = await newPage();
  await page.goto(pathToFileURL(path.join(dir, 'lab.html')).href);
  await readyIn(page);
  const quantity = page.locator('#lab-panel[data-lab="sqrt-dh"] [data-quantity="scoreStd"]');
  await quantity.waitFor();
  assert.equal(await page.locator('#stage').count(), 0, 'no step in a lab alone');
  const shown = Number(await quantity.getAttribute('data-value'));
  const want = await scoreSpread(sqrtDh.params.dh.default);
  assert.ok(Math.abs(shown - want) <= 1e-5 * want, `spread shown ${shown}, API ${want}`);
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

// Unzips a package into dir/sco beside the course page.
function unpack(name) {
  const entries = readZip(fs.readFileSync(path.join(dir, name)));
  fs.rmSync(path.join(dir, 'sco'), { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'sco'));
  for (const e of entries) fs.writeFileSync(path.join(dir, 'sco', e.name), e.data);
  fs.writeFileSync(path.join(dir, 'lms.html'), LMS_PAGE);
}

const calls = (page) => page.evaluate(() => window.calls.map((c) => c.join(' ')));

test('--exercise --scorm: the LMS records initialize, failed then passed with the score, commits and finish', async () => {
  unpack('exercise.zip');
  const page = await newPage();
  await page.goto(`${files.url}lms.html`);
  const frame = page.frames().find((f) => f.url().endsWith('/sco/lesson.html'));
  await readyIn(frame);
  assert.equal(await frame.evaluate(() => document.documentElement.dataset.scorm), 'connected');
  const slug = 'softmax-argmax';
  const lab = await nodeLab();
  const [task] = await Promise.all(findExercise(slug).load());
  const { right, wrong } = answersFor(lab)[slug](
    task.makeTask(lab, readPage({ settings: SETTINGS, result: pagePass(lab, SETTINGS) }), 0),
  );
  const root = frame.locator(`[data-exercise="${slug}"].exercise`);
  for (const answer of [wrong, right]) {
    await root.locator(`fieldset[data-answer="key"] input[value="${answer.key}"]`).check();
    await root.getByRole('button', { name: 'Check' }).click();
    await page.waitForFunction(
      (n) => window.calls.filter((c) => c[0] === 'LMSCommit').length === n,
      answer === wrong ? 2 : 3,
    );
  }
  await page.evaluate(() => document.querySelector('#sco').remove());
  assert.deepEqual(await calls(page), [
    'LMSInitialize ',
    'LMSGetValue cmi.core.lesson_status',
    'LMSSetValue cmi.core.lesson_status incomplete',
    'LMSCommit ',
    ...['0', '100'].flatMap((raw) => [
      'LMSSetValue cmi.core.score.min 0',
      'LMSSetValue cmi.core.score.max 100',
      `LMSSetValue cmi.core.score.raw ${raw}`,
      `LMSSetValue cmi.core.lesson_status ${raw === '0' ? 'failed' : 'passed'}`,
      'LMSCommit ',
    ]),
    'LMSCommit ',
    'LMSFinish ',
  ]);
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});

test('--scorm with a step: completed once shown; without an LMS the same file just works', async () => {
  unpack('step.zip');
  const page = await newPage();
  await page.goto(`${files.url}lms.html`);
  const frame = page.frames().find((f) => f.url().endsWith('/sco/lesson.html'));
  await readyIn(frame);
  await page.waitForFunction(() => window.calls.length >= 4);
  assert.deepEqual((await calls(page)).slice(0, 4), [
    'LMSInitialize ',
    'LMSGetValue cmi.core.lesson_status',
    'LMSSetValue cmi.core.lesson_status completed',
    'LMSCommit ',
  ]);
  const alone = await newPage();
  await alone.goto(pathToFileURL(path.join(dir, 'sco', 'lesson.html')).href);
  await readyIn(alone);
  assert.equal(await alone.evaluate(() => document.documentElement.dataset.scorm), 'none');
  assert.equal(
    await alone.locator('#stage [data-stage]').first().getAttribute('data-stage'),
    'maskedScores',
  );
  await Promise.all([page.close(), alone.close()]);
  assert.deepEqual(problems.splice(0), []);
});

test('the teaching page opened from disk says what to do instead of staying empty', async () => {
  for (const name of ['index.html', 'embed.html']) {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(path.join(ROOT, 'build', 'site', name)).href);
    const note = page.locator('#cannot-run');
    await note.waitFor({ timeout: 10000 });
    const text = await note.textContent();
    assert.match(text, /cannot run opened from a file/, name);
    assert.match(text, /npm start/, name);
    assert.match(text, /npx attention-lab lesson --out lesson\.html/, name);
    await page.close();
  }
});

test('the served embed.html inside <iframe sandbox="allow-scripts"> on another origin shows its step', async () => {
  const page = await newPage();
  await page.goto(`${files.url}sandboxed-site.html`);
  const frame = page.frames().find((f) => f.url().includes('/embed.html'));
  await checkSoftmax(frame);
  assert.equal(await frame.evaluate(() => self.origin), 'null');
  await page.close();
  assert.deepEqual(problems.splice(0), []);
});
