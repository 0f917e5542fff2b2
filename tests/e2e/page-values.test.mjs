// Walks every step of the page for several settings and checks that every number shown is the
// API's number (dist/index.mjs in Node, same settings), that each section names its trace stage
// and shape with that stage's sentence (the one the CLI prints under them), and saves a screenshot per step into test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  watchedPage,
  ready,
  artifact,
  nodeLab,
  referenceTrace,
  referenceForward,
  shownCells,
  compareCells,
  pageSuite,
  hoverCell,
  trainingPreviewSettings,
  LECTURE_STEPS,
  withSetup,
} from './helpers.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';
import { TYPESET, sizesOf } from '../../dist/present.mjs';
import { explainStage } from '../../dist/stage-text.mjs';

const MAIN = {
  embeddings: 'inputs',
  qkv: 'queries',
  split: 'queryHeads',
  scores: 'attentionScores',
  scale: 'scaledScores',
  softmax: 'attentionWeights',
  dropout: 'droppedWeights',
  context: 'contextHeads',
  merge: 'mergedHeads',
  output: 'output',
};

const suite = pageSuite();
const { newPage, problems } = suite;

const settingsOf = (page) => parseUrl(new URL(page.url()).search).settings;

/** Compares the current section's cells with the reference trace. */
async function checkSection(page, trace, stages, slug, training = null) {
  const section = page.locator('#stage');
  assert.equal(await section.getAttribute('data-step'), slug);
  const stage = await section.getAttribute('data-stage');
  const masking = settingsOf(page).masking;
  const expectedMain =
    slug === 'mask' ? (masking === 'naive' ? 'zeroedWeights' : 'maskedScores') : MAIN[slug];
  assert.equal(stage, expectedMain, `step ${slug} shows ${stage}`);
  assert.ok(stage in trace, `${stage} is a trace stage`);
  const dims = stages.find((s) => s.name === stage).dims.split(',');
  const shape = trace[stage].shape.map((n, i) => `${dims[i]}=${n}`).join(', ');
  assert.equal(await section.locator('.stage-shape .shape').textContent(), `(${shape})`);
  const lead = section.locator('.stage-head .stage-lead');
  assert.equal(await lead.getAttribute('data-stage-text'), stage);
  assert.equal(
    await lead.textContent(),
    explainStage(stage, settingsOf(page), sizesOf(trace), TYPESET),
    `step ${slug} leads with its stage's sentence`,
  );
  const tensors = await page.$$eval('#stage [data-tensor]', (els) =>
    els.map((e) => e.dataset.tensor),
  );
  assert.ok(tensors.includes(stage), `the main tensor ${stage} is shown`);
  for (const t of tensors)
    assert.ok(
      stages.some((s) => s.name === t),
      `${t} is a core stage name`,
    );
  const cells = await shownCells(page);
  assert.ok(cells.length > 0, `step ${slug} shows numbers`);
  assert.deepEqual(
    compareCells(cells, trace, 1e-6, training),
    [],
    `step ${slug}: shown values equal the trace`,
  );
  const infinite = await page.$$eval('#stage td[data-value="-Infinity"]', (tds) =>
    tds.map((td) => td.textContent),
  );
  for (const text of infinite) assert.equal(text, '−∞');
  return cells.length;
}

async function walk(page, name, { screenshots = false } = {}) {
  const lab = await nodeLab();
  const trace = await referenceTrace(settingsOf(page));
  // In evaluation mode the dropout step shows the same pass in training mode.
  const training = settingsOf(page).training
    ? null
    : await referenceTrace(trainingPreviewSettings(settingsOf(page)));
  await page.click('.step-link[data-slug="embeddings"]');
  for (let i = 0; i < LECTURE_STEPS.length; ++i) {
    await checkSection(page, trace, lab.stages, LECTURE_STEPS[i], training);
    if (screenshots)
      await page.screenshot({
        path: artifact(`${name}-${String(i + 1).padStart(2, '0')}-${LECTURE_STEPS[i]}.png`),
        fullPage: true,
      });
    if (i < LECTURE_STEPS.length - 1) await page.click('.transport .next');
  }
  assert.equal(await page.locator('.transport .next').isDisabled(), true);
  return trace;
}

