// Lab "Loop vs fused, honestly" (it replaces the page's old timing panel): ?lab=loop-vs-fused opens
// it with the head counts and clock from the URL; a run on the browser's clock shows times that
// each span ≥ 100 ticks, verdicts only where the ranges of interleaved runs separate, the core's
// operation counts and equal outputs; with a deliberately coarse clock (1 s ticks) no time, ratio or cost is shown as a
// number, only "not resolvable at this clock"; bad head lists get a message; at 320 px the table
// fits its panel; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, axeViolations, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;
const UNRESOLVED = 'not resolvable at this clock';

async function runTiming(page) {
  await page.click('#lab-panel button.lab-run');
  await page.waitForFunction(
    () => document.querySelector('#lab-panel .lab-body')?.dataset.state === 'idle',
    null,
    { timeout: 120000 },
  );
  return page.$$eval('.lvf-table tbody tr', (trs) =>
    trs.map((tr) => ({
      heads: Number(tr.dataset.heads),
      cells: [...tr.querySelectorAll('td')].map((td) => ({ text: td.textContent, ...td.dataset })),
    })),
  );
}

async function operations(heads) {
  const lab = await nodeLab();
  const base = { batch: 2, tokens: 6, dIn: 3, dOut: 3, heads, module: 'wrapper', trace: false };
  return ['fused', 'loop'].map((layout) => lab.describe({ ...base, layout }).flops);
}

test('the browser’s clock: every time spans ≥ 100 ticks, ratios follow, the forms agree', async () => {
  const page = await newPage('?lab=loop-vs-fused&loop-vs-fused.heads=2,40');
  await page.locator('#lab-panel[data-lab="loop-vs-fused"]').waitFor();
  assert.equal(await page.inputValue('#lvf-heads'), '2,40', 'the head counts from the URL');
  const rows = await runTiming(page);
  assert.deepEqual(
    rows.map((r) => r.heads),
    [2, 40],
  );
  for (const { heads, cells } of rows) {
    const [ops, fused, loop, calls, loopRatio, callsRatio, , maxDiff] = cells;
    const [fusedOps, loopOps] = await operations(heads);
    assert.equal(Number(ops.flops), fusedOps, 'the core’s count');
    assert.equal(fusedOps, loopOps, 'the same operations either way');
    assert.ok(Number(maxDiff.value) <= 1e-6, `same numbers (${maxDiff.value})`);
    for (const t of [fused, loop, calls]) {
      if (t.resolved === 'true') {
        assert.ok(Number(t.ticks) >= 100, `${heads} heads: ${t.ticks} ticks`);
        assert.ok(Number(t.ms) > 0);
      } else assert.equal(t.text, UNRESOLVED);
    }
    for (const [ratio, a, b] of [
      [loopRatio, loop, fused],
      [callsRatio, calls, fused],
    ]) {
      if (a.resolved === 'true' && b.resolved === 'true') {
        // A verdict only where the two ranges (fastest to slowest run) do not overlap.
        const apart = Number(a.low) > Number(b.high) || Number(b.low) > Number(a.high);
        if (ratio.resolved === 'true') {
          assert.ok(apart, `${heads} heads: a verdict from overlapping ranges`);
          assert.ok(Math.abs(Number(ratio.ratio) - Number(a.ms) / Number(b.ms)) < 1e-9);
          assert.match(ratio.text, /faster$/);
          const slower = ratio.faster === 'fused' ? Number(a.ms) : Number(b.ms);
          const faster = ratio.faster === 'fused' ? Number(b.ms) : Number(a.ms);
          assert.ok(slower > faster, 'the form called faster has the smaller median');
        } else {
          assert.equal(ratio.resolved, 'overlap');
          assert.equal(ratio.text, 'too noisy to tell');
        }
      } else assert.equal(ratio.text, UNRESOLVED);
    }
  }
  assert.match(await page.locator('.lvf-clock-line').textContent(), /Clock resolution: .* (µs|ms)/);
  assert.equal(await page.locator('.lab-chart .series-lecture circle').count(), 3);
  await page.close();
});

