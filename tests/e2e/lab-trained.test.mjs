// The labs beside a page that shows the trained weights (?weights=trained, the lecture's dog
// sentence): the labs about the page's numbers (masking, √d_h on the page's scores, dropout of the
// page's weights, transpose, the weights and W_o, export) compute with the trained block and equal
// the API's trained pass in Node, with a line saying so; the labs about architecture or timing
// (the lecture's classes, sizes, loop vs fused, the √d_h spread) keep the random weights and say so
// in one visible line; with the random weights neither line shows. The labs' URL keys keep working.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, nodeLab, pageSuite } from './helpers.mjs';

const suite = pageSuite();
const { problems } = suite;
const DOG = 'the dog chased the ball but it could not catch it';
const TRAINED = `?weights=trained&sentence=${encodeURIComponent(DOG)}`;

// The trained pass in Node: the block's options, inputs and state_dict (as model.explain uses them).
const reference = nodeLab().then(async (lab) => {
  const model = await lab.loadWeights('trained');
  const run = model.explain(DOG);
  const weights = model.stateDict();
  const forward = (overrides = {}) =>
    lab.forward({ ...run.options, inputs: run.inputs.data, weights, trace: true, ...overrides });
  return { lab, run, weights, forward, T: run.tokens.length };
});

// Chromium may run the relaxed-SIMD build, Node the SIMD128 one: equal to float32 rounding
// (docs/API.md, "Relaxed SIMD"), not bit for bit.
const close = (a, b) => Math.abs(a - b) <= 1e-5 * Math.max(1, Math.abs(b));
const assertClose = (got, want, what) =>
  assert.ok(close(got, want), `${what}: shown ${got}, API ${want}`);

// bypassCSP: axe-core is injected as an inline script, which the page's policy refuses.
async function openLab(slug, query = TRAINED, extra = '') {
  const page = await suite.newPage(`${query}&lab=${slug}${extra}`, { bypassCSP: true });
  await page
    .locator(
      `#lab-panel[data-lab="${slug}"] .lab-body, #lab-panel[data-lab="${slug}"] .lab-content, #lab-panel[data-lab="${slug}"] .lab-code, #lab-panel[data-lab="${slug}"] .lab-export`,
    )
    .first()
    .waitFor();
  return page;
}

// The lab's weights lines that are shown: [{ kind: 'random' | 'trained', text }].
const notes = (page) =>
  page.$$eval('#lab-panel [data-weights-note]', (els) =>
    els
      .filter((e) => !e.hidden && e.offsetParent !== null)
      .map((e) => ({ kind: e.dataset.weightsNote, text: e.textContent })),
  );

const quantities = (page) =>
  page.$$eval('#lab-panel [data-quantity]', (els) =>
    Object.fromEntries(els.map((e) => [e.dataset.quantity, Number(e.dataset.value)])),
  );
const tableRows = (page, selector) =>
  page.$$eval(`#lab-panel ${selector} tbody tr`, (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))),
  );
const cells = (page, selector) =>
  page.$$eval(`#lab-panel ${selector}`, (tds) =>
    tds.map((td) => ({ i: Number(td.dataset.i), value: Number(td.dataset.value) })),
  );
const maxDifference = (a, b) =>
  a.reduce((m, v, i) => (a[i] === b[i] ? m : Math.max(m, Math.abs(v - b[i]))), 0);

