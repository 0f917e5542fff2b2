// "Copy as PyTorch" (web/lib/pytorch.mjs): the snippet the page copies runs under Debian's
// PyTorch (/usr/bin/python3, the python3-torch package that scripts/setup.sh installs) and prints
// the numbers the API computes, stage by stage, for several settings; and every line a step shows
// is a line of the lecture's classes (or of the notebook's naive masking).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createAttentionLab } from '../../dist/index.mjs';
import {
  pytorchSnippet,
  stepCode,
  sourcesOf,
  SNIPPET_MODULES,
  SNIPPET_STAGES,
} from '../../web/lib/pytorch.mjs';
import { CLASSES } from '../../web/lib/pytorch-source.mjs';

const PYTHON = '/usr/bin/python3';
const lab = await createAttentionLab();

const LECTURE = 'Your journey starts with one step';
const OTHER = 'the dog chased the ball but it could not catch it';
const BASE = {
  sentence: LECTURE,
  dIn: 3,
  dOut: 2,
  heads: 2,
  qkvBias: false,
  causal: true,
  dropout: 0,
  training: false,
  seed: 123,
  module: 'mha',
  masking: 'neg-inf',
  layout: 'fused',
  batch: 2,
};
const SLUGS = 'embeddings qkv split scores scale mask softmax dropout context merge output'.split(
  ' ',
);

/** The page's pass (web/app/compute.mjs): embed the sentence, one forward with every stage. */
function pagePass(settings) {
  const { dIn, seed, batch } = settings;
  const embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  const { sentence, ...options } = settings;
  const { trace } = lab.forward({ ...options, inputs: embedded.inputs, trace: true });
  return { embedded, trace };
}

// Appended to the snippet by the test only: every printed stage as JSON, at full precision.
const DUMP = `
import json
def _dump(d):
    return {k: {"shape": list(v.shape), "data": [x if x != float("-inf") else "-Infinity" for x in v.flatten().tolist()]} for k, v in d.items()}
print("@@" + json.dumps({"stages": _dump(stages), "preview": _dump(globals().get("preview_stages", {}))}))
`;

// Every case's snippet in one Python process, since importing torch takes seconds: each snippet
// is compiled from its UTF-8 bytes as python3 compiles a file (a coding declaration on line 1 or 2
// is read as such), and run in fresh globals with torch's seed and print options as a new process
// has them, its stdout captured. One JSON line per snippet: what it printed, or its traceback.
const BATCH = `
import contextlib, io, json, sys, traceback
import torch
first_seed = torch.initial_seed()
for i, source in enumerate(json.load(sys.stdin)):
    torch.manual_seed(first_seed)
    torch.set_printoptions(profile="default")
    out, error = io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source.encode("utf-8"), f"<snippet {i}>", "exec"), {"__name__": "__main__"})
    except SystemExit as e:
        error = None if e.code in (None, 0) else f"exit {e.code}"
    except BaseException:
        error = traceback.format_exc()
    print(json.dumps({"printed": out.getvalue(), "error": error}), flush=True)
`;

/** Runs the sources in one Python process; one { printed, error } per source, in order. */
function runPythonBatch(sources) {
  const r = spawnSync(PYTHON, ['-c', BATCH], {
    input: JSON.stringify(sources),
    encoding: 'utf8',
    timeout: 600_000,
  });
  assert.equal(r.status, 0, `python failed:\n${r.stderr}`);
  const answers = r.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.equal(answers.length, sources.length, `python answered ${answers.length} snippets`);
  return answers;
}

/** A snippet's answer: what it printed, and its @@ line's stages read back. */
function dumpOf(name, { printed, error }) {
  assert.equal(error, null, `${name}: python failed:\n${error}`);
  const line = printed.split('\n').find((l) => l.startsWith('@@'));
  assert.ok(line, `${name}: no @@ line in:\n${printed}`);
  return { printed, dumped: JSON.parse(line.slice(2)) };
}

/** The largest |PyTorch − API| over one stage (−∞ must meet −∞); Infinity on a shape mismatch. */
function maxDifference(py, api) {
  if (py.shape.join() !== api.shape.join()) return Infinity;
  let worst = 0;
  py.data.forEach((v, i) => {
    const a = api.data[i];
    const p = v === '-Infinity' ? -Infinity : Math.fround(v);
    const d = p === a ? 0 : Math.abs(p - a);
    worst = Math.max(worst, Number.isNaN(d) ? Infinity : d);
  });
  return worst;
}

const CASES = [
  ['MultiHeadAttention, 2 heads, the lecture sentence (notebook 3.6.2)', {}],
  ['the wrapper, 2 heads (notebook 3.6.1)', { module: 'wrapper' }],
  [
    'CausalAttention, another sentence, qkv bias',
    { module: 'causal', heads: 1, sentence: OTHER, dIn: 4, dOut: 3, qkvBias: true, batch: 1 },
  ],
  [
    'MultiHeadAttention in training, dropout 0.3, 3 heads',
    { sentence: OTHER, dIn: 5, dOut: 6, heads: 3, training: true, dropout: 0.3, seed: 7 },
  ],
  [
    'the wrapper in training, dropout 0.5, loop layout',
    {
      module: 'wrapper',
      heads: 3,
      dOut: 2,
      training: true,
      dropout: 0.5,
      seed: 2024,
      layout: 'loop',
    },
  ],
  ['naive masking', { masking: 'naive', dOut: 4, sentence: OTHER }],
  ['causal masking off', { causal: false, dOut: 4, dIn: 4, seed: 1 }],
  // Python reads a `coding:` declaration in a comment on line 1 or 2 as the file's encoding.
  [
    'a sentence that reads as a source encoding declaration',
    { sentence: 'coding:unicode_escape dog', dOut: 4 },
  ],
  ['a sentence that declares an encoding Emacs-style', { sentence: '-*- coding: utf-16 -*-' }],
];

