// Each lab's compute (web/app/labs/<slug>/compute.mjs) in Node against the npm API: the page's
// state as the stepper holds it (web/app/compute.mjs), read through the labs' kit, and each lab's
// numbers checked against the API's own, as the lab's page shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { compute as pagePass } from '../../web/app/compute.mjs';
import { DEFAULT_SETTINGS } from '../../web/app/state/settings.mjs';
import { needsOf } from '../../web/app/state/needs.mjs';
import { readPage } from '../../web/app/labs/kit/page.mjs';
import { maxAbsDifference } from '../../web/app/labs/kit/tensor.mjs';
import { readParams, writeParams, runLab } from '../../web/app/labs/harness.mjs';
import { textOf } from '../../web/app/render/h.mjs';
import * as masking from '../../web/app/labs/masking/compute.mjs';
import * as lectureOrder from '../../web/app/labs/lecture-order/compute.mjs';
import * as sqrtDh from '../../web/app/labs/sqrt-dh/compute.mjs';
import * as dropout from '../../web/app/labs/dropout/compute.mjs';
import * as transpose from '../../web/app/labs/transpose/compute.mjs';
import * as weights from '../../web/app/labs/weights/compute.mjs';
import * as sizes from '../../web/app/labs/sizes/compute.mjs';
import * as loopVsFused from '../../web/app/labs/loop-vs-fused/compute.mjs';
import * as code from '../../web/app/labs/code/compute.mjs';
import * as exportLab from '../../web/app/labs/export/compute.mjs';
import { transpose12, identity } from '../../web/app/labs/kit/tensor.mjs';
import { SIZE_PRESETS } from '../../web/lib/sizes.mjs';
import { toJson } from '../../web/app/ui/export.mjs';

const lab = await createAttentionLab();
const trainedModel = await lab.loadWeights('trained');
const DOG = 'the dog chased the ball but it could not catch it';

/**
 * The page's state for `settings` (the defaults changed by them), as a lab's compute gets it
 * with the lab `slug` open: the controller computes what that lab reads besides the pass.
 */
function pageOf(extra = {}, slug = null) {
  const settings = { ...DEFAULT_SETTINGS, ...extra };
  const trained = settings.weights === 'trained' ? trainedModel : null;
  const needs = needsOf({ step: null, lab: slug });
  return readPage({ settings, result: pagePass(lab, settings, trained, needs) });
}

/** The forward pass of the page's settings as the API runs it, with `overrides`. */
function apiForward(settings, overrides) {
  const { sentence, weights, ...options } = settings;
  const { inputs } = lab.embed(sentence, {
    dIn: settings.dIn,
    seed: settings.seed,
    batch: settings.batch,
  });
  return lab.forward({ ...options, inputs, trace: true, ...overrides });
}

test('the harness: a lab’s URL keys read and written against its params’ defaults', () => {
  const spec = {
    slug: 'x',
    params: { gap: { default: 10 }, mode: { default: 'a' } },
  };
  const { values } = readParams(spec, new URLSearchParams('x.gap=2.5&y.gap=3&x.mode=b'));
  assert.deepEqual(values, { gap: 2.5, mode: 'b' });
  assert.deepEqual(writeParams(spec, { gap: 10, mode: 'c' }), {
    gap: null,
    mode: 'c',
  });
});

// A lab whose compute waits until the test lets it finish: runs can overlap as they would when
// the student types while a long compute is under way. The view's text and actions are kept.
function harnessOf(page) {
  const t = { pending: [], written: [], shown: [], actions: null };
  const refuse = (message) => Object.assign(new Error(message), { name: 'AttentionLabError' });
  const compute = (core, state, { n }, { signal }) =>
    new Promise((resolve, reject) => {
      const done = () => (n < 0 ? reject(refuse(`n = ${n}: refused`)) : resolve({ n }));
      t.pending.push({ n, signal, done });
    });
  const view = (data, params, actions, error) => {
    t.actions = actions;
    return [`shown ${data.n}`, error ? ` (${error.message})` : ''];
  };
  const spec = {
    slug: 'x',
    params: { n: { default: 1 } },
    load: () => [Promise.resolve({ compute }), Promise.resolve({ view })],
  };
  t.body = { dataset: {}, setAttribute() {} };
  const ctx = {
    lab,
    page: () => page,
    params: new URLSearchParams('x.n=2'),
    setParams: (patch) => t.written.push(patch),
  };
  const paint = (_, nodes) => (t.shown = nodes.map(textOf).join(''));
  t.instance = runLab(t.body, spec, ctx, { paint });
  t.settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  t.finish = async () => {
    for (const run of t.pending.splice(0)) run.done();
    await t.settle();
  };
  return t;
}