test('masking and √d_h: the page’s trained scores, both ways', async () => {
  const { forward, T } = await reference;
  const page = await openLab('masking');
  await page.locator('#lab-panel [data-quantity="weightsDifference"]').waitFor();
  assert.deepEqual(
    (await notes(page)).map((n) => n.kind),
    ['trained'],
  );
  const naive = forward({ masking: 'naive' });
  const negInf = forward({ masking: 'neg-inf' });
  const shown = await quantities(page);
  assertClose(
    shown.weightsDifference,
    maxDifference(naive.trace.attentionWeights.data, negInf.trace.attentionWeights.data),
    'weights',
  );
  // The denominators: which keys each route's softmax gave a share (head 1, first 10 tokens).
  const n = Math.min(T, 10);
  const grid = await page.$$eval(
    '#lab-panel table[data-numbers="denominator-naive"] tbody tr',
    (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.dataset.entered === 'true')),
  );
  const unmasked = naive.trace.unmaskedWeights.data;
  assert.deepEqual(
    grid,
    Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => unmasked[i * T + j] > 0),
    ),
  );
  await page.close();

  // √d_h: the page's weights scaled (the trained block's own) and, by the lab's URL key, not.
  for (const scale of [true, false]) {
    const sq = await openLab('sqrt-dh', TRAINED, scale ? '' : '&sqrt-dh.scale=off');
    await sq.locator('#lab-panel table[data-numbers="page-weights"]').waitFor();
    const kinds = (await notes(sq)).map((x) => x.kind).sort();
    assert.deepEqual(kinds, ['random', 'trained'], 'the spread part says it keeps random weights');
    assert.match(
      (await notes(sq)).find((x) => x.kind === 'random').text,
      /^This part uses the lecture’s random weights: it is about .*, not what was learned\.$/,
    );
    const want = forward({ scale }).trace.attentionWeights.data;
    const rows = await tableRows(sq, 'table[data-numbers="page-weights"]');
    assert.equal(rows.length, T);
    rows.forEach((row, r) =>
      row.forEach((v, c) => assertClose(v, want[r * T + c], `[${r}, ${c}]`)),
    );
    const on = forward({ scale: true }).trace.attentionWeights.data;
    const off = forward({ scale: false }).trace.attentionWeights.data;
    assertClose((await quantities(sq)).pageDifference, maxDifference(on, off), 'difference');
    assert.match(await sq.locator('#lab-panel').textContent(), /Here d_h = 16/);
    await sq.close();
  }
});

test('transpose and the weights: the trained block, its state_dict and W_o', async () => {
  const { forward, weights, run } = await reference;
  const page = await openLab('transpose');
  await page.locator('#lab-panel table[data-tensor="forgottenTranspose"]').first().waitFor();
  assert.deepEqual(
    (await notes(page)).map((n) => n.kind),
    ['trained'],
  );
  const trace = forward({ forgottenTranspose: true }).trace;
  for (const name of ['attentionScores', 'forgottenTranspose']) {
    const shown = await cells(page, `table[data-tensor="${name}"] td[data-i]`);
    assert.ok(shown.length > 0, name);
    for (const { i, value } of shown) assertClose(value, trace[name].data[i], `${name}[${i}]`);
  }
  assert.equal(await page.getAttribute('.lab-wrong .axes', 'data-shape'), '1,11,4,4');
  await page.close();

  // The weights lab with W_o = identity from its URL key.
  const w = await openLab('weights', TRAINED, '&weights.wo=identity');
  await w.locator('#lab-panel [data-weight="W_query.weight"]').waitFor();
  assert.deepEqual(
    (await notes(w)).map((n) => n.kind),
    ['trained'],
  );
  for (const name of ['W_query.weight', 'W_key.weight', 'W_value.weight', 'out_proj.weight']) {
    const [, dIn] = weights[name].shape;
    const rows = await tableRows(w, `table[data-weight="${name}"]`);
    assert.ok(rows.length > 0, name);
    rows.forEach((row, r) =>
      row.forEach((v, c) =>
        assert.equal(v, weights[name].data[c * dIn + r], `${name}ᵀ[${r}, ${c}]`),
      ),
    );
  }
  // Trained weights were not drawn from a seed: no same-seed comparison.
  assert.equal(await w.locator('[data-check="seed"]').count(), 0);
  assert.equal(await w.locator('[data-check="wrapper"]').count(), 1);
  assert.equal(await w.isChecked('input[name="weights-wo"][value="identity"]'), true);
  const merged = run.forward.trace.mergedHeads.data;
  const out = await tableRows(w, 'table[data-tensor="output"][data-wo="identity"]');
  out.forEach((row, r) =>
    row.forEach((v, c) => assertClose(v, merged[r * 64 + c], `out[${r}, ${c}]`)),
  );
  await w.click('input[name="weights-wo"][value="seeded"]');
  const output = run.forward.output.data;
  const trainedOut = await tableRows(w, 'table[data-tensor="output"][data-wo="seeded"]');
  trainedOut.forEach((row, r) =>
    row.forEach((v, c) => assertClose(v, output[r * 64 + c], `trained out[${r}, ${c}]`)),
  );
  assert.match(await w.locator('#lab-panel').textContent(), /the trained W_o/);
  assert.deepEqual(await axeViolations(w, '#lab-panel'), []);
  await w.close();
});

