// The bench page (build/bench/bench.html, `npm run bench -- --browser`) in headless Chromium:
// correctness only, never timing. It is cross-origin isolated when served with COOP/COEP; a tiny
// run (?smoke: S1 and S2 cut to T = 32, 2 reps) completes; every output was checked against
// attention-lab's before it was timed, and a mismatch is reported and not timed; the table has a
// row per shape, implementation and thread count with a finite median; without isolation the page
// says that threads are off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, launch, startServer, watchedPage, axeViolations } from './helpers.mjs';

const BENCH = path.join(ROOT, 'build', 'bench');
const RUN_TIMEOUT = 150_000;
let server;
let plainServer;
let browser;
const problems = [];

/** Fails clearly when build/bench is missing or older than its sources. */
function checkBenchBuild() {
  const built = path.join(BENCH, 'worker.js');
  if (!fs.existsSync(built))
    throw new Error('build/bench is missing: run `bash scripts/build.sh bench` first');
  const builtAt = fs.statSync(built).mtimeMs;
  const sources = [
    ...['web/bench', 'scripts/bench'].flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir))
        .filter((f) => /\.(mjs|html|css)$/.test(f)) // what the build copies or bundles
        .map((f) => path.join(ROOT, dir, f)),
    ),
    path.join(ROOT, 'dist', 'index.mjs'),
  ];
  const stale = sources.find((f) => fs.statSync(f).mtimeMs > builtAt);
  if (stale)
    throw new Error(
      `build/bench is older than ${path.relative(ROOT, stale)}: run \`bash scripts/build.sh bench\``,
    );
}

before(async () => {
  checkBenchBuild();
  server = await startServer({ args: ['--root', BENCH] });
  plainServer = await startServer({ args: ['--root', BENCH, '--no-isolation'] });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await plainServer?.stop();
});

// bypassCSP lets axe be injected despite the page's Content-Security-Policy.
const newContext = (colorScheme) => browser.newContext({ bypassCSP: true, colorScheme });

/** Opens bench.html?query on `on` and waits for the run to end; resolves { page, result }. */
async function run(query, on = server, init = null) {
  const page = await watchedPage(await newContext('light'), problems);
  if (init) await page.addInitScript(init);
  await page.goto(`${on.url}bench.html?${query}`);
  await page.waitForFunction(
    () => ['done', 'error'].includes(document.documentElement.dataset.state),
    null,
    { timeout: RUN_TIMEOUT, polling: 250 },
  );
  const result = await page.evaluate(() => window.benchResult ?? { error: window.benchError });
  assert.ok(result.rows, `the run failed: ${result.error}`);
  return { page, result };
}

test(
  'a tiny run checks every output, then times it, and fills the table',
  { timeout: RUN_TIMEOUT + 30_000 },
  async () => {
    const { page, result } = await run('smoke&run');
    assert.equal(
      await page.evaluate(() => crossOriginIsolated),
      true,
      'COOP/COEP make it isolated',
    );
    assert.equal(await page.locator('#isolation-note').isHidden(), true);
    const { rows, options } = result;

    // Every engine that started is in the table for both shapes, at each thread count it was
    // started with; ORT once per graph. Skipped engines (tfjs's 2 threads: tensorflow/tfjs#8513)
    // are rows too, with a reason.
    for (const shape of ['S1', 'S2']) {
      const at = rows.filter((r) => r.shape === shape);
      for (const e of result.engines) {
        const mine = at.filter((r) => r.family === e.kind && r.threads === e.threads);
        if (e.error) {
          assert.ok(
            mine.some((r) => r.status !== 'ok' && r.note),
            `${shape} ${e.name}: a row saying why`,
          );
          continue;
        }
        const expected = e.kind === 'ort' ? options.ortModels.length : e.kind === 'ours' ? 2 : 1;
        assert.equal(mine.length, expected, `${shape} ${e.name}: one row per variant`);
        for (const r of mine) {
          assert.equal(r.status, 'ok', `${shape} ${r.implementation} ${r.threads} thr: ${r.note}`);
          // Checked before timing: its max |diff| against attention-lab (1 thread) is within tolerance.
          assert.ok(r.maxDiff <= options.tolerance, `${r.implementation}: max |diff| ${r.maxDiff}`);
          assert.ok(Number.isFinite(r.medianMs) && r.medianMs > 0, `${r.implementation}: median`);
          assert.equal(r.samplesMs.length, r.reps);
        }
      }
      for (const kind of ['ours', 'ort', 'tfjs', 'js'])
        assert.ok(
          at.some((r) => r.family === kind && r.status === 'ok'),
          `${shape}: ${kind} measured`,
        );
      assert.ok(
        at.some((r) => r.family === 'ours' && r.threads === 2 && r.status === 'ok'),
        'threads',
      );
    }
    assert.equal(rows.find((r) => r.shape === 'S2').tokens, 32, '?smoke cuts S2 to T = 32');

    // The page's table shows the same rows, with a median for each measured one.
    const cells = await page.$$eval('#results tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((c) => c.textContent)),
    );
    assert.equal(cells.length, rows.length);
    const measured = cells.filter((c) => /(µs|ms)$/.test(c[4]));
    assert.equal(measured.length, rows.filter((r) => r.status === 'ok').length);
    assert.ok(measured.every((c) => !/NaN|Infinity/.test(c[4])));
    assert.match(await page.locator('#status').textContent(), /^Done in \d+ s\.$/);
    assert.equal(await page.locator('#progress').evaluate((p) => p.value), 1);
    assert.deepEqual(problems, []);
  },
);

