// The right answer of each exercise computed from the npm API for a task's numbers (its reported
// settings and which cell, row or column it asks about), and a wrong answer that a student might
// give; shared by the Node tests and the browser tests of the exercises.
import assert from 'node:assert/strict';

/** The API's forward pass of a task's reported settings: { tokens, trace }. */
function apiPass(lab, settings) {
  const { sentence, weights, dropoutP, dropoutSeed, ...options } = settings;
  const { dIn, seed, batch } = options;
  const { inputs, tokens } = lab.embed(sentence, { dIn, seed, batch });
  return { tokens, ...lab.forward({ ...options, inputs, trace: true }) };
}

// tensor[0, head, row, :] of a (B, h, T, X) tensor.
const row = ({ shape, data }, head, r) => {
  const [, , T, X] = shape;
  return Array.from(data.slice((head * T + r) * X, (head * T + r + 1) * X));
};

const T_of = (lab, sentence) => lab.tokenize(sentence).length;
export const orderOf = (ratio) => 10 ** Math.min(3, Math.max(0, Math.round(Math.log10(ratio))));

// Per exercise: the right answer from the API, and a wrong one.
/** { slug: (task) => { right, wrong } } for the API `lab` (loop-vs-fused-guess: null). */
export const answersFor = (lab) => ({
  'mask-cells': (task) => {
    const T = T_of(lab, task.settings.sentence);
    const cells = [];
    for (let r = 0; r < T; ++r) for (let c = r + 1; c < T; ++c) cells.push(`${r},${c}`);
    return { right: { cells }, wrong: { cells: [...cells, '0,0'] } };
  },
  'mask-why': (task) => {
    const naive = apiPass(lab, { ...task.settings, masking: 'naive' }).trace.zeroedWeights;
    const sum = row(naive, task.head, task.query).reduce((a, b) => a + b, 0);
    assert.ok(sum < 1 - 1e-4, `the naive row sums to ${sum}`);
    return {
      right: { naive: 'less', negInf: 'one' },
      wrong: { naive: 'one', negInf: 'one' },
    };
  },
  'score-by-hand': (task) => {
    const { trace } = apiPass(lab, task.settings);
    const score = row(trace.attentionScores, task.head, task.query)[task.key];
    const dk = trace.queryHeads.shape[3];
    return {
      right: { score: String(score), scaled: score / Math.sqrt(dk) },
      wrong: { score: String(score), scaled: String(score) }, // forgot to scale
    };
  },
  'softmax-argmax': (task) => {
    const { trace } = apiPass(lab, task.settings);
    const weights = row(trace.attentionWeights, task.head, task.query);
    const best = weights.indexOf(Math.max(...weights));
    // A masked key (in the future of the row) can never win.
    const wrong = task.query + 1 < weights.length ? task.query + 1 : (best + 1) % weights.length;
    return { right: { key: String(best) }, wrong: { key: String(wrong) } };
  },
  'dropout-row-sum': (task) => {
    const { trace } = apiPass(lab, task.settings);
    const weights = row(trace.attentionWeights, task.head, task.query);
    const { output } = lab.dropout({ input: weights, p: 0.5, seed: task.settings.dropoutSeed });
    const sum = output.data.reduce((a, b) => a + b, 0);
    assert.equal(output.data[task.kept], weights[task.kept] * 2);
    return {
      right: { sum: sum.toFixed(4), kept: String(output.data[task.kept]) },
      wrong: { sum: '1', kept: String(weights[task.kept]) }, // no 1/(1 − p)
    };
  },
  'view-shape': (task) => {
    const T = T_of(lab, task.settings.sentence);
    const shape = [task.B, T, task.h, task.dOut / task.h];
    return { right: fields(shape), wrong: fields([task.B, task.h, T, task.dOut / task.h]) };
  },
  'transpose-shape': (task) => {
    const T = T_of(lab, task.settings.sentence);
    const shape = [task.B, task.h, T, task.dOut / task.h];
    return { right: fields(shape), wrong: fields([task.B, T, task.h, task.dOut / task.h]) };
  },
  'merged-column-head': (task) => {
    const dh = task.settings.dOut / task.settings.heads;
    const head = Math.floor(task.column / dh) + 1;
    return {
      right: { head: String(head), identity: 'same' },
      wrong: { head: String(head === 1 ? 2 : 1), identity: 'mix' },
    };
  },
  'param-count': (task) => {
    const { dIn, dOut, qkvBias, heads } = task.settings;
    const query = dIn * dOut + (qkvBias ? dOut : 0);
    const options = { module: 'mha', dIn, dOut, heads, tokens: 1, qkvBias, trace: false };
    const total = lab.describe(options).parameterCount;
    assert.equal(total, 3 * query + dOut * dOut + dOut);
    return {
      right: { query: query.toLocaleString('en-US'), total: String(total) },
      wrong: { query: String(dIn * dOut * 3), total: String(4 * dIn * dOut) },
    };
  },
  'loop-vs-fused-guess': () => null, // timed: tested below with its own measurement
  'chapter-3-1': () => ({
    right: { transferred: 'same', own: 'different' },
    wrong: { transferred: 'different', own: 'different' },
  }),
  'chapter-3-2': (task) => {
    const dOut = task.width / task.heads;
    const { inputs } = lab.embed(task.settings.sentence, { dIn: 3, batch: 2 });
    const options = { module: 'wrapper', dIn: 3, dOut, heads: task.heads, batch: 2, inputs };
    assert.equal(lab.forward(options).output.shape.at(-1), task.width);
    return { right: { dOut: String(dOut) }, wrong: { dOut: String(task.width) } };
  },
  'chapter-3-3': (task) => {
    const { dIn, heads } = task.settings;
    const parameters = 4 * dIn * dIn + dIn;
    return {
      right: { headSize: String(dIn / heads), parameters: parameters.toLocaleString('en-US') },
      wrong: { headSize: String(heads), parameters: String(4 * dIn * dIn) },
    };
  },
});

const fields = (shape) => Object.fromEntries(shape.map((v, i) => [`d${i}`, String(v)]));