test('dropout and export: the page’s trained weights', async () => {
  const { lab, run, T } = await reference;
  const page = await openLab('dropout', TRAINED, '&dropout.draws=200');
  await page.locator('#lab-panel [data-quantity="kept-0"]').waitFor();
  assert.deepEqual(
    (await notes(page)).map((n) => n.kind),
    ['trained'],
  );
  const input = run.forward.trace.attentionWeights.data.slice(0, T * T);
  const s = lab.dropoutStatistics({ input, shape: [T, T], p: 0.5, draws: 200, seed: 123 });
  const shown = await quantities(page);
  for (let i = 0; i < 8; ++i) assert.equal(shown[`kept-${i}`], s.keptShare[i], `draw ${i}`);
  assert.equal(shown.maxError, s.maxError[199]);
  await page.close();

  const ex = await openLab('export');
  assert.deepEqual(
    (await notes(ex)).map((n) => n.kind),
    ['trained'],
  );
  await ex.close();
});

test('the labs about architecture and timing say they keep the random weights', async () => {
  for (const [slug, subject] of [
    ['lecture-order', /the lecture’s classes/],
    ['sizes', /sizes/],
    ['loop-vs-fused', /timing/],
  ]) {
    const page = await openLab(slug);
    const shown = await notes(page);
    assert.equal(shown.length, 1, slug);
    assert.equal(shown[0].kind, 'random', slug);
    assert.match(shown[0].text, /^This lab uses the lecture’s random weights: it is about /);
    assert.match(shown[0].text, subject);
    if (slug === 'sizes') assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  }
  // The code lab: the trained block's class, and no snippet that would print random numbers.
  const code = await openLab('code');
  assert.match(await code.locator('#lab-panel').textContent(), /The page runs MultiHeadAttention/);
  assert.equal(await code.locator('#lab-panel .copy-box').count(), 0);
  assert.equal((await notes(code))[0].kind, 'random');
  await code.close();
});

test('with the random weights no lab shows a weights line; switching to trained adds it', async () => {
  const random = `?sentence=${encodeURIComponent(DOG)}`;
  for (const slug of ['masking', 'sqrt-dh', 'transpose', 'weights', 'dropout', 'sizes', 'export']) {
    const page = await openLab(slug, random);
    assert.deepEqual(await notes(page), [], slug);
    await page.close();
  }
  // An open lab follows the page's switch.
  const page = await openLab('sizes', random);
  await page.selectOption('#ctl-weights', 'trained');
  await page.locator('#lab-panel [data-weights-note="random"]:visible').waitFor();
  await page.selectOption('#ctl-weights', 'random');
  await page.locator('#lab-panel [data-weights-note="random"]').waitFor({ state: 'hidden' });
  const t = await openLab('transpose', random);
  await t.selectOption('#ctl-weights', 'trained');
  await t.locator('#lab-panel [data-weights-note="trained"]').waitFor();
  assert.equal(await t.getAttribute('.lab-wrong .axes', 'data-shape'), '1,11,4,4');
  await t.close();
  await page.close();
  assert.deepEqual(problems, []);
});
