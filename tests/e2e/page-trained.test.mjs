// The page with the trained weights: a page that never asks for them never downloads the weights
// file; ?weights=trained (and the switch, and embed.html) shows the trained block's numbers for the
// typed sentence, each head's measured role, the architecture controls disabled with a note, and
// the top-5 next tokens on the output step, all equal to the API's in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  artifact,
  axeViolations,
  compareCells,
  nodeLab,
  pageSuite,
  ready,
  shownCells,
  watchedPage,
} from './helpers.mjs';
import { percent, tokenLabel, trainedTokenLabel } from '../../dist/present.mjs';

const suite = pageSuite();
const { problems } = suite;
const DOG = 'the dog chased the ball but it could not catch it';
const trained = nodeLab().then((lab) => lab.loadWeights('trained'));

// A page that records every request for a weights file.
async function openPage(query, requests) {
  // bypassCSP: axe-core is injected as an inline script, which the page's policy refuses.
  const context = await suite.browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  const page = await watchedPage(context, problems);
  page.on('request', (r) => {
    if (r.url().endsWith('.atlm')) requests.push(r.url());
  });
  await page.goto(suite.server.url + query);
  await ready(page);
  return page;
}

// The heads' role labels, as the softmax step's map captions carry them (whole, in the tooltip).
const roleLabels = (page) =>
  page.$$eval('#stage .map[data-tensor="attentionWeights"] .role-caption', (els) =>
    els.map((e) => e.title),
  );
const expectedLabels = (model) =>
  model.roles().trained.map((h) => `${h.label}, ${h.lift.toFixed(1)}× the random model`);

test('a page that never asks for the trained weights does not download them', async () => {
  const requests = [];
  const page = await openPage('?step=output', requests);
  await page.fill('#ctl-sentence', DOG);
  await page.click('.step-link[data-slug="softmax"]');
  assert.equal(await page.locator('.head-roles, .role-caption').count(), 0);
  assert.deepEqual(requests, []);
  // Asking for them (the switch) downloads the file once and draws the trained heads.
  await page.selectOption('#ctl-weights', 'trained');
  await page.locator('.role-caption').first().waitFor();
  assert.equal(requests.length, 1, requests.join(', '));
  assert.match(page.url(), /weights=trained/);
  const model = await trained;
  assert.deepEqual(await roleLabels(page), expectedLabels(model));
  // Back to the lecture's weights: its controls work again, no second download.
  await page.selectOption('#ctl-weights', 'random');
  await page.locator('.role-caption').first().waitFor({ state: 'detached' });
  assert.equal(await page.locator('#ctl-heads').isDisabled(), false);
  await page.selectOption('#ctl-weights', 'trained');
  await page.locator('.role-caption').first().waitFor();
  assert.equal(requests.length, 1);
  await page.close();
});

test('typing the lecture sentence with trained weights: trained numbers, head roles, next tokens', async () => {
  const requests = [];
  const page = await openPage('?weights=trained&step=softmax', requests);
  await page.fill('#ctl-sentence', DOG);
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('#stage .role-caption').length > 0 &&
      new URL(location.href).searchParams.get('sentence') === n,
    DOG,
  );
  const model = await trained;
  const run = model.explain(DOG);
  // Every number on the softmax step is the trained block's, as the API computes it in Node.
  const cells = await shownCells(page);
  assert.ok(cells.length > 0);
  assert.deepEqual(compareCells(cells, run.forward.trace, 1e-5), []);
  assert.deepEqual(await roleLabels(page), expectedLabels(model));
  // The architecture controls say they apply to the random weights only.
  for (const id of ['#ctl-heads', '#ctl-dOut', '#ctl-module'])
    assert.equal(await page.locator(id).isDisabled(), true, `${id} is disabled`);
  const notes = page.locator('.settings .random-only');
  assert.ok((await notes.count()) >= 3);
  assert.match(await notes.first().textContent(), /apply to the seeded random weights only/);
  assert.equal(await notes.first().isVisible(), true);
  await page.screenshot({ path: artifact('trained-softmax.png'), fullPage: false });

  // The embeddings step says where the vectors come from.
  await page.click('.step-link[data-slug="embeddings"]');
  assert.match(await page.locator('#stage .explain').textContent(), /trained model’s vectors/);
  assert.deepEqual(compareCells(await shownCells(page), run.forward.trace, 1e-5), []);

  // The output step adds the top-5 next tokens after each position.
  await page.click('.step-link[data-slug="output"]');
  const rows = await page.$$eval('.next-tokens tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent)),
  );
  assert.equal(rows.length, run.tokens.length);
  rows.forEach((row, t) => {
    assert.equal(row[0], tokenLabel(run.tokens[t].text));
    assert.deepEqual(
      row.slice(1),
      run.next[t].map((n) => `${trainedTokenLabel(n)} ${percent(n.probability)}`),
    );
  });
  await page.locator('.next-tokens').scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('trained-output.png') });
  assert.equal(
    await page.getByText(/^Embeddings: the trained model’s token \+ position/).count(),
    1,
  );
  assert.deepEqual(await axeViolations(page), []);
  assert.equal(requests.length, 1);

  // The README's picture: the softmax step's trained heads with their labels.
  await page.click('.step-link[data-slug="softmax"]');
  await page.locator('.role-caption').first().waitFor();
  // The whole stage, from its title down, clear of the sticky stepper (scrolled to the top).
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator('#stage').boundingBox();
  const shot = artifact('trained-heads.png');
  await page.screenshot({ path: shot, fullPage: true, clip: box });
  fs.copyFileSync(shot, path.join(ROOT, 'docs', 'images', 'trained-heads.png'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('embed.html?weights=trained shows the trained heads in the compact layout', async () => {
  const requests = [];
  const query = `embed.html?weights=trained&step=softmax&sentence=${encodeURIComponent(DOG)}`;
  const page = await openPage(query, requests);
  const model = await trained;
  assert.deepEqual(await roleLabels(page), expectedLabels(model));
  assert.equal(requests.length, 1);
  await page.close();
});
