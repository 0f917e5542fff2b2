// Shared by the browser tests: start scripts/serve.mjs on a free port, launch Chromium, collect
// console/page errors and dialogs, and compute the API's trace in Node for comparison.
import { before, after } from 'node:test';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import { launchChromium } from '../../scripts/chromium.mjs';
import { SETUPS } from '../../web/app/state/settings.mjs';
import { ADDRESS_REST_MS } from '../../web/app/state/address.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

// The lecture's steps in its order, as the tests expect to find them on the page (written out here,
// not read from web/app/stages, so that a step lost or moved in the page fails the tests).
export const LECTURE_STEPS = Object.freeze([
  'embeddings',
  'qkv',
  'split',
  'scores',
  'scale',
  'mask',
  'softmax',
  'dropout',
  'context',
  'merge',
  'output',
]);

/**
 * `query` ("?step=softmax&heads=1") with every setting of the page's set-up `id` (web/app/state/
 * settings.mjs: 'notebook', the book's notebook; 'lectures', the lectures' example) that the query
 * does not set itself: a test that checks one set-up's numbers says so, whatever the default.
 */
export function withSetup(id, query = '') {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(SETUPS.find((s) => s.id === id).settings))
    if (!params.has(key)) params.set(key, String(value));
  return `?${params}`;
}

/** Fails clearly when build/site is missing or older than web/app or dist/ (run: bash scripts/build.sh site). */
export function checkSite() {
  const built = path.join(ROOT, 'build', 'site', 'app.mjs');
  if (!fs.existsSync(built))
    throw new Error(
      'build/site is missing: run `bash scripts/build.sh dist && bash scripts/build.sh site` first',
    );
  const builtAt = fs.statSync(built).mtimeMs;
  const walk = (dir) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const sources = [
    ...walk(path.join(ROOT, 'web', 'app')),
    ...walk(path.join(ROOT, 'dist')).filter((f) => !f.endsWith('cli.mjs')),
  ];
  const stale = sources.filter((f) => fs.statSync(f).mtimeMs > builtAt);
  if (stale.length)
    throw new Error(
      `build/site is older than ${path.relative(ROOT, stale[0])}: run \`bash scripts/build.sh site\``,
    );
}

/** Starts the static server; resolves { url, stop() }. */
export function startServer({ args = [], env = {} } = {}) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs'), ...args], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve.mjs did not start: ${out}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[0],
          port: Number(m[1]),
          output: () => out,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', done);
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

/** Headless Chromium, started as every browser test and the benchmark start it. */
export const launch = () => launchChromium();

/** A page that records console errors, page errors and dialogs into `problems`. */
export async function watchedPage(context, problems) {
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    await dialog.dismiss();
  });
  return page;
}

/**
 * Waits until the page marks itself ready and, unless `lab` is false (a test that holds a lab's
 * modules back on purpose), until a lab the address opened has painted its first run.
 */
export async function ready(page, { lab = true } = {}) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 20000,
  });
  // A lab the address opens fetches its own modules (and the tokenizer) after the page is ready:
  // its panel says data-state="running" until its first run has painted.
  if (!lab) return;
  await page.waitForFunction(
    () => document.querySelector('#lab-panel:not([hidden]) .lab-body')?.dataset.state !== 'running',
    null,
    { timeout: 20000 },
  );
}

/**
 * The page's address once what a student sweeps (a slider, a lab's param, the step) has been
 * written: the page writes it once the sweep has rested for ADDRESS_REST_MS
 * (web/app/state/address.mjs), so this waits for the frame that showed the change and then that
 * long (a timer set after the page's own fires after it), then reads it.
 */
export async function settledUrl(page) {
  await page.evaluate(
    (rest) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, rest))),
    ADDRESS_REST_MS,
  );
  return page.url();
}

/**
 * After two frames and a task: what a frame shows, and what an IntersectionObserver reports after
 * it (a map far from the screen is painted as it comes near it, web/app/render/paint-later.mjs).
 */
