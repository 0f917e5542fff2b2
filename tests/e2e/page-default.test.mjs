// The page opens on the lectures' own example ("dream big and work for it", d_in = d_out = 6, 2
// heads of 3, a (2, 6, 6) batch) and says each step in its terms, computed from the settings; the
// book's notebook is one click away and still prints the notebook's numbers. The mask step tells
// one story of masking, with the max |Δ| between naive masking and −∞ that the API measures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, referenceForward, withSetup, sentenceOf } from './helpers.mjs';
import { LIMITS } from '../../web/app/state/settings.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';
import { maskRoutesDifference, formatDifference } from '../../dist/stage-text.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const settingsOf = (page) => parseUrl(new URL(page.url()).search).settings;
const lead = (page) => page.locator('#stage .stage-lead').textContent();
const step = async (page, slug) => {
  await page.click(`.step-link[data-slug="${slug}"]`);
  return lead(page);
};

test('with no settings in the address the page opens on the lectures’ example, in its terms', async () => {
  const page = await newPage('');
  assert.equal(await page.inputValue('#ctl-sentence'), 'dream big and work for it');
  const settings = settingsOf(page);
  assert.deepEqual(
    [settings.dIn, settings.dOut, settings.heads, settings.batch, settings.module],
    [6, 6, 2, 2, 'mha'],
  );
  assert.equal(await page.locator('.tokens .token').count(), 6);
  assert.match(await page.locator('#stage .shape').first().textContent(), /B=2, T=6, d_in=6/);
  assert.match(await step(page, 'qkv'), /each of the 2 heads gets its own 6 × 3 = d_in × d_h/);
  assert.match(await step(page, 'split'), /h = 2 heads of d_h = d_out \/ h = 3 columns/);
  assert.doesNotMatch(await page.locator('#stage-root').innerText(), /set d_out/);
  assert.match(await step(page, 'scale'), /÷ √3 ≈ 1\.7321/);
  assert.match(await step(page, 'merge'), /h·d_h = 2·3 = D = 6 columns/);
  assert.match(
    await step(page, 'output'),
    /d_out × d_out = 6 × 6 linear layer that mixes the heads/,
  );
  await page.close();
});

test('the texts follow the settings: d_out 8 with 4 heads says 6 × 2, ÷ √2 and 8 × 8', async () => {
  const page = await newPage(withSetup('lectures', '?dOut=8&heads=4&step=qkv'));
  assert.match(await lead(page), /each of the 4 heads gets its own 6 × 2/);
  assert.match(await step(page, 'scale'), /÷ √2 ≈ 1\.4142/);
  assert.match(await step(page, 'output'), /8 × 8 linear layer/);
  await page.close();
});

