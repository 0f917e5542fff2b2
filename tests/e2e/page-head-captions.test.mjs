// The heads' role labels on their maps: with ?weights=trained and the lecture's dog sentence, every
// per-head map of every step (split, scores, scale, mask, softmax, dropout, context, merge) is
// captioned with its head's strongest measured role and share, equal to the API's roles() in Node,
// with the whole sentence as the caption's tooltip and in its table's caption; with the random
// weights the captions stay "head N". axe finds nothing on the trained steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, nodeLab, pageSuite } from './helpers.mjs';
import { ROLE_NAMES, ROLE_WORDS, percent } from '../../dist/present.mjs';

const suite = pageSuite();
const { problems } = suite;
const DOG = 'the dog chased the ball but it could not catch it';
const HEAD_STEPS = ['split', 'scores', 'scale', 'mask', 'softmax', 'dropout', 'context', 'merge'];

// bypassCSP: axe-core is injected as an inline script, which the page's policy refuses.
const open = (query) => suite.newPage(query, { bypassCSP: true });

// Every per-head map's caption on the shown step, with its table's caption when it is built.
const captions = (page) =>
  page.$$eval('#stage .map[data-head]', (maps) =>
    maps.map((map) => {
      const cap = map.querySelector('.map-caption');
      return {
        head: Number(map.dataset.head),
        tensor: map.dataset.tensor,
        text: cap.textContent,
        title: cap.getAttribute('title'),
        role: cap.dataset.role ?? null,
        share: cap.dataset.share === undefined ? null : Number(cap.dataset.share),
        hidden: cap.getAttribute('aria-hidden'),
        table: map.querySelector('table caption')?.textContent ?? null,
      };
    }),
  );

async function showStep(page, slug) {
  await page.click(`.step-link[data-slug="${slug}"]`);
  await page.waitForFunction((s) => document.querySelector('#stage')?.dataset.step === s, slug);
  await page.locator('#stage .map[data-head] .map-caption').first().waitFor();
}

test('trained weights: every head map is captioned with its measured role and share', async () => {
  const lab = await nodeLab();
  const model = await lab.loadWeights('trained');
  const roles = model.roles().trained;
  const page = await open(
    `?weights=trained&step=softmax&sentence=${encodeURIComponent(DOG)}&head=all`,
  );
  await page.locator('#stage .role-caption').first().waitFor();
  let total = 0;
  for (const slug of HEAD_STEPS) {
    await showStep(page, slug);
    const shown = await captions(page);
    assert.ok(shown.length > 0, `${slug}: head maps`);
    for (const c of shown) {
      const expected = roles[c.head];
      const where = `${slug}, ${c.tensor}, head ${c.head + 1}`;
      assert.equal(c.role, expected.role, where);
      assert.equal(c.share, expected.share, where);
      const full = `${expected.label}, ${expected.lift.toFixed(1)}× the random model`;
      assert.equal(c.title, full, where);
      // The caption's longest form that fits its map: "head 3 · itself 20 %", or shorter.
      const forms = [
        `head ${c.head + 1} · ${ROLE_NAMES[expected.role]} ${percent(expected.share)}`,
        `${c.head + 1} · ${ROLE_NAMES[expected.role]} ${percent(expected.share)}`,
        `${c.head + 1} · ${ROLE_WORDS[expected.role] ?? ROLE_NAMES[expected.role]} ${percent(expected.share)}`,
        `${c.head + 1} · ${percent(expected.share)}`,
        String(c.head + 1),
      ];
      assert.ok(forms.includes(c.text), `${where}: “${c.text}”`);
      assert.equal(c.hidden, 'true', `${where}: the table says it to screen readers`);
      if (c.table !== null) assert.ok(c.table.endsWith(`, ${full}`), `${where}: ${c.table}`);
      ++total;
    }
    // On the softmax step at 1280 px, four 11 × 11 maps side by side: the full caption fits.
    if (slug === 'softmax') {
      assert.deepEqual(
        shown.map((c) => c.text),
        roles.map((r) => `head ${r.head} · ${ROLE_NAMES[r.role]} ${percent(r.share)}`),
      );
      assert.deepEqual(
        shown.map((c) => c.table !== null),
        roles.map(() => true),
        'the tables of 11 × 11 maps are built with the step',
      );
      assert.deepEqual(await axeViolations(page, '#stage'), []);
    }
  }
  console.log(`# ${total} head maps captioned over ${HEAD_STEPS.length} steps`);
  // The steps' explanation says what the captions mean, with each head's multiple.
  await showStep(page, 'softmax');
  const explained = await page.locator('#stage .head-roles').textContent();
  for (const r of roles) assert.ok(explained.includes(`${r.lift.toFixed(1)}×`), explained);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('random weights: the captions stay "head N", without a role', async () => {
  const page = await open(`?step=softmax&sentence=${encodeURIComponent(DOG)}&heads=4&dOut=8`);
  for (const slug of ['scores', 'softmax', 'context']) {
    await showStep(page, slug);
    const shown = await captions(page);
    assert.ok(shown.length > 0);
    for (const c of shown) {
      assert.ok([`head ${c.head + 1}`, String(c.head + 1)].includes(c.text), c.text);
      assert.equal(c.role, null);
      assert.equal(c.title, null);
      if (c.table !== null) assert.ok(c.table.endsWith(`, head ${c.head + 1}`), c.table);
    }
    assert.equal(await page.locator('#stage .head-roles, #stage .role-caption').count(), 0);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
