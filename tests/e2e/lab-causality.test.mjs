// The causality lab, ?lab=causality, on the lecture's set-up (every setting in the URL): the
// page's sentence and the student's variant (token 4 changed) as the API computes them in Node;
// with the mask the rows before the change are the same bits in both sentences and the later ones
// differ; without it (causal: false) the earlier rows differ too; the trained model's prediction
// after "dream big and" is the same row for both continuations; the choice goes to the URL; axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nodeLab, pageSuite, axeViolations, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;
const SETUP = '?sentence=dream+big+and+work+for+it&dIn=6&dOut=6&heads=2&batch=2&seed=123';
const A = 'dream big and work for it';
const B = 'dream big and play for it';

// The API's pass of a sentence with the set-up, the mask on or off.
async function apiForward(sentence, causal) {
  const lab = await nodeLab();
  const { inputs } = lab.embed(sentence, { dIn: 6, seed: 123, batch: 2 });
  return lab.forward({
    inputs,
    batch: 2,
    dIn: 6,
    dOut: 6,
    heads: 2,
    seed: 123,
    causal,
    trace: true,
  });
}

const bitsOf = (x) => new Uint32Array(Float32Array.of(x).buffer)[0];
// Head 1, batch item 1 of a (B, h, T, T) tensor as rows of float32 bits.
const headBits = ({ shape: [, , T], data }) =>
  Array.from({ length: T }, (_, r) => Array.from(data.subarray(r * T, (r + 1) * T), bitsOf));

// A numbers table of the lab (data-numbers) as rows of float32 bits.
const shownBits = (page, name) =>
  page.$$eval(`#lab-panel table[data-numbers="${name}"] tbody tr`, (trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => {
        const f = new Float32Array([Number(td.dataset.value)]);
        return new Uint32Array(f.buffer)[0];
      }),
    ),
  );
const rowStates = (page, name) =>
  page.$$eval(`#lab-panel table[data-diff="${name}"] tbody tr`, (trs) =>
    trs.map((tr) => tr.dataset.row),
  );
const quantities = (page) =>
  page.$$eval('#lab-panel [data-quantity]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.quantity, Number(e.dataset.value)])),
  );

async function open(query) {
  const page = await newPage(query, { bypassCSP: true });
  await page.locator('#lab-panel[data-lab="causality"] table[data-diff]').first().waitFor();
  return page;
}

test('token 4 changed: the earlier rows are the API’s, bit for bit the same; without the mask they change', async () => {
  const page = await open(`${SETUP}&lab=causality&causality.at=4&causality.word=play`);
  assert.equal(await page.locator('[data-sentence="b"]').textContent(), `B (yours): ${B}`);
  for (const [part, causal] of [
    ['masked', true],
    ['open', false],
  ]) {
    const a = headBits((await apiForward(A, causal)).trace.attentionWeights);
    const b = headBits((await apiForward(B, causal)).trace.attentionWeights);
    const shownA = await shownBits(page, `${part}-a`);
    const shownB = await shownBits(page, `${part}-b`);
    assert.deepEqual(shownA, a, `${part}: sentence A is the API’s`);
    assert.deepEqual(shownB, b, `${part}: sentence B is the API’s`);
    for (let r = 0; r < 6; ++r) {
      const same = shownA[r].join() === shownB[r].join();
      assert.equal(same, causal && r < 3, `${part}, row ${r + 1}: the same bits in A and B`);
    }
    const expected = causal
      ? ['same', 'same', 'same', 'differs', 'differs', 'differs']
      : Array(6).fill('differs');
    assert.deepEqual(await rowStates(page, `${part}-weights`), expected, `${part}: weights`);
    assert.deepEqual(await rowStates(page, `${part}-context`), expected, `${part}: context`);
  }
  const q = await quantities(page);
  assert.equal(q.maskedBefore, 0, 'max |Δ| before the change, with the mask');
  assert.ok(q.maskedAfter > 0 && q.openBefore > 0 && q.openAfter > 0, JSON.stringify(q));
  assert.equal(
    await page.locator('[data-outcome][data-part="masked"]').getAttribute('data-outcome'),
    'same',
  );
  assert.equal(
    await page.locator('[data-outcome][data-part="open"]').getAttribute('data-outcome'),
    'changed',
  );
  assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
  await page.close();
});

