// Invalid settings keep the last valid state and show the core's message next to the control;
// hostile sentences are shown as text and run nothing; the URL holds and restores the whole state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  referenceTrace,
  shownCells,
  compareCells,
  nodeLab,
  pageSuite,
  withSetup,
} from './helpers.mjs';
import { parseUrl } from '../../web/app/state/url.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const settingsOf = (page) => parseUrl(new URL(page.url()).search).settings;
const snapshot = (page) =>
  page.$$eval('#stage td[data-i]', (tds) =>
    tds.map((td) => `${td.dataset.i}=${td.dataset.value}`).join(' '),
  );

test('heads that do not divide d_out: the core explains, the last valid state stays', async () => {
  const page = await newPage('?step=softmax&dOut=6&heads=2');
  const before = await snapshot(page);
  const url = page.url();
  await page.fill('#ctl-heads', '4');
  const msg = page.locator('#msg-heads');
  await msg.waitFor({ state: 'visible' });
  const text = await msg.textContent();
  assert.match(text, /heads = 4 does not divide dOut = 6/);
  assert.match(text, /1, 2, 3, 6/);
  assert.equal(await page.locator('#ctl-heads').getAttribute('aria-invalid'), 'true');
  assert.equal(await snapshot(page), before, 'the numbers on screen did not change');
  assert.equal(page.url(), url, 'the URL keeps the last valid state');
  assert.equal(await page.locator('#stage').getAttribute('data-stage'), 'attentionWeights');

  // Changing d_out to a multiple of 4 makes the pair valid again.
  await page.fill('#ctl-dOut', '8');
  await msg.waitFor({ state: 'hidden' });
  assert.equal(settingsOf(page).heads, 4);
  assert.equal(settingsOf(page).dOut, 8);
  assert.deepEqual(
    compareCells(await shownCells(page), await referenceTrace(settingsOf(page))),
    [],
  );
  await page.close();
});

test('other invalid values show a message next to their control', async () => {
  const page = await newPage('?step=dropout&training=true');
  const before = await snapshot(page);
  const cases = [
    ['#ctl-dropout', '1', '#msg-dropout', /\[0, 1\)/],
    ['#ctl-dIn', '0', '#msg-dIn', /dIn = 0/],
    ['#ctl-batch', '', '#msg-batch', /enter a number/],
    ['#ctl-dOut', '1000', '#msg-dOut', /at most 768/],
  ];
  for (const [input, value, message, pattern] of cases) {
    const valid = await page.inputValue(input);
    await page.fill(input, value);
    assert.match(await page.locator(message).textContent(), pattern, `${input} = ${value}`);
    assert.equal(await snapshot(page), before, `${input} = ${value} keeps the last state`);
    await page.fill(input, valid);
    assert.equal(await page.locator(message).textContent(), '');
  }
  // CausalAttention has one head: the core says so next to the module control.
  await page.selectOption('#ctl-module', 'causal');
  assert.match(await page.locator('#msg-module').textContent(), /exactly one head/);
  await page.selectOption('#ctl-module', 'mha');

  // An empty sentence and one that is too long.
  await page.fill('#ctl-sentence', '   ');
  assert.match(await page.locator('#msg-sentence').textContent(), /empty/);
  assert.equal(await snapshot(page), before);
  await page.fill('#ctl-sentence', Array.from({ length: 140 }, (_, i) => `word${i}`).join(' '));
  // Typed right after the last edit: one burst of typing, computed 120 ms after its last key.
  await page.waitForFunction(() =>
    /at most 128/.test(document.querySelector('#msg-sentence').textContent),
  );
  assert.equal(await snapshot(page), before);
  assert.equal(await page.locator('#stage').count(), 1);
  await page.close();
});

test('a hostile sentence is shown as text and runs nothing', async () => {
  const page = await newPage('?step=scores');
  const lab = await nodeLab();
  const sentences = [
    `<img src=x onerror=alert(1)> "hi" 😀 שלום`,
    `<b>"bold"</b> & 'single' سلام 👩‍🔬`,
  ];
  for (const hostile of sentences) {
    assert.ok(lab.tokenize(hostile).length <= 64);
    await page.fill('#ctl-sentence', hostile);
    await page.waitForFunction(
      (s) => new URL(location.href).searchParams.get('sentence') === s,
      hostile,
      { timeout: 5000 },
    );
    assert.equal(await page.locator('#msg-sentence').textContent(), '');
    assert.equal(await page.locator('img').count(), 0, 'no <img> element was created');
    assert.equal(await page.locator('b').count(), 0, 'no <b> element was created');
    assert.equal(await page.inputValue('#ctl-sentence'), hostile);
    const shown = await page.$$eval('.tokens .token .tok', (els) =>
      els.map((e) => e.textContent.replace(/^␣/, ' ')),
    );
    assert.deepEqual(
      shown,
      lab.tokenize(hostile).map((t) => t.text),
    );
    const rowHeads = await page.$$eval('#stage table[data-head="0"] tbody th .tok', (els) =>
      els.map((e) => e.textContent),
    );
    assert.equal(rowHeads[0], '<');
    assert.deepEqual(
      compareCells(await shownCells(page), await referenceTrace(settingsOf(page))),
      [],
    );
  }

  // The same through the URL, with a payload that would set a global if it ever ran.
  const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const other = await newPage(`?sentence=${encodeURIComponent(payload)}`);
  await other.waitForTimeout(200);
  assert.equal(await other.evaluate(() => window.__pwned), undefined);
  assert.equal(await other.locator('img').count(), 0);
  const injected = await other.evaluate(
    () => [...document.scripts].filter((s) => s.textContent.includes('__pwned')).length,
  );
  assert.equal(injected, 0, 'no script element from the sentence');
  assert.equal(await other.inputValue('#ctl-sentence'), payload);
  await other.close();
  await page.close();
});