/** A case's settings, the API's pass on them, and the snippet the page copies for them. */
function prepare(patch) {
  const settings = { ...BASE, ...patch };
  const { embedded, trace } = pagePass(settings);
  const stages = SNIPPET_STAGES.filter((s) => s in trace);
  const preview = settings.training
    ? null
    : { dropout: 0.5, stages: ['dropoutMask', 'droppedWeights'] };
  const snippet = pytorchSnippet({
    settings,
    tokens: embedded.tokens,
    inputs: embedded.inputs,
    shape: embedded.shape,
    stages,
    preview,
  });
  return { settings, trace, stages, preview, snippet };
}

let batch;
/** Every case prepared, and its snippet's answer from the one Python run (the first test runs it). */
function preparedCases() {
  if (!batch) {
    const prepared = CASES.map(([, patch]) => prepare(patch));
    const answers = runPythonBatch(prepared.map(({ snippet }) => snippet + DUMP));
    batch = prepared.map((p, i) => ({ ...p, answer: answers[i] }));
  }
  return batch;
}

CASES.forEach(([name, patch], index) => {
  test(
    `the snippet reproduces the API: ${name}`,
    { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' },
    (t) => {
      const { settings, trace, stages, preview, answer } = preparedCases()[index];
      const { printed, dumped } = dumpOf(name, answer);
      for (const stage of stages)
        assert.match(printed, new RegExp(`\\n${stage} \\(`), `prints ${stage}`);
      const report = {};
      for (const stage of stages) report[stage] = maxDifference(dumped.stages[stage], trace[stage]);
      const worst = Math.max(...Object.values(report));
      t.diagnostic(`max |PyTorch − API| over ${stages.length} stages: ${worst}`);
      assert.ok(worst <= 1e-6, `max |PyTorch − API| = ${worst}: ${JSON.stringify(report)}`);
      if (preview) {
        const previewTrace = pagePass({ ...settings, training: true, dropout: 0.5 }).trace;
        assert.equal(
          maxDifference(dumped.preview.dropoutMask, previewTrace.dropoutMask),
          0,
          'mask',
        );
        const d = maxDifference(dumped.preview.droppedWeights, previewTrace.droppedWeights);
        assert.ok(d <= 1e-6, `the training-mode preview's dropped weights: ${d}`);
      }
      // The notebook's MultiHeadAttention example: the same bits as PyTorch's, not just close.
      if (settings.module === 'mha' && !patch.sentence && Object.keys(patch).length === 0)
        assert.equal(report.output, 0, `${name}: the output bit for bit`);
    },
  );
});

test('every line a step shows is a line of the lecture classes or of the notebook', () => {
  for (const module of SNIPPET_MODULES)
    for (const masking of ['neg-inf', 'naive'])
      for (const causal of [true, false]) {
        const settings = { ...BASE, module, masking, causal };
        const lines = new Set(
          sourcesOf(module, settings)
            .split('\n')
            .map((l) => l.trim()),
        );
        for (const slug of SLUGS) {
          const { groups, note } = stepCode(slug, settings);
          assert.ok(groups.length || note, `${module}/${slug}: lines or a note`);
          for (const { lines: shown, where } of groups)
            for (const line of shown)
              assert.ok(lines.has(line.trim()), `${module}/${slug} (${where}): ${line}`);
        }
      }
});

test('the lecture lines named in the issue are shown where they belong', () => {
  const text = (slug, settings) =>
    stepCode(slug, { ...BASE, ...settings })
      .groups.flatMap((g) => g.lines)
      .join('\n');
  assert.match(text('qkv', {}), /keys = self\.W_key\(x\)/);
  assert.match(text('scores', {}), /attn_scores = queries @ keys\.transpose\(2, 3\)/);
  assert.match(text('scores', { module: 'causal' }), /keys\.transpose\(1, 2\)/);
  assert.match(text('mask', {}), /attn_scores\.masked_fill_\(mask_bool, -torch\.inf\)/);
  assert.match(
    text('softmax', {}),
    /torch\.softmax\(attn_scores \/ keys\.shape\[-1\]\*\*0\.5, dim=-1\)/,
  );
  assert.match(text('dropout', {}), /self\.dropout\(attn_weights\)/);
  assert.match(text('split', {}), /\.view\(b, num_tokens, self\.num_heads, self\.head_dim\)/);
  assert.match(text('split', {}), /\.transpose\(1, 2\)/);
  assert.match(
    text('merge', {}),
    /context_vec\.contiguous\(\)\.view\(b, num_tokens, self\.d_out\)/,
  );
  assert.match(text('output', {}), /self\.out_proj\(context_vec\)/);
  assert.match(text('merge', { module: 'wrapper' }), /torch\.cat/);
  assert.match(text('mask', { masking: 'naive' }), /masked_simple = attn_weights\*mask_simple/);
  assert.equal(text('output', { module: 'causal' }), 'return context_vec');
  assert.match(stepCode('output', { ...BASE, module: 'wrapper' }).note, /no output projection/);
  assert.match(stepCode('split', { ...BASE, module: 'causal' }).note, /single head/);
  // The classes are the notebook's, as scripts/make_fixtures.py (the golden fixtures) has them.
  const fixtures = readFileSync(new URL('../../scripts/make_fixtures.py', import.meta.url), 'utf8');
  for (const source of Object.values(CLASSES))
    assert.ok(fixtures.includes(source.trimEnd()), source.split('\n')[0]);
});