test('the trained model: the prediction after “dream big and” is the same row for both continuations', async () => {
  const lab = await nodeLab();
  const model = await lab.loadWeights('trained');
  const expected = { a: model.explain(A).next[2], b: model.explain(B).next[2] };
  const page = await open(`${SETUP}&lab=causality&causality.at=4&causality.word=play`);
  await page.locator('#lab-panel table[data-next="shared"]').waitFor();
  const column = (i) =>
    page.$$eval(`#lab-panel table[data-next="shared"] tbody tr td:nth-of-type(${i})`, (tds) =>
      tds.map((td) => ({ id: Number(td.dataset.id), p: Number(td.dataset.probability) })),
    );
  const [shownA, shownB] = [await column(1), await column(2)];
  assert.deepEqual(shownA, shownB, 'the same tokens and probabilities, bit for bit');
  // Chromium may load the relaxed-SIMD build and Node the SIMD128 one: equal to float32 rounding.
  for (const [shown, api] of [
    [shownA, expected.a],
    [shownB, expected.b],
  ])
    shown.forEach((n, i) => {
      assert.equal(n.id, api[i].id);
      assert.ok(Math.abs(n.p - api[i].probability) <= 1e-6, `${n.p} against ${api[i].probability}`);
    });
  assert.match(
    await page.locator('#lab-panel table[data-next="shared"] caption').textContent(),
    /After “dream big and”/,
  );
  assert.equal((await quantities(page)).nextSameRows, 3);
  await page.close();
});

test('the choice: appending goes to the URL; every row of A keeps its bits; a refused word', async () => {
  const page = await open(`${SETUP}&lab=causality`);
  await page.selectOption('#causality-at', 'append');
  await page.fill('#causality-word', 'tomorrow');
  await page.waitForFunction(() =>
    document.querySelector('[data-sentence="b"]')?.textContent.endsWith('for it tomorrow'),
  );
  const url = new URL(await settledUrl(page)).searchParams;
  assert.equal(url.get('causality.at'), 'append');
  assert.equal(url.get('causality.word'), 'tomorrow');
  assert.deepEqual(await rowStates(page, 'masked-weights'), [...Array(6).fill('same'), 'new']);
  await page.fill('#causality-word', ' ');
  await page.locator('#causality-msg', { hasText: 'type the word' }).waitFor();
  assert.equal(await page.getAttribute('#causality-word', 'aria-invalid'), 'true');
  assert.deepEqual(
    await rowStates(page, 'masked-weights'),
    [...Array(6).fill('same'), 'new'],
    'the last good numbers stay',
  );
  await page.close();
});

test('the trained weights on the page, dark, 375 px: the trained block’s rows; axe finds nothing', async () => {
  const lab = await nodeLab();
  const model = await lab.loadWeights('trained');
  const weights = model.stateDict();
  const headOf = (sentence) => {
    const run = model.explain(sentence);
    const { trace } = lab.forward({
      ...run.options,
      inputs: run.inputs.data,
      weights,
      trace: true,
    });
    const {
      shape: [, , T],
      data,
    } = trace.attentionWeights;
    return Array.from({ length: T }, (_, r) => Array.from(data.subarray(r * T, (r + 1) * T)));
  };
  const page = await newPage(
    '?sentence=dream+big+and+work+for+it&weights=trained&lab=causality&causality.at=4&causality.word=play',
    { bypassCSP: true, colorScheme: 'dark', viewport: { width: 375, height: 800 } },
  );
  await page.locator('#lab-panel[data-lab="causality"] table[data-diff]').first().waitFor();
  assert.equal(await page.locator('#lab-panel [data-weights-note="trained"]').count(), 1);
  const values = (name) =>
    page.$$eval(`#lab-panel table[data-numbers="${name}"] tbody tr`, (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))),
    );
  // Chromium may run the relaxed-SIMD build, Node the SIMD128 one: equal to float32 rounding.
  for (const [name, sentence] of [
    ['masked-a', A],
    ['masked-b', B],
  ]) {
    const api = headOf(sentence);
    (await values(name)).forEach((row, r) =>
      row.forEach((v, c) => assert.ok(Math.abs(v - api[r][c]) <= 1e-6, `${name}[${r}][${c}]`)),
    );
  }
  assert.deepEqual(await rowStates(page, 'masked-weights'), [
    'same',
    'same',
    'same',
    'differs',
    'differs',
    'differs',
  ]);
  assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
