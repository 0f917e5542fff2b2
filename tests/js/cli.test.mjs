// The command line (dist/cli.mjs), run as a child process exactly as `npx attention-lab` would.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAttentionLab, PRESETS } from '../../dist/index.mjs';

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const lab = await createAttentionLab();
const tmp = mkdtempSync(join(tmpdir(), 'attention-lab-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function run(args, { input } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function writeConfig(name, options) {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(options));
  return path;
}

/** "-Infinity" strings back to numbers, data back to Float32Array. */
function fromJson(t) {
  return {
    shape: t.shape,
    data: Float32Array.from(t.data, (v) => (typeof v === 'string' ? Number(v) : v)),
  };
}

function assertNoStack(stderr) {
  assert.doesNotMatch(stderr, /^\s+at /m, `a stack trace on stderr:\n${stderr}`);
  assert.doesNotMatch(stderr, /file:\/\/|node:internal/, stderr);
}

const LECTURE = {
  inputs: Array.from(lab.embed(PRESETS[0].sentence, { batch: 2 }).inputs),
  batch: 2,
  dIn: 3,
  dOut: 2,
  heads: 2,
  seed: 123,
};

describe('attention-lab forward', () => {
  test('--config FILE prints JSON equal to the API result', () => {
    const { code, stdout, stderr } = run([
      'forward',
      '--config',
      writeConfig('lecture.json', LECTURE),
    ]);
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    const printed = JSON.parse(stdout);
    const expected = lab.forward(LECTURE);
    assert.deepEqual(Object.keys(printed), ['output', 'trace']);
    assert.deepEqual(fromJson(printed.output), expected.output);
    assert.deepEqual(
      Object.keys(printed.trace),
      Object.keys(expected.trace),
      'stages in lecture order',
    );
    for (const [name, tensor] of Object.entries(expected.trace)) {
      assert.deepEqual(fromJson(printed.trace[name]), tensor, name);
    }
    // −∞ is written as the string "-Infinity".
    assert.equal(printed.trace.maskedScores.data[1], '-Infinity');
    assert.ok(
      printed.trace.maskedScores.data.every((v) => typeof v === 'number' || v === '-Infinity'),
    );
    assert.ok(
      Math.abs(printed.output.data[0] - 0.319) < 1e-4 &&
        Math.abs(printed.output.data[1] - 0.4858) < 1e-4,
    );
  });

  test('--config - reads stdin; --no-trace prints an empty trace', () => {
    const { code, stdout, stderr } = run(['forward', '--config', '-', '--no-trace'], {
      input: JSON.stringify(LECTURE),
    });
    assert.equal(code, 0, stderr);
    const printed = JSON.parse(stdout);
    assert.deepEqual(printed.trace, {});
    const expected = lab.forward({ ...LECTURE, trace: false }).output;
    assert.deepEqual(fromJson(printed.output), expected);
  });

  test('weights in the config file are used', () => {
    const model = lab.createModel({ ...LECTURE, seed: 999 });
    const weights = Object.fromEntries(
      Object.entries(model.stateDict()).map(([k, v]) => [k, Array.from(v.data)]),
    );
    model.dispose();
    const options = {
      ...LECTURE,
      weights,
      module: 'mha',
      masking: 'naive',
      training: true,
      dropout: 0.5,
    };
    const { code, stdout, stderr } = run([
      'forward',
      '--config=' + writeConfig('weights.json', options),
    ]);
    assert.equal(code, 0, stderr);
    const printed = JSON.parse(stdout);
    const expected = lab.forward(options);
    assert.deepEqual(fromJson(printed.output), expected.output);
    assert.deepEqual(fromJson(printed.trace.dropoutMask), expected.trace.dropoutMask);
    assert.ok(printed.trace.unmaskedWeights && !printed.trace.maskedScores);
  });

  test('an invalid option in the config → exit 1 and the library message', () => {
    const { code, stdout, stderr } = run([
      'forward',
      '--config',
      writeConfig('bad.json', { ...LECTURE, dropout: 1 }),
    ]);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /dropout = 1/);
    assert.match(stderr, /\[0, 1\)/);
    assertNoStack(stderr);
  });

  test('usage errors → exit 2: no --config, missing file, bad JSON, not an object', () => {
    const cases = [
      [['forward'], /--config/],
      [
        ['forward', '--config', join(tmp, 'does-not-exist.json')],
        /cannot read.*does-not-exist\.json/,
      ],
      [['forward', '--config', tmp], /cannot read.*EISDIR/],
      [['forward', '--config'], /--config needs a value/],
      [['forward', '--config', 'x.json', '--trace'], /unknown option '--trace'/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = run(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, message);
      assertNoStack(stderr);
    }
    const badJson = join(tmp, 'bad-json.json');
    writeFileSync(badJson, '{"inputs": [1, 2');
    let r = run(['forward', '--config', badJson]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /not valid JSON/);
    r = run(['forward', '--config', '-'], { input: '[1, 2, 3]' });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /stdin must hold a JSON object/);
    assertNoStack(r.stderr);
  });
});

