// scripts/measure-frames.mjs measures, it asserts nothing; its options are checked here, without a
// browser: a mistake is said in one line with what is allowed, and the run stops before any page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/measure-frames.mjs', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });

test('--help names the options that compare two builds in rounds', () => {
  const { status, stdout } = run('--help');
  assert.equal(status, 0);
  assert.match(stdout, /--against DIR/);
  assert.match(stdout, /--rounds N/);
});

test('a bad --rounds or a directory without a build is refused in one line', () => {
  for (const rounds of ['0', '-1', '2.5', 'many', '100']) {
    const { status, stderr } = run(`--rounds=${rounds}`);
    assert.equal(status, 2, rounds);
    assert.match(stderr, new RegExp(`--rounds ${rounds}: a whole number from 1 to 99`));
  }
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-build-'));
  const page = fs.mkdtempSync(path.join(os.tmpdir(), 'a-build-'));
  fs.writeFileSync(path.join(page, 'index.html'), '<!doctype html>');
  try {
    for (const [flag, args] of [
      ['--root', ['--root', empty]],
      ['--against', ['--root', page, '--against', empty]],
    ]) {
      const { status, stderr } = run(...args);
      assert.equal(status, 2, flag);
      assert.equal(stderr.trim().split('\n').length, 1, `${flag}: one line, no stack`);
      assert.match(stderr, new RegExp(`${flag} ${empty}: no index\\.html there`));
    }
    // The same build twice would print one build's runs under two names.
    const { status, stderr } = run('--root', page, '--against', `${page}/`);
    assert.equal(status, 2);
    assert.match(stderr, /is the build measured already/);
  } finally {
    fs.rmSync(empty, { recursive: true });
    fs.rmSync(page, { recursive: true });
  }
});
