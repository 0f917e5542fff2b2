// Promises of docs/SECURITY.md about weights files, loadWeights and train(), each kept by a test
// named after it: a hostile header is refused by its length before memory grows; accepted
// weights never give NaN; loadWeights turns unreadable bytes into AttentionLabErrors; a file
// reports the dropout it was trained with and explains with any vocabulary; train() refuses work
// and memory over its limits before it starts, and tokenises a long word in pieces, hearing its
// signal between them. Needs `bash scripts/build.sh wasm && bash scripts/build.sh dist`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEIGHTS, createAttentionLab, readCorpus, train } from '../../dist/index.mjs';
import { encodeInPieces } from '../../dist/train.mjs';
import { encodeText } from '../../dist/tokenizer.mjs';
import { corpusBytes, refused, sentences } from './support.mjs';

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const SHIPPED = new Uint8Array(
  fs.readFileSync(new URL(`../../dist/${WEIGHTS.trained}`, import.meta.url)),
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-holes-weights-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

const lab = await createAttentionLab();
const corpus = {
  train: await readCorpus(new Uint8Array(corpusBytes(sentences(400, 1)))),
  heldout: await readCorpus(new Uint8Array(corpusBytes(sentences(60, 2)))),
};
// A small model and a few steps: seconds, not minutes.
const SMALL = { vocabulary: 16, width: 8, heads: 2, context: 16, steps: 4, batch: 4 };

// CRC-32 (IEEE 802.3), as the file's header holds it for bytes 16 onwards.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function sealed(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint32(8, bytes.length, true);
  let c = 0xffffffff;
  for (let i = 16; i < bytes.length; ++i) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  view.setUint32(12, (c ^ 0xffffffff) >>> 0, true);
  return bytes;
}

const pad4 = (n) => Math.ceil(n / 4) * 4;

// The same file with other facts ("key value\n" lines).
function withFacts(file, facts) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const rest = file.subarray(40 + pad4(view.getUint32(36, true)));
  const text = new TextEncoder().encode(facts);
  const out = new Uint8Array(40 + pad4(text.length) + rest.length);
  out.set(file.subarray(0, 40));
  out.set(text, 40);
  out.set(rest, 40 + pad4(text.length));
  new DataView(out.buffer).setUint32(36, text.length, true);
  return sealed(out);
}

function factsOf(file) {
  const size = new DataView(file.buffer, file.byteOffset).getUint32(36, true);
  return new TextDecoder().decode(file.subarray(40, 40 + size));
}

