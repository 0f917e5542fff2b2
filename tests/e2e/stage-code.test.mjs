// The lecture's PyTorch and the downloads on every stage panel (ui/code.mjs, ui/export.mjs,
// ui/svg.mjs): each step shows its lines; "copy as PyTorch" gives a snippet that, run under
// Debian's torch, prints the numbers on screen; without a clipboard it shows the snippet in a text
// area; the JSON and CSV downloads hold the API's numbers and settings; the PNG and SVG of a map
// are well-formed and the SVG has one cell per cell; axe finds nothing in either theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  pageSuite,
  referenceTrace,
  shownCells,
  compareCells,
  trainingPreviewSettings,
  withSetup,
} from './helpers.mjs';

const suite = pageSuite();
const { newPage, problems } = suite;

// The book notebook's set-up (opened explicitly: withSetup), whose numbers the snippets print.
const LECTURE = {
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
const LINES = {
  embeddings: 'b, num_tokens, d_in = x.shape',
  qkv: 'keys = self.W_key(x)',
  split: 'queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)',
  scores: 'attn_scores = queries @ keys.transpose(2, 3)',
  scale: 'keys.shape[-1]**0.5',
  mask: 'attn_scores.masked_fill_(mask_bool, -torch.inf)',
  softmax: 'torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)',
  dropout: 'attn_weights = self.dropout(attn_weights)',
  context: 'context_vec = (attn_weights @ values).transpose(1, 2)',
  merge: 'context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)',
  output: 'context_vec = self.out_proj(context_vec)',
};

const openStep = (page, slug) => page.click(`.step-link[data-slug="${slug}"]`);
const codeOf = (page) => page.locator('#stage .code-lines pre code').textContent();

test('every step shows the lines of the lecture class that compute it', async () => {
  const page = await newPage(withSetup('notebook', '?heads=2&dOut=4'));
  for (const [slug, line] of Object.entries(LINES)) {
    await openStep(page, slug);
    assert.ok((await codeOf(page)).includes(line), `${slug}: ${line}`);
  }
  // The wrapper and CausalAttention name the steps they do not have.
  await page.goto(`${suite.server.url}?module=wrapper&heads=2&step=output`);
  await page.waitForSelector('#stage[data-step="output"] .code-note');
  assert.match(await page.locator('#stage .code-note').textContent(), /no output projection/);
  await page.goto(`${suite.server.url}?module=causal&heads=1&step=split`);
  await page.waitForSelector('#stage[data-step="split"] .code-note');
  assert.match(await page.locator('#stage .code-note').textContent(), /single head/);
  // The block folds, and stays folded on the next step.
  await page.click('#stage .code-lines > summary');
  await openStep(page, 'scores');
  assert.equal(await page.locator('#stage .code-lines').getAttribute('open'), null);
  await page.close();
});

const DUMP = `
import json
def _dump(d):
    return {k: [x if x != float("-inf") else "-Infinity" for x in v.flatten().tolist()] for k, v in d.items()}
print("@@" + json.dumps({"settings": _dump(stages), "training": _dump(globals().get("preview_stages", {}))}))
`;

test(
  'copy as PyTorch: the snippet prints the numbers on screen (dropout step, training preview)',
  { skip: !existsSync('/usr/bin/python3') && 'no /usr/bin/python3' },
  async () => {
    const page = await newPage(withSetup('notebook', '?step=dropout'), {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.click('#stage [data-action="copy-pytorch"]');
    await page.waitForFunction(() =>
      /Copied/.test(document.querySelector('.copy-status').textContent),
    );
    const snippet = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(snippet, /torch\.manual_seed\(123\)/);
    assert.match(snippet, /MultiHeadAttention\(d_in, d_out, context_length, 0\.5, num_heads=2/);
    assert.match(snippet, /\[0\.43, 0\.15, 0\.89\],\s+# "Your"/);
    const run = spawnSync('/usr/bin/python3', ['-'], { input: snippet + DUMP, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const dumped = JSON.parse(
      run.stdout
        .split('\n')
        .find((l) => l.startsWith('@@'))
        .slice(2),
    );
    const cells = await shownCells(page);
    assert.ok(cells.length > 0 && cells.every((c) => c.pass === 'training'));
    const bad = cells.filter(({ stage, i, value, pass }) => {
      const v = dumped[pass][stage][i];
      return Math.abs(Number(value) - (v === '-Infinity' ? -Infinity : v)) > 1e-6;
    });
    assert.deepEqual(bad.slice(0, 5), [], 'PyTorch prints what the page shows');
    await page.close();
  },
);

test('without a clipboard the snippet is shown in a text area', async () => {
  const page = await newPage(withSetup('notebook', '?step=softmax&module=wrapper'));
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
  await page.click('#stage [data-action="copy-pytorch"]');
  const box = page.locator('#stage .snippet-text');
  await box.waitFor({ state: 'visible' });
  const text = await box.inputValue();
  assert.match(text, /class MultiHeadAttentionWrapper\(nn\.Module\):/);
  assert.match(text, /for name in \["attentionWeights"\]/);
  assert.match(await page.locator('#stage .copy-status').textContent(), /copy it by hand/);
  await page.close();
});

async function downloadOf(page, action) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`#stage [data-action="${action}"]`),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('JSON and CSV: the step’s tensors, shapes and settings, equal to the API', async () => {
  const settings = { ...LECTURE, training: true, dropout: 0.3, heads: 2, dOut: 4 };
  const page = await newPage(
    withSetup('notebook', '?step=dropout&training=true&dropout=0.3&dOut=4'),
  );
  await page.click('#stage .stage-export > summary');
  const json = await downloadOf(page, 'export-json');
  assert.match(json.name, /^attention-lab_dropout_mha_h2_din3_dout4_b2_seed123_train-p0\.3\.json$/);
  const data = JSON.parse(json.bytes.toString('utf8'));
  const trace = await referenceTrace(settings);
  assert.deepEqual(Object.keys(data.tensors), ['dropoutMask', 'droppedWeights']);
  assert.equal(data.settings.dropout, 0.3);
  assert.equal(data.settings.training, true);
  for (const [name, t] of Object.entries(data.tensors)) {
    assert.deepEqual(t.shape, trace[name].shape);
    assert.equal(t.dims, 'B,h,T,T');
    t.data.forEach((v, i) => assert.equal(Math.fround(v), trace[name].data[i], `${name}[${i}]`));
  }
  const csv = await downloadOf(page, 'export-csv');
  const rows = csv.bytes
    .toString('utf8')
    .trim()
    .split('\n')
    .filter((l) => !l.startsWith('#'));
  assert.equal(rows[0], 'pass,tensor,batch,head,row,column,value');
  assert.equal(rows.length - 1, 2 * trace.droppedWeights.data.length);
  for (const row of rows.slice(1)) {
    const [, name, b, h, r, c, v] = row.split(',');
    const i = ((Number(b) * 2 + Number(h)) * 6 + Number(r)) * 6 + Number(c);
    assert.equal(Math.fround(Number(v)), trace[name].data[i], row);
  }
  await page.close();
});

test('JSON in evaluation mode: the dropout step exports its training-mode preview', async () => {
  const page = await newPage(withSetup('notebook', '?step=dropout'));
  await page.click('#stage .stage-export > summary');
  const data = JSON.parse((await downloadOf(page, 'export-json')).bytes.toString('utf8'));
  assert.deepEqual(Object.keys(data.tensors), []);
  assert.equal(data.preview.settings.training, true);
  const trace = await referenceTrace(trainingPreviewSettings(LECTURE));
  data.preview.tensors.droppedWeights.data.forEach((v, i) =>
    assert.equal(Math.fround(v), trace.droppedWeights.data[i]),
  );
  // And what is on screen is that pass too.
  assert.deepEqual(compareCells(await shownCells(page), null, 1e-6, trace), []);
  await page.close();
});

test('PNG and SVG of a map: well-formed, the canvas size, one SVG cell per cell', async () => {
  const page = await newPage(withSetup('notebook', '?step=softmax'));
  await page.click('#stage .stage-export > summary');
  // The menu lists the maps when it opens (its toggle event, a task after the click).
  await page.locator('#export-map option').first().waitFor({ state: 'attached' });
  const options = await page.locator('#export-map option').allTextContents();
  assert.equal(options.length, 2, 'two heads of one batch item');
  assert.match(options[1], /Attention weights, head 2, batch item 1/);
  await page.selectOption('#export-map', '1');
  const canvas = await page.evaluate(() => {
    const c = document.querySelectorAll('#stage .map canvas')[1];
    return { width: c.width, height: c.height };
  });
  const png = await downloadOf(page, 'export-png');
  assert.match(png.name, /^attention-lab_softmax_attentionWeights_head2_item1_mha_.*\.png$/);
  assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.equal(png.bytes.toString('ascii', 12, 16), 'IHDR');
  assert.deepEqual(
    { width: png.bytes.readUInt32BE(16), height: png.bytes.readUInt32BE(20) },
    canvas,
  );
  const svg = await downloadOf(page, 'export-svg');
  assert.match(svg.name, /\.svg$/);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    return {
      error: error?.textContent ?? null,
      root: doc.documentElement.nodeName,
      cells: doc.querySelectorAll('g.cells rect').length,
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
      // The first column (never masked, so never hatched): cell (r, 0) is rect r · 6.
      fills: [...doc.querySelectorAll('g.cells rect')]
        .filter((_, i) => i % 6 === 0)
        .map((r) => r.getAttribute('fill')),
    };
  }, svg.bytes.toString('utf8'));
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.cells, 36, '6 × 6 weights');
  for (const label of ['Your', 'Σ', '1.0000']) assert.ok(parsed.texts.includes(label), label);
  const numbers = parsed.texts.filter((t) => /^\d\.\d+$/.test(t));
  assert.ok(numbers.length >= 36 + 6, `a number in every cell and every Σ: ${numbers.length}`);
  assert.ok(
    parsed.texts.some((t) => t.startsWith('jour')),
    'the token labels (cut to fit, as drawn)',
  );
  // The same colours as the canvas: the first column's cells, read back from the canvas's pixels.
  const pixels = await page.evaluate(() => {
    const c = document.querySelectorAll('#stage .map canvas')[1];
    const [left, top, , h] = c.dataset.grid.split(',').map(Number);
    const dpr = c.width / parseFloat(c.style.width);
    // One readback of a copy (several from the page's canvas make Chromium warn).
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const g = copy.getContext('2d', { willReadFrequently: true });
    g.drawImage(c, 0, 0);
    const { data } = g.getImageData(0, 0, c.width, c.height);
    return Array.from({ length: 6 }, (_, row) => {
      const x = Math.floor((left + 3) * dpr);
      const y = Math.floor((top + row * h + 3) * dpr);
      const o = 4 * (y * c.width + x);
      return `rgb(${data[o]}, ${data[o + 1]}, ${data[o + 2]})`;
    });
  });
  assert.deepEqual(parsed.fills, pixels);
  await page.close();
});

for (const colorScheme of ['light', 'dark'])
  test(`axe: the code block and the download menu (${colorScheme} theme)`, async () => {
    const page = await newPage(withSetup('notebook', '?heads=2&dOut=4&training=true'), {
      bypassCSP: true,
      colorScheme,
    });
    await page.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
    const found = [];
    for (const slug of ['qkv', 'mask', 'output']) {
      await openStep(page, slug);
      await page.click('#stage .stage-export > summary');
      const results = await page.evaluate(() =>
        window.axe.run({ include: ['#stage-root'] }, { resultTypes: ['violations'] }),
      );
      for (const v of results.violations)
        found.push(`${slug}: ${v.id} (${v.impact}) ${v.nodes[0]?.target.join(' ')}`);
    }
    assert.deepEqual(found, []);
    await page.close();
  });

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
