// Training input that is hostile rather than wrong: an output path that cannot be written (found
// out before training starts, not after it), text that is empty, binary or full of NUL, lone
// surrogates and direction marks, absurd options, an abort at any moment, calls at the same time,
// and many runs in one process. Every call trains or throws an AttentionLabError (an AbortError
// for an abort), and a refusal leaves train() giving the same file as before.
// Needs `bash scripts/build.sh dist`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { train } from '../../dist/index.mjs';

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-train-input-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

const TEXT = Array.from(
  { length: 60 },
  (_, i) => `The ${['dog', 'cat', 'bird'][i % 3]} saw the ${['ball', 'tree'][i % 2]}, and it ran.`,
).join(' ');
// A tiny model and two steps: a fraction of a second per run.
const TINY = { vocabulary: 8, width: 4, heads: 1, context: 8, steps: 2, batch: 2 };

function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

test('attention-lab train checks --out before it trains: a missing folder, a folder, no text', () => {
  const textFile = path.join(work, 'text.txt');
  fs.writeFileSync(textFile, TEXT);
  const small = ['--text', textFile, '--vocabulary', '8', '--width', '4', '--heads', '1'];
  small.push('--context', '8', '--steps', '3', '--batch', '2');
  for (const out of [path.join(work, 'missing', 'x.atlm'), work, path.join(textFile, 'x.atlm')]) {
    const r = cli(['train', ...small, '--out', out]);
    assert.equal(r.status, 2, `${out}: ${r.stderr}`);
    assert.match(r.stderr, /--out '.*': cannot write it/);
    // Refused before the first step: no progress line, no measuring line.
    assert.doesNotMatch(r.stderr, /loss|measuring/, `${out} was found out only after training`);
    assert.equal(r.stdout, '');
  }
  // A file that exists is replaced only when training has made the new one.
  const kept = path.join(work, 'kept.atlm');
  fs.writeFileSync(kept, 'the old file');
  const bad = cli(['train', ...small, '--out', kept, '--heads', '3']);
  assert.equal(bad.status, 1, bad.stderr);
  assert.equal(fs.readFileSync(kept, 'utf8'), 'the old file');
  const good = cli(['train', ...small, '--out', kept, '--quiet']);
  assert.equal(good.status, 0, good.stderr);
  assert.equal(fs.readFileSync(kept).subarray(0, 4).toString('latin1'), 'ATLM');
});

// Rejects with an AttentionLabError naming `option` (or an AbortError when `abortable`).
async function refusedAs(promise, option) {
  await assert.rejects(promise, (e) => {
    assert.equal(e?.name, 'AttentionLabError', String(e?.stack ?? e));
    assert.equal(e.option, option, e.message);
    assert.ok(e.message.length > 10);
    return true;
  });
}

test('train() refuses a signal that is not an AbortSignal, by name, before training', async () => {
  for (const signal of ['stop', 42, {}, { aborted: false }, [], () => {}]) {
    await refusedAs(train({ text: TEXT, ...TINY, signal }), 'signal');
  }
  // null and undefined are no signal at all.
  assert.equal((await train({ text: TEXT, ...TINY, signal: null })).info.steps, 2);
});

test('hostile text trains or is refused by name: empty, NUL, binary, lone surrogates, RTL marks', async () => {
  const reference = (await train({ text: TEXT, ...TINY })).file;
  const binary = String.fromCharCode(...Array.from({ length: 3000 }, (_, i) => (i * 7919) % 65536));
  const trains = [
    '\0'.repeat(600),
    binary,
    '\ud800 dog \udfff cat \udbff'.repeat(80),
    '\u202e dog \u200f cat \u2066 \u2069 \u061c '.repeat(80),
    '<|endoftext|> dog '.repeat(100),
    '\r\n\t\v\f\u2028\u2029\u0085 dog '.repeat(100),
    '一'.repeat(5000),
  ];
  for (const text of trains) {
    const { file, info } = await train({ text, ...TINY });
    assert.equal(info.steps, 2);
    assert.equal(new TextDecoder().decode(file.subarray(0, 4)), 'ATLM');
  }
  for (const text of ['', ' \n\t ', 'ab', 5, null, ['dog'], 'x'.repeat(10_000_001)])
    await refusedAs(train({ text, ...TINY }), 'text');
  await refusedAs(train({ text: TEXT, heldout: '', ...TINY }), 'heldout');
  // After every refusal train() makes the same file as before.
  assert.deepEqual((await train({ text: TEXT, ...TINY })).file, reference);
});

