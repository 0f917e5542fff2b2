// Damaged weights files, as the weights fuzzer (tests/fuzz/weights-fuzz.mjs) makes them, each
// kept as a test: a file whose sizes no model has is refused as a weights file (not as an option
// the caller never gave); a file with NaN or ±∞ weights is refused by its values even when its
// CRC-32 is right; a refused file leaves the model loaded before it giving the same bits; and the
// CLI's --weights FILE says what is wrong with a damaged file. Needs `bash scripts/build.sh dist`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEIGHTS, createAttentionLab } from '../../dist/index.mjs';
import { layout, sealed } from '../fuzz/weights-mutations.mjs';
import { refused } from './support.mjs';

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
const SHIPPED = new Uint8Array(
  fs.readFileSync(new URL(`../../dist/${WEIGHTS.trained}`, import.meta.url)),
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-weights-files-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
const lab = await createAttentionLab();
const SENTENCE = 'The dog saw the ball.';
const bitsOf = (run) =>
  JSON.stringify(run.next.map((row) => row.map((n) => [n.id, n.probability])));

// The shipped file with header fields (byte offset → value) changed, its size and CRC-32 right.
function withHeader(fields) {
  const file = SHIPPED.slice();
  for (const [at, value] of Object.entries(fields))
    new DataView(file.buffer).setUint32(Number(at), value, true);
  return sealed(file);
}

test('loadWeights refuses a file whose sizes no model has as a weights file, naming the sizes', async () => {
  // d = 64: 3 heads do not divide it; no heads; a vocabulary of one; a context of one.
  for (const fields of [{ 24: 3 }, { 24: 0 }, { 16: 1 }, { 28: 1 }, { 20: 0 }]) {
    await refused(
      lab.loadWeights(withHeader(fields)),
      'weightsFile',
      /the weights file is not usable: its sizes \(V = \d+, d = \d+, h = \d+, context \d+\) are no model's/,
    );
  }
});

test('loadWeights refuses NaN and ±∞ weights by their values, whatever the CRC-32 says', async () => {
  const L = layout(SHIPPED);
  // tok_emb's first row scale, out_proj.bias's first value, out_head.bias's last value.
  const places = [L.parts[0].at, L.parts[6].at, SHIPPED.length - 4];
  for (const at of places)
    for (const value of [Number.NaN, Infinity, -Infinity]) {
      const file = SHIPPED.slice();
      new DataView(file.buffer).setFloat32(at, value, true);
      await refused(
        lab.loadWeights(sealed(file)),
        'weightsFile',
        /(row scale of|not a finite number)/,
      );
    }
});

test('a refused file leaves the model loaded before it giving the same bits', async () => {
  const model = await lab.loadWeights(SHIPPED.slice());
  const before = bitsOf(model.explain(SENTENCE));
  const damaged = SHIPPED.slice();
  damaged[SHIPPED.length >> 1] ^= 0x10;
  await refused(lab.loadWeights(damaged), 'weightsFile', /CRC-32 does not match/);
  await refused(lab.loadWeights(SHIPPED.subarray(0, 1000)), 'weightsFile', /has 1000 bytes/);
  await refused(lab.loadWeights(withHeader({ 24: 3 })), 'weightsFile', /no model's/);
  assert.equal(bitsOf(model.explain(SENTENCE)), before);
  const again = await lab.loadWeights(SHIPPED.slice());
  assert.equal(bitsOf(again.explain(SENTENCE)), before);
  model.dispose();
  again.dispose();
});

test('the CLI says what is wrong with a damaged --weights FILE, without a stack trace', () => {
  const cases = [
    [SHIPPED.subarray(0, 1000), /has 1000 bytes, its header says/],
    [withHeader({ 24: 3 }), /its sizes .* are no model's/],
    [new Uint8Array(10), /does not start with ATLM/],
  ];
  for (const [bytes, pattern] of cases) {
    const file = path.join(work, 'damaged.atlm');
    fs.writeFileSync(file, bytes);
    const r = spawnSync(process.execPath, [CLI, 'explain', 'the dog', '--weights', file], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, pattern);
    assert.doesNotMatch(r.stderr, /^\s+at /m);
  }
});
