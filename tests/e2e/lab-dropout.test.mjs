// Lab 4, "Dropout": ?lab=dropout shows the notebook's 6 × 6 dropout of ones as both printed masks
// (docs/NOTEBOOK.md, tests/js/notebook.test.mjs) with a toggle kept in the URL; the kept share per
// draw and the running mean over many draws of the page's weights equal lab.dropoutStatistics;
// refused values show the core's message and keep the last result; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  nodeLab,
  pageSuite,
  referenceTrace,
  sentenceOf,
  axeViolations,
  settledUrl,
} from './helpers.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// What the notebook printed: torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6)).
const PRINTED = {
  cpu: [
    [2, 2, 0, 2, 2, 0],
    [0, 0, 0, 2, 0, 2],
    [2, 2, 2, 2, 0, 2],
    [0, 2, 2, 0, 0, 2],
    [0, 2, 0, 2, 0, 2],
    [0, 2, 2, 2, 2, 0],
  ],
  mkl: [
    [2, 2, 2, 2, 2, 2],
    [0, 2, 0, 0, 0, 0],
    [0, 0, 2, 0, 2, 0],
    [2, 2, 0, 0, 0, 2],
    [2, 0, 0, 0, 0, 2],
    [0, 2, 0, 0, 0, 0],
  ],
};

const shownMask = (page) =>
  page.$$eval('#lab-panel table[data-numbers="notebook-mask"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
  );
const quantities = (page) =>
  page.$$eval('#lab-panel [data-quantity]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.quantity, Number(e.dataset.value)])),
  );

test('the 6 × 6 masks are the two the notebook printed; the toggle and the URL', async () => {
  const lab = await nodeLab();
  const page = await newPage('?lab=dropout');
  await page.locator('#lab-panel[data-lab="dropout"]').waitFor();
  for (const rng of ['cpu', 'mkl']) {
    await page.check(`input[name="dropout-rng"][value="${rng}"]`);
    const shown = await shownMask(page);
    assert.deepEqual(
      shown,
      PRINTED[rng].map((r) => r.map(String)),
      `${rng}: the printed mask`,
    );
    const api = lab.dropout({
      input: new Float32Array(36).fill(1),
      shape: [6, 6],
      p: 0.5,
      seed: 123,
      rng,
    });
    assert.deepEqual(shown.flat().map(Number), Array.from(api.output.data), `${rng}: the API's`);
    const kept = api.mask.data.reduce((a, b) => a + b, 0);
    assert.equal((await quantities(page)).notebookKept, kept);
    assert.equal(
      new URL(await settledUrl(page)).searchParams.get('dropout.rng'),
      rng === 'mkl' ? 'mkl' : null,
    );
  }
  await page.close();
  const restored = await newPage('?lab=dropout&dropout.rng=mkl');
  assert.equal(await restored.isChecked('input[name="dropout-rng"][value="mkl"]'), true);
  assert.deepEqual(
    await shownMask(restored),
    PRINTED.mkl.map((r) => r.map(String)),
  );
  await restored.close();
});

async function expectStatistics(page, { p, draws, seed }, settings = DEFAULT_SETTINGS) {
  const lab = await nodeLab();
  const w = (await referenceTrace(settings)).attentionWeights;
  const T = w.shape.at(-1);
  const input = w.data.slice(0, T * T);
  const s = lab.dropoutStatistics({ input, shape: [T, T], p, draws, seed });
  const shown = await quantities(page);
  for (let i = 0; i < Math.min(8, draws); ++i)
    assert.equal(shown[`kept-${i}`], s.keptShare[i], `draw ${i}`);
  assert.equal(shown.keptMin, Math.min(...s.keptShare));
  assert.equal(shown.keptMax, Math.max(...s.keptShare));
  assert.equal(shown.maxError, s.maxError[draws - 1]);
  assert.equal(shown.meanAbsError, s.meanAbsError[draws - 1]);
  assert.equal(shown.maxError1, s.maxError[0]);
  const rows = await page.$$eval('#lab-panel table[data-numbers="row-mean"] tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))),
  );
  const last = (data) => Array.from(data.slice((T - 1) * T, T * T));
  const once = lab.dropout({ input, shape: [T, T], p, seed }).output.data;
  assert.deepEqual(
    rows.map((r) => r.slice(0, T)),
    [last(input), last(once), last(s.mean.data)],
  );
  return s;
}

