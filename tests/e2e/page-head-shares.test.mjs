// Trained heads measured on the sentence at hand: with ?weights=trained, beside the corpus
// captions, each head's mean weight on the previous token, itself and the first token over query
// rows 3…T of this sentence, equal to those computed here from the API's weights, for an English
// and a Chinese sentence; the line that the model learned English only; the top-5 table's shared
// id labelled as what it is (every token outside the vocabulary), not as a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, nodeLab, pageSuite } from './helpers.mjs';
import { SHARED_TOKEN, percent } from '../../dist/present.mjs';

const suite = pageSuite();
const { problems } = suite;
const DOG = 'the dog chased the ball but it could not catch it';
const CHINESE = '我喜欢在公园里散步';

const model = nodeLab().then((lab) => lab.loadWeights('trained'));

// Written out here, not imported from the page: mean over query rows i ≥ 2 of row i's weight on
// key i − 1, key i and key 0, per head (batch item 1).
function expectedShares({ shape: [, H, T], data }) {
  return Array.from({ length: H }, (_, head) => {
    const sums = { previous: 0, self: 0, first: 0 };
    for (let i = 2; i < T; ++i) {
      const w = (j) => data[(head * T + i) * T + j];
      sums.previous += w(i - 1);
      sums.self += w(i);
      sums.first += w(0);
    }
    return Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v / (T - 2)]));
  });
}

const shownShares = (page) =>
  page.$$eval('#stage .head-shares .sentence[data-role]', (els) =>
    els.map((e) => ({
      head: Number(e.dataset.head),
      role: e.dataset.role,
      share: e.dataset.share === '' ? null : Number(e.dataset.share),
      text: e.textContent,
      corpus: e.nextElementSibling?.textContent ?? null,
    })),
  );

for (const [language, sentence] of [
  ['English', DOG],
  ['Chinese', CHINESE],
])
  test(`${language}: each head’s shares on this sentence are the API’s weights’, beside the corpus’s`, async () => {
    const trained = await model;
    const run = trained.explain(sentence);
    const expected = expectedShares(run.forward.trace.attentionWeights);
    const roles = trained.roles().trained;
    const page = await suite.newPage(
      `?weights=trained&step=softmax&head=all&sentence=${encodeURIComponent(sentence)}`,
      { bypassCSP: true },
    );
    await page.locator('#stage .head-shares').waitFor();
    const shown = await shownShares(page);
    assert.equal(shown.length, 3 * roles.length);
    for (const s of shown) {
      const want = expected[s.head][s.role];
      const where = `head ${s.head + 1}, ${s.role}`;
      // Chromium may run the relaxed-SIMD build, Node the SIMD128 one: float32 rounding apart.
      assert.ok(Math.abs(s.share - want) <= 1e-6, `${where}: shown ${s.share}, API ${want}`);
      assert.equal(s.text, percent(want), where);
      assert.equal(s.corpus, `(${percent(roles[s.head].shares[s.role])})`, where);
    }
    const caption = await page.locator('#stage .head-shares caption').textContent();
    assert.match(caption, new RegExp(`mean over query rows 3–${run.tokens.length}`));
    const scope = await page.locator('#stage .weights-scope').textContent();
    assert.match(scope, /learned English text \(the Brown Corpus\), so on other languages/);
    assert.match(scope, /Random weights show how attention computes/);
    assert.deepEqual(await axeViolations(page, '#stage'), []);
    await page.close();
  });

test('a sentence of two tokens: no row counts, and the table says so', async () => {
  const page = await suite.newPage('?weights=trained&step=softmax&sentence=the+dog');
  await page.locator('#stage .head-shares').waitFor();
  const shown = await shownShares(page);
  assert.ok(shown.every((s) => s.share === null && s.text === '—'));
  assert.match(
    await page.locator('#stage .head-shares caption').textContent(),
    /no row counts in a sentence of 2 tokens: it needs 3/,
  );
  await page.close();
});

test('the top-5: the shared id reads as every token outside the vocabulary, and is explained', async () => {
  const trained = await model;
  const sentence = 'dream big and work for it';
  const run = trained.explain(sentence);
  assert.ok(
    run.next.some((row) => row.some((n) => n.id < 0)),
    'the shared id is predicted',
  );
  const page = await suite.newPage(
    `?weights=trained&step=output&sentence=${encodeURIComponent(sentence)}`,
  );
  await page.locator('#stage .next-tokens').waitFor();
  const text = await page.locator('#stage .next-tokens').textContent();
  assert.ok(!text.includes('(a rare token)'), text);
  const shared = await page.$$eval('#stage .next-tokens td[data-id="-1"] .next-token', (els) =>
    els.map((e) => e.textContent),
  );
  assert.ok(shared.length > 0);
  assert.ok(
    shared.every((t) => t === SHARED_TOKEN && /outside its vocabulary/.test(t)),
    shared,
  );
  const note = await page.locator('#stage .shared-note').textContent();
  const own = (trained.info.vocabulary - 1).toLocaleString('en-US');
  assert.match(
    note,
    new RegExp(`is not a word. The model has an id of its own for the ${own} GPT-2 tokens`),
  );
  const outside = 1 - Number(trained.info.facts['vocabulary.coverage.heldout']);
  assert.ok(note.includes(`(${percent(outside)} of the tokens of the held-out text are)`), note);
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
