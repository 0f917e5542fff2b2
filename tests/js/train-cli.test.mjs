// The trainer's promise at the command line (build/native/attention-lab-train, what `npm run train`
// runs): the same options give the same weights file, byte for byte, run after run and for one
// thread or two (tests/cpp/train.test.cpp checks the library; this checks the program that writes
// the shipped file). A short run on a small corpus made here, in prepare_corpus.mjs's format.
// Needs the native build: `bash scripts/build.sh native`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TRAINER = fileURLToPath(new URL('../../build/native/attention-lab-train', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-train-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

// "ATCP", u32 version 1, u32 count, then per token: u16 GPT-2 id, u8 word class, u8 flags.
function writeCorpus(file, tokens) {
  const buffer = Buffer.alloc(12 + 4 * tokens.length);
  buffer.write('ATCP', 0, 'latin1');
  buffer.writeUInt32LE(1, 4);
  buffer.writeUInt32LE(tokens.length, 8);
  tokens.forEach(([id, cls], i) => {
    buffer.writeUInt16LE(id, 12 + 4 * i);
    buffer.writeUInt8(cls, 14 + 4 * i);
  });
  fs.writeFileSync(file, buffer);
}

// Sentences of "the dog saw it ." with other nouns and verbs, from a fixed sequence: GPT-2 ids
// with their word classes (determiner, noun, verb, pronoun, punctuation).
function sentences(count, seed) {
  const nouns = [3290, 3797, 5044, 1097, 2156];
  const verbs = [2497, 8288, 3114, 2497, 4499];
  const tokens = [];
  let x = seed;
  for (let s = 0; s < count; ++s) {
    x = (x * 1103515245 + 12345) % 2147483648;
    tokens.push([262, 3], [nouns[x % 5], 2], [verbs[(x >> 8) % 5], 5], [340, 1], [13, 6]);
  }
  return tokens;
}

function train(out, threads) {
  const args = ['--corpus', work, '--out', out, '--steps', '4', '--batch', '4'];
  args.push('--vocabulary', '16', '--width', '8', '--heads', '2', '--context', '16');
  args.push('--threads', String(threads), '--quiet');
  const r = spawnSync(TRAINER, args, { encoding: 'utf8', timeout: 120_000 });
  if (r.error) throw r.error;
  assert.equal(r.status, 0, r.stderr);
  return { bytes: fs.readFileSync(out), stdout: r.stdout };
}

test('a short training run writes the same file, byte for byte, on 1 and 2 threads', () => {
  assert.ok(
    fs.existsSync(TRAINER),
    `${TRAINER} is missing: build it with bash scripts/build.sh native`,
  );
  writeCorpus(path.join(work, 'train.bin'), sentences(400, 1));
  writeCorpus(path.join(work, 'heldout.bin'), sentences(60, 2));
  const first = train(path.join(work, 'a.atlm'), 1);
  const again = train(path.join(work, 'b.atlm'), 1);
  const twoThreads = train(path.join(work, 'c.atlm'), 2);
  assert.equal(first.bytes.subarray(0, 4).toString('latin1'), 'ATLM');
  assert.ok(first.bytes.equals(again.bytes), 'two runs on one thread differ');
  assert.ok(first.bytes.equals(twoThreads.bytes), 'one thread and two threads differ');
  const crc = (stdout) => stdout.match(/CRC-32 ([0-9a-f]{8})/)?.[1];
  assert.equal(crc(first.stdout), crc(twoThreads.stdout));
  assert.match(first.stdout, /held-out loss \d/);
});
