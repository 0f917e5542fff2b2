// The Python module in Jupyter: a notebook builds each of the chapter's three classes with
// torch.manual_seed, prints what the module computes and calls show(); the notebook is executed
// headless (nbconvert, one kernel), and its rendered outputs are opened in Chromium (one
// page), where each view's element must hold the numbers PyTorch printed, to float32 precision,
// on the step asked for, with no server and nothing fetched. What show() refuses is a Python
// exception that says what is wrong and what is allowed.
// Needs: bash scripts/build.sh dist; Debian's jupyter-nbconvert, python3-nbclient,
// python3-ipykernel and python3-torch (scripts/setup.sh installs them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, watchedPage, checkDist, ROOT } from './helpers.mjs';

const PYTHON = '/usr/bin/python3';
const TOKENS = ['Your', 'journey', 'starts', 'with', 'one', 'step'];

// The notebook, cell by cell: the chapter's classes as the book writes them (scripts/make_fixtures.py
// defines them verbatim), the lecture's batch, then one cell per class.
const print = (name, module) =>
  `out = ${module}(batch)\nprint(json.dumps({"name": "${name}", "output": out.detach().flatten().tolist()}))`;
const CELLS = [
  `import sys, json\nsys.path[:0] = [${JSON.stringify(path.join(ROOT, 'python'))}, ${JSON.stringify(path.join(ROOT, 'scripts'))}]\n` +
    'import torch\nfrom make_fixtures import CausalAttention, MultiHeadAttentionWrapper, MultiHeadAttention, lecture_batch\n' +
    'from attention_lab import show, AttentionLabInputError\nbatch = lecture_batch()  # (2, 6, 3)',
  `torch.manual_seed(123)\nmha = MultiHeadAttention(3, 4, 6, 0.0, num_heads=2)\n${print('mha', 'mha')}\n` +
    `show(mha, batch, tokens=${JSON.stringify(TOKENS)}, step="softmax")`,
  // The wrapper with qkv_bias, in eval mode: its dropout is then off, as PyTorch's is.
  `torch.manual_seed(789)\nwrapper = MultiHeadAttentionWrapper(3, 2, 6, 0.5, num_heads=3, qkv_bias=True).eval()\n` +
    `${print('wrapper', 'wrapper')}\nshow(wrapper, batch, tokens=${JSON.stringify(TOKENS)}, step="context")`,
  `torch.manual_seed(5)\ncausal = CausalAttention(3, 2, 6, 0.0)\n${print('causal', 'causal')}\n` +
    'show(state_dict=causal.state_dict(), inputs=batch[:1], step="mask")',
  // Refused: a random dropout mask, and a module of another kind.
  'for call in (lambda: show(MultiHeadAttention(3, 2, 6, 0.5, num_heads=2), batch),\n' +
    '             lambda: show(torch.nn.Linear(3, 2), batch)):\n' +
    '    try:\n        call()\n    except AttentionLabInputError as err:\n        print("refused:", err)',
];

// What executing it needs: each Python module, with the Debian package that brings it (looked up,
// not imported: importing torch alone takes seconds).
const NEEDS = {
  nbconvert: 'jupyter-nbconvert',
  nbclient: 'python3-nbclient',
  nbformat: 'python3-nbformat',
  ipykernel: 'python3-ipykernel',
  torch: 'python3-torch',
};

function missingPackages() {
  const find = `import importlib.util as u; print(" ".join(m for m in ${JSON.stringify(Object.keys(NEEDS))} if u.find_spec(m) is None))`;
  const r = spawnSync(PYTHON, ['-c', find], { encoding: 'utf8' });
  if (r.status !== 0) return ['python3'];
  return r.stdout
    .split(/\s+/)
    .filter(Boolean)
    .map((m) => NEEDS[m]);
}

let run; // { printed: { name: output[] }, refused: string[], views: html[] }
let browser;
let page;
const problems = [];

function notebook() {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
    cells: CELLS.map((source, i) => ({
      id: `cell-${i}`,
      cell_type: 'code',
      metadata: {},
      execution_count: null,
      outputs: [],
      source,
    })),
  };
}