test('loadWeights refuses a file whose header asks for more bytes than it has, before allocating', async () => {
  // V = 65536, d = 4096, h = 1, context 4096, int8 rows, no facts, 65,535 zero ids: 131,112
  // bytes, its size and CRC-32 right; its parameters would need about 2.2 GB.
  const bytes = new Uint8Array(40 + pad4(65535 * 2));
  assert.equal(bytes.length, 131112);
  bytes.set(new TextEncoder().encode('ATLM'));
  const view = new DataView(bytes.buffer);
  [1, 0, 0, 65536, 4096, 1, 4096, 1, 0].forEach((v, k) => view.setUint32(4 + 4 * k, v, true));
  const before = lab.memoryBytes();
  await assert.rejects(lab.loadWeights(sealed(bytes)), (e) => {
    assert.equal(e.name, 'AttentionLabError');
    assert.equal(e.kind, 'InputError');
    assert.equal(e.option, 'weightsFile');
    assert.match(e.message, /header's sizes need \d+ bytes .*the file has 131112/);
    return true;
  });
  const grown = lab.memoryBytes() - before;
  assert.ok(grown < 16 * 2 ** 20, `WebAssembly memory grew by ${grown} bytes`);
});

test('loadWeights refuses absurd parameter values instead of giving NaN probabilities', async () => {
  // The shipped file with one out_head row scale multiplied by 2^128 (about 1.26e36).
  const scaled = SHIPPED.slice();
  scaled[166923] ^= 0x40;
  await refused(lab.loadWeights(sealed(scaled)), 'weightsFile', /out_head\.weight has a row scale/);
  // A float32 file with one out_head value of 3e38 (finite, but it overflows the logits).
  const file = (await train({ corpus, ...SMALL, float32: true })).file.slice();
  const V = new DataView(file.buffer).getUint32(16, true);
  new DataView(file.buffer).setFloat32(file.length - 4 * V - 4, 3e38, true);
  await refused(lab.loadWeights(sealed(file)), 'weightsFile', /out_head\.weight holds the value/);
  // What the shipped file gives stays finite.
  const model = await lab.loadWeights('trained');
  for (const row of model.explain('The').next)
    for (const n of row) assert.ok(Number.isFinite(n.probability), String(n.probability));
});

test('the CLI reports a missing loss fact as missing, not NaN', async () => {
  const { file } = await train({ corpus, ...SMALL });
  const facts = factsOf(file)
    .split('\n')
    .filter((line) => !line.startsWith('loss.'))
    .join('\n');
  const weights = path.join(work, 'no-losses.atlm');
  fs.writeFileSync(weights, withFacts(file.slice(), facts));
  const r = spawnSync(process.execPath, [CLI, 'explain', 'the dog saw it.', '--weights', weights], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /NaN/);
  assert.match(
    r.stdout,
    /held-out loss not\s+recorded in the file; bigram baseline\s+not recorded/,
  );
});

test('loadWeights turns bytes it cannot read into AttentionLabErrors', async () => {
  const detached = SHIPPED.slice();
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  await refused(lab.loadWeights(detached), 'weights', /detached/);
  const buffer = SHIPPED.slice().buffer;
  structuredClone(buffer, { transfer: [buffer] });
  await refused(lab.loadWeights(buffer), 'weights', /detached/);
  await refused(
    lab.loadWeights(Object.create(Uint8Array.prototype)),
    'weights',
    /not a real Uint8Array/,
  );
  const lying = new Proxy(SHIPPED.slice(), {
    get: (target, key) => (key === 'length' ? 10 : Reflect.get(target, key)),
  });
  await refused(lab.loadWeights(lying), 'weights', /not a real Uint8Array/);
  // A real Uint8Array whose own `length` property lies: its bytes are what is read.
  const relabelled = SHIPPED.slice();
  Object.defineProperty(relabelled, 'length', { value: 10 });
  const model = await lab.loadWeights(relabelled);
  assert.equal(model.info.vocabulary, (await lab.loadWeights('trained')).info.vocabulary);
  model.dispose();
});

test('a file trained with vocabulary 2 explains every sentence', async () => {
  const model = await lab.loadWeights((await train({ corpus, ...SMALL, vocabulary: 2 })).file);
  assert.equal(model.info.vocabulary, 2);
  const run = model.explain('the dog saw it.');
  assert.equal(run.next.length, run.tokens.length);
  for (const row of run.next) {
    assert.equal(row.length, 2);
    const sum = row.reduce((s, n) => s + n.probability, 0);
    assert.ok(Math.abs(sum - 1) < 1e-9, String(sum));
  }
  model.dispose();
});

test('a loaded file reports the dropout it was trained with', async () => {
  const model = await lab.loadWeights((await train({ corpus, ...SMALL, dropout: 0.7 })).file);
  assert.equal(model.info.facts['training.dropout'], '0.700');
  assert.equal(model.info.dropout, 0.7);
  assert.equal(model.options.dropout, 0.7);
  model.dispose();
});

test('train() refuses a step over its work limit before it starts (maxFlops)', async () => {
  await assert.rejects(
    train({ corpus, width: 1024, heads: 1, context: 1024, batch: 16, steps: 1 }),
    (e) => {
      assert.equal(e.name, 'AttentionLabError');
      assert.equal(e.kind, 'WorkError');
      assert.equal(e.option, 'maxFlops');
      assert.match(
        e.message,
        /one training step needs about [\d.e+]+ GFLOP .*maxFlops = 1e\+11 operations/,
      );
      return true;
    },
  );
  await refused(train({ corpus, ...SMALL, maxFlops: 1000 }), 'maxFlops', /maxFlops = /);
  await refused(train({ corpus, ...SMALL, maxFlops: -1 }), 'maxFlops', /positive/);
});

test("train() refuses a run over its memory limit before allocating it, naming train()'s options", async () => {
  await assert.rejects(train({ corpus, width: 256, batch: 4096, steps: 1 }), (e) => {
    assert.equal(e.name, 'AttentionLabError');
    assert.equal(e.kind, 'MemoryError');
    assert.equal(e.option, 'maxBytes');
    assert.match(e.message, /needs about [\d.e+]+ MiB \(batch 4096.*maxBytes = 1\.07e\+09 bytes/);
    assert.doesNotMatch(e.message, /trace/);
    return true;
  });
  await refused(train({ corpus, ...SMALL, maxBytes: 1000 }), 'maxBytes', /maxBytes = /);
});

test('train() tokenises text in pieces without changing its tokens', async () => {
  const prose = Array.from(
    { length: 600 },
    (_, i) => `The dog's ${['ball', 'tree'][i % 2]} was  red,\n\n  and it ran${i % 7 ? '.' : '!'} `,
  ).join('');
  assert.ok(prose.length > 5 * 4096);
  assert.deepEqual(await encodeInPieces(prose), encodeText(prose));
});

test('train() tokenises one long word in pieces, hearing its signal between them', async () => {
  const controller = new AbortController();
  let checks = 0;
  let checksBeforeTraining;
  const signal = controller.signal;
  signal.throwIfAborted = () => {
    checks += 1;
    AbortSignal.prototype.throwIfAborted.call(signal);
  };
  const result = await train({
    text: '一'.repeat(80000),
    ...SMALL,
    steps: 1,
    batch: 1,
    signal,
    onProgress: () => (checksBeforeTraining ??= checks - 1),
  });
  assert.equal(result.info.steps, 1);
  // 80,000 characters in pieces of at most 4,096: the signal was checked before each of them.
  assert.ok(checksBeforeTraining >= 20, `${checksBeforeTraining} checks before the first step`);
  const stop = new AbortController();
  stop.abort();
  await assert.rejects(
    train({ text: '一'.repeat(80000), ...SMALL, signal: stop.signal }),
    (e) => e.name === 'AbortError',
  );
});