export function afterFrames(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

export function artifact(name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

let labPromise;
/** The API in Node, for the reference numbers. */
export function nodeLab() {
  labPromise ??= import(path.join(ROOT, 'dist', 'index.mjs')).then((m) => m.createAttentionLab());
  return labPromise;
}

/** The forward pass the page computes for these settings (same calls as web/app/compute.mjs). */
export async function referenceForward(settings) {
  const lab = await nodeLab();
  const { dIn, seed, batch } = settings;
  const embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  return lab.forward({
    inputs: embedded.inputs,
    batch,
    dIn,
    dOut: settings.dOut,
    heads: settings.heads,
    qkvBias: settings.qkvBias,
    causal: settings.causal,
    dropout: settings.dropout,
    training: settings.training,
    seed,
    module: settings.module,
    masking: settings.masking,
    layout: settings.layout,
    trace: true,
  });
}

/** The trace the page should show for these settings. */
export async function referenceTrace(settings) {
  return (await referenceForward(settings)).trace;
}

/**
 * Every shown cell of the current stage section: [{ stage, i, value, pass }]. `pass` is
 * 'training' for the dropout step's training-mode preview in evaluation mode (data-trace).
 */
export function shownCells(page) {
  return page.$$eval('#stage [data-tensor] td[data-i]', (tds) =>
    tds.map((td) => ({
      stage: td.closest('[data-tensor]').dataset.tensor,
      i: Number(td.dataset.i),
      value: td.dataset.value,
      pass: td.closest('[data-trace]')?.dataset.trace ?? 'settings',
    })),
  );
}

/** The settings of the dropout step's preview in evaluation mode (web/app/compute.mjs). */
export const trainingPreviewSettings = (settings) => ({
  ...settings,
  training: true,
  dropout: settings.dropout > 0 ? settings.dropout : 0.5,
});

/**
 * Compares shown cells with the trace (and cells of the training-mode preview with `training`,
 * the trace of trainingPreviewSettings); returns a list of mismatches (empty when all agree).
 */
export function compareCells(cells, trace, tolerance = 1e-6, training = null) {
  const bad = [];
  for (const { stage, i, value, pass } of cells) {
    if (pass === 'training' && !training) {
      bad.push(`${stage}[${i}]: a training-mode preview, but no training trace to compare with`);
      continue;
    }
    const expected = (pass === 'training' ? training : trace)[stage]?.data[i];
    const shown = Number(value);
    const same = expected === shown || Math.abs(expected - shown) <= tolerance;
    if (!same) bad.push(`${stage}[${i}]: shown ${value}, trace ${expected}`);
  }
  return bad;
}

/**
 * The usual set-up of a page test file: registers before/after hooks that check the site, start the
 * server and Chromium, and returns { newPage(query, contextOptions), blankPage(contextOptions),
 * problems, server, browser } (server and browser are set once the before hook has run). The pages
 * of one set of context options share one browser context (a context of its own per page costs
 * about as much as the page's load); each new page starts with its origin's storage cleared, as a
 * fresh context has it. A test that changes a context (routes, permissions, offline) makes one of
 * its own with suite.browser.newContext().
 */
export function pageSuite() {
  const suite = { server: null, browser: null, problems: [] };
  const contexts = new Map(); // JSON of the context options → { context, used }
  before(async () => {
    checkSite();
    suite.server = await startServer();
    suite.browser = await launch();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  const contextFor = async (options) => {
    const key = JSON.stringify(options);
    if (!contexts.has(key)) {
      const context = await suite.browser.newContext({
        viewport: { width: 1280, height: 900 },
        ...options,
      });
      contexts.set(key, { context, used: false });
    }
    return contexts.get(key);
  };
  // A new page (made by `open(context)`) in the shared context of these options, its storage clear.
  const pageIn = async (options, open) => {
    const shared = await contextFor(options);
    const page = await open(shared.context);
    if (shared.used) await clearOriginStorage(page, suite.server.url);
    shared.used = true;
    return page;
  };
  suite.newPage = async (query = '', options = {}) => {
    const page = await pageIn(options, (context) => watchedPage(context, suite.problems));
    await page.goto(suite.server.url + query);
    await ready(page);
    return page;
  };
  /** A blank page, not watched, in the shared context of these options (a frame's parent page). */
  suite.blankPage = (options = {}) => pageIn(options, (context) => context.newPage());
  return suite;
}

/** Clears what the origin of `url` keeps in the page's context (localStorage and the like). */
async function clearOriginStorage(page, url) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'all',
  });
  await cdp.detach();
}

/**
 * The viewport point of cell (r, c) of a drawn map (a `.map` element, found by `selector` inside
 * `root`, default the document), after scrolling the map to the middle of the screen. The canvas
 * says where its cells are in data-grid: left, top, cell width, cell height, Σ x, Σ width.
 */
export function cellPoint(page, selector, r, c, root = null) {
  return page.evaluate(
    ([sel, r, c, host]) => {
      const scope = host ? document.querySelector(host).shadowRoot : document;
      const map = scope.querySelector(sel);
      const canvas = map.querySelector('canvas');
      canvas.scrollIntoView({ block: 'center', behavior: 'instant' });
      const [left, top, w, h] = canvas.dataset.grid.split(',').map(Number);
      const box = canvas.getBoundingClientRect();
      const cell = { x: box.left + left + c * w, y: box.top + top + r * h, width: w, height: h };
      return { ...cell, x: cell.x + w / 2, y: cell.y + h / 2, cell };
    },
    [selector, r, c, root],
  );
}

/** Moves the mouse over cell (r, c) of a drawn map; see cellPoint. */
export async function hoverCell(page, selector, r, c, root = null) {
  const { x, y } = await cellPoint(page, selector, r, c, root);
  await page.mouse.move(x, y);
}

/** A sentence of exactly n GPT-2 tokens: common words that are one token each. */
export function sentenceOf(n) {
  const words =
    'the cat sat on a mat and then it ran to see what was there in that old house by our tree'.split(
      ' ',
    );
  return Array.from({ length: n }, (_, i) => words[i % words.length]).join(' ');
}

/**
 * axe-core's violations on `page`, inside `selector` (the whole document without one), each as
 * "rule (impact) target"; the page must be opened with bypassCSP to load axe. axe is added to a
 * document once: a test that checks one page many times runs the same copy.
 */
export async function axeViolations(page, selector = null) {
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function')))
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  const results = await page.evaluate(
    (sel) => window.axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] }),
    selector,
  );
  return results.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')}`);
}

/** Everything the step shows: its text, its tables, every canvas's pixels and cell grid. */
export function stageSnapshot(page) {
  return page.evaluate(() => {
    const stage = document.querySelector('#stage');
    return {
      text: stage.textContent,
      tables: [...stage.querySelectorAll('table')].map((t) =>
        [...t.querySelectorAll('th, td')]
          .map((c) => `${c.textContent}|${c.dataset.value ?? ''}|${c.className}`)
          .join(' '),
      ),
      canvases: [...stage.querySelectorAll('canvas')].map((c) => ({
        grid: c.dataset.grid,
        width: c.style.width,
        pixels: c.toDataURL(),
      })),
      maps: [...stage.querySelectorAll('.map')].map((m) => m.style.width),
    };
  });
}