test('the harness: a stale run is dropped, a refused value keeps the last numbers, the URL follows success', async () => {
  const t = harnessOf({ settings: DEFAULT_SETTINGS, result: pagePass(lab, DEFAULT_SETTINGS) });
  await t.settle();
  assert.equal(t.pending[0].n, 2, 'the address’s value');
  assert.equal(t.body.dataset.state, 'running');
  t.instance.update(); // the page changed while the first run computed
  await t.settle();
  assert.ok(t.pending[0].signal.aborted, 'the stale run is aborted');
  assert.ok(!t.pending[1].signal.aborted);
  await t.finish();
  assert.equal(t.shown, 'shown 2');
  assert.equal(t.body.dataset.state, 'idle');
  assert.deepEqual(t.written, [], 'nothing the student changed: the URL is left alone');

  t.actions.setParams({ n: -1 });
  await t.settle();
  await t.finish();
  assert.equal(
    t.shown,
    'n = -1: refusedshown 2 (n = -1: refused)',
    'the message, the last numbers',
  );
  assert.deepEqual(t.written, [], 'a refused value stays out of the address');

  t.actions.setParams({ n: 5 });
  await t.settle();
  await t.finish();
  assert.equal(t.shown, 'shown 5');
  assert.deepEqual(t.written, [{ n: '5' }]);
  t.actions.setParams({ n: 1 });
  await t.settle();
  await t.finish();
  assert.deepEqual(t.written.at(-1), { n: null }, 'the default leaves the address');
  t.instance.destroy();
});

test('the page’s state in the kit: its tokens and inputs, as the page holds them', () => {
  const page = pageOf();
  const { inputs, tokens } = lab.embed(DEFAULT_SETTINGS.sentence, {
    dIn: DEFAULT_SETTINGS.dIn,
    seed: DEFAULT_SETTINGS.seed,
    batch: DEFAULT_SETTINGS.batch,
  });
  assert.deepEqual(page.inputs.data, inputs);
  assert.deepEqual(
    page.tokens.map((t) => t.text),
    tokens.map((t) => t.text),
  );
  // The page's result is plain data no later pass writes into: the kit hands it on as it is.
  assert.equal(page.inputs, page.result.trace.inputs);
  assert.equal(page.weights, null, 'the random weights: the core draws them from the seed');
});

test('masking: the naive route’s weights equal forward()’s, max |Δ| as the page shows', () => {
  const data = masking.compute(lab, pageOf(), { gap: 10 });
  const naive = apiForward(DEFAULT_SETTINGS, { masking: 'naive' });
  const negInf = apiForward(DEFAULT_SETTINGS, { masking: 'neg-inf' });
  const o = data.ordinary;
  assert.equal(
    o.weightsDifference,
    maxAbsDifference(naive.trace.attentionWeights.data, negInf.trace.attentionWeights.data),
  );
  assert.equal(o.outputDifference, maxAbsDifference(naive.output.data, negInf.output.data));
  assert.ok(o.weightsDifference < 1e-6);
  const T = o.T;
  o.naive.forEach((row, i) =>
    row.forEach((inside, j) => {
      assert.equal(inside, naive.trace.unmaskedWeights.data[i * T + j] > 0);
      assert.equal(inside, true, 'the naive route sums over every key');
    }),
  );
  o.negInf.forEach((row, i) => row.forEach((inside, j) => assert.equal(inside, j <= i)));
  const [row] = lab.maskingLimits({ gaps: [10] });
  assert.deepEqual(data.row, row);
});

