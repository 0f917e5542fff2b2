// The command line (dist/cli.mjs), run as a child process exactly as `npx attention-lab` would,
// and the presentation module it shares with the page (dist/present.mjs). Tests that go through
// many flags run the command in-process (cli-in-process.mjs), after a test that shows it exits and
// prints as the process does.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAttentionLab, PRESETS, OPTIONS, STAGES } from '../../dist/index.mjs';
import * as present from '../../dist/present.mjs';
import { explainStage } from '../../dist/stage-text.mjs';
import { cliInProcess } from './cli-in-process.mjs';

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const lab = await createAttentionLab();
const tmp = mkdtempSync(join(tmpdir(), 'attention-lab-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const cli = cliInProcess();
after(() => cli.close());

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
      [['forward', '--config', 'x.json', '--trce'], /unknown option '--trce'/],
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
  test('prints every stage in lecture order with its named shape', async () => {
    const { code, stdout, stderr } = await cli.run(['explain', PRESETS[0].sentence]);
    assert.equal(code, 0, stderr);
    // The stages the default run has (lab.describe lists exactly those), in lecture order.
    const stages = lab.describe({ dIn: 3, dOut: 2, heads: 2, tokens: 6 }).stages.map((s) => s.name);
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

  test('options: naive masking, wrapper, training, --stage, --decimals, batch', async () => {
    let r = await cli.run([
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

    r = await cli.run([
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
    assert.match(r.stdout, /^── \d+\. attentionWeights/, 'only the stage, no header');
    assert.match(r.stdout, /\b1\.00 +0\.00\b/);

    r = await cli.run([
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
    r = await cli.run(['explain', ' Your journey starts with one step \n', '--stage', 'output']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Your\s+0\.3190\s+0\.4858/);

    r = await cli.run(['explain', 'hello world', '--module', 'causal', '--d-in', '5']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /inputs \(B=1, T=2, d_in=5\)/);
    assert.match(r.stdout, /queryHeads \(B=1, h=1, T=2, d_h=2\)/);
  });

  test('a long sentence and wide tensors are truncated with … and stay within 80 columns', async () => {
    const sentence = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const { code, stdout, stderr } = await cli.run([
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

  test('a bad flag → exit 2, message on stderr, no stack trace', async () => {
    const cases = [
      [['explain', 'hi', '--bogus'], /unknown option '--bogus'/],
      [['explain', 'hi', '--heads', 'two'], /--heads 'two': must be a whole number/],
      [['explain', 'hi', '--heads'], /--heads needs a value/],
      [
        ['explain', 'hi', '--module', 'gpt'],
        /--module 'gpt': allowed are simplified, sa_v1, sa_v2, causal, wrapper, mha/,
      ],
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
      const { code, stdout, stderr } = await cli.run(args);
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
  test('--help and -h print usage and exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['explain', '--help'], ['forward', '-h']]) {
      const { code, stdout } = await cli.run(args);
      assert.equal(code, 0, args.join(' '));
      assert.match(stdout, /Usage:/);
      for (const line of stdout.split('\n'))
        assert.ok([...line].length <= 80, `help line > 80 columns: ${line}`);
    }
    assert.match((await cli.run(['forward', '--help'])).stdout, /"-Infinity"/);
    assert.match((await cli.run(['--help'])).stdout, /explain[\s\S]*forward/);
    assert.match((await cli.run(['explain', '--help'])).stdout, /--d-out N .* 2\n/);
  });

  test('--version prints the package version', () => {
    const { code, stdout } = run(['--version']);
    assert.equal(code, 0);
    assert.equal(stdout.trim(), PACKAGE.version);
  });

  test('the file is an executable ESM script with a node shebang', () => {
    const text = readFileSync(CLI, 'utf8');
    assert.ok(text.startsWith('#!/usr/bin/env node\n'));
    assert.match(text, /from '\.\/cli\/main\.mjs'/);
    const main = readFileSync(new URL('../../dist/cli/main.mjs', import.meta.url), 'utf8');
    assert.match(main, /from '\.\.\/index\.mjs'/);
    assert.equal(PACKAGE.bin['attention-lab'], 'dist/cli.mjs');
  });

  test('run in-process, a command exits and prints as the process does', async () => {
    for (const args of [
      ['explain', 'hello world', '--stage', 'attentionWeights'],
      ['explain', '--help'],
      ['--version'],
      ['explain', 'hi', '--heads', 'two'],
      ['explain', 'hello world', '--heads', '3', '--d-out', '4'],
      ['frobnicate'],
      ['forward', '--config', join(tmp, 'missing.json')],
    ]) {
      const real = run(args);
      assert.deepEqual(await cli.run(args), real, args.join(' '));
    }
  });
});

// The flags are the core's option table: `dOut` → `--d-out`, booleans as --x / --no-x.
const flagOf = (name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
const fold = (text) => text.replace(/\s+/g, ' ').trim();
const COMMAND_OWN_FLAGS = {
  explain: ['--stage', '--decimals', '--weights', '--json'],
  forward: ['--config'],
};

/** A command's --help entries: flag → the entry's text (its lines, whitespace folded). */
function helpEntries(help) {
  const entries = new Map();
  let current;
  for (const line of help.split('\n')) {
    const flag = /^ {2}(--[a-z-]+)/.exec(line)?.[1];
    if (flag) {
      assert.ok(!entries.has(flag), `${flag} is listed twice`);
      entries.set(flag, line.trim());
      current = flag;
    } else if (current && /^ {6}/.test(line)) {
      entries.set(current, `${entries.get(current)} ${line.trim()}`);
    } else current = undefined;
  }
  return entries;
}

describe('the flags come from the core option table', () => {
  for (const command of ['explain', 'forward']) {
    test(`${command}: each option has one flag (or --help says why not), described from the table`, async () => {
      const { code, stdout: help } = await cli.run([command, '--help']);
      assert.equal(code, 0);
      const entries = helpEntries(help);
      const withoutFlag = [];
      for (const option of OPTIONS) {
        const flag = flagOf(option.name);
        const entry = entries.get(flag);
        if (entry === undefined) {
          // No flag: the help names the option with its reason.
          const section = help.slice(help.indexOf('No flag for'));
          assert.match(section, new RegExp(`^ {2}${option.name} +\\S`, 'm'), `${command} ${flag}`);
          withoutFlag.push(flag);
          continue;
        }
        const facts = {
          boolean: `${flag}, --no-${flag.slice(2)} `,
          choice: `${flag} ${option.choices?.join('|')}`,
          integer: `${option.min}..${option.max}`,
          number: `[${option.min}, ${option.max}${option.maxExclusive ? ')' : ']'}`,
        }[option.type];
        assert.ok(entry.includes(facts), `${command} ${flag}: '${facts}' in: ${entry}`);
        assert.ok(entry.includes(fold(option.help)), `${command} ${flag}: the table's help`);
        if (option.rule) assert.ok(entry.includes(`rule: ${fold(option.rule)}`), `${flag}: rule`);
      }
      // Nothing else but the command's own flags.
      const others = [...entries.keys()].filter((f) => !OPTIONS.some((o) => flagOf(o.name) === f));
      assert.deepEqual(others.sort(), [...COMMAND_OWN_FLAGS[command]].sort());
      if (command === 'explain') {
        // T is the sentence's number of tokens; explain prints the trace, so it is always on.
        assert.deepEqual(withoutFlag, ['--tokens', '--trace']);
        assert.match(
          fold(help),
          /lecture's MultiHeadAttention example \(d_in 3, d_out 2, heads 2, seed 123\)/,
        );
        for (const [flag, value] of [
          ['--d-in', 3],
          ['--d-out', 2],
          ['--heads', 2],
          ['--seed', 123],
        ])
          assert.match(entries.get(flag), new RegExp(`default ${value}\\b`), flag);
      } else {
        assert.deepEqual(withoutFlag, []);
        const heads = OPTIONS.find((o) => o.name === 'heads');
        assert.match(entries.get('--heads'), new RegExp(`default ${heads.default}\\b`));
      }
      // An option without a flag is refused like any unknown flag.
      for (const flag of withoutFlag) {
        const r = await cli.run([command, 'hi', flag]);
        assert.equal(r.code, 2, `${command} ${flag}`);
        assert.match(r.stderr, new RegExp(`unknown option '${flag}'`));
      }
    });
  }

  test('a bad value for each numeric option → exit 1 and the API message for that value', async () => {
    const config = writeConfig('lecture-for-flags.json', LECTURE);
    const cases = [];
    for (const option of OPTIONS.filter((o) => o.type === 'integer' || o.type === 'number')) {
      // Below the range, and for integers a fraction and just above a finite range.
      const bad = [option.min - 1];
      if (option.type === 'integer') bad.push(option.min + 0.5, option.max + 1);
      else if (option.maxExclusive) bad.push(option.max);
      for (const value of bad) {
        let expected;
        try {
          lab.forward({ ...LECTURE, [option.name]: value });
        } catch (error) {
          expected = error;
        }
        assert.ok(expected, `lab.forward refuses ${option.name} = ${value}`);
        assert.equal(expected.option, option.name);
        const flag = flagOf(option.name);
        cases.push({ args: ['forward', '--config', config, flag, String(value)], expected });
        if (option.name !== 'tokens' && value === option.min - 1) {
          cases.push({ args: ['explain', 'hello world', flag, String(value)], expected });
        }
      }
    }
    for (const { args, expected } of cases) {
      const { code, stdout, stderr } = await cli.run(args);
      const what = args.slice(3).join(' ');
      assert.equal(code, 1, `${args[0]} ${what} → ${code}: ${stderr}`);
      assert.equal(stdout, '');
      assert.ok(stderr.includes(expected.message), `${what}: '${expected.message}' in ${stderr}`);
      assert.ok(stderr.includes(`[option: ${expected.option}, ${args.at(-2)}]`), stderr);
      assertNoStack(stderr);
    }
  });

  test('text that is not a number is a usage error; Infinity is a number', async () => {
    for (const option of OPTIONS.filter((o) => o.type === 'integer' || o.type === 'number')) {
      const r = await cli.run(['forward', '--config', '-', flagOf(option.name), 'many']);
      assert.equal(r.code, 2, `${option.name}: ${r.stderr}`);
      assert.match(r.stderr, new RegExp(`${flagOf(option.name)} 'many': must be a`));
    }
    const r = await cli.run(['explain', 'hi', '--max-flops', 'Infinity', '--stage', 'output']);
    assert.equal(r.code, 0, r.stderr);
  });

  test('an unknown flag is a usage error naming it', async () => {
    const cases = [
      ['explain', 'hi', '--bogus'],
      ['explain', 'hi', '--dOut', '4'], // the API's name, not the flag
      ['explain', 'hi', '--d_out', '4'],
      ['explain', 'hi', '--no-heads'], // only booleans have a --no- form
      ['explain', 'hi', '--no-module'],
      ['forward', '--config', '-', '--bogus'],
      ['forward', '--config', '-', '--inputs', '1'], // data comes from the file
      ['forward', '--config', '-', '--no-dropout'],
    ];
    for (const args of cases) {
      const flag = args.find((a, i) => i > 0 && a.startsWith('--') && a !== '--config');
      const { code, stdout, stderr } = await cli.run(args);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.equal(stdout, '');
      assert.ok(stderr.includes(`unknown option '${flag}' for '${args[0]}'`), stderr);
      assert.match(stderr, /the options are: .*--d-out.*--\[no-\]causal/);
      assertNoStack(stderr);
    }
  });

  test('--no-x and --x: the later one wins; forward flags override the config file', async () => {
    let r = await cli.run([
      'explain',
      'hi there',
      '--no-causal',
      '--causal',
      '--stage',
      'maskedScores',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /-inf/);
    r = await cli.run([
      'explain',
      'hi there',
      '--causal',
      '--no-causal',
      '--stage',
      'maskedScores',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /-inf/);

    const config = writeConfig('override.json', { ...LECTURE, heads: 2 });
    r = await cli.run(['forward', '--config', config, '--heads', '1', '--seed=-0', '--no-trace']);
    assert.equal(r.code, 0, r.stderr);
    const printed = JSON.parse(r.stdout);
    const expected = lab.forward({ ...LECTURE, heads: 1, seed: 0, trace: false });
    assert.deepEqual(fromJson(printed.output), expected.output);
    assert.deepEqual(printed.trace, {});
  });
});

describe('present.mjs: one presentation for the command line and the page', () => {
  test('numbers: fixed decimals, no −0, ±∞ and NaN spelled', () => {
    const { formatNumber: f, PLAIN, TYPESET } = present;
    assert.equal(f(0.319041, 4, PLAIN), '0.3190');
    assert.equal(f(-0, 4, PLAIN), '0.0000');
    assert.equal(f(-0.00001, 4, PLAIN), '0.0000');
    assert.equal(f(-0.00001, 0, TYPESET), '0');
    assert.equal(f(-0.5, 2, PLAIN), '-0.50');
    assert.equal(f(-0.5, 2, TYPESET), '\u22120.50');
    assert.deepEqual(
      [-Infinity, Infinity, NaN].map((v) => f(v, 4, PLAIN)),
      ['-inf', 'inf', 'nan'],
    );
    assert.deepEqual(
      [-Infinity, Infinity, NaN].map((v) => f(v, 4, TYPESET)),
      ['\u2212∞', '∞', 'NaN'],
    );
  });

  test('token labels: whitespace visible, control characters escaped', () => {
    const { tokenLabel } = present;
    assert.equal(tokenLabel(' journey'), 'journey');
    assert.equal(tokenLabel(' '), '␣');
    assert.equal(tokenLabel(' \n\t'), '␣\\n\\t');
    assert.equal(tokenLabel('\u2028'), '\\u2028');
    assert.equal(tokenLabel('red\u001b[31m'), 'red\\u001b[31m');
    assert.equal(tokenLabel('a\u00a0b c'), 'a\\u00a0b c');
  });

  test('sizes are read from the shapes: D = h·d_out for the wrapper, d_out otherwise', () => {
    for (const [module, heads, D, dH] of [
      ['mha', 2, 4, 2],
      ['wrapper', 2, 8, 4],
      ['causal', 1, 4, 4],
    ]) {
      const { trace } = lab.forward({ ...LECTURE, module, heads, dOut: 4 });
      assert.deepEqual(
        present.sizesOf(trace),
        { B: 2, T: 6, d_in: 3, D, h: heads, d_h: dH },
        module,
      );
    }
  });

  test('every stage of every module is explained, in the lecture words, for its configuration', () => {
    const runs = [];
    for (const module of ['mha', 'wrapper', 'causal'])
      for (const masking of ['neg-inf', 'naive'])
        for (const [training, dropout] of [
          [false, 0],
          [false, 0.5],
          [true, 0],
          [true, 0.5],
        ])
          for (const causal of [true, false])
            runs.push({
              module,
              masking,
              training,
              dropout,
              causal,
              heads: module === 'causal' ? 1 : 2,
            });
    for (const options of runs) {
      const { module, training, dropout, causal } = options;
      const model = lab.createModel({ ...LECTURE, dOut: 4, ...options });
      const { trace } = model.forward(LECTURE.inputs);
      const config = model.options;
      model.dispose();
      const sizes = present.sizesOf(trace);
      const say = (name) => explainStage(name, config, sizes);
      const what = JSON.stringify(options);
      for (const { name } of STAGES.filter((s) => trace[s.name])) {
        const text = say(name);
        assert.ok(text.length > 0 && text.length <= 160, `${name} ${what}: ${text}`);
        assert.doesNotMatch(text, /new mask every pass/, `${name} ${what}`);
      }
      assert.match(say('scaledScores'), new RegExp(`√${sizes.d_h}`));
      if (module === 'wrapper') {
        assert.match(say('queries'), new RegExp(`D = h·d_out = ${sizes.D}\\b`));
        assert.match(say('queryHeads'), /nothing is split/);
        assert.doesNotMatch(say('keyHeads'), /split into/);
        assert.match(say('output'), /no out_proj/);
      }
      if (module === 'mha')
        assert.match(
          say('queryHeads'),
          new RegExp(`split into h = 2 heads of d_h = d_out / h = ${sizes.d_h}`),
        );
      if (module === 'causal') assert.match(say('queryHeads'), /one head/);
      const mask = say('dropoutMask');
      if (training && dropout > 0) assert.match(mask, /same seed gives the same mask/);
      else assert.match(mask, /every weight is kept/);
      if (!training) assert.match(mask, /evaluation mode/);
      assert.match(
        say('maskedScores') || say('zeroedWeights'),
        causal ? /diagonal|future/ : /not causal/,
      );
    }
  });
});
