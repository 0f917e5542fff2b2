// A control swept faster than the screen paints (dropout p with its arrow keys held, the scrubber
// dragged) is computed once a frame with its latest value, and a step with new numbers is patched
// in place (its maps repainted, its tables' cells rewritten). Neither may change what is drawn:
// after a burst of 30 input events in one task, the page shows exactly what the page opened
// afresh on its settled address shows: the same text, tables, map sizes and pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, settledUrl, stageSnapshot } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// The lectures' example, in evaluation mode: the dropout step shows training mode's preview,
// which is all that a change of p recomputes.
const SETUP =
  '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&weights=random&seed=123' +
  '&training=false';

// Sets the input `selector` to each of `values` in turn, an input event each, all in one task.
function burst(page, selector, values) {
  return page.evaluate(
    ([sel, list]) => {
      const input = document.querySelector(sel);
      for (const v of list) {
        input.value = String(v);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    },
    [selector, values],
  );
}

// Waits until the address holds `value` for `key` (the last value swept has been computed), then
// for the frame after it.
async function settle(page, key, value) {
  await page.waitForFunction(
    ([k, v]) => new URL(location.href).searchParams.get(k) === v,
    [key, value],
  );
  return settledUrl(page);
}

// The page at `url`, opened afresh, shows what `shown` holds.
async function sameAsFresh(url, shown, what) {
  const fresh = await newPage(url.slice(suite.server.url.length));
  const expected = await stageSnapshot(fresh);
  assert.equal(shown.text, expected.text, `${what}: the same text`);
  assert.deepEqual(shown.tables, expected.tables, `${what}: the same tables`);
  assert.deepEqual(shown.maps, expected.maps, `${what}: the same map sizes`);
  assert.deepEqual(shown.canvases, expected.canvases, `${what}: the same pixels and grids`);
  await fresh.close();
}

test('30 values of dropout p in one burst draw what the last one draws opened afresh', async () => {
  const page = await newPage(`${SETUP}&step=dropout&dropout=0.1`);
  // Up to 0.75 and back down to 0.35: the last value is neither the first nor the largest.
  const values = Array.from({ length: 30 }, (_, i) => (i < 15 ? 0.05 * (i + 1) : 0.05 * (29 - i)));
  values[29] = 0.35;
  await burst(
    page,
    '#ctl-dropout',
    values.map((v) => v.toFixed(2)),
  );
  const url = await settle(page, 'dropout', '0.35');
  assert.equal(await page.inputValue('#ctl-dropout'), '0.35');
  assert.match(await page.textContent('#stage'), /p = 0\.35/);
  await sameAsFresh(url, await stageSnapshot(page), 'dropout p = 0.35');
  await page.close();
  assert.deepEqual(problems, []);
});

test('30 steps scrubbed in one burst draw the last step as opened afresh, and title the tab with it', async () => {
  const page = await newPage(`${SETUP}&step=embeddings`);
  const values = Array.from({ length: 30 }, (_, i) => 1 + ((i * 7) % 11));
  values[29] = 7; // the softmax step
  await burst(page, '#scrubber', values);
  const url = await settle(page, 'step', 'softmax');
  assert.equal(await page.inputValue('#scrubber'), '7');
  // The tab's title, written after the frame, names the last step.
  assert.equal(await page.title(), '7. Softmax: rows of weights · attention-lab');
  await sameAsFresh(url, await stageSnapshot(page), 'step 7');
  await page.close();
  assert.deepEqual(problems, []);
});