test('masking: the breaking points in order; a refused gap is the core’s message', () => {
  const { points } = masking.compute(lab, pageOf(), { gap: 0 });
  assert.ok(points.subnormal < points.errors && points.errors < points.fails);
  assert.ok(lab.maskingLimits({ gaps: [points.fails] })[0].failure);
  assert.throws(
    () => masking.compute(lab, pageOf(), { gap: 5000 }),
    (e) => e.name === 'AttentionLabError' && /gap/.test(e.message),
  );
  assert.throws(() => masking.compute(lab, pageOf(), { gap: NaN }), {
    name: 'AttentionLabError',
  });
});

test('masking with the trained weights: the trained block’s pass, both routes', () => {
  const page = pageOf({ weights: 'trained', sentence: DOG });
  const run = trainedModel.explain(DOG);
  const weights = trainedModel.stateDict();
  const forward = (masking) =>
    lab.forward({
      ...run.options,
      inputs: run.inputs.data,
      weights,
      trace: true,
      masking,
    });
  const { ordinary } = masking.compute(lab, page, { gap: 10 });
  assert.equal(ordinary.trained, true);
  assert.equal(
    ordinary.weightsDifference,
    maxAbsDifference(
      forward('naive').trace.attentionWeights.data,
      forward('neg-inf').trace.attentionWeights.data,
    ),
  );
});

test('lecture order: each class’s printed tensors are the API’s for the notebook’s inputs', () => {
  const { classes } = lectureOrder.compute(lab, pageOf());
  assert.deepEqual(
    classes.map((c) => c.module),
    ['simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha'],
  );
  for (const cls of classes)
    for (const table of cls.tables) {
      const batch = table.options.batch ?? 1;
      const { inputs } = lab.embed(lectureOrder.SENTENCE, { dIn: 3, batch });
      const run = lab.forward({
        inputs,
        dIn: 3,
        module: cls.module,
        trace: true,
        ...table.options,
      });
      const tensor = table.stage === 'output' ? run.output : run.trace[table.stage];
      const cols = tensor.shape.at(-1);
      table.rows.forEach((row, r) => {
        const at = table.rowIndices[r] * cols;
        assert.deepEqual(row, Array.from(tensor.data.subarray(at, at + cols)), table.name);
      });
    }
  // The notebook's context of SelfAttention_v2 for "journey".
  const v2 = classes[2].tables.find((t) => t.name === 'sa_v2.context');
  assert.deepEqual(
    v2.rows[0].map((v) => v.toFixed(4)),
    ['-0.0739', '0.0713'],
  );
});

test('√d_h: the spread of the scores follows √d_h; the page’s weights both ways are the API’s', () => {
  const settings = { ...DEFAULT_SETTINGS, dOut: 128, heads: 2 };
  const data = sqrtDh.compute(lab, pageOf(settings), { dh: 256, scale: 'off' });
  assert.ok(Math.abs(data.point.scoreStd / 16 - 1) < 0.2, `${data.point.scoreStd} vs √256`);
  assert.ok(Math.abs(data.point.scaledStd - 1) < 0.2);
  assert.deepEqual(
    data.curve.map((p) => p.dh),
    sqrtDh.DH_STEPS,
  );
  const { inputs } = sqrtDh.randomInputs(lab);
  const raw = lab.forward({
    inputs,
    dIn: sqrtDh.D_IN,
    dOut: 256,
    module: 'causal',
    causal: false,
    scale: false,
    seed: 123,
  }).trace;
  assert.equal(data.point.scoreStd, sqrtDh.spread(raw.attentionScores.data));
  const on = apiForward(settings, { scale: true }).trace.attentionWeights;
  const off = apiForward(settings, { scale: false }).trace.attentionWeights;
  assert.equal(data.page.dh, 64);
  assert.equal(data.page.difference, maxAbsDifference(on.data, off.data));
  const T = on.shape.at(-1);
  assert.deepEqual(data.page.weights.flat(), Array.from(off.data.subarray(0, T * T)), 'not scaled');
});