test('absurd options are refused by name, before training', async () => {
  const absurd = [
    ['steps', [0, -1, 1.5, 1e12, 2 ** 53, NaN, Infinity, '3', null, {}, 10n]],
    ['batch', [0, -1, 4097, 2 ** 32 + 2, NaN]],
    ['vocabulary', [1, 65537, 2 ** 32, {}]],
    ['width', [0, 4097, -4]],
    ['heads', [0, 3, 5]],
    ['context', [0, 1, 4097]],
    ['dropout', [1, -0.1, NaN, '0.1']],
    ['learningRate', [0, 1, -1, Infinity, NaN]],
    ['seed', [-1, 2 ** 32, 1.5]],
    ['maxFlops', [0, -1, NaN, 'lots']],
    ['maxBytes', [0, -1, NaN]],
    ['stepsPerCall', [0, 1001, 1.5, '1']],
    ['onProgress', [42, 'f', {}]],
    ['float32', ['yes', 1]],
  ];
  for (const [option, values] of absurd)
    for (const value of values)
      await refusedAs(train({ text: TEXT, ...TINY, [option]: value }), option);
  await refusedAs(train({ text: TEXT, ...TINY, stepz: 3 }), 'stepz');
  // Values are checked before the text is tokenised: the signal, heard between pieces of text, is
  // never asked.
  const signal = new AbortController().signal;
  let asked = 0;
  signal.throwIfAborted = () => (asked += 1);
  await refusedAs(train({ text: 'dog '.repeat(5000), ...TINY, steps: 0, signal }), 'steps');
  assert.equal(asked, 0, 'the text was tokenised before a bad value was refused');
  const hostile = JSON.parse(`{"text": ${JSON.stringify(TEXT)}, "__proto__": { "steps": 1 }}`);
  await refusedAs(train({ ...TINY, ...hostile }), '__proto__');
});

test('an abort at any moment rejects with an AbortError, and the next run makes the same file', async () => {
  const reference = (await train({ text: TEXT, ...TINY, steps: 6 })).file;
  for (let k = 0; k < 12; ++k) {
    const controller = new AbortController();
    // Before the call, while tokenising, between steps, in progress callbacks, after the end.
    if (k === 0) controller.abort();
    else setTimeout(() => controller.abort(), k * 3);
    const run = train({
      text: TEXT,
      ...TINY,
      steps: 6,
      signal: controller.signal,
      onProgress: (p) => p.step === k - 6 && controller.abort(),
    });
    try {
      assert.deepEqual((await run).file, reference);
    } catch (error) {
      assert.equal(error?.name, 'AbortError', String(error));
    }
  }
  assert.deepEqual((await train({ text: TEXT, ...TINY, steps: 6 })).file, reference);
});

test('runs at the same time each make the file they would make alone', async () => {
  const alone = await Promise.all([1, 2, 3].map((seed) => train({ text: TEXT, ...TINY, seed })));
  const together = await Promise.all(
    [1, 2, 3, 1].map((seed) => train({ text: TEXT, ...TINY, seed, steps: 2 })),
  );
  for (const [k, seed] of [1, 2, 3, 1].entries())
    assert.deepEqual(together[k].file, alone[seed - 1].file, `seed ${seed}`);
});
