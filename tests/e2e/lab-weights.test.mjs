// Lab "The weights": ?lab=weights opens it; W_query/W_key/W_value/out_proj are the model's
// state dict (transposed, as x · Wᵀ uses them), the split's columns carry their head, the
// comparisons report the API's differences, W_o = identity gives the merged heads and pure head
// shares; the W_o choice is kept in the URL; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite, nodeLab, axeViolations, withSetup, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;
// The notebook's sentence (its set-up, opened explicitly), with the lab's own sizes.
const QUERY = withSetup('notebook', '?lab=weights&dIn=4&dOut=6&heads=3&batch=1');

async function reference() {
  const lab = await nodeLab();
  const { inputs } = lab.embed('Your journey starts with one step', {
    dIn: 4,
    seed: 123,
    batch: 1,
  });
  const options = { inputs, dIn: 4, dOut: 6, heads: 3, seed: 123, batch: 1 };
  const model = lab.createModel(options);
  const state = model.stateDict();
  const { output, trace } = model.forward(inputs);
  model.dispose();
  return { state, output, trace };
}

const table = (page, selector) =>
  page.$$eval(`${selector} tbody tr`, (trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => ({
        value: Number(td.dataset.value),
        head: [...td.classList].find((c) => c.startsWith('head-')),
      })),
    ),
  );

test('?lab=weights: the matrices are the state dict, their columns belong to heads', async () => {
  const { state, output } = await reference();
  const page = await newPage(QUERY);
  await page.locator('#lab-panel[data-lab="weights"] [data-weight]').first().waitFor();
  for (const name of ['W_query.weight', 'W_key.weight', 'W_value.weight']) {
    const rows = await table(page, `table[data-weight="${name}"]`);
    const [dOut, dIn] = state[name].shape;
    assert.equal(rows.length, dIn, name);
    for (let r = 0; r < dIn; ++r)
      for (let c = 0; c < dOut; ++c) {
        assert.equal(rows[r][c].value, state[name].data[c * dIn + r], `${name}ᵀ[${r}, ${c}]`);
        assert.equal(rows[r][c].head, `head-${Math.floor(c / 2)}`, 'd_h = 2 columns per head');
      }
  }
  const wo = await table(page, 'table[data-weight="out_proj.weight"]');
  for (let r = 0; r < 6; ++r)
    for (let c = 0; c < 6; ++c) {
      assert.equal(wo[r][c].value, state['out_proj.weight'].data[c * 6 + r]);
      assert.equal(wo[r][c].head, `head-${Math.floor(r / 2)}`, 'W_o’s rows are the heads’ columns');
    }
  const checks = await page.$$eval('[data-check]', (lis) =>
    Object.fromEntries(lis.map((li) => [li.dataset.check, li.textContent])),
  );
  assert.match(checks.layout, /0\.0000000/);
  assert.match(checks.wrapper, /3 CausalAttention modules, d_in = 4, d_out = 2.*0\.0000000/);
  assert.match(checks.seed, /of its 9 matrices/);
  assert.doesNotMatch(
    await page.locator('#lab-panel').textContent(),
    /\bnull\b|undefined|NaN/,
    'no placeholder text',
  );

  // The seeded W_o: the output is the model's.
  const shown = await table(page, 'table[data-tensor="output"][data-wo="seeded"]');
  assert.deepEqual(
    shown.flat().map((c) => c.value),
    Array.from(output.data),
  );
  await page.close();
});

test('W_o = identity: the output is the merged heads, each column one head; kept in the URL', async () => {
  const { trace } = await reference();
  const page = await newPage(QUERY);
  await page.locator('#lab-panel[data-lab="weights"] [data-weight]').first().waitFor();
  await page.check('input[name="weights-wo"][value="identity"]');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('weights.wo'), 'identity');
  const shown = await table(page, 'table[data-tensor="output"][data-wo="identity"]');
  assert.deepEqual(
    shown.flat().map((c) => c.value),
    Array.from(trace.mergedHeads.data),
  );
  const shares = await table(page, 'table[data-shares="identity"]');
  for (let i = 0; i < 3; ++i)
    for (let j = 0; j < 6; ++j)
      assert.equal(shares[i][j].value, Math.floor(j / 2) === i ? 1 : 0, `head ${i}, out ${j}`);
  await page.close();

  const again = await newPage(`${QUERY}&weights.wo=identity`);
  await again.locator('table[data-tensor="output"][data-wo="identity"]').waitFor();
  assert.equal(await again.isChecked('input[name="weights-wo"][value="identity"]'), true);
  const seeded = await newPage(QUERY);
  await seeded.locator('table[data-shares="seeded"]').waitFor();
  const mixed = await table(seeded, 'table[data-shares="seeded"]');
  for (let j = 0; j < 6; ++j) {
    const column = mixed.map((row) => row[j].value);
    assert.ok(Math.abs(column.reduce((a, b) => a + b, 0) - 1) < 1e-9);
    assert.ok(
      column.every((v) => v > 0),
      'the seeded W_o draws on every head',
    );
  }
  await again.close();
  await seeded.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core: the weights lab has no violations (${colorScheme})`, async () => {
    const page = await newPage(QUERY, { bypassCSP: true, colorScheme });
    await page.locator('#lab-panel[data-lab="weights"] [data-weight]').first().waitFor();
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