test('dropout: the statistics are lab.dropoutStatistics’ of the page’s weights; the draws limit', () => {
  const params = { p: 0.2, draws: 200, seed: 7, rng: 'mkl' };
  const data = dropout.compute(lab, pageOf(), params, { cause: 'params' });
  const w = apiForward(DEFAULT_SETTINGS, {}).trace.attentionWeights;
  const T = w.shape.at(-1);
  const input = w.data.slice(0, T * T);
  const s = lab.dropoutStatistics({
    input,
    shape: [T, T],
    p: 0.2,
    draws: 200,
    seed: 7,
  });
  assert.deepEqual(data.statistics.keptShare, Array.from(s.keptShare));
  assert.deepEqual(data.statistics.maxError, Array.from(s.maxError));
  assert.deepEqual(data.statistics.mean, s.mean.data);
  assert.deepEqual(
    data.statistics.once,
    lab.dropout({ input, shape: [T, T], p: 0.2, seed: 7 }).output.data,
  );
  const mask = lab.dropout({
    input: new Float32Array(36).fill(1),
    ...dropout.NOTEBOOK,
    rng: 'mkl',
  });
  assert.deepEqual(data.mask.rows.flat(), Array.from(mask.output.data));
  // Over the limit: typed, refused with the lab's message; from the address, lowered.
  const over = { ...params, draws: 6000 };
  assert.throws(() => dropout.compute(lab, pageOf(), over, { cause: 'params' }), {
    name: 'PageError',
    message: /for 6 tokens .* at most 5000/,
  });
  const lowered = dropout.compute(lab, pageOf(), over, { cause: 'page' });
  assert.deepEqual(lowered.params, { draws: 5000 });
  assert.match(lowered.statistics.lowered, /Lowered from 6000 to 5000 draws for 6 tokens/);
  assert.throws(() => dropout.compute(lab, pageOf(), { ...params, p: 1 }, {}), {
    name: 'AttentionLabError',
  });
});

test('transpose(1, 2) moves numbers; twice it is the identity', () => {
  const t = {
    shape: [1, 2, 3, 2],
    data: Float32Array.from({ length: 12 }, (_, i) => i),
  };
  const once = transpose12(t);
  assert.deepEqual(once.shape, [1, 3, 2, 2]);
  assert.deepEqual(Array.from(once.data), [0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11]);
  assert.equal(maxAbsDifference(transpose12(once), t), 0);
});

test('the transpose lab: the forgotten transpose and the cell run twice, on the core’s numbers', () => {
  const d = transpose.compute(lab, pageOf({ dIn: 4, dOut: 6, heads: 3 }));
  assert.deepEqual(d.trace.forgottenTranspose.shape, [2, 6, 3, 3]);
  assert.ok(d.forgottenCheck < 1e-6, `recomputed from the views: ${d.forgottenCheck}`);
  assert.equal(d.viewCheck, 0);
  assert.equal(d.transposeCheck, 0);
  assert.deepEqual(
    d.axes.queryHeads.map((a) => a.axis),
    ['B', 'h', 'T', 'd_h'],
  );
  assert.equal(d.twice.mergedCheck, 0, 'once, merged: the core’s mergedHeads');
  assert.equal(d.twice.twiceCheck, 0);
  assert.deepEqual(d.twice.twice.shape, [2, 3, 6, 2]);
  // Row 1 of the scrambled merge (D = 6): head 1's tokens 1, 2, 3, two values each.
  assert.deepEqual(
    [0, 2, 4].map((c) => transpose.scrambledSource([2, 3, 6, 2], 0, c)),
    [0, 1, 2].map((token) => ({ head: 0, token })),
  );
});

test('the weights lab: the split’s slices make the wrapper compute the merged heads', () => {
  for (const extra of [
    {},
    { qkvBias: true },
    { module: 'wrapper', dOut: 2 },
    { module: 'causal', heads: 1 },
  ]) {
    const d = weights.compute(lab, pageOf({ dIn: 4, dOut: 6, heads: 3, ...extra }));
    const label = JSON.stringify(extra);
    assert.equal(d.layoutCheck, 0, label);
    assert.equal(d.sliceCheck, 0, label);
    assert.equal(d.identityCheck, 0, label);
    assert.equal(d.sameSeed.length, 3 * d.heads, label);
  }
});

test('head shares: identity keeps heads apart, every row sums to 1', () => {
  assert.deepEqual(weights.headShares({ shape: [4, 4], data: identity(4) }, 2), [
    [1, 0],
    [1, 0],
    [0, 1],
    [0, 1],
  ]);
  const shares = weights.headShares(
    { shape: [4, 4], data: Float32Array.from({ length: 16 }, (_, i) => i - 8) },
    2,
  );
  for (const row of shares) assert.ok(Math.abs(row[0] + row[1] - 1) < 1e-12);
});