test('a typed sentence: every step shows the trace of the same settings', async () => {
  const page = await newPage();
  await page.fill('#ctl-sentence', 'the dog chased the ball');
  await page.fill('#ctl-dOut', '4');
  await page.fill('#ctl-heads', '2');
  await page.check('[data-control="training"] input[value="true"]');
  await page.fill('#ctl-dropout', '0.4');
  // A swept value reaches the address after the frame that shows it.
  await page.waitForFunction(() => new URL(location.href).searchParams.get('dropout') === '0.4');
  assert.equal(settingsOf(page).sentence, 'the dog chased the ball');
  assert.equal(await page.locator('.tokens .token').count(), 5);
  assert.deepEqual(
    await page.$$eval('.tokens .token .id', (els) =>
      els.map((e) => Number(e.textContent.replace(/\D/g, ''))),
    ),
    (await nodeLab()).tokenize('the dog chased the ball').map((t) => t.id),
  );
  const trace = await walk(page, 'typed', { screenshots: true });

  // The second batch item (its own dropout mask) and one head alone.
  await page.click('.step-link[data-slug="dropout"]');
  await page.check('input[name="item"][value="1"]');
  const cells = await shownCells(page);
  assert.ok(
    cells.some((c) => c.i >= trace.droppedWeights.data.length / 2),
    'batch item 2 is shown',
  );
  assert.deepEqual(compareCells(cells, trace), []);
  await page.check('input[name="head"][value="1"]');
  const heads = await page.$$eval('#stage table[data-head]', (ts) => [
    ...new Set(ts.map((t) => t.dataset.head)),
  ]);
  assert.deepEqual(heads, ['1']);
  assert.deepEqual(compareCells(await shownCells(page), trace), []);
  await page.close();
});

test('naive masking, wrapper, loop layout, qkv bias, training dropout', async () => {
  const query =
    '?sentence=the+dog+chased+the+ball+but+it+could+not+catch+it&dIn=4&dOut=2&heads=3&batch=1' +
    '&dropout=0.3&training=true&seed=7&qkvBias=true&causal=true&masking=naive&layout=loop&module=wrapper';
  const page = await newPage(query);
  await walk(page, 'naive-wrapper');
  await page.click('.step-link[data-slug="mask"]');
  assert.equal(await page.locator('#stage figure[data-tensor="unmaskedWeights"]').count(), 1);
  assert.equal(await page.locator('#stage figure[data-tensor="zeroedWeights"]').count(), 1);
  await page.click('.step-link[data-slug="output"]');
  assert.match(await page.locator('#stage .explain').textContent(), /no output projection/i);
  await page.close();
});

test('CausalAttention, no causal mask, evaluation mode, the lecture vectors', async () => {
  const page = await newPage(
    withSetup('notebook', '?module=causal&heads=1&dOut=3&causal=false&batch=2&training=false'),
  );
  assert.equal(settingsOf(page).sentence, 'Your journey starts with one step');
  assert.match(await page.locator('.tokens-root').textContent(), /lecture notebook/);
  await walk(page, 'causal-off');
  await page.click('.step-link[data-slug="dropout"]');
  assert.match(
    await page.locator('#stage .explain').textContent(),
    /Evaluation mode: nothing is dropped/,
  );
  // …and yet the step shows dropout: the training-mode pass, p = 0.5, said so in its captions.
  assert.match(await page.locator('#stage .explain').textContent(), /what training mode would do/);
  assert.match(
    await page.locator('#stage figure[data-tensor="droppedWeights"] figcaption').textContent(),
    /training mode, p = 0\.5/,
  );
  assert.ok(
    (await shownCells(page)).some((c) => c.stage === 'dropoutMask' && c.value === '0'),
    'some weights are dropped',
  );
  await page.close();
});

