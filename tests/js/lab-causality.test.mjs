// The causality lab's compute (web/app/labs/causality/compute.mjs) in Node against the npm API:
// the page's sentence and the student's variant through lab.forward with the mask and without it,
// compared as float32 bits; the trained model's predictions for both; and its refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { needsOf } from '../../web/app/state/needs.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import {
  compute,
  firstDifference,
  variantSentence,
  weightsDiff,
  contextDiff,
} from '../../web/app/labs/causality/compute.mjs';

const lab = await createAttentionLab();
const trainedModel = await lab.loadWeights('trained');
const LECTURE = { sentence: 'dream big and work for it', dIn: 6, dOut: 6, heads: 2, batch: 2 };

function pageOf(extra) {
  const settings = { ...DEFAULT_SETTINGS, ...extra };
  const trained = settings.weights === 'trained' ? trainedModel : null;
  return readPage({
    settings,
    result: pagePass(lab, settings, trained, needsOf({ step: null, lab: 'causality' })),
  });
}

// The API's pass of a sentence with the page's settings (seeded inputs, as lab.embed gives them).
function apiForward(settings, sentence, causal) {
  const { dIn, seed, batch } = settings;
  const { inputs } = lab.embed(sentence, { dIn, seed, batch });
  const { sentence: _, weights, ...options } = settings;
  return lab.forward({ ...options, inputs, causal, training: false, trace: true });
}

const bits = (xs) => Array.from(new Uint32Array(Float32Array.from(xs).buffer));

// Row r of head `head`, batch item `item` of a (B, h, T, T) tensor.
function weightRow({ shape: [, H, T], data }, item, head, r) {
  const start = ((item * H + head) * T + r) * T;
  return data.subarray(start, start + T);
}

test('the lecture’s sentence, token 4 changed: earlier rows keep their bits, as the API computes them', async () => {
  const settings = { ...DEFAULT_SETTINGS, ...LECTURE };
  const data = await compute(lab, pageOf(LECTURE), { at: '4', word: 'play' });
  assert.equal(data.sentenceB, 'dream big and play for it');
  assert.equal(data.first, 3);
  for (const [part, causal] of [
    ['masked', true],
    ['open', false],
  ]) {
    const a = apiForward(settings, data.sentenceA, causal);
    const b = apiForward(settings, data.sentenceB, causal);
    // The lab's head-1 tables are the API's numbers, bit for bit, in both sentences.
    data[part].headA.forEach((row, r) =>
      assert.deepEqual(
        bits(row),
        bits(weightRow(a.trace.attentionWeights, 0, 0, r)),
        `${part} A ${r}`,
      ),
    );
    data[part].headB.forEach((row, r) =>
      assert.deepEqual(
        bits(row),
        bits(weightRow(b.trace.attentionWeights, 0, 0, r)),
        `${part} B ${r}`,
      ),
    );
    // Each row's state is what comparing the API's tensors over every item and head says.
    for (let r = 0; r < 6; ++r) {
      let same = true;
      for (let item = 0; item < 2; ++item)
        for (let head = 0; head < 2; ++head) {
          const ra = bits(weightRow(a.trace.attentionWeights, item, head, r));
          const rb = bits(weightRow(b.trace.attentionWeights, item, head, r));
          if (ra.join() !== rb.join()) same = false;
        }
      assert.equal(data[part].weights.rows[r].state, same ? 'same' : 'differs', `${part} row ${r}`);
    }
    const states = data[part].weights.rows.map((row) => row.state);
    const context = data[part].context.map((row) => row.state);
    if (causal) {
      assert.deepEqual(states, ['same', 'same', 'same', 'differs', 'differs', 'differs']);
      assert.deepEqual(context, states);
    } else {
      assert.deepEqual(states, Array(6).fill('differs'), 'without the mask every row sees token 4');
      assert.deepEqual(context, states);
    }
  }
});

test('appending a token: every row of A keeps its bits with the mask, the new row is new', async () => {
  const data = await compute(lab, pageOf(LECTURE), { at: 'append', word: 'tomorrow' });
  assert.equal(data.sentenceB, 'dream big and work for it tomorrow');
  assert.equal(data.first, 6);
  assert.deepEqual(
    data.masked.weights.rows.map((r) => r.state),
    [...Array(6).fill('same'), 'new'],
  );
  assert.ok(data.open.weights.rows.slice(0, 6).every((r) => r.state === 'differs'));
});

test('the notebook’s own vectors (the API’s default sentence, d_in 3): the earlier rows keep them', async () => {
  const data = await compute(lab, pageOf({}), { at: 'last', word: 'leap' });
  const T = data.tokensA.length;
  assert.equal(data.first, T - 1);
  assert.ok(data.masked.weights.rows.slice(0, T - 1).every((r) => r.state === 'same'));
  assert.ok(data.masked.context.slice(0, T - 1).every((r) => r.state === 'same'));
});

