// train() in a browser (headless Chromium), from the package's files as the page serves them: a
// page that never trains never downloads the training module; train() fetches it once, reports
// progress, and its weights file loads with lab.loadWeights() and has its heads' roles. In Node
// the same is tested in tests/js/train-api.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './helpers.mjs';

const suite = pageSuite();

test('train() in the browser: the module only on demand, progress, a weights file that loads', async () => {
  const requests = [];
  const page = await suite.newPage('embed.html');
  page.on('request', (r) => {
    if (r.url().includes('attention-train')) requests.push(r.url().split('/').pop());
  });
  await page.waitForTimeout(300);
  assert.deepEqual(requests, [], 'a page that does not train fetched the training module');
  const result = await page.evaluate(async () => {
    const { train, createAttentionLab } = await import('./lib/index.mjs');
    const text = 'The dog saw the ball. It ran to it, and the cat watched. '.repeat(30);
    const steps = [];
    const small = { steps: 3, batch: 2, width: 8, heads: 2, context: 8 };
    const first = await train({ text, ...small, onProgress: (p) => steps.push(p.step) });
    const again = await train({ text, ...small });
    const lab = await createAttentionLab();
    const model = await lab.loadWeights(first.file);
    const same = first.file.every((byte, i) => byte === again.file[i]);
    let refused = '';
    await train({ text, ...small, heads: 3 }).catch((e) => (refused = `${e.name} ${e.option}`));
    return {
      steps,
      same,
      loss: first.report.heldout,
      untrained: first.report.heldoutUntrained,
      heads: model.roles().trained.length,
      refused,
    };
  });
  assert.deepEqual(result.steps, [1, 2, 3]);
  assert.ok(result.same, 'two runs with the same options differ in the browser');
  assert.ok(result.loss < result.untrained);
  assert.equal(result.heads, 2);
  assert.equal(result.refused, 'AttentionLabError heads');
  assert.deepEqual(requests.sort(), ['attention-train.mjs', 'attention-train.wasm']);
  assert.deepEqual(suite.problems, []);
});
