// The trainer's promise at the command line (build/native/attention-lab-train, what `npm run train`
// runs): the same options give the same weights file, byte for byte, run after run and for one
// thread or two (tests/cpp/train/train.test.cpp checks the library; this checks the program that writes
// the shipped file). A short run on a small corpus made here, in prepare_corpus.mjs's format.
// Needs the native build: `bash scripts/build.sh native`.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusBytes, sentences } from './support.mjs';

const TRAINER = fileURLToPath(new URL('../../build/native/attention-lab-train', import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-train-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

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
  fs.writeFileSync(path.join(work, 'train.bin'), corpusBytes(sentences(400, 1)));
  fs.writeFileSync(path.join(work, 'heldout.bin'), corpusBytes(sentences(60, 2)));
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

// A run of hours must not end in "cannot write": the trainer checks --out before it reads the
// corpus or trains, and names the path. (Budget enough steps that training first would be slow.)
test('--out is checked before training: a missing folder, a folder, a read-only folder', () => {
  fs.writeFileSync(path.join(work, 'train.bin'), corpusBytes(sentences(400, 1)));
  fs.writeFileSync(path.join(work, 'heldout.bin'), corpusBytes(sentences(60, 2)));
  const locked = path.join(work, 'locked');
  fs.mkdirSync(locked, { recursive: true });
  fs.chmodSync(locked, 0o500);
  const cases = [
    [path.join(work, 'no-such-folder', 'model.atlm'), /no-such-folder.*(does not exist|no such)/i],
    [work, /is a folder|is a directory/i],
  ];
  // root may write anywhere: a read-only folder stops only other users.
  if (process.getuid?.() !== 0) cases.push([path.join(locked, 'model.atlm'), /cannot write/i]);
  for (const [out, message] of cases) {
    const args = ['--corpus', work, '--out', out, '--steps', '100000', '--batch', '4', '--quiet'];
    args.push('--vocabulary', '16', '--width', '8', '--heads', '2', '--context', '16');
    const r = spawnSync(TRAINER, args, { encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.error, undefined, `${out}: ${r.error?.message} (it trained first?)`);
    assert.equal(r.status, 1, `${out}: ${r.stderr}`);
    assert.match(r.stderr, /^attention-lab-train: .*--out|\[out\]/m, r.stderr);
    assert.match(r.stderr, message);
    assert.ok(!r.stderr.includes('V = '), `${out}: training started: ${r.stderr}`);
  }
  fs.chmodSync(locked, 0o700);
});