test('an output that differs is reported and not timed', { timeout: RUN_TIMEOUT }, async () => {
  // Tolerance 0: plain JS (float sums in another order) differs from attention-lab by ~3e-8.
  const { result } = await run('smoke&run&only=S1&impl=ours,js&threads=1&tolerance=0');
  const js = result.rows.find((r) => r.family === 'js');
  assert.equal(js.status, 'mismatch');
  assert.ok(js.maxDiff > 0);
  assert.match(js.note, /not timed/);
  assert.equal(js.medianMs, undefined);
  assert.equal(js.samplesMs, undefined);
  const ours = result.rows.find((r) => r.family === 'ours' && r.role === 'ours');
  assert.equal(ours.maxDiff, 0);
  assert.ok(Number.isFinite(ours.medianMs));
  assert.deepEqual(problems, []);
});

test('without cross-origin isolation the page says threads are off', async () => {
  const page = await watchedPage(await newContext('dark'), problems);
  await page.goto(`${plainServer.url}bench.html`);
  await page.waitForFunction(() => document.documentElement.dataset.state === 'idle');
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  assert.equal(await page.locator('#isolation-note').isVisible(), true);
  const env = await page.locator('#env').textContent();
  assert.match(env, /Cross-origin isolated \(threads possible\)no/);
  assert.match(env, /Logical cores \(navigator\.hardwareConcurrency\)\d+/);
  // Each shape has a labelled checkbox; the progress bar has a label; the status is a live region.
  assert.equal(await page.getByLabel(/S3: GPT-2 small dims, T=1024/).isChecked(), true);
  assert.equal(await page.getByLabel('Progress').count(), 1);
  assert.equal(await page.locator('#status').getAttribute('aria-live'), 'polite');
  assert.deepEqual(await axeViolations(page), [], 'dark theme');
  assert.deepEqual(problems, []);
});

// Isolation does not mean threads: an engine without SharedArrayBuffer on an isolated page
// (WebKitGTK) runs 1-thread rows only and says why, instead of asking its workers for threads.
test(
  'an isolated page without SharedArrayBuffer: 1-thread rows only, and a note that says why',
  { timeout: RUN_TIMEOUT + 30_000 },
  async () => {
    const noShared = () => delete globalThis.SharedArrayBuffer;
    const { page, result } = await run('smoke&run&only=S1&impl=ours&threads=1,2', server, noShared);
    assert.equal(await page.evaluate(() => crossOriginIsolated), true);
    assert.deepEqual(result.options.threads, [1]);
    assert.ok(result.rows.length > 0);
    assert.ok(
      result.rows.every((r) => r.threads === 1),
      'only 1-thread rows',
    );
    assert.ok(
      result.notes.some((n) => /no SharedArrayBuffer.*threads are off/.test(n)),
      result.notes.join('\n'),
    );
    await page.close();
  },
);
