// The author's controls of the iframe page (embed.html on 127.0.0.2, as a course page frames it):
// ?steps= (which steps, in which order), ?lang= (the interface's language) and ?strings= (a JSON
// file of the author's words on the embed page's own host); the address keeps them as the reader
// moves; bad values get a message (in the chosen language) and every step; no word becomes markup.
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchedPage, checkDist, serveSite } from './helpers.mjs';

const SETUP = 'sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2';
const HOSTILE = '<img src=x onerror="window.pwned=1">Next';
const WORDS = JSON.stringify({ 'stepper.back': 'Zurück (Kurs)', 'stepper.next': HOSTILE });

let site; // 127.0.0.2: build/site, with a JSON file of words
let browser;
const problems = [];

before(async () => {
  checkDist();
  site = await serveSite({
    host: '127.0.0.2',
    pages: { '/words.json': WORDS },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test('embed.html?steps=&lang=&strings=: the steps, German words, the author’s file; the address keeps them', async () => {
  const p = await watchedPage(browser, problems);
  await p.goto(site.url(`/embed.html?${SETUP}&steps=softmax,mask&lang=de&strings=words.json`));
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 30000,
  });
  const view = () =>
    p.evaluate(() => ({
      slugs: [...document.querySelectorAll('.player .step-link')].map((b) => b.dataset.slug),
      step: document.querySelector('#stage').dataset.step,
      back: document.querySelector('.transport button').textContent,
      next: document.querySelector('.player .next').textContent,
      count: document.querySelector('.step-count').textContent,
      foot: document.querySelector('#open-full').textContent,
      markup: document.querySelectorAll('#app img').length,
    }));
  assert.deepEqual(await view(), {
    slugs: ['softmax', 'mask'],
    step: 'softmax',
    back: 'Zurück (Kurs)',
    next: HOSTILE,
    count: 'Schritt 1 von 2',
    foot: 'Ganze Seite öffnen ↗',
    markup: 0,
  });
  await p.click('.player .next');
  await p.waitForFunction(() => document.querySelector('#stage').dataset.step === 'mask');
  await p.waitForFunction(() => new URLSearchParams(location.search).get('step') === 'mask');
  const params = await p.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));
  assert.equal(params.steps, 'softmax,mask');
  assert.equal(params.lang, 'de');
  assert.equal(params.strings, 'words.json');

  // Bad values: the steps' message (in German), every step; an unknown language in English.
  await p.goto(site.url(`/embed.html?${SETUP}&steps=sofmax&lang=de`));
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.match(
    await p.textContent('.steps-error'),
    /^steps = 'sofmax' \(did you mean 'softmax'\?\): kein Schritt der Vorlesung/,
  );
  assert.equal(await p.locator('.player .step-link').count(), 11);
  // A language tag holding markup: named as text, never drawn.
  await p.goto(site.url(`/embed.html?${SETUP}&lang=${encodeURIComponent('fr<b>x</b>')}`));
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.match(
    await p.textContent('.strings-note'),
    /^lang = 'fr<b>x<\/b>': there is no catalogue/,
  );
  assert.equal(await p.locator('b').count(), 0);
  assert.equal(await p.textContent('.player .next'), 'Next ▶');
  await p.close();
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