test('a character split across tokens: each piece shows its bytes and the character they form', async () => {
  const page = await newPage(`?sentence=${encodeURIComponent('I ❤ 🦊 café')}`);
  const chips = await page.locator('#tokens-root .token').evaluateAll((lis) =>
    lis.map((li) => ({
      tok: li.querySelector('.tok').textContent,
      forms: li.querySelector('.forms')?.textContent ?? null,
    })),
  );
  assert.deepEqual(chips, [
    { tok: 'I', forms: null },
    { tok: '␣⟨E2 9D⟩', forms: ' part of →❤' },
    { tok: '⟨A4⟩', forms: ' part of →❤' },
    { tok: '␣⟨F0 9F⟩', forms: ' part of →🦊' },
    { tok: '⟨A6⟩', forms: ' part of →🦊' },
    { tok: '⟨8A⟩', forms: ' part of →🦊' },
    { tok: '␣café', forms: null },
  ]);
  assert.match(await page.locator('.token-note').first().textContent(), /UTF-8 bytes/);
  await page.close();
});

test('a new sentence repaints the same canvases (a fresh canvas costs its context and fonts)', async () => {
  const page = await newPage('?step=softmax&heads=4&dOut=8');
  const count = await page.evaluate(() => {
    const canvases = [...document.querySelectorAll('#stage .map-canvas > canvas')];
    canvases.forEach((c, i) => (c.dataset.marked = String(i)));
    return canvases.length;
  });
  assert.ok(count >= 4, 'a map per head');
  await page.fill('#ctl-sentence', 'all animals are dogs');
  await page.waitForFunction(
    () => document.querySelector('#tokens-heading')?.textContent === '4 tokens',
  );
  const marked = await page.$$eval(
    '#stage .map-canvas > canvas',
    (cs) => cs.filter((c) => c.dataset.marked !== undefined).length,
  );
  assert.equal(marked, count, 'every map drew on a canvas of the step before');
  await page.close();
});

test('the URL holds the whole state and restores it', async () => {
  const page = await newPage(withSetup('notebook'));
  await page.click('.preset:has-text("the dog chased")');
  await page.fill('#ctl-dOut', '8');
  await page.fill('#ctl-heads', '4');
  await page.fill('#ctl-batch', '1');
  await page.fill('#ctl-seed', '42');
  await page.selectOption('#ctl-masking', 'naive');
  await page.selectOption('#ctl-layout', 'loop');
  await page.check('#ctl-qkvBias');
  await page.check('[data-control="training"] input[value="true"]');
  await page.fill('#ctl-dropout', '0.25');
  await page.click('.step-link[data-slug="softmax"]');
  await page.check('input[name="head"][value="2"]');
  await page.uncheck('#stage .numbers-toggle input');
  const url = page.url();
  const state = parseUrl(new URL(url).search);
  assert.deepEqual(state.settings, {
    sentence: 'the dog chased the ball but it could not catch it',
    weights: 'random',
    dIn: 3,
    dOut: 8,
    heads: 4,
    batch: 1,
    dropout: 0.25,
    training: true,
    seed: 42,
    qkvBias: true,
    causal: true,
    masking: 'naive',
    layout: 'loop',
    module: 'mha',
  });
  assert.deepEqual(state.view, {
    step: 'softmax',
    head: '2',
    item: 0,
    numbers: false,
    lab: '',
    theme: 'system',
    exercise: '',
  });
  const shown = await snapshot(page);

  const restored = await newPage(new URL(url).search);
  assert.equal(restored.url(), url);
  assert.equal(await restored.inputValue('#ctl-sentence'), state.settings.sentence);
  assert.equal(await restored.inputValue('#ctl-heads'), '4');
  assert.equal(await restored.inputValue('#ctl-masking'), 'naive');
  assert.equal(await restored.isChecked('#ctl-qkvBias'), true);
  assert.equal(await restored.isChecked('[data-control="training"] input[value="true"]'), true);
  assert.equal(await restored.locator('#stage').getAttribute('data-step'), 'softmax');
  assert.equal(await restored.isChecked('input[name="head"][value="2"]'), true);
  assert.equal(await restored.locator('#stage table.no-numbers').count(), 1);
  assert.equal(await snapshot(restored), shown);
  assert.deepEqual(
    compareCells(await shownCells(restored), await referenceTrace(state.settings)),
    [],
  );

  // A trace stage name works as the step too ("the softmax step" = attentionWeights).
  const byName = await newPage('?step=attentionWeights&heads=4&dOut=4');
  assert.equal(await byName.locator('#stage').getAttribute('data-step'), 'softmax');
  await byName.close();
  await restored.close();
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
