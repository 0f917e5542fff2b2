// The lesson file (`attention-lab lesson`) in an engine (driver.mjs): written by the CLI and opened
// from disk (file://), it shows its step with Node's numbers, exactly. Chromium's own, fuller
// checks (sandboxed iframe, labs, exercises, SCORM) are in tests/e2e/lesson.test.mjs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, referenceTrace, compareCells } from '../helpers.mjs';
import { DEFAULT_SETTINGS } from '../../../web/app/state/settings.mjs';
import { VIEWPORT, pageReady } from './context.mjs';

const SENTENCE = 'all dogs are animals';

const shownCells = () =>
  [...document.querySelectorAll('#stage [data-tensor] td[data-i]')].map((td) => ({
    stage: td.closest('[data-tensor]').dataset.tensor,
    i: Number(td.dataset.i),
    value: td.dataset.value,
    pass: td.closest('[data-trace]')?.dataset.trace ?? 'settings',
  }));

export function lessonChecks(ctx) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `attention-lab-lesson-${ctx.engine}-`));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test(`${ctx.engine}: the lesson file from file:// shows its step with Node's numbers`, async () => {
    const out = path.join(dir, 'softmax.html');
    const cli = path.join(ROOT, 'dist', 'cli.mjs');
    const args = [cli, 'lesson', '--step', 'softmax', '--sentence', SENTENCE, '--out', out];
    const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const page = await ctx.browser.open(pathToFileURL(out).href, VIEWPORT);
    try {
      await page.waitFor(pageReady);
      const cells = await page.evaluate(shownCells);
      assert.ok(cells.length >= 2 * 4 * 4, `${cells.length} cells`);
      const trace = await referenceTrace({ ...DEFAULT_SETTINGS, sentence: SENTENCE });
      assert.deepEqual(compareCells(cells, trace, 0), []);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.close();
    }
  });
}