test('a deliberately coarse clock (1 s ticks): nothing unresolved is shown as a number', async () => {
  const page = await newPage(
    '?lab=loop-vs-fused&loop-vs-fused.heads=2,40&loop-vs-fused.clock=1000',
  );
  await page.locator('#lab-panel[data-lab="loop-vs-fused"]').waitFor();
  assert.equal(await page.inputValue('#lvf-clock'), '1000', 'the clock from the URL');
  const rows = await runTiming(page);
  assert.equal(rows.length, 2);
  for (const { cells } of rows) {
    const [, ...rest] = cells;
    const timings = rest.slice(0, 6); // three times, two ratios, the cost per call
    for (const c of timings) {
      assert.equal(c.resolved, 'false');
      assert.equal(c.text, UNRESOLVED);
    }
  }
  const text = await page.locator('#lab-panel').textContent();
  assert.doesNotMatch(text, /\d×/, 'no ratio at all');
  assert.match(await page.locator('.lvf-summary').textContent(), /not resolvable at this clock/);
  for (const form of ['fused', 'loop', 'calls'])
    assert.equal(await page.locator(`.lab-chart .series-${form} circle`).count(), 0, form);
  await page.close();
});

test('bad head lists get a message next to the field; the URL keeps a valid list', async () => {
  const page = await newPage('?lab=loop-vs-fused');
  await page.locator('#lvf-heads').waitFor();
  assert.equal(await page.inputValue('#lvf-heads'), '2, 20, 200, 400, 4000');
  for (const [bad, pattern] of [
    ['2, x', /“x” is not a whole number/],
    ['', /at least one head count/],
    ['0', /from 1 to 10000/],
  ]) {
    await page.fill('#lvf-heads', bad);
    await page.click('#lab-panel button.lab-run');
    assert.match(await page.locator('#lvf-heads-msg').textContent(), pattern);
    assert.equal(await page.getAttribute('#lvf-heads', 'aria-invalid'), 'true');
  }
  await page.fill('#lvf-heads', '3');
  await runTiming(page);
  assert.equal(new URL(await settledUrl(page)).searchParams.get('loop-vs-fused.heads'), '3');
  assert.equal(await page.locator('#experiment').count(), 0, 'the old timing panel is gone');
  await page.close();
});

// Eight counts near 10,000 asked the core for more memory than it has: it aborted after a long
// build, with the status stuck on "Building…". They are refused before anything is built.
test('head counts whose forms the core cannot hold are refused up front, with a message', async () => {
  const page = await newPage(
    '?lab=loop-vs-fused&loop-vs-fused.heads=10000,9999,9998,9997,9996,9995,9994,9993&loop-vs-fused.clock=1000',
  );
  await page.locator('#lvf-heads').waitFor();
  await page.click('#lab-panel button.lab-run');
  await page.waitForFunction(
    () => document.querySelector('#lvf-heads-msg').textContent !== '',
    null,
    { timeout: 10000 },
  );
  assert.match(
    await page.locator('#lvf-heads-msg').textContent(),
    /79,972 heads in all.*at most 20,000/,
  );
  assert.equal(await page.getAttribute('#lvf-heads', 'aria-invalid'), 'true');
  assert.doesNotMatch(await page.locator('#lab-panel .lab-status').textContent(), /Building/);
  await page.close();
});

// A phone's width: the results table fits its panel (it stacks its cells; nothing scrolls sideways).
test('at 320 px the results table fits its panel', async () => {
  const page = await newPage(
    '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&lab=loop-vs-fused&loop-vs-fused.heads=2,40',
    { viewport: { width: 320, height: 700 } },
  );
  await runTiming(page);
  const fit = await page.evaluate(() => {
    const table = document.querySelector('.lvf-table');
    const panel = document.querySelector('#lab-panel');
    return {
      table: table.scrollWidth,
      panel: panel.clientWidth,
      wrap: table.parentElement.scrollWidth - table.parentElement.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  assert.ok(fit.table <= fit.panel, `table ${fit.table} px in a panel of ${fit.panel} px`);
  assert.equal(fit.wrap, 0, 'nothing scrolls sideways in the table’s wrap');
  assert.equal(fit.page, 0, 'nor the page');
  await page.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core: the timing lab has no violations after a run (${colorScheme})`, async () => {
    const page = await newPage('?lab=loop-vs-fused&loop-vs-fused.heads=2,20', {
      bypassCSP: true,
      colorScheme,
    });
    await runTiming(page);
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
