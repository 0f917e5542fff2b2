// Training from JavaScript (web/lib/train.mjs, the core's TrainingRun in dist/attention-train.wasm)
// and `attention-lab train`: the same options give the same file, byte for byte; the file holds
// the native trainer's model (build/native/attention-lab-train, which writes the shipped file) to
// float32 rounding; it loads like the shipped file; progress, abort and bad input.
// Needs `bash scripts/build.sh native` and `bash scripts/build.sh dist`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELDOUT_SHARE, createAttentionLab, readCorpus, train } from '../../dist/index.mjs';
import { corpusBytes, refused, sentences } from './support.mjs';

const TRAINER = fileURLToPath(new URL('../../build/native/attention-lab-train', import.meta.url));
const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-train-api-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

// A small model and a few steps: seconds, not minutes.
const SMALL = { vocabulary: 16, width: 8, heads: 2, context: 16, steps: 4, batch: 4 };

const TRAIN_BIN = new Uint8Array(corpusBytes(sentences(400, 1)));
const HELDOUT_BIN = new Uint8Array(corpusBytes(sentences(60, 2)));
const corpus = { train: await readCorpus(TRAIN_BIN), heldout: await readCorpus(HELDOUT_BIN) };
const TEXT = Array.from(
  { length: 120 },
  (_, i) =>
    `The ${['dog', 'cat', 'bird'][i % 3]} saw the ${['ball', 'tree', 'car'][(i * 7) % 3]}, and it ran.`,
).join(' ');

const lab = await createAttentionLab();

test('readCorpus reads the tagged corpus file: ids and word classes', () => {
  assert.equal(corpus.train.ids.length, 2000);
  assert.deepEqual([...corpus.train.ids.subarray(0, 5)].slice(0, 1), [262]);
  assert.deepEqual([...corpus.train.classes.subarray(0, 5)], [3, 2, 5, 1, 6]);
});

test('the same options give the same weights file, byte for byte', async () => {
  const a = await train({ corpus, ...SMALL });
  const b = await train({ corpus, ...SMALL });
  assert.equal(Buffer.from(a.file.subarray(0, 4)).toString('latin1'), 'ATLM');
  assert.ok(Buffer.from(a.file).equals(Buffer.from(b.file)), 'two runs differ');
  const c = await train({ corpus, ...SMALL, seed: 7 });
  assert.ok(!Buffer.from(a.file).equals(Buffer.from(c.file)), 'another seed, the same file');
});

test("WebAssembly learns the native trainer's model, to float32 rounding", async () => {
  assert.ok(fs.existsSync(TRAINER), `${TRAINER} is missing: run bash scripts/build.sh native`);
  fs.writeFileSync(path.join(work, 'train.bin'), TRAIN_BIN);
  fs.writeFileSync(path.join(work, 'heldout.bin'), HELDOUT_BIN);
  const out = path.join(work, 'native.atlm');
  const args = ['--corpus', work, '--out', out, '--quiet', '--threads', '1'];
  for (const [flag, key] of [
    ['--vocabulary', 'vocabulary'],
    ['--width', 'width'],
    ['--heads', 'heads'],
    ['--context', 'context'],
    ['--steps', 'steps'],
    ['--batch', 'batch'],
  ])
    args.push(flag, String(SMALL[key]));
  const r = spawnSync(TRAINER, args, { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const native = await lab.loadWeights(new Uint8Array(fs.readFileSync(out)));
  const wasm = await lab.loadWeights((await train({ corpus, ...SMALL })).file);
  // Not bit for bit in general: the C libraries (glibc natively, Emscripten's musl here) may round
  // exp, log or cos differently in the last bit, and training carries such a bit along. Every
  // parameter within 1e-6, every measured fact (losses, role shares) within 1e-5.
  const nativeDict = native.stateDict();
  for (const [key, { data }] of Object.entries(wasm.stateDict())) {
    const other = nativeDict[key].data;
    assert.equal(data.length, other.length, key);
    const worst = data.reduce((m, v, i) => Math.max(m, Math.abs(v - other[i])), 0);
    assert.ok(worst <= 1e-6, `${key}: the builds differ by ${worst}`);
  }
  const { corpus: _a, ...nativeFacts } = native.info.facts;
  const { corpus: _b, ...wasmFacts } = wasm.info.facts;
  assert.deepEqual(Object.keys(wasmFacts), Object.keys(nativeFacts));
  for (const [key, text] of Object.entries(nativeFacts)) {
    const a = text.split(' ').map(Number);
    const b = wasmFacts[key].split(' ').map(Number);
    if (a.some(Number.isNaN)) assert.equal(wasmFacts[key], text, key);
    else
      a.forEach((v, i) =>
        assert.ok(Math.abs(v - b[i]) <= 1e-5, `${key}: ${text} / ${wasmFacts[key]}`),
      );
  }
});

test('the file loads like the shipped one: sizes, losses, roles, explain()', async () => {
  const result = await train({ corpus, ...SMALL });
  const { info, report } = result;
  assert.deepEqual(
    [info.width, info.heads, info.context, info.steps, info.batch],
    [8, 2, 16, 4, 4],
  );
  assert.ok(info.vocabulary <= 16 && info.vocabulary >= 2);
  assert.equal(info.trainingTokens, 2000);
  assert.equal(info.heldoutTokens, 300);
  for (const value of Object.values(report)) assert.ok(Number.isFinite(value), String(value));
  assert.ok(report.heldout < report.heldoutUntrained, 'training did not lower the held-out loss');
  assert.ok(Math.abs(report.perplexity - Math.exp(report.heldout)) < 1e-9);
  const model = await lab.loadWeights(result.file);
  assert.equal(model.info.heads, 2);
  assert.equal(Number(model.info.facts['loss.heldout']).toFixed(5), report.heldout.toFixed(5));
  const roles = model.roles();
  assert.equal(roles.trained.length, 2);
  const run = model.explain('the dog saw it.');
  assert.equal(run.next.length, run.tokens.length);
});

test('plain text: GPT-2 tokens, its last tenth held out, punctuation classed', async () => {
  const progress = [];
  const result = await train({
    text: TEXT,
    ...SMALL,
    onProgress: (p) => progress.push(p),
  });
  const all = result.info.trainingTokens + result.info.heldoutTokens;
  assert.equal(result.info.trainingTokens, Math.floor(all * (1 - HELDOUT_SHARE)));
  assert.deepEqual(
    progress.map((p) => p.step),
    [1, 2, 3, 4],
  );
  for (const p of progress) {
    assert.equal(p.steps, 4);
    assert.ok(Number.isFinite(p.loss) && p.loss > 0);
    assert.ok(p.tokensPerSecond > 0 && p.secondsLeft >= 0);
  }
  const roles = (await lab.loadWeights(result.file)).roles();
  const punctuation = roles.roles.find((r) => r.name === 'punctuation');
  const pronoun = roles.roles.find(
    (r) => r.name === 'pronoun-noun' || r.name.startsWith('pronoun'),
  );
  assert.ok(punctuation.queries > 0, 'no queries measured');
  assert.equal(pronoun.queries, 0, 'plain text has no pronoun tags');
  assert.ok(
    roles.trained.every((h) => h.shares.punctuation > 0),
    'punctuation was never classed',
  );
});

test('an aborted signal stops training between steps', async () => {
  const controller = new AbortController();
  const seen = [];
  await assert.rejects(
    train({
      corpus,
      ...SMALL,
      steps: 50,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.step);
        if (p.step === 2) controller.abort();
      },
    }),
    (e) => e.name === 'AbortError',
  );
  assert.deepEqual(seen, [1, 2]);
});