test('the trained model: the prediction after “dream big and” is the same for any continuation', async () => {
  const data = await compute(lab, pageOf({ ...LECTURE, weights: 'trained' }), {
    at: '4',
    word: 'play',
  });
  assert.equal(data.first, 3);
  assert.ok(data.masked.weights.rows.slice(0, 3).every((r) => r.state === 'same'));
  const a = trainedModel.explain('dream big and work for it');
  const b = trainedModel.explain('dream big and play for it');
  assert.deepEqual(data.next.shared.a, a.next[2]);
  assert.deepEqual(data.next.shared.b, b.next[2]);
  assert.deepEqual(data.next.shared.a, data.next.shared.b, 'bit for bit the same row');
  assert.deepEqual(data.next.sameRows, [true, true, true]);
  assert.notDeepEqual(data.next.changed.a, data.next.changed.b, 'after “work” and “play”');
});

test('the pieces: the variant, where two token lists differ, bits (0 and −0 differ)', async () => {
  const texts = ['dream', ' big', ' and', ' work'];
  const A = 'dream big and work';
  assert.equal(variantSentence(A, texts, 3, ' play '), 'dream big and play');
  assert.equal(variantSentence(A, texts, 4, 'hard'), 'dream big and work hard');
  assert.equal(variantSentence(A, texts, 0, 'Dream'), 'Dream big and work');
  // GPT-2 splits a character between tokens: the cut moves to the character's edge, and a
  // sentence without spaces gets none.
  const chinese = '我喜欢在公园里散步';
  const tokens = lab.tokenize(chinese).map((t) => t.text);
  assert.ok(
    tokens.some((t) => t.includes('⟨')),
    tokens.join('|'),
  );
  const k = tokens.findIndex((t, i) => i > 0 && t.startsWith('⟨'));
  const b = variantSentence(chinese, tokens, k, '很');
  assert.ok(!b.includes(' ') && !b.includes('\ufffd'), b);
  assert.equal(b.length, chinese.length, `one character for one: ${b}`);
  assert.equal(variantSentence(chinese, tokens, tokens.length, '吗'), `${chinese}吗`);
  assert.equal(firstDifference([1, 2, 3], [1, 2, 4]), 2);
  assert.equal(firstDifference([1, 2], [1, 2, 3]), 2);
  const w = (values) => ({ shape: [1, 1, 2, 2], data: Float32Array.from(values) });
  const diff = weightsDiff(w([1, 0, 0.5, 0.5]), w([1, -0, 0.5, 0.25]));
  assert.deepEqual(
    diff.cells.map((row) => row.map((c) => c.same)),
    [
      [true, false],
      [true, false],
    ],
  );
  assert.equal(diff.cells[1][1].delta, 0.25);
  const o = (values, T) => ({ shape: [1, T, 1], data: Float32Array.from(values) });
  assert.deepEqual(
    contextDiff(o([1, 2], 2), o([1, 3, 4], 3)).map((r) => r.state),
    ['same', 'differs', 'new'],
  );
});

test('a Chinese sentence: the earlier rows keep their bits though GPT-2 splits its characters', async () => {
  const page = pageOf({ sentence: '我喜欢在公园里散步', dIn: 6, dOut: 6, heads: 2 });
  const data = await compute(lab, page, { at: '3', word: '很' });
  assert.ok(data.first >= 1 && data.first <= 2, `first difference at ${data.first}`);
  assert.ok(data.masked.weights.rows.slice(0, data.first).every((r) => r.state === 'same'));
  assert.ok(data.masked.context.slice(0, data.first).every((r) => r.state === 'same'));
  assert.ok(data.masked.context.slice(data.first).every((r) => r.state !== 'same'));
  assert.deepEqual(data.next.sameRows, Array(data.first).fill(true));
});

test('refused: a position past the end, an empty word, a word that changes nothing', async () => {
  const page = pageOf(LECTURE);
  const refused = async (params, option, pattern) => {
    await assert.rejects(compute(lab, page, params), (err) => {
      assert.equal(err.name, 'PageError');
      assert.equal(err.option, option);
      assert.match(err.message, pattern);
      return true;
    });
  };
  await refused(
    { at: '9', word: 'x' },
    'at',
    /token 9: the sentence has 6 tokens; choose one of 1 to 6/,
  );
  await refused({ at: '4', word: '  ' }, 'word', /type the word/);
  await refused({ at: '4', word: 'work' }, 'word', /“work” gives the same sentence/);
});