test('kept shares and the running mean are lab.dropoutStatistics’ for the page’s weights', async () => {
  const page = await newPage('?lab=dropout');
  await page.locator('#lab-panel[data-lab="dropout"]').waitFor();
  const s = await expectStatistics(page, { p: 0.5, draws: 1000, seed: 123 });
  assert.ok(
    [...s.keptShare].some((k) => k !== 0.5),
    'the kept share is near 1 − p, not exactly',
  );
  assert.ok(s.maxError[999] < s.maxError[0] / 10, 'the mean approaches the undropped weights');

  await page.fill('#dropout-draws', '200');
  await page.press('#dropout-draws', 'Enter');
  await page.fill('#dropout-p', '0.2');
  await page.press('#dropout-p', 'Enter');
  await expectStatistics(page, { p: 0.2, draws: 200, seed: 123 });
  const url = new URL(await settledUrl(page)).searchParams;
  assert.deepEqual([url.get('dropout.p'), url.get('dropout.draws')], ['0.2', '200']);

  // Refused: the core's message (p = 1) and this lab's limit (draws); the last result stays.
  const lab = await nodeLab();
  let message;
  try {
    lab.dropoutStatistics({ input: [1], p: 1 });
  } catch (err) {
    message = err.message;
  }
  await page.fill('#dropout-p', '1');
  await page.press('#dropout-p', 'Enter');
  assert.equal(await page.locator('#dropout-p-msg').textContent(), message);
  assert.equal(await page.getAttribute('#dropout-p', 'aria-invalid'), 'true');
  await expectStatistics(page, { p: 0.2, draws: 200, seed: 123 });
  await page.fill('#dropout-p', '0.2');
  await page.fill('#dropout-draws', '6000');
  await page.press('#dropout-draws', 'Enter');
  assert.match(
    await page.locator('#dropout-draws-msg').textContent(),
    /for 6 tokens .* at most 5000/,
  );
  assert.equal(await page.locator('#dropout-p-msg').textContent(), '');
  await expectStatistics(page, { p: 0.2, draws: 200, seed: 123 });
  await page.close();

  const restored = await newPage('?lab=dropout&dropout.p=0.2&dropout.draws=200&dropout.seed=7');
  await expectStatistics(restored, { p: 0.2, draws: 200, seed: 7 });
  await restored.close();
});

test('long sentences: the draws are lowered to the lab’s work limit; a refused URL value', async () => {
  const sentence = sentenceOf(64);
  const page = await newPage(
    `?lab=dropout&sentence=${encodeURIComponent(sentence)}&dropout.draws=5000`,
  );
  await page.locator('#lab-panel[data-lab="dropout"]').waitFor();
  const limit = Math.floor(4e6 / (64 * 64));
  assert.equal(await page.inputValue('#dropout-draws'), String(limit));
  assert.match(
    await page.locator('#dropout-draws-msg').textContent(),
    /Lowered from 5000 to 976 draws for 64 tokens/,
  );
  const settings = { ...DEFAULT_SETTINGS, sentence };
  await expectStatistics(page, { p: 0.5, draws: limit, seed: 123 }, settings);
  // The page's sentence gets shorter: the same draws, new weights.
  await page.fill('#ctl-sentence', 'the cat sat');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('#lab-panel table[data-numbers="row-mean"] thead th').length === 4,
  );
  await expectStatistics(
    page,
    { p: 0.5, draws: limit, seed: 123 },
    { ...DEFAULT_SETTINGS, sentence: 'the cat sat' },
  );
  await page.close();

  const bad = await newPage('?lab=dropout&dropout.p=1');
  assert.match(await bad.locator('#dropout-p-msg').textContent(), /Showing the defaults\.$/);
  await expectStatistics(bad, { p: 0.5, draws: 1000, seed: 123 });
  await bad.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core finds no violations in lab 4 (${colorScheme})`, async () => {
    const page = await newPage('?lab=dropout', { bypassCSP: true, colorScheme });
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