function execute() {
  const missing = missingPackages();
  if (missing.length)
    throw new Error(
      `the notebook test needs Debian's ${missing.join(', ')}: ` +
        `apt-get install ${missing.join(' ')} (scripts/setup.sh installs them)`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-notebook-'));
  fs.writeFileSync(path.join(dir, 'lecture.ipynb'), JSON.stringify(notebook()));
  execFileSync(
    PYTHON,
    [
      '-m',
      'nbconvert',
      '--to',
      'notebook',
      '--execute',
      '--output',
      'executed.ipynb',
      'lecture.ipynb',
    ],
    {
      cwd: dir,
      stdio: 'pipe',
      timeout: 300_000,
      env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1', PYTHONDONTWRITEBYTECODE: '1' },
    },
  );
  const outputs = JSON.parse(
    fs.readFileSync(path.join(dir, 'executed.ipynb'), 'utf8'),
  ).cells.flatMap((c) => c.outputs);
  fs.rmSync(dir, { recursive: true, force: true });
  const text = outputs
    .filter((o) => o.output_type === 'stream')
    .map((o) => [o.text].flat().join(''))
    .join('');
  const lines = text.split('\n');
  return {
    printed: Object.fromEntries(
      lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .map((p) => [p.name, p.output]),
    ),
    refused: lines.filter((l) => l.startsWith('refused: ')),
    views: outputs
      .filter((o) => o.data?.['text/html'])
      .map((o) => [o.data['text/html']].flat().join('')),
    errors: outputs.filter((o) => o.output_type === 'error').map((o) => `${o.ename}: ${o.evalue}`),
  };
}

before(async () => {
  checkDist();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'notebook', 'element.js')))
    throw new Error('dist/notebook/element.js is missing: run `bash scripts/build.sh dist`');
  run = execute();
  browser = await launch();
  page = await watchedPage(browser, problems);
  // The outputs as the notebook's page shows them, one after another, from no server at all.
  page.on('request', (req) => {
    if (!req.url().startsWith('data:') && !req.url().startsWith('about:'))
      problems.push(`request: ${req.url()}`);
  });
  await page.setContent(`<!doctype html><html><body>${run.views.join('\n')}</body></html>`);
});

after(async () => {
  await page?.close();
  await browser?.close();
});

// What each view's element holds once it computes with the module's own tensors.
async function views() {
  const frames = await Promise.all(
    (await page.$$('iframe.attention-lab-view')).map((handle) => handle.contentFrame()),
  );
  return Promise.all(
    frames.map(async (frame) => {
      await frame.waitForFunction(
        () => document.querySelector('attention-lab')?.result?.source === 'own',
        null,
        { timeout: 60_000 },
      );
      return frame.evaluate(() => {
        const el = document.querySelector('attention-lab');
        return {
          module: el.result.settings.module,
          step: el.state.view.step,
          tokens: el.result.tokens.map((t) => t.text),
          output: Array.from(el.result.output.data),
          shape: el.result.output.shape,
          build: el.build,
        };
      });
    }),
  );
}

// float32 precision: the core's float32 arithmetic against PyTorch's, a few units of the last place.
function assertClose(actual, expected, what) {
  assert.equal(
    actual.length,
    expected.length,
    `${what}: ${actual.length} numbers, PyTorch printed ${expected.length}`,
  );
  const worst = Math.max(
    ...actual.map((v, i) => Math.abs(v - expected[i]) / Math.max(1, Math.abs(expected[i]))),
  );
  assert.ok(worst <= 1e-6, `${what}: max relative difference ${worst} from what PyTorch printed`);
  return `${what}: max difference ${worst.toExponential(2)}`;
}

test('the executed notebook shows each class with the numbers PyTorch printed', async (t) => {
  assert.deepEqual(run.errors, [], 'every cell ran');
  assert.deepEqual(Object.keys(run.printed), ['mha', 'wrapper', 'causal']);
  assert.equal(run.views.length, 3, 'one view per show()');
  const shown = await views();
  assert.deepEqual(
    shown.map((v) => [v.module, v.step, v.build]),
    [
      ['mha', 'softmax', 'single'],
      ['wrapper', 'context', 'single'],
      ['causal', 'mask', 'single'],
    ],
  );
  assert.deepEqual(shown[0].tokens, TOKENS);
  assert.deepEqual(
    shown[2].tokens,
    ['t1', 't2', 't3', 't4', 't5', 't6'],
    'rows numbered without tokens=',
  );
  t.diagnostic(assertClose(shown[0].output, run.printed.mha, 'MultiHeadAttention'));
  t.diagnostic(assertClose(shown[1].output, run.printed.wrapper, 'MultiHeadAttentionWrapper'));
  // show(state_dict=…, inputs=batch[:1]): the first sequence only, (1, 6, 2).
  assert.deepEqual(shown[2].shape, [1, 6, 2]);
  t.diagnostic(assertClose(shown[2].output, run.printed.causal.slice(0, 12), 'CausalAttention'));
  assert.deepEqual(problems, [], 'nothing fetched, no page errors');
});

test('show() refuses what it cannot reproduce, saying what is allowed', () => {
  assert.equal(run.refused.length, 2);
  assert.match(
    run.refused[0],
    /training mode with dropout p = 0\.5.*module\.eval\(\).*dropout=0\.0/,
  );
  assert.match(
    run.refused[1],
    /Linear.*CausalAttention.*MultiHeadAttentionWrapper.*MultiHeadAttention/,
  );
});