test('hover and focus show the value and the row and column tokens; focus the exact float32', async () => {
  const page = await newPage(withSetup('notebook', '?step=softmax'));
  const cell = page.locator('#stage table[data-head="0"] tbody tr:nth-child(2) td[data-i]').first();
  const value = Number(await cell.getAttribute('data-value'));
  await hoverCell(page, '#stage .map[data-head="0"]', 1, 0);
  const tip = page.locator('.tooltip');
  await tip.waitFor({ state: 'visible' });
  const text = await tip.textContent();
  // At a glance: 4 decimals, never the 17 digits of the float32 read as a double.
  assert.ok(text.includes(`value ${value.toFixed(4)}`), `${text} shows ${value.toFixed(4)}`);
  assert.ok(!text.includes(String(value)), `${text} does not print ${value}`);
  assert.match(text, /row: token 2 “journey”/);
  assert.match(text, /column: token 1 “Your”/);
  // Focus (or a click) gives the exact value: the shortest decimal that is that float32.
  await cell.focus();
  const readout = await page.locator('#readout').textContent();
  assert.match(readout, /attentionWeights\[0, 0, 1, 0\]/);
  const exact = readout.match(/exactly ([\d.e−-]+) in float32/)[1];
  assert.equal(Math.fround(Number(exact.replace('−', '-'))), Math.fround(value));
  assert.ok(exact.length <= 11, `${exact}: at most 9 significant digits`);
  // The readout is never stale: another step clears it.
  await page.keyboard.press('Escape');
  await page.click('.transport .next');
  assert.match(await page.locator('#readout').textContent(), /^Hover over/);
  assert.equal(await tip.isVisible(), false);
  await page.close();
});

test('the output step: each head’s share of a cell, from out_proj’s weight, read on hover', async () => {
  // d_out = 128 > 96: the cells show values, and the shares (and so the state_dict) are read
  // only when a cell is hovered.
  const page = await newPage('?step=output&module=mha&dIn=8&dOut=128&heads=4');
  const settings = settingsOf(page);
  await hoverCell(page, '#stage figure[data-tensor="output"] .map', 2, 5);
  const tip = page.locator('.tooltip');
  await tip.waitFor({ state: 'visible' });
  const shown = (await tip.textContent()).match(/mix: (head 1 \d+%(?:, head \d+ \d+%)*)/);
  assert.ok(shown, await tip.textContent());
  // The same shares from the API in Node: Σ over head h's columns k of |W[5, k] · merged[0, 2, k]|.
  const lab = await nodeLab();
  const { trace } = await referenceForward(settings);
  const T = trace.output.shape[1];
  const { batch, dIn, dOut, heads, qkvBias, seed, module } = settings;
  const model = lab.createModel({ batch, tokens: T, dIn, dOut, heads, qkvBias, seed, module });
  const W = model.stateDict()['out_proj.weight'].data;
  model.dispose();
  const D = 128;
  const dh = D / 4;
  const merged = trace.mergedHeads.data.subarray(2 * D, 3 * D);
  const share = [0, 0, 0, 0];
  for (let k = 0; k < D; ++k) share[Math.floor(k / dh)] += Math.abs(W[5 * D + k] * merged[k]);
  const total = share.reduce((a, b) => a + b, 0);
  const expected = share.map((x, h) => `head ${h + 1} ${Math.round((100 * x) / total)}%`);
  assert.equal(shown[1], expected.join(', '));
  await page.close();
});

test('works when served without cross-origin isolation headers', async () => {
  const plain = await startServer({ args: ['--no-isolation'] });
  try {
    const context = await suite.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await watchedPage(context, problems);
    await page.goto(`${plain.url}?step=output`);
    await ready(page);
    assert.equal(await page.evaluate(() => window.crossOriginIsolated), false);
    assert.deepEqual(
      compareCells(await shownCells(page), await referenceTrace(settingsOf(page))),
      [],
    );
    await context.close();
  } finally {
    await plain.stop();
  }
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
