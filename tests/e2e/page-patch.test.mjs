// A new sentence on the same step patches the step on the screen in place (render/patch.mjs) instead of
// drawing it anew. What a student sees must not depend on which way it was drawn: for every step,
// the patched step has the same text, the same accessible tables and the same pixels in every map
// as the page opened afresh on the new sentence. And the patch keeps the rest of the page's
// promises: no stale hover readout, focus kept, a refused sentence still marks the view stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, LECTURE_STEPS, hoverCell, sentenceOf, stageSnapshot } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const FIRST = 'Your journey starts with one step';
const SECOND = 'The quick brown fox jumps over the lazy dog';
const HINT = 'Hover over, tap or focus a cell to see its value and its tokens.';
// Two heads and two batch items in training mode (the dropout step shows its own pass), and a
// larger set-up whose maps are too large for tables built with the step (built on demand).
const SMALL = 'heads=2&batch=2&dOut=6&training=true';
const LARGE = 'heads=4&batch=2&dOut=24&dIn=8';

const query = (sentence, step, settings) =>
  `?sentence=${encodeURIComponent(sentence)}&step=${step}&${settings}`;

// Puts `sentence` in the sentence box, as typing does but without moving the focus to it (the
// focus stays where a patch must keep it), and waits until its step is drawn.
async function edit(page, sentence) {
  await page.evaluate((s) => {
    const input = document.querySelector('#ctl-sentence');
    input.value = s;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, sentence);
  await page.waitForFunction(
    (s) => new URL(location.href).searchParams.get('sentence') === s,
    sentence,
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

// Everything the step shows: its text, its tables (the first head's built on demand where it
// was not built with the step), every canvas's pixels and cell grid.
async function snapshot(page) {
  const button = page.locator('#stage .table-button').first();
  if (await button.count()) await button.click();
  return stageSnapshot(page);
}

// Marks the step's element on the screen (a property, not an attribute, which a patch would
// remove), to tell a patched step from one drawn anew.
const mark = (page) => page.evaluate(() => (document.querySelector('#stage').marked = true));
const patched = (page) => page.evaluate(() => document.querySelector('#stage').marked === true);

// Without motion: a step whose animation is running (the split, just entered) is drawn anew.
const STILL = { reducedMotion: 'reduce' };

for (const settings of [SMALL, LARGE]) {
  test(`every step patched to a new sentence is the step drawn afresh (${settings})`, async () => {
    const page = await newPage(query(FIRST, LECTURE_STEPS[0], settings), STILL);
    const fresh = await suite.browser.newPage({ viewport: { width: 1280, height: 900 }, ...STILL });
    for (const step of LECTURE_STEPS) {
      await page.goto(suite.server.url + query(FIRST, step, settings));
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      // A readout showing a cell of the first sentence, which the new one must clear.
      if (await page.locator('#stage .map').count()) {
        await hoverCell(page, '#stage .map', 0, 0);
        assert.notEqual(await page.textContent('#readout'), HINT, `${step}: hovered`);
      }
      await mark(page);
      await edit(page, SECOND);
      assert.ok(await patched(page), `${step}: patched in place`);
      assert.equal(await page.textContent('#readout'), HINT, `${step}: the readout is cleared`);
      assert.equal(await page.locator('.tooltip').isHidden(), true, `${step}: no tooltip`);
      const shown = await snapshot(page);

      await fresh.goto(suite.server.url + query(SECOND, step, settings));
      await fresh.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      const expected = await snapshot(fresh);
      assert.equal(shown.text, expected.text, `${step}: the same text`);
      assert.deepEqual(shown.tables, expected.tables, `${step}: the same tables`);
      assert.deepEqual(shown.maps, expected.maps, `${step}: the same map sizes`);
      assert.equal(shown.canvases.length, expected.canvases.length, `${step}: as many canvases`);
      shown.canvases.forEach((c, i) =>
        assert.deepEqual(c, expected.canvases[i], `${step}: canvas ${i + 1}, the same pixels`),
      );
    }
    await fresh.close();
    await page.close();
    assert.deepEqual(problems, []);
  });
}

// Sentences of FIRST's 6 tokens: the third pass writes into the arrays of the first (the page
// recycles the trace of the result replaced last), so a cache kept per array would show the
// first sentence's colour scale on the third.
const SAME_LENGTH = ['cats and dogs play in parks', 'red birds sing in green trees'];

test('a second edit draws the new sentence, not the one whose arrays it reuses', async () => {
  const page = await newPage(query(FIRST, 'scores', SMALL), STILL);
  const fresh = await suite.browser.newPage({ viewport: { width: 1280, height: 900 }, ...STILL });
  for (const step of ['scores', 'dropout']) {
    await page.goto(suite.server.url + query(FIRST, step, SMALL));
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    for (const sentence of SAME_LENGTH) await edit(page, sentence);
    const shown = await snapshot(page);
    await fresh.goto(suite.server.url + query(SAME_LENGTH[1], step, SMALL));
    await fresh.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const expected = await snapshot(fresh);
    assert.equal(shown.text, expected.text, `${step}: the same text, colour scale included`);
    shown.canvases.forEach((c, i) =>
      assert.deepEqual(c, expected.canvases[i], `${step}: canvas ${i + 1}, the same pixels`),
    );
  }
  await fresh.close();
  await page.close();
  assert.deepEqual(problems, []);
});

test('a patch keeps the focused cell, and the hover readout follows the new numbers', async () => {
  const page = await newPage(query(FIRST, 'softmax', SMALL));
  const cell = page.locator('#stage .map td[data-i]').nth(3);
  const index = await cell.getAttribute('data-i');
  await cell.focus();
  await mark(page);
  await edit(page, SECOND);
  assert.ok(await patched(page));
  const focused = await page.evaluate(() => ({
    i: document.activeElement.dataset.i,
    value: document.activeElement.dataset.value,
  }));
  assert.equal(focused.i, index, 'the same cell keeps the focus');
  // Its readout (focus inspects the cell) and its table hold the new sentence's number.
  assert.match(await page.textContent('#readout'), /“fox”/);
  assert.equal(
    focused.value,
    await page.getAttribute(`#stage td[data-i="${index}"]`, 'data-value'),
  );
  await page.close();
});

test('a refused sentence still marks the patched step stale; a valid one patches it again', async () => {
  const page = await newPage(query(FIRST, 'softmax', SMALL));
  await mark(page);
  const before = await page.evaluate(() => document.querySelector('#stage canvas').toDataURL());
  await page.fill('#ctl-sentence', sentenceOf(129));
  await page.locator('#msg-sentence').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#msg-sentence'), /129 tokens.*at most 128/);
  const stale = () => page.evaluate(() => document.querySelector('.stage-root').matches('.stale'));
  assert.equal(await stale(), true, 'the old numbers are marked stale');
  const after = await page.evaluate(() => document.querySelector('#stage canvas').toDataURL());
  assert.equal(after, before, 'the refused sentence draws nothing');
  await edit(page, sentenceOf(64));
  assert.ok(await patched(page));
  assert.equal(await stale(), false);
  assert.equal(
    await page.locator('#stage .map').first().getAttribute('data-tensor'),
    'attentionWeights',
  );
  await page.close();
});

// A new seed or dropout p keeps the tokens, so a step's tables keep their headers: each takes the
// new numbers into the cells it has (ui/table.mjs refillTable) rather than a new table being built
// and compared with it. What the reader meets must be the table of the page opened afresh.
test('a new seed or dropout p refills the tables in place, as the page opened afresh draws them', async () => {
  const page = await newPage(query(FIRST, 'dropout', SMALL), STILL);
  for (const [control, value, step] of [
    ['#ctl-dropout', '0.35', 'dropout'],
    ['#ctl-seed', '42', 'dropout'],
    ['#ctl-seed', '7', 'softmax'],
  ]) {
    if (!(await page.locator(`#stage[data-step="${step}"]`).count()))
      await page.click(`.step-link[data-slug="${step}"]`);
    const count = await page.evaluate(() => {
      const tables = [...document.querySelectorAll('#stage .sr-table > table')];
      for (const table of tables) table.marked = true;
      return tables.length;
    });
    assert.ok(count >= 2, `${step}: the step's tables are built with it (${count})`);
    await mark(page);
    await page.fill(control, value);
    const name = control.slice('#ctl-'.length);
    await page.waitForFunction(
      ([key, v]) => new URL(location.href).searchParams.get(key) === v,
      [name, value],
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    assert.ok(await patched(page), `${control} = ${value}: patched in place`);
    const refilled = await page.evaluate(() =>
      [...document.querySelectorAll('#stage .sr-table > table')].map((t) => t.marked === true),
    );
    assert.deepEqual(refilled, Array(count).fill(true), `${control} = ${value}: the same tables`);
    const shown = await snapshot(page);
    const fresh = await newPage(new URL(page.url()).search, STILL);
    const expected = await snapshot(fresh);
    assert.deepEqual(
      shown.tables,
      expected.tables,
      `${control} = ${value}: the tables of a fresh page`,
    );
    assert.equal(shown.text, expected.text, `${control} = ${value}: the same text`);
    await fresh.close();
  }
  await page.close();
  assert.deepEqual(problems, []);
});

test('the tables take new numbers after the frame, and at once when a reader reaches one', async () => {
  const page = await newPage(query(FIRST, 'dropout', SMALL), STILL);
  const seen = await page.evaluate(() => {
    const values = (table) =>
      [...table.querySelectorAll('td[data-i]')].map((td) => td.dataset.value);
    const table = document.querySelector('#stage [data-tensor="droppedWeights"] .sr-table > table');
    const before = values(table);
    const p = document.querySelector('#ctl-dropout');
    p.value = '0.35';
    p.dispatchEvent(new Event('input', { bubbles: true }));
    const drawn = values(table); // the maps are drawn; the table waits for the frame
    table.querySelector('td[data-i]').focus();
    return { before, drawn, reached: values(table) };
  });
  assert.deepEqual(seen.drawn, seen.before, 'refilled after the frame, not in it');
  assert.notDeepEqual(seen.reached, seen.before, 'refilled when focused');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('dropout') === '0.35');
  const fresh = await newPage(new URL(page.url()).search, STILL);
  const expected = await fresh.$$eval(
    '#stage [data-tensor="droppedWeights"] .sr-table > table td[data-i]',
    (tds) => tds.map((td) => td.dataset.value),
  );
  assert.deepEqual(seen.reached, expected.slice(0, seen.reached.length), 'the new numbers');
  await fresh.close();
  await page.close();
  assert.deepEqual(problems, []);
});