test('bad input is refused by name, with what is allowed', async () => {
  await refused(train({ corpus, ...SMALL, stepz: 3 }), 'stepz', /unknown option 'stepz'/);
  await refused(train({ corpus, ...SMALL, heads: 3 }), 'heads', /heads/);
  await refused(train({ corpus, ...SMALL, steps: 0 }), 'steps', /from 1/);
  await refused(train({ corpus, ...SMALL, learningRate: 2 }), 'learningRate', /\(0, 1\)/);
  await refused(train({ corpus, ...SMALL, dropout: Number.NaN }), 'dropout', /finite/);
  await refused(train({ text: 'too short', ...SMALL }), 'text', /too few/);
  await refused(train({ text: '', ...SMALL }), 'text', /non-empty/);
  await refused(train({ text: TEXT, corpus, ...SMALL }), 'corpus', /not both/);
  await refused(
    train({ corpus: { train: [1, 2], heldout: corpus.heldout } }),
    'corpus',
    /Int32Array/,
  );
  await refused(train({ corpus, ...SMALL, float32: 'yes' }), 'float32', /true or false/);
  await refused(train(null), 'options', /options object/);
  await refused(readCorpus(new Uint8Array([1, 2, 3])), 'corpus', /./);
  // After every refusal the module still trains.
  const ok = await train({ corpus, ...SMALL, steps: 1 });
  assert.equal(ok.info.steps, 1);
});

function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  return r;
}

test('attention-lab train writes a file that explain and heads read with --weights FILE', () => {
  const textFile = path.join(work, 'text.txt');
  fs.writeFileSync(textFile, TEXT);
  const out = path.join(work, 'cli.atlm');
  const small = ['--steps', '3', '--batch', '4', '--width', '8', '--heads', '2', '--context', '16'];
  const r = cli(['train', '--text', textFile, '--out', out, '--vocabulary', '16', ...small]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /held-out loss \d\.\d{4} nats\/token/);
  assert.match(r.stdout, /bigram \d/);
  assert.match(r.stdout, /head 1: /);
  assert.match(r.stderr, /3\/3 {2}loss \d/);
  assert.ok(fs.existsSync(out));
  const explained = cli(['explain', 'the dog saw it.', '--weights', out]);
  assert.equal(explained.status, 0, explained.stderr);
  assert.match(explained.stdout, /text given to train\(\)/);
  const heads = cli(['heads', '--weights', out, '--json']);
  assert.equal(heads.status, 0, heads.stderr);
  const json = JSON.parse(heads.stdout);
  assert.equal(json.weights, out);
  assert.equal(json.labels.length, 2);
  const again = cli([
    'train',
    '--text',
    textFile,
    '--out',
    `${out}.2`,
    '--vocabulary',
    '16',
    '--quiet',
    ...small,
  ]);
  assert.equal(again.status, 0, again.stderr);
  assert.ok(fs.readFileSync(out).equals(fs.readFileSync(`${out}.2`)), 'two CLI runs differ');
});

test('attention-lab train: usage errors exit 2, refused values exit 1 naming the option', () => {
  assert.equal(cli(['train']).status, 2);
  assert.match(cli(['train']).stderr, /--text FILE or --corpus DIR/);
  assert.equal(cli(['train', '--text', path.join(work, 'missing.txt')]).status, 2);
  const textFile = path.join(work, 'text2.txt');
  fs.writeFileSync(textFile, TEXT);
  const r = cli(['train', '--text', textFile, '--width', '8', '--heads', '3', '--quiet']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /heads/);
  assert.equal(cli(['train', '--help']).status, 0);
  assert.match(cli(['train', '--help']).stdout, /Usage: attention-lab train/);
  assert.equal(cli(['heads', '--weights', 'random']).status, 2);
  assert.equal(cli(['explain', 'hi', '--weights', path.join(work, 'nope.atlm')]).status, 2);
});
