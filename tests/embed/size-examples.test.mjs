// The size budget (scripts/size.mjs) and the Node example (examples/node/forward.mjs) as tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { ROOT, checkDist } from './helpers.mjs';

const run = promisify(execFile);

test('scripts/size.mjs: the tarball and the gzipped files are within their budgets', async () => {
  checkDist();
  let out;
  try {
    out = (
      await run(process.execPath, [path.join(ROOT, 'scripts', 'size.mjs')], {
        cwd: ROOT,
        timeout: 60000,
      })
    ).stdout;
  } catch (err) {
    assert.fail(`over budget or not built:\n${err.stdout}${err.stderr}`);
  }
  console.log(out.trimEnd());
  assert.match(out, /size: \d+ passed, 0 failed/);
});

test("examples/node/forward.mjs runs, prints the book's first row and exits", async () => {
  checkDist();
  const { stdout } = await run(
    process.execPath,
    [path.join(ROOT, 'examples', 'node', 'forward.mjs')],
    { cwd: ROOT, timeout: 60000 },
  );
  const last = JSON.parse(stdout.trim().split('\n').at(-1));
  assert.equal(last.build, 'single');
  assert.ok(
    Math.abs(last.firstRow[0] - 0.319) < 1e-4 && Math.abs(last.firstRow[1] - 0.4858) < 1e-4,
    `first row ${last.firstRow}`,
  );
  assert.match(stdout, /OptionError on 'heads': heads = 3 does not divide dOut = 4/);
});
