// Labs 9 and 10 (web/app/labs/code.mjs, export.mjs): ?lab=code and ?lab=export open them; the
// code lab lists every step with its lecture lines and its snippet, run under Debian's torch,
// prints every stage equal to the API; the export lab's JSON and CSV hold every stage of the API's
// pass with its shape and settings; axe finds nothing in either theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, pageSuite, referenceTrace, trainingPreviewSettings, withSetup } from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// The book notebook's set-up (state/settings.mjs SETUPS, opened explicitly with withSetup):
// MultiHeadAttention(3, 2, …, num_heads=2), batch 2.
const DEFAULTS = {
  sentence: 'Your journey starts with one step',
  dIn: 3,
  dOut: 2,
  heads: 2,
  qkvBias: false,
  causal: true,
  dropout: 0.5,
  training: false,
  seed: 123,
  module: 'mha',
  masking: 'neg-inf',
  layout: 'fused',
  batch: 2,
};

const DUMP = `
import json
def _dump(d):
    return {k: {"shape": list(v.shape), "data": [x if x != float("-inf") else "-Infinity" for x in v.flatten().tolist()]} for k, v in d.items()}
print("@@" + json.dumps({"stages": _dump(stages), "preview": _dump(globals().get("preview_stages", {}))}))
`;

/** The largest |a − b| over a stage given as { shape, data } (−∞ meets −∞). */
function maxDifference(got, want) {
  assert.deepEqual(got.shape, want.shape);
  let worst = 0;
  got.data.forEach((v, i) => {
    const x = v === '-Infinity' ? -Infinity : Math.fround(v); // the float32 the text reads back as
    worst = Math.max(worst, x === want.data[i] ? 0 : Math.abs(x - want.data[i]));
  });
  return worst;
}

test('?lab=code: every step with its lecture lines, for the page’s module', async () => {
  const page = await newPage(withSetup('notebook', '?lab=code'));
  const root = page.locator('[data-lab="code"]');
  await root.waitFor();
  assert.equal(await root.locator('tbody tr').count(), 11);
  const code = (step) => root.locator(`tr[data-step="${step}"] pre`).allTextContents();
  assert.match((await code('split')).join('\n'), /keys\.view\(b, num_tokens, self\.num_heads/);
  assert.match((await code('output')).join('\n'), /self\.out_proj\(context_vec\)/);
  assert.match((await code('mask')).join('\n'), /# MultiHeadAttention\.forward/);
  // The lab follows the page: with the wrapper, the merge is torch.cat.
  await page.goto(`${suite.server.url}${withSetup('notebook', '?lab=code&module=wrapper')}`);
  await page.locator('[data-lab="code"] tr[data-step="merge"]').waitFor();
  assert.match(
    (await code('merge')).join('\n'),
    /torch\.cat\(\[head\(x\) for head in self\.heads\]/,
  );
  assert.match(await root.locator('tr[data-step="output"]').textContent(), /no output projection/);
  await page.close();
});

test(
  '?lab=code: the copied snippet prints every stage of the API’s pass',
  { skip: !existsSync('/usr/bin/python3') && 'no /usr/bin/python3' },
  async () => {
    const page = await newPage(
      withSetup('notebook', '?lab=code&heads=3&dOut=6&dIn=4&training=true&dropout=0.2'),
      {
        permissions: ['clipboard-read', 'clipboard-write'],
      },
    );
    await page.click('[data-lab="code"] [data-action="copy-pytorch"]');
    await page.waitForFunction(() =>
      /Copied/.test(document.querySelector('[data-lab="code"] .copy-status').textContent),
    );
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    const run = spawnSync('/usr/bin/python3', ['-'], { input: snippet + DUMP, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const { stages } = JSON.parse(
      run.stdout
        .split('\n')
        .find((l) => l.startsWith('@@'))
        .slice(2),
    );
    const settings = { ...DEFAULTS, heads: 3, dOut: 6, dIn: 4, training: true, dropout: 0.2 };
    const trace = await referenceTrace(settings);
    const names = Object.keys(stages);
    assert.ok(names.includes('droppedWeights') && names.includes('output'), names.join());
    for (const name of names)
      assert.ok(maxDifference(stages[name], trace[name]) <= 1e-6, `${name} equals the API's`);
    await page.close();
  },
);

async function downloadOf(page, action) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`[data-lab="export"] [data-action="${action}"]`),
  ]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

test('?lab=export: every stage as JSON and CSV, equal to the API', async () => {
  const page = await newPage(withSetup('notebook', '?lab=export&module=wrapper&heads=3'));
  await page.locator('[data-lab="export"]').waitFor();
  const settings = { ...DEFAULTS, module: 'wrapper', heads: 3 };
  const trace = await referenceTrace(settings);
  const preview = await referenceTrace(trainingPreviewSettings(settings));
  const json = await downloadOf(page, 'export-all-json');
  assert.match(json.name, /^attention-lab_all-stages_wrapper_h3_din3_dout2_b2_seed123_eval\.json$/);
  const data = JSON.parse(json.text);
  assert.equal(data.settings.module, 'wrapper');
  assert.deepEqual(data.tokens, ['Your', ' journey', ' starts', ' with', ' one', ' step']);
  const names = Object.keys(data.tensors);
  for (const name of ['inputs', 'queries', 'maskedScores', 'attentionWeights', 'output'])
    assert.ok(names.includes(name), name);
  for (const [name, t] of Object.entries(data.tensors)) {
    assert.equal(maxDifference(t, trace[name]), 0, name);
    assert.equal(typeof t.dims, 'string');
  }
  for (const [name, t] of Object.entries(data.preview.tensors))
    assert.equal(maxDifference(t, preview[name]), 0, `preview ${name}`);
  const csv = await downloadOf(page, 'export-all-csv');
  const rows = csv.text.trim().split('\n');
  const header = rows.findIndex((l) => l === 'pass,tensor,batch,head,row,column,value');
  assert.ok(header > 0, 'a header after the # lines');
  const expected =
    names.reduce((n, name) => n + trace[name].data.length, 0) +
    Object.keys(data.preview.tensors).reduce((n, name) => n + preview[name].data.length, 0);
  assert.equal(rows.length - header - 1, expected);
  const masked = rows.find((l) => l.startsWith('settings,maskedScores,0,0,0,1,'));
  assert.equal(masked.split(',')[6], '-Infinity');
  await page.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe: the code and export labs (${colorScheme} theme)`, async () => {
    const found = [];
    for (const slug of ['code', 'export']) {
      const page = await newPage(`?lab=${slug}`, { bypassCSP: true, colorScheme });
      await page.locator(`[data-lab="${slug}"]`).waitFor();
      await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
      const results = await page.evaluate(
        (sel) => window.axe.run({ include: [sel] }, { resultTypes: ['violations'] }),
        `[data-lab="${slug}"]`,
      );
      for (const v of results.violations)
        found.push(`${slug}: ${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')}`);
      await page.close();
    }
    assert.deepEqual(found, []);
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
