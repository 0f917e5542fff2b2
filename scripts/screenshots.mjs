#!/usr/bin/env node
// The pictures of docs/SCREENSHOTS.md: the lesson's column of the page in the lectures' set-up ("dream big and work for
// it", d_in = d_out = 6, 2 heads, batch 2) at a laptop's 1280 × 800 and a projector's 1920 × 1080,
// at the steps whose comparisons the lectures draw (the scores equation, both routes of the mask,
// the split and the merge); and one exercise (the causal mask's cells) before and after Check, as
// the README shows it. Serves build/site with scripts/serve.mjs and drives the same headless
// Chromium as the browser tests, so the pictures show what the tests check.
//
// Usage: node scripts/screenshots.mjs   (after bash scripts/build.sh site; writes docs/screenshots/)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');

/** The lectures' set-up, every setting spelled out (the page's defaults may change). */
export const LECTURE_QUERY =
  '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&causal=true&numbers=true';

export const VIEWPORTS = Object.freeze([
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]);

// The steps (their slugs) and the settings that pick what the step shows.
const VIEWS = Object.freeze([
  { step: 'scores', name: 'scores', extra: '' },
  { step: 'mask', name: 'mask-neg-inf', extra: '&masking=neg-inf' },
  { step: 'mask', name: 'mask-naive', extra: '&masking=naive' },
  { step: 'split', name: 'split', extra: '' },
  { step: 'merge', name: 'merge', extra: '' },
]);

/** Every picture: { file (in OUT_DIR), step, query, viewport }. */
export const SHOTS = Object.freeze(
  VIEWPORTS.flatMap((viewport) =>
    VIEWS.map((v) => ({
      file: `${v.name}-${viewport.width}x${viewport.height}.png`,
      step: v.step,
      query: `${LECTURE_QUERY}&step=${v.step}${v.extra}`,
      viewport,
    })),
  ),
);

/**
 * The exercise pictures: mask-cells at 1280 × 800 with a student's prediction that forgets one
 * cell, before Check (the cells picked) and after it (the core's −∞ cells and the feedback).
 */
export const EXERCISE = 'mask-cells';
export const EXERCISE_SHOTS = Object.freeze(
  ['before', 'after'].map((moment) => ({
    file: `exercise-${EXERCISE}-${moment}-1280x800.png`,
    exercise: EXERCISE,
    moment,
    query: `${LECTURE_QUERY}&exercise=${EXERCISE}`,
    viewport: VIEWPORTS[0],
  })),
);

// scripts/serve.mjs on a free port; resolves { url, stop() }.
function serve() {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve({ url: m[0], stop: () => child.kill('SIGTERM') });
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

// Scrolls so that the step's maps are in view under the sticky step bar, unless their first
// 400 px already are from the top of the page (then the picture shows the step's title too).
async function showMaps(page) {
  await page.evaluate(() => {
    const block = document
      .querySelector('#stage .tables')
      .closest('.equations, .figure-row, .split, figure');
    const box = block.getBoundingClientRect();
    if (box.top + Math.min(box.height, 400) <= innerHeight) return;
    const bar = document.querySelector('.player')?.getBoundingClientRect().height ?? 0;
    scrollTo(0, box.top + scrollY - bar - 24);
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
}

// The prediction: every cell right of the diagonal (a key later than its query) but the first,
// clicked as a student would; then the picture, Check, and the picture.
async function shootExercise(browser, server) {
  const [first] = EXERCISE_SHOTS;
  const context = await browser.newContext({ viewport: first.viewport });
  const page = await context.newPage();
  await page.goto(server.url + first.query);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const panel = page.locator(`#exercise-panel[data-exercise="${EXERCISE}"]`);
  const cells = await panel
    .locator('[data-cell]')
    .evaluateAll((bs) => bs.map((b) => b.dataset.cell));
  const later = cells.filter((key) => {
    const [r, c] = key.split(',').map(Number);
    return c > r;
  });
  for (const key of later.slice(1)) await panel.locator(`[data-cell="${key}"]`).click();
  for (const shot of EXERCISE_SHOTS) {
    if (shot.moment === 'after') {
      await panel.getByRole('button', { name: 'Check' }).click();
      await panel.locator('.exercise-verdict').waitFor();
    }
    // The panel alone: the sticky step bar stays in the page's flow instead of over the panel.
    await page.evaluate(() => {
      document.activeElement?.blur();
      for (const el of document.querySelectorAll('body *'))
        if (getComputedStyle(el).position === 'sticky') el.style.position = 'static';
    });
    const file = path.join(OUT_DIR, shot.file);
    await panel.screenshot({ path: file });
    console.log(`${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} kB)`);
  }
  await context.close();
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'build', 'site', 'app.mjs')))
    throw new Error('build/site is missing: run `bash scripts/build.sh site` first');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const server = await serve();
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({ viewport: shot.viewport });
      const page = await context.newPage();
      await page.goto(server.url + shot.query);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await showMaps(page);
      const file = path.join(OUT_DIR, shot.file);
      // The lesson's column only: the sentence and settings beside it are the same in every
      // picture, and leaving them out keeps each file small.
      const left = await page.evaluate(() =>
        Math.max(
          0,
          Math.floor(document.querySelector('.player').getBoundingClientRect().left - 12),
        ),
      );
      const { width, height } = shot.viewport;
      await page.screenshot({ path: file, clip: { x: left, y: 0, width: width - left, height } });
      console.log(`${path.relative(ROOT, file)} (${Math.round(fs.statSync(file).size / 1024)} kB)`);
      await context.close();
    }
    await shootExercise(browser, server);
  } finally {
    await browser.close();
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
