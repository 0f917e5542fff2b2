// A lab in German on the iframe page: embed.html?lab=dropout&lang=de shows the lab's German title
// (the panel and the document's), its German words around the numbers, and the same numbers as
// in English, with no page error. One page, one lab: the words of every lab are checked in Node
// (tests/js/words-labs.test.mjs).
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchedPage, checkDist, serveSite } from './helpers.mjs';
import DE from '../../web/app/strings/de.mjs';

const SETUP = 'sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2';

let site;
let browser;
const problems = [];

before(async () => {
  checkDist();
  site = await serveSite();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test('embed.html?lab=dropout&lang=de: the lab in German, its numbers as in English', async () => {
  const p = await watchedPage(browser, problems);
  await p.goto(site.url(`/embed.html?${SETUP}&lab=dropout&lang=de`));
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 30000,
  });
  const panel = p.locator('#lab-panel[data-lab="dropout"]');
  await panel.locator('[data-quantity="notebookKept"]').waitFor();
  assert.equal(await panel.locator('#lab-heading').textContent(), DE['lab.dropout.title']);
  assert.match(await p.title(), /^Dropout: was 1\/\(1 − p\) bewirkt/);
  const text = await panel.textContent();
  assert.match(text, /Im Training setzt Dropout jedes Attention-Gewicht/);
  assert.match(text, /Behalten: \d+ von 36, nicht 18/);
  assert.doesNotMatch(text, /In training, dropout sets|Share kept in the first/);
  assert.equal(await panel.locator('label[for="dropout-draws"]').textContent(), 'Ziehungen');
  // The notebook's mask keeps 21 of 36 on PyTorch's own generator, in either language.
  assert.equal(
    await panel.locator('[data-quantity="notebookKept"]').getAttribute('data-value'),
    '21',
  );
  await p.close();
  assert.deepEqual(problems, []);
});
