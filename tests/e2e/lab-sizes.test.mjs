// Lab "Sizes": ?lab=sizes opens it on GPT-2 small; the stages and parameters are lab.describe()'s,
// the GPT-2 count reads 2,360,064; the toy and GPT-3 (described, not built) are one click away and
// kept in the URL; GPT-2's block runs for real on the page's sentence; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, pageSuite, nodeLab, axeViolations, settledUrl } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

const shown = (page) =>
  page.evaluate(() => ({
    stages: [...document.querySelectorAll('[data-table="stages"] tbody tr')].map((tr) => [
      tr.dataset.stage,
      tr.dataset.shape,
    ]),
    parameters: [...document.querySelectorAll('[data-table="parameters"] tbody tr')].map((tr) => [
      tr.dataset.parameter,
      Number(tr.dataset.count),
      tr.lastElementChild.textContent,
    ]),
    total: document.querySelector('.lab-total').textContent,
    totalCount: Number(document.querySelector('.lab-total').dataset.count),
  }));

async function described(name) {
  const lab = await nodeLab();
  const { SIZE_PRESETS } = await import(path.join(ROOT, 'dist', 'index.mjs'));
  return lab.describe(SIZE_PRESETS[name]);
}

test('?lab=sizes: GPT-2 as describe() gives it, 2,360,064 parameters', async () => {
  const d = await described('gpt2');
  const page = await newPage('?lab=sizes');
  await page.locator('#lab-panel[data-lab="sizes"] .lab-total').waitFor();
  const s = await shown(page);
  assert.equal(s.total, '2,360,064');
  assert.equal(s.totalCount, d.parameterCount);
  assert.deepEqual(
    s.stages,
    d.stages.map((st) => [st.name, st.shape.join()]),
  );
  assert.deepEqual(
    s.parameters.map(([name, count]) => [name, count]),
    d.parameters.map((p) => [p.name, p.count]),
  );
  assert.deepEqual(s.parameters[0], ['W_query.weight', 589824, '589,824']);
  await page.close();
});

test('the toy and GPT-3 are one click away and kept in the URL; GPT-3 is described, not built', async () => {
  const page = await newPage('?lab=sizes');
  await page.locator('.lab-total').waitFor();
  await page.check('input[name="sizes-preset"][value="gpt3"]');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('sizes.preset'), 'gpt3');
  const gpt3 = await described('gpt3');
  const s = await shown(page);
  assert.equal(s.totalCount, gpt3.parameterCount);
  assert.equal(s.total, '603,992,064');
  assert.match(await page.locator('.lab-note').textContent(), /Described, not built/);
  await page.check('input[name="sizes-preset"][value="lecture"]');
  assert.equal((await shown(page)).totalCount, (await described('lecture')).parameterCount);
  await page.close();

  const again = await newPage('?lab=sizes&sizes.preset=gpt3');
  await again.locator('.lab-total').waitFor();
  assert.equal(await again.isChecked('input[name="sizes-preset"][value="gpt3"]'), true);
  assert.equal((await shown(again)).totalCount, gpt3.parameterCount);
  await again.close();
});

// A preset is looked up by name from the URL: names of Object.prototype's members (constructor,
// toString, __proto__) are no presets, and open GPT-2 as any unknown name does.
test('a preset named after an object member (sizes.preset=constructor) shows GPT-2', async () => {
  const gpt2 = await described('gpt2');
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const page = await newPage(`?lab=sizes&sizes.preset=${name}`);
    await page.locator('#lab-panel[data-lab="sizes"] .lab-total').waitFor({ timeout: 10000 });
    const s = await shown(page);
    assert.equal(s.totalCount, gpt2.parameterCount, name);
    assert.equal(await page.isChecked('input[name="sizes-preset"][value="gpt2"]'), true, name);
    assert.equal(
      await page
        .locator('#lab-panel .msg')
        .allTextContents()
        .then((t) => t.join('')),
      '',
      name,
    );
    await page.close();
  }
});

test('GPT-2 runs for real on the page’s sentence', async () => {
  const page = await newPage('?lab=sizes&sentence=the+cat+sat');
  await page.locator('.lab-total').waitFor();
  await page.click('#lab-panel button.lab-run');
  const result = page.locator('.lab-run-result [data-counted]');
  await result.waitFor({ timeout: 60000 });
  assert.equal(await result.getAttribute('data-counted'), '2360064', 'counted in the state dict');
  assert.equal(await result.getAttribute('data-shape'), '1,3,768');
  assert.match(
    await page.locator('.lab-run-result').textContent(),
    /second forward pass: .*(ms|tick)/,
  );
  await page.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe-core: the sizes lab has no violations (${colorScheme})`, async () => {
    const page = await newPage('?lab=sizes', { bypassCSP: true, colorScheme });
    await page.locator('.lab-total').waitFor();
    assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
