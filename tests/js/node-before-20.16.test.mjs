// Node 20.0–20.15 lack process.getBuiltinModule, which the package's Node paths would otherwise
// rely on (the core's glue reads its .wasm with fs; the trained weights are read from disk). The
// package says it runs on Node 20, so each child process here first deletes getBuiltinModule
// (a --import preload), then uses the API, the threaded build, the trained weights, training and
// the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = promisify(execFile);
const DIST = new URL('../../dist/', import.meta.url);
const CLI = fileURLToPath(new URL('cli.mjs', DIST));
const WITHOUT = `data:text/javascript,${encodeURIComponent('delete process.getBuiltinModule;')}`;
const node = (args, options = {}) =>
  run(process.execPath, ['--import', WITHOUT, ...args], { timeout: 120_000, ...options });
const said = (err) => `exit ${err.code}\n${err.stdout ?? ''}${err.stderr ?? ''}`;

const SCRIPT = `
if (typeof process.getBuiltinModule !== 'undefined') throw new Error('the preload did not run');
const api = await import(${JSON.stringify(new URL('index.mjs', DIST).href)});
const lab = await api.createAttentionLab();
const { inputs } = lab.embed('Your journey starts with one step', { dIn: 3 });
const one = lab.forward({ inputs, dIn: 3, dOut: 2, heads: 2, seed: 123 });
const threaded = await api.createAttentionLab({ threads: 2 });
const two = threaded.forward({ inputs, dIn: 3, dOut: 2, heads: 2, seed: 123, trace: false });
const trained = await lab.loadWeights('trained');
const explained = trained.explain('the dog saw the ball');
console.log(JSON.stringify({
  build: lab.build, threads: threaded.threads,
  one: Array.from(one.output.data), two: Array.from(two.output.data),
  explained: explained.tokens.length,
}));
`;

test('without process.getBuiltinModule: the API, the threaded build and the trained weights', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'attention-lab-node20-'));
  writeFileSync(join(dir, 'api.mjs'), SCRIPT);
  const { stdout } = await node([join(dir, 'api.mjs')])
    .catch((err) => assert.fail(said(err)))
    .finally(() => rmSync(dir, { recursive: true, force: true }));
  const result = JSON.parse(stdout);
  assert.equal(result.build, 'single');
  assert.equal(result.threads, 2);
  assert.ok(Math.abs(result.one[0] - 0.319) < 1e-4, `the book's first number: ${result.one[0]}`);
  for (const [i, v] of result.two.entries())
    assert.ok(Math.abs(v - result.one[i]) < 1e-6, `threaded output[${i}]`);
  assert.equal(result.explained, 5, 'explain() read the trained weights');
});

test('without process.getBuiltinModule: the CLI explains, reads the trained weights and trains', async () => {
  const explain = await node([CLI, 'explain', 'hello world']).catch((err) =>
    assert.fail(said(err)),
  );
  assert.match(explain.stdout, /attentionWeights \(B=1, h=2, T=2, T=2\)/);
  const heads = await node([CLI, 'heads', '--json']).catch((err) => assert.fail(said(err)));
  assert.ok(JSON.parse(heads.stdout).labels.length >= 2);
  const dir = mkdtempSync(join(tmpdir(), 'attention-lab-node20-'));
  try {
    writeFileSync(join(dir, 'text.txt'), 'The dog saw the ball. It ran to it. '.repeat(40));
    const small = [
      '--steps',
      '2',
      '--batch',
      '2',
      '--width',
      '8',
      '--heads',
      '2',
      '--context',
      '8',
    ];
    const args = [CLI, 'train', '--text', 'text.txt', '--out', 'mine.atlm', ...small];
    const trained = await node(args, { cwd: dir }).catch((err) => assert.fail(said(err)));
    assert.match(trained.stdout, /held-out loss \d/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
