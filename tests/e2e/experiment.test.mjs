// The lecture's timing experiment on the full page: a loop over per-head modules against one split
// matmul, run one head count at a time; bad lists get an inline message; the embed does not show it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, pageSuite } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const rows = (page) =>
  page.$$eval('#experiment tbody tr', (trs) =>
    trs.map((tr) => ({
      heads: Number(tr.dataset.heads),
      values: [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value)),
    })),
  );

test('the timing runs per head count, fills the table and explains bad lists', async () => {
  const page = await newPage();
  const panel = page.locator('#experiment');
  await panel.waitFor({ state: 'visible' });
  assert.match(await panel.locator('h2').textContent(), /Why one matmul\?/);
  assert.equal(
    await page.inputValue('#exp-heads'),
    '2, 400, 4000',
    "the lecture's head counts by default",
  );

  // Keyboard: type a small list, Tab to the button, press Enter.
  await page.fill('#exp-heads', '12, 60'); // small: fast, yet well above the 5 µs clock of an isolated page
  await page.focus('#exp-heads');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Run the timing');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      document.querySelector('#experiment').dataset.state === 'idle' &&
      document.querySelectorAll('#experiment tbody tr').length === 2,
    null,
    { timeout: 30000 },
  );

  const table = await rows(page);
  assert.deepEqual(
    table.map((r) => r.heads),
    [12, 60],
  );
  for (const {
    heads,
    values: [loopMs, fusedMs, ratio, maxDifference],
  } of table) {
    assert.ok(loopMs > 0 && fusedMs > 0, `${heads} heads: positive times (${loopMs}, ${fusedMs})`);
    assert.ok(Math.abs(ratio - loopMs / fusedMs) < 1e-9, `${heads} heads: loop ÷ fused`);
    assert.ok(
      maxDifference >= 0 && maxDifference <= 1e-6,
      `${heads} heads: same numbers (${maxDifference})`,
    );
  }
  assert.equal(await page.locator('.exp-run').isDisabled(), false, 'the button is enabled again');
  assert.match(
    await page.locator('.exp-note').textContent(),
    /build “(single|threads)”, \d+ threads?/,
  );
  assert.match(await page.locator('.exp-status').textContent(), /2 head counts timed/);
  await panel.screenshot({ path: artifact('experiment-panel.png') });

  // Bad lists: an inline message, the last table stays, the page keeps working.
  for (const [bad, pattern] of [
    ['2, x', /“x” is not a whole number/],
    ['', /at least one head count/],
    ['0', /from 1 to/],
    ['99999', /from 1 to/],
  ]) {
    await page.fill('#exp-heads', bad);
    await page.click('.exp-run');
    assert.match(await page.locator('#exp-msg').textContent(), pattern, JSON.stringify(bad));
    assert.equal(await page.getAttribute('#exp-heads', 'aria-invalid'), 'true');
    assert.equal((await rows(page)).length, 2, 'the last results stay');
  }
  await page.fill('#exp-heads', '3');
  assert.equal(await page.locator('#exp-msg').textContent(), '', 'editing clears the message');
  await page.press('#exp-heads', 'Enter');
  await page.waitForFunction(
    () =>
      document.querySelector('#experiment').dataset.state === 'idle' &&
      document.querySelectorAll('#experiment tbody tr').length === 1,
    null,
    { timeout: 30000 },
  );

  // The stepper still works afterwards.
  await page.evaluate(() => document.activeElement.blur()); // typing in the field never steps
  await page.keyboard.press('End');
  assert.equal(await page.locator('#stage').getAttribute('data-step'), 'output');
  await page.close();
});

test('320 px wide: the panel fits; the compact embed has no experiment', async () => {
  const page = await newPage('', { viewport: { width: 320, height: 640 } });
  await page.fill('#exp-heads', '2');
  await page.click('.exp-run');
  await page.waitForSelector('#experiment tbody tr');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `no horizontal overflow (${overflow}px)`);
  await page.locator('#experiment').screenshot({ path: artifact('experiment-panel-320.png') });
  await page.close();

  const embed = await newPage('embed.html');
  assert.equal(await embed.locator('#experiment').count(), 0);
  await embed.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