describe('attention-lab explain', () => {
  test('prints every stage in lecture order with its named shape', () => {
    const { code, stdout, stderr } = run(['explain', PRESETS[0].sentence]);
    assert.equal(code, 0, stderr);
    const stages = lab.stages
      .map((s) => s.name)
      .filter((n) => n !== 'unmaskedWeights' && n !== 'zeroedWeights');
    const shapes = {
      inputs: '(B=1, T=6, d_in=3)',
      queries: '(B=1, T=6, D=2)',
      queryHeads: '(B=1, h=2, T=6, d_h=1)',
      attentionScores: '(B=1, h=2, T=6, T=6)',
      attentionWeights: '(B=1, h=2, T=6, T=6)',
      contextHeads: '(B=1, h=2, T=6, d_h=1)',
      output: '(B=1, T=6, D=2)',
    };
    let last = -1;
    stages.forEach((name, i) => {
      const heading = new RegExp(`── ${i + 1}\\. ${name} \\(B=1, [^)]*\\) ─`);
      const at = stdout.search(heading);
      assert.ok(at > last, `stage ${name} missing or out of order`);
      last = at;
      if (shapes[name])
        assert.ok(stdout.includes(`${name} ${shapes[name]}`), `${name} ${shapes[name]}`);
    });
    assert.match(stdout, /-inf/);
    assert.match(stdout, /head 1 {2}\(rows: queries, columns: keys\)/);
    assert.match(stdout, /journey/);
    // The book's numbers: first output row [0.3190, 0.4858].
    assert.match(stdout, /output \(B=1, T=6, D=2\)[\s\S]*Your\s+0\.3190\s+0\.4858/);
    for (const line of stdout.split('\n'))
      assert.ok([...line].length <= 80, `line longer than 80 columns: ${line}`);
  });

  test('options: naive masking, wrapper, training, --stage, --decimals, batch', () => {
    let r = run([
      'explain',
      'all dogs are animals',
      '--masking',
      'naive',
      '--module',
      'wrapper',
      '--heads',
      '3',
    ]);
    assert.equal(r.code, 0, r.stderr);
    for (const name of ['unmaskedWeights', 'zeroedWeights', 'attentionWeights'])
      assert.match(r.stdout, new RegExp(`${name} \\(B=1, h=3, T=4, T=4\\)`));
    assert.doesNotMatch(r.stdout, /maskedScores \(/);
    assert.match(r.stdout, /queries \(B=1, T=4, D=6\)/);

    r = run([
      'explain',
      'the dog chased the ball',
      '--stage',
      'attentionWeights',
      '--decimals',
      '2',
      '--d-out',
      '4',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /attentionWeights \(B=1, h=2, T=5, T=5\)/);
    assert.doesNotMatch(r.stdout, /── \d+\. (queries|contextHeads) /);
    assert.match(r.stdout, /^── 11\. attentionWeights/, 'only the stage, no header');
    assert.match(r.stdout, /\b1\.00 +0\.00\b/);

    r = run([
      'explain',
      'hello world',
      '--training',
      '--dropout',
      '0.5',
      '--batch',
      '2',
      '--seed',
      '7',
      '--qkv-bias',
      '--no-causal',
      '--layout',
      'loop',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /dropoutMask \(B=2, h=2, T=2, T=2\)/);
    assert.match(r.stdout, /not causal/);
    assert.match(r.stdout, /training: dropout p=0\.5/);

    // Outer whitespace is trimmed: the lecture sentence still gets the lecture's vectors.
    r = run(['explain', ' Your journey starts with one step \n', '--stage', 'output']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Your\s+0\.3190\s+0\.4858/);

    r = run(['explain', 'hello world', '--module', 'causal', '--d-in', '5']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /inputs \(B=1, T=2, d_in=5\)/);
    assert.match(r.stdout, /queryHeads \(B=1, h=1, T=2, d_h=2\)/);
  });

  test('a long sentence and wide tensors are truncated with … and stay within 80 columns', () => {
    const sentence = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const { code, stdout, stderr } = run([
      'explain',
      sentence,
      '--d-in',
      '32',
      '--d-out',
      '24',
      '--heads',
      '6',
    ]);
    assert.equal(code, 0, stderr);
    assert.match(stdout, /…/);
    assert.match(stdout, /⋮/);
    assert.match(stdout, /more heads/);
    for (const line of stdout.split('\n'))
      assert.ok([...line].length <= 80, `line longer than 80 columns: ${line}`);
  });

  test('a bad flag → exit 2, message on stderr, no stack trace', () => {
    const cases = [
      [['explain', 'hi', '--bogus'], /unknown option '--bogus'/],
      [['explain', 'hi', '--heads', 'two'], /--heads 'two': must be a whole number/],
      [['explain', 'hi', '--heads'], /--heads needs a value/],
      [['explain', 'hi', '--module', 'gpt'], /--module 'gpt': allowed are mha, wrapper, causal/],
      [['explain', 'hi', '--dropout', 'lots'], /--dropout 'lots': must be a number/],
      [['explain', 'hi', '--stage', 'nope'], /--stage 'nope': the stages are inputs, queries/],
      [['explain', 'hi', '--stage', 'zeroedWeights'], /needs --masking naive/],
      [['explain', 'hi', '--decimals', '20'], /--decimals 20/],
      [['explain', 'hi', '--training=yes'], /takes no value/],
      [['explain'], /needs a sentence/],
      [['explain', 'two', 'words'], /one sentence/],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [[], /no command/],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = run(args);
      assert.equal(code, 2, `${args.join(' ')} → ${code}: ${stderr}`);
      assert.equal(stdout, '');
      assert.match(stderr, message);
      assert.match(stderr, /^attention-lab: /);
      assertNoStack(stderr);
    }
  });

  test('an error from the core (heads 3, d-out 4) → exit 1 and its message', () => {
    const { code, stdout, stderr } = run([
      'explain',
      'hello world',
      '--heads',
      '3',
      '--d-out',
      '4',
    ]);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.match(stderr, /heads = 3 does not divide dOut = 4/);
    assert.match(stderr, /\(1, 2, 4\)/);
    assert.match(stderr, /option: heads, --heads/);
    assertNoStack(stderr);
    for (const args of [
      ['explain', ' '],
      ['explain', 'hi', '--seed', '-1'],
      ['explain', 'hi', '--dropout', '1', '--training'],
    ]) {
      const r = run(args);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
      assertNoStack(r.stderr);
    }
  });
});

describe('attention-lab --help / --version', () => {
  test('--help and -h print usage and exit 0', () => {
    for (const args of [['--help'], ['-h'], ['explain', '--help'], ['forward', '-h']]) {
      const { code, stdout } = run(args);
      assert.equal(code, 0, args.join(' '));
      assert.match(stdout, /Usage:/);
      for (const line of stdout.split('\n'))
        assert.ok([...line].length <= 80, `help line > 80 columns: ${line}`);
    }
    assert.match(run(['forward', '--help']).stdout, /"-Infinity"/);
    assert.match(run(['--help']).stdout, /explain[\s\S]*forward/);
    assert.match(run(['explain', '--help']).stdout, /--d-out N .* 2\n/);
  });

  test('--version prints the package version', () => {
    const { code, stdout } = run(['--version']);
    assert.equal(code, 0);
    assert.equal(stdout.trim(), PACKAGE.version);
  });

  test('the file is an executable ESM script with a node shebang', () => {
    const text = readFileSync(CLI, 'utf8');
    assert.ok(text.startsWith('#!/usr/bin/env node\n'));
    assert.match(text, /from '\.\/index\.mjs'/);
    assert.equal(PACKAGE.bin['attention-lab'], 'dist/cli.mjs');
  });
});