test('the transpose and weights labs with the trained weights: the trained block’s numbers', () => {
  const page = pageOf({ weights: 'trained', sentence: DOG });
  const run = trainedModel.explain(DOG);
  const d = weights.compute(lab, page);
  assert.equal(d.trained, true);
  assert.equal(d.sameSeed, null, 'trained weights were not drawn from a seed');
  assert.deepEqual(
    d.state['out_proj.weight'].data,
    trainedModel.stateDict()['out_proj.weight'].data,
  );
  const t = transpose.compute(lab, page);
  assert.deepEqual(t.trace.inputs.data, run.inputs.data);
});

test('sizes: the presets as describe() gives them; GPT-2 run on the page’s sentence', async () => {
  const described = await sizes.compute(lab, pageOf(), {
    preset: 'gpt3',
    run: 0,
  });
  assert.equal(described.described.parameterCount, lab.describe(SIZE_PRESETS.gpt3).parameterCount);
  assert.equal(described.gpt2, null, 'not run until asked');
  const ran = await sizes.compute(lab, pageOf({ sentence: 'the cat sat' }), {
    preset: 'gpt2',
    run: 1,
  });
  assert.equal(ran.gpt2.counted, 2360064);
  assert.deepEqual(ran.gpt2.output.shape, [1, 3, 768]);
  const kept = await sizes.compute(lab, pageOf(), { preset: 'gpt3', run: 1 }, { previous: ran });
  assert.equal(kept.gpt2, ran.gpt2, 'not run again until asked');
});

test('loop vs fused: the forms agree and the operations are the core’s; a bad list is refused', async () => {
  const keep = new Map();
  const context = {
    signal: new AbortController().signal,
    progress: () => {},
    keep,
  };
  const params = { heads: '2, 3', clock: '', run: 1 };
  try {
    const data = await loopVsFused.compute(lab, pageOf(), params, context);
    assert.equal(data.done, true);
    assert.deepEqual(
      data.rows.map((r) => r.heads),
      [2, 3],
    );
    for (const row of data.rows) {
      assert.ok(row.maxDifference <= 1e-6);
      const base = {
        batch: 2,
        tokens: 6,
        dIn: 3,
        dOut: 3,
        heads: row.heads,
        module: 'wrapper',
        trace: false,
      };
      assert.equal(row.flops.fused, lab.describe({ ...base, layout: 'fused' }).flops);
    }
    const again = await loopVsFused.compute(lab, pageOf(), params, {
      ...context,
      previous: data,
    });
    assert.equal(again.rows, data.rows, 'the page changed, not the timing: the same rows');
    await assert.rejects(
      loopVsFused.compute(lab, pageOf(), { ...params, heads: '2, x', run: 2 }, context),
      { name: 'PageError', message: /“x” is not a whole number/ },
    );
  } finally {
    for (const forms of keep.values()) forms.dispose();
  }
});

test('code: each step’s PyTorch for the page’s class; the snippet with the random weights only', () => {
  const data = code.compute(lab, pageOf({ module: 'wrapper' }, 'code'));
  assert.equal(data.steps.length, 11);
  assert.match(
    data.steps
      .find((s) => s.slug === 'merge')
      .groups.flatMap((g) => g.lines)
      .join('\n'),
    /torch\.cat\(\[head\(x\) for head in self\.heads\]/,
  );
  assert.match(data.snippet, /import torch/);
  assert.equal(
    code.compute(lab, pageOf({ weights: 'trained', sentence: DOG }, 'code')).snippet,
    null,
  );
});

test('export: every stage of the page’s pass and its preview, equal to the API’s', () => {
  const settings = { ...DEFAULT_SETTINGS, module: 'wrapper', heads: 3 };
  const data = exportLab.compute(lab, pageOf(settings, 'export'));
  const trace = apiForward(settings, {}).trace;
  for (const [name, t] of Object.entries(data.data.tensors))
    assert.equal(maxAbsDifference(Float32Array.from(t.data), trace[name].data), 0, name);
  assert.ok(
    data.stages.some((s) => s.pass === 'training'),
    'the preview in evaluation mode',
  );
  assert.ok(JSON.parse(toJson(data.data)).preview);
});
