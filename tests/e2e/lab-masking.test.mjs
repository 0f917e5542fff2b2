// Lab 3, "Masking the future: naive or −∞": ?lab=masking shows the page's sentence through both
// routes (max |Δ| and the keys in each softmax's denominator, from the API's traces), one three-key
// row for a chosen gap (lab.maskingLimits), the breaking points measured on the plot's gaps, a
// preset that reaches the breaking point, the API's message for a refused gap, the gap in the URL,
// and no axe violations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeLab, pageSuite, axeViolations, settledUrl } from './helpers.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

async function pageRoutes(settings) {
  const lab = await nodeLab();
  const { sentence, weights, ...options } = settings; // the page's own settings are not options
  const { inputs } = lab.embed(sentence, {
    dIn: settings.dIn,
    seed: settings.seed,
    batch: settings.batch,
  });
  const run = (masking) => lab.forward({ ...options, inputs, masking, trace: true });
  return { naive: run('naive'), negInf: run('neg-inf') };
}
function maxDiff(a, b) {
  let d = 0;
  a.forEach((v, i) => (d = v === b[i] ? d : Math.max(d, Math.abs(v - b[i]))));
  return d;
}
const quantities = (page) =>
  page.$$eval('#lab-panel [data-quantity]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.quantity, Number(e.dataset.value)])),
  );
const gapRow = (page) =>
  page.$$eval('#lab-panel table[data-numbers="gap-row"] tbody tr', (trs) =>
    Object.fromEntries(
      trs.map((tr) => [
        tr.dataset.route,
        [...tr.querySelectorAll('td')].map((td) => td.dataset.value ?? null),
      ]),
    ),
  );

async function checkGap(page, gap) {
  const lab = await nodeLab();
  const [row] = lab.maskingLimits({ gaps: [gap] });
  const shown = await gapRow(page);
  assert.deepEqual(
    shown.unmasked.map(Number),
    Array.from(row.unmasked),
    `gap ${gap}: softmax over all keys`,
  );
  assert.deepEqual(shown['neg-inf'].map(Number), Array.from(row.negInf), `gap ${gap}: −∞`);
  if (row.failure) {
    assert.deepEqual(shown.naive, [null, null, null], `gap ${gap}: no naive weights`);
    assert.equal(await page.locator('[data-outcome]').getAttribute('data-outcome'), 'fails');
    assert.ok((await page.locator('[data-outcome]').textContent()).includes(row.failure));
  } else {
    assert.deepEqual(shown.naive.map(Number), Array.from(row.naive), `gap ${gap}: naive`);
    assert.equal((await quantities(page)).gapDifference, row.maxDifference);
  }
  return row;
}

test('?lab=masking: ordinary rows agree; which keys entered each denominator (the API’s traces)', async () => {
  const page = await newPage('?lab=masking');
  await page.locator('#lab-panel[data-lab="masking"]').waitFor();
  const { naive, negInf } = await pageRoutes(DEFAULT_SETTINGS);
  const shown = await quantities(page);
  assert.equal(
    shown.weightsDifference,
    maxDiff(naive.trace.attentionWeights.data, negInf.trace.attentionWeights.data),
  );
  assert.equal(shown.outputDifference, maxDiff(naive.output.data, negInf.output.data));
  assert.ok(shown.weightsDifference < 1e-6, 'equal to rounding');

  const T = naive.trace.attentionWeights.shape.at(-1);
  const grid = (name) =>
    page.$$eval(`#lab-panel table[data-numbers="${name}"] tbody tr`, (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.entered === 'true')),
    );
  const expect = (data) =>
    Array.from({ length: T }, (_, i) => Array.from({ length: T }, (_, j) => data[i * T + j] > 0));
  assert.deepEqual(await grid('denominator-naive'), expect(naive.trace.unmaskedWeights.data));
  assert.deepEqual(await grid('denominator-neg-inf'), expect(negInf.trace.attentionWeights.data));
  // The lecture's argument: naive sums over every key, −∞ only over the visible ones.
  assert.ok((await grid('denominator-naive')).flat().every(Boolean));
  (await grid('denominator-neg-inf')).forEach((row, i) =>
    row.forEach((inside, j) => assert.equal(inside, j <= i)),
  );
  await page.close();
});

test('the gap: the row is the API’s; the preset reaches the breaking point; a refused gap; the URL', async () => {
  const lab = await nodeLab();
  const rows = lab.maskingLimits({ gaps: Array.from({ length: 441 }, (_, i) => i / 4) });
  const fails = rows.find((r) => r.failure).gap;
  const errors = rows.find((r) => r.failure || r.maxDifference > 1e-6).gap;
  const subnormal = rows.find((r) => Math.min(r.unmasked[0], r.unmasked[1]) < 2 ** -126).gap;

  const page = await newPage('?lab=masking');
  await page.locator('#lab-panel[data-lab="masking"]').waitFor();
  await checkGap(page, 10);
  assert.deepEqual(
    [
      (await quantities(page)).subnormal,
      (await quantities(page)).errors,
      (await quantities(page)).fails,
    ],
    [subnormal, errors, fails],
  );
  assert.ok(subnormal < errors && errors < fails, `${subnormal} < ${errors} < ${fails}`);

  await page.click('button[data-preset="breaking"]');
  assert.equal(await page.inputValue('#masking-gap'), String(fails));
  const broken = await checkGap(page, fails);
  assert.ok(broken.failure);
  assert.equal(new URL(await settledUrl(page)).searchParams.get('masking.gap'), String(fails));

  await page.fill('#masking-gap', '5000');
  let message;
  try {
    lab.maskingLimits({ gaps: [5000] });
  } catch (err) {
    message = err.message;
  }
  assert.equal(await page.locator('#masking-gap-msg').textContent(), message, "the API's message");
  assert.equal(await page.getAttribute('#masking-gap', 'aria-invalid'), 'true');
  await checkGap(page, fails); // the last good row stays
  await page.fill('#masking-gap', '95');
  await checkGap(page, 95);
  assert.equal(await page.locator('#masking-gap-msg').textContent(), '');
  await page.close();

  const restored = await newPage('?lab=masking&masking.gap=103');
  assert.equal(await restored.inputValue('#masking-gap'), '103');
  await checkGap(restored, 103);
  await restored.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core finds no violations in lab 3 (${colorScheme})`, async () => {
    const page = await newPage('?lab=masking&masking.gap=104', { bypassCSP: true, colorScheme });
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