test('the book’s notebook is one click away, with the notebook’s printed numbers', async () => {
  const page = await newPage(withSetup('lectures', '?step=output'));
  await page.click('button[data-setup="notebook"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('dIn') === '3');
  const settings = settingsOf(page);
  assert.equal(settings.sentence, 'Your journey starts with one step');
  assert.deepEqual([settings.dIn, settings.dOut, settings.heads, settings.batch], [3, 2, 2, 2]);
  assert.match(await page.locator('.tokens-root').textContent(), /lecture notebook/);
  // MultiHeadAttention(3, 2, 6, 0.0, num_heads=2) prints [[0.3190, 0.4858], …] (docs/NOTEBOOK.md).
  const first = await page.$$eval(
    '#stage figure[data-tensor="output"] tbody tr:first-child td[data-i]',
    (tds) => tds.slice(0, 2).map((td) => Number(td.dataset.value)),
  );
  assert.ok(Math.abs(first[0] - 0.319) < 1e-4 && Math.abs(first[1] - 0.4858) < 1e-4, `${first}`);
  // …and back to the lectures' example in one click.
  await page.click('button[data-setup="lectures"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('dIn') === '6');
  assert.equal(settingsOf(page).sentence, 'dream big and work for it');
  await page.close();
});

for (const masking of ['neg-inf', 'naive'])
  test(`the mask step (${masking}) prints the max |Δ| between the two routes that the API measures`, async () => {
    const sentence = 'the dog chased the ball but it could not catch it';
    const query = `?step=mask&masking=${masking}&sentence=${encodeURIComponent(sentence)}`;
    const page = await newPage(withSetup('lectures', query));
    const settings = settingsOf(page);
    const [naive, negInf] = await Promise.all(
      ['naive', 'neg-inf'].map((m) => referenceForward({ ...settings, masking: m })),
    );
    const expected = maskRoutesDifference(
      naive.trace.attentionWeights.data,
      negInf.trace.attentionWeights.data,
    );
    const shown = page.locator('#stage [data-quantity="maskDifference"]');
    assert.equal(Number(await shown.getAttribute('data-value')), expected);
    const text = await shown.textContent();
    assert.ok(text.includes(`max |Δ| = ${formatDifference(expected)}`), text);
    assert.match(text, /leaks nothing/);
    const all = await page.locator('#stage .explain').textContent();
    assert.doesNotMatch(all, /looked into the future/);
    assert.match(all, /subnormal/);
    assert.match(all, /no division by a sum that can be 0/);
    await page.close();
  });

test('the masking lab tells the same story as the step', async () => {
  const page = await newPage(withSetup('lectures', '?lab=masking'));
  await page.locator('#lab-panel[data-lab="masking"]').waitFor();
  const lab = await page.locator('#lab-panel').textContent();
  assert.match(lab, /so on ordinary rows the naive route leaks nothing/);
  assert.match(lab, /no division by a sum that can be 0/);
  assert.doesNotMatch(lab, /looked into the future/);
  await nodeLab(); // the API is loaded for the other tests of this file
  await page.close();
});

test('long sentences: a Chinese sentence of 94 tokens and 120 English ones render; 129 are refused', async () => {
  const chinese =
    '我们今天学习注意力机制，它让每个词都能看到前面的词，并从中获取信息。这就是大语言模型的核心。';
  const lab = await nodeLab();
  assert.equal(lab.tokenize(chinese).length, 94);
  const page = await newPage(
    withSetup('lectures', `?step=softmax&sentence=${encodeURIComponent(chinese)}`),
  );
  const rows = () =>
    page.$eval('#stage figure[data-tensor="attentionWeights"]', (f) => f.dataset.shape);
  assert.equal(await rows(), '2,2,94,94');
  await page.fill('#ctl-sentence', sentenceOf(120));
  await page.waitForFunction(
    () => new URL(location.href).searchParams.get('sentence')?.length > 300,
  );
  assert.equal(await rows(), '2,2,120,120');
  assert.equal(await page.locator('#msg-sentence').textContent(), '');
  await page.waitForTimeout(200); // past the typing burst
  await page.fill('#ctl-sentence', sentenceOf(LIMITS.tokens + 1));
  await page.locator('#msg-sentence').waitFor({ state: 'visible' });
  const message = await page.locator('#msg-sentence').textContent();
  assert.match(
    message,
    new RegExp(`has ${LIMITS.tokens + 1} tokens; this page shows at most ${LIMITS.tokens}`),
  );
  assert.equal(await rows(), '2,2,120,120', 'the last valid sentence stays drawn');
  await page.close();
});

test(`${LIMITS.tokens} tokens on a 320 px phone: every T × T map is seen whole`, async () => {
  const query = `?step=scores&sentence=${encodeURIComponent(sentenceOf(LIMITS.tokens))}`;
  const page = await newPage(withSetup('lectures', query), {
    viewport: { width: 320, height: 700 },
  });
  for (const slug of ['scores', 'scale', 'mask', 'softmax']) {
    await page.click(`.step-link[data-slug="${slug}"]`);
    const maps = await page.$$eval('#stage figure[data-shape] .map canvas', (canvases) =>
      canvases.map((c) => {
        const [T, X] = c.closest('figure').dataset.shape.split(',').map(Number).slice(-2);
        const [left, , w] = c.dataset.grid.split(',').map(Number);
        const box = c.getBoundingClientRect();
        return { T, X, left: box.left + left, right: box.left + left + X * w };
      }),
    );
    const square = maps.filter((m) => m.T === m.X);
    assert.ok(square.length > 0, `${slug}: T × T maps are drawn`);
    for (const m of square) {
      assert.equal(m.T, LIMITS.tokens, slug);
      assert.ok(m.left >= 0 && m.right <= 320, `${slug}: cells from ${m.left} to ${m.right}`);
    }
  }
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
