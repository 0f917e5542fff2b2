// Lab "View, then transpose, and the forgotten transpose": ?lab=transpose opens it; the four shapes
// are the trace's, the right scores and the forgotten transpose's heads-against-heads grids show
// the API's numbers, the transpose cell run twice shows the (B, h, T, d_h) shape again and the
// scrambled rows; the shown head is kept in the URL; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, axeViolations, withSetup, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;
const SENTENCE = 'Your journey starts with one step';

async function reference() {
  const lab = await nodeLab();
  const { inputs } = lab.embed(SENTENCE, { dIn: 3, seed: 123, batch: 2 });
  return lab.forward({
    inputs,
    batch: 2,
    dIn: 3,
    dOut: 2,
    heads: 2,
    seed: 123,
    forgottenTranspose: true,
  }).trace;
}

const cells = (page, selector) =>
  page.$$eval(selector, (tds) =>
    tds.map((td) => ({ i: Number(td.dataset.i), value: Number(td.dataset.value) })),
  );

test('?lab=transpose: shapes and numbers are the API’s, the head is kept in the URL', async () => {
  const trace = await reference();
  const page = await newPage(withSetup('notebook', '?lab=transpose&transpose.head=1'));
  const panel = page.locator('#lab-panel[data-lab="transpose"]');
  await panel.waitFor();
  const shapes = await page.$$eval('.lab-pipeline li', (lis) =>
    lis.map((li) => [li.dataset.stage, li.querySelector('.axes').dataset.shape]),
  );
  assert.deepEqual(
    shapes,
    ['queries', 'queryView', 'queryHeads', 'attentionScores'].map((s) => [
      s,
      trace[s].shape.join(),
    ]),
  );
  assert.deepEqual(trace.queryView.shape, [2, 6, 2, 1]);
  assert.doesNotMatch(
    await page.locator('#lab-panel').textContent(),
    /\bnull\b|undefined|NaN/,
    'no placeholder text',
  );
  // The axes keep their names: B, T, then h and d_h after the view, h before T after the transpose.
  const axes = await page.$$eval('.lab-pipeline li', (lis) =>
    lis.map((li) => [...li.querySelectorAll('.axis')].map((a) => a.dataset.axis).join(',')),
  );
  assert.deepEqual(axes, ['B,T,d_out', 'B,T,h,d_h', 'B,h,T,d_h', 'B,h,T,T']);

  // Right: head 2's T × T scores of batch item 1.
  const right = await cells(page, 'table[data-tensor="attentionScores"] td[data-i]');
  assert.equal(right.length, 36);
  for (const { i, value } of right) {
    assert.equal(value, trace.attentionScores.data[i], `attentionScores[${i}]`);
    assert.ok(i >= 36 && i < 72, 'head 2 of item 1');
  }
  // Wrong: (B, T, h, h), one h × h grid per token.
  const wrong = await cells(page, 'table[data-tensor="forgottenTranspose"] td[data-i]');
  assert.equal(wrong.length, 6 * 2 * 2);
  for (const { i, value } of wrong) assert.equal(value, trace.forgottenTranspose.data[i]);
  assert.match(await panel.locator('.lab-wrong h3').textContent(), /B = 2, T = 6, h = 2, h = 2/);

  // Twice: back to (B, h, T, d_h); merged once equals the core's mergedHeads.
  assert.equal(
    await page.getAttribute('[data-twice]', 'data-twice'),
    trace.contextHeads.shape.join(),
  );
  const merged = await page.$$eval('table[data-tensor="merged"] td', (tds) =>
    tds.map((td) => Number(td.dataset.value)),
  );
  assert.deepEqual(merged, Array.from(trace.mergedHeads.data.slice(0, merged.length)));
  const scrambled = await page.$$eval('table[data-tensor="scrambled"] td', (tds) =>
    tds.map((td) => [Number(td.dataset.value), Number(td.dataset.head), Number(td.dataset.token)]),
  );
  // Row 1 of the wrong merge: head 1's tokens 1 and 2 (d_h = 1, D = 2), straight from contextHeads.
  assert.deepEqual(scrambled.slice(0, 2), [
    [trace.contextHeads.data[0], 0, 0],
    [trace.contextHeads.data[1], 0, 1],
  ]);

  // The head control writes its key; head 1 removes it.
  await page.selectOption('#transpose-head', '0');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('transpose.head'), null);
  const first = await cells(page, 'table[data-tensor="attentionScores"] td[data-i]');
  assert.ok(
    first.every(({ i, value }) => i < 36 && value === trace.attentionScores.data[i]),
    'head 1',
  );
  assert.equal(await page.inputValue('#transpose-head'), '0');
  await page.selectOption('#transpose-head', '1');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('transpose.head'), '1');
  await page.close();
});

test('the lab follows the page: 4 heads of 3', async () => {
  const page = await newPage(withSetup('notebook', '?lab=transpose&dIn=6&dOut=12&heads=4&batch=1'));
  await page.locator('#lab-panel[data-lab="transpose"]').waitFor();
  const shape = await page.getAttribute('.lab-wrong .axes', 'data-shape');
  assert.equal(shape, '1,6,4,4');
  assert.equal(await page.locator('table[data-tensor="forgottenTranspose"]').count(), 6);
  assert.equal(await page.locator('[data-module-note]').count(), 0);
  await page.close();

  // The wrapper on the page: the lab says it uses MultiHeadAttention of the same width (2 · 3).
  const wrapper = await newPage(
    withSetup('notebook', '?lab=transpose&module=wrapper&dOut=3&heads=2'),
  );
  await wrapper.locator('[data-module-note="wrapper"]').waitFor();
  assert.match(await wrapper.locator('[data-module-note]').textContent(), /d_out = 6, 2 heads/);
  assert.equal(await wrapper.getAttribute('.lab-wrong .axes', 'data-shape'), '2,6,2,2');
  await wrapper.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core: the transpose lab has no violations (${colorScheme})`, async () => {
    const page = await newPage(withSetup('notebook', '?lab=transpose'), {
      bypassCSP: true,
      colorScheme,
    });
    await page.locator('#lab-panel[data-lab="transpose"] .lab-pipeline').waitFor();
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
