// Each trained head measured on one sentence (web/app/ui/sentence-roles.mjs): the mean over query
// rows 3…T of the weight on the previous token, itself and the first token, on a small tensor
// worked by hand and on the API's trained weights for an English and a Chinese sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { sentenceRoles } from '../../web/app/ui/sentence-roles.mjs';

test('by hand: rows 1 and 2 are left out; a sentence of 2 tokens has no row that counts', () => {
  // One head, T = 4: rows 3 and 4 count.
  // prettier-ignore
  const data = Float32Array.from([
    1, 0, 0, 0,
    0.5, 0.5, 0, 0,
    0.25, 0.25, 0.5, 0,
    0.1, 0.2, 0.3, 0.4,
  ]);
  const { rows, heads } = sentenceRoles({ shape: [1, 1, 4, 4], data });
  assert.equal(rows, 2);
  const close = (a, b) => assert.ok(Math.abs(a - b) < 1e-7, `${a} against ${b}`);
  close(heads[0].previous, (0.25 + 0.3) / 2);
  close(heads[0].self, (0.5 + 0.4) / 2);
  close(heads[0].first, (0.25 + 0.1) / 2);
  const two = sentenceRoles({
    shape: [1, 2, 2, 2],
    data: Float32Array.from([1, 0, 0.5, 0.5, 1, 0, 0.2, 0.8]),
  });
  assert.equal(two.rows, 0);
  assert.deepEqual(two.heads, [
    { previous: null, self: null, first: null },
    { previous: null, self: null, first: null },
  ]);
});

test('the trained weights of an English and a Chinese sentence, as the API gives them', async () => {
  const lab = await createAttentionLab();
  const model = await lab.loadWeights('trained');
  for (const sentence of [
    'the dog chased the ball but it could not catch it',
    '我喜欢在公园里散步',
  ]) {
    const weights = model.explain(sentence).forward.trace.attentionWeights;
    const [, H, T] = weights.shape;
    const { rows, heads } = sentenceRoles(weights);
    assert.equal(rows, T - 2);
    for (let head = 0; head < H; ++head) {
      const w = (i, j) => weights.data[(head * T + i) * T + j];
      let [previous, self, first] = [0, 0, 0];
      for (let i = 2; i < T; ++i) {
        previous += w(i, i - 1);
        self += w(i, i);
        first += w(i, 0);
      }
      assert.deepEqual(heads[head], {
        previous: previous / (T - 2),
        self: self / (T - 2),
        first: first / (T - 2),
      });
    }
  }
});
