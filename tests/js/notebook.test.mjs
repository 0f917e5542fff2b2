// The chapter notebook through the API and the CLI (docs/NOTEBOOK.md lists each cell and its call):
// the numbers the notebook prints, to 4 decimals, for the notebook's sentence and seeds.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab, AttentionLabError, SIZE_PRESETS } from '../../dist/index.mjs';
import { cliInProcess } from './cli-in-process.mjs';

const lab = await createAttentionLab();
const SENTENCE = 'Your journey starts with one step';
const { inputs } = lab.embed(SENTENCE, { dIn: 3 }); // the notebook's six 3-d vectors, (1, 6, 3)

/** Row `r` of batch item 0, head 0 of a tensor, as plain numbers. */
function row({ shape, data }, r) {
  const width = shape.at(-1);
  return Array.from(data.subarray(r * width, (r + 1) * width));
}

function close(actual, expected, what) {
  assert.equal(actual.length >= expected.length, true, what);
  expected.forEach((v, i) => {
    if (v === -Infinity) assert.equal(actual[i], -Infinity, `${what}[${i}]`);
    else assert.ok(Math.abs(actual[i] - v) <= 5e-5, `${what}[${i}]: ${actual[i]} vs ${v}`);
  });
}

const commandLine = cliInProcess();
after(() => commandLine.close());
const cli = (args) => commandLine.run(args);

test('3.3.1: attention without trainable weights (simplified), and the sum normalisation', () => {
  const model = lab.createModel({ inputs, dIn: 3, module: 'simplified' });
  assert.deepEqual(
    { scale: model.options.scale, causal: model.options.causal, dOut: model.options.dOut },
    { scale: false, causal: false, dOut: 3 },
    "the module's own defaults: no scaling, no mask, d_in wide",
  );
  const { trace, output } = model.forward(inputs);
  close(
    row(trace.attentionScores, 1),
    [0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865],
    'attn_scores_2',
  );
  close(
    row(trace.sumNormalisedWeights, 1),
    [0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656],
    'attn_weights_2_tmp',
  );
  close(
    row(trace.attentionWeights, 1),
    [0.1385, 0.2379, 0.2333, 0.124, 0.1082, 0.1581],
    'attn_weights_2',
  );
  close(row(output, 1), [0.4419, 0.6515, 0.5683], 'context_vec_2');
  for (const absent of [
    'queries',
    'queryHeads',
    'scaledScores',
    'maskedScores',
    'dropoutMask',
    'mergedHeads',
  ])
    assert.equal(trace[absent], undefined, `${absent}: the simplified attention has no such stage`);
  assert.deepEqual(model.stateDict(), {});
  model.dispose();
});

test('3.4.2: SelfAttention_v1 (torch.rand, seed 123) and SelfAttention_v2 (seed 789)', () => {
  const v1 = lab.forward({ inputs, dIn: 3, module: 'sa_v1', dOut: 2, seed: 123 });
  close(row(v1.output, 0), [0.2996, 0.8053], 'sa_v1 row 0');
  close(row(v1.output, 1), [0.3061, 0.821], 'sa_v1 row 1');
  const v2 = lab.forward({ inputs, dIn: 3, module: 'sa_v2', dOut: 2, seed: 789 });
  close(row(v2.output, 0), [-0.0739, 0.0713], 'sa_v2 row 0');
  const state = lab.createModel({ inputs, dIn: 3, module: 'sa_v1', dOut: 2 }).stateDict();
  assert.deepEqual(Object.keys(state), ['W_query', 'W_key', 'W_value']);
  assert.deepEqual(state.W_query.shape, [3, 2], 'torch.rand(d_in, d_out)');
});

test('3.5.1: the masked scores before scaling (cell 108), and the naive route', () => {
  const unscaled = lab.forward({
    inputs,
    dIn: 3,
    module: 'causal',
    dOut: 2,
    seed: 789,
    scale: false,
  }).trace;
  close(row(unscaled.maskedScores, 0), [0.2899, -Infinity], 'cell 108 row 0');
  close(row(unscaled.maskedScores, 1), [0.4656, 0.1723, -Infinity], 'cell 108 row 1');
  assert.equal(unscaled.scaledScores, undefined, 'no scaling, no scaled stage');
  const naive = lab.forward({
    inputs,
    dIn: 3,
    module: 'causal',
    dOut: 2,
    seed: 789,
    masking: 'naive',
  }).trace;
  const right = lab.forward({ inputs, dIn: 3, module: 'causal', dOut: 2, seed: 789 }).trace;
  naive.attentionWeights.data.forEach((w, i) =>
    assert.ok(Math.abs(w - right.attentionWeights.data[i]) < 1e-6),
  );
});

test('3.5.2: dropout on its own (both platforms) and re-seeded before the attention weights (cell 116)', () => {
  const ones = new Float32Array(36).fill(1);
  const cpu = lab.dropout({ input: ones, shape: [6, 6], p: 0.5, seed: 123 });
  assert.deepEqual(
    Array.from(cpu.output.data),
    [
      2, 2, 0, 2, 2, 0, 0, 0, 0, 2, 0, 2, 2, 2, 2, 2, 0, 2, 0, 2, 2, 0, 0, 2, 0, 2, 0, 2, 0, 2, 0,
      2, 2, 2, 2, 0,
    ],
  );
  const mkl = lab.dropout({ input: ones, shape: [6, 6], p: 0.5, seed: 123, rng: 'mkl' });
  assert.deepEqual(
    Array.from(mkl.output.data),
    [
      2, 2, 2, 2, 2, 2, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 2, 2, 0, 0, 0, 2, 2, 0, 0, 0, 0, 2, 0,
      2, 0, 0, 0, 0,
    ],
  );
  assert.deepEqual(mkl.mask.shape, [6, 6]);
  const { trace } = lab.forward({
    inputs,
    dIn: 3,
    module: 'causal',
    dOut: 2,
    seed: 789,
    training: true,
    dropout: 0.5,
    dropoutSeed: 123,
  });
  close(row(trace.droppedWeights, 2), [0.7599, 0.6194, 0.6206, 0, 0, 0], 'cell 116 row 2');
  close(row(trace.droppedWeights, 5), [0, 0.3327, 0.3331, 0.3084, 0.3331, 0], 'cell 116 row 5');
});

test('the mean of many dropouts approaches the undropped weights (what 1/(1−p) buys)', () => {
  const weights = lab.forward({ inputs, dIn: 3, module: 'causal', dOut: 2, seed: 789 }).trace
    .attentionWeights;
  const s = lab.dropoutStatistics({
    input: weights.data,
    shape: weights.shape,
    p: 0.5,
    draws: 4000,
    seed: 1,
  });
  assert.equal(s.keptShare.length, 4000);
  assert.ok(s.maxError.at(-1) < s.maxError[0] / 10, `${s.maxError[0]} → ${s.maxError.at(-1)}`);
  // Each mean averages 4,000 values that are 0 or 2w: its standard deviation is at most 1/√4000.
  assert.ok(s.maxError.at(-1) < 0.07);
  assert.deepEqual(s.mean.shape, weights.shape);
  assert.ok(
    s.keptShare.some((k) => k !== 0.5),
    'the kept share is near 1 − p, not exactly',
  );
});

test('the view before the transpose, and the forgotten transpose', () => {
  const { trace } = lab.forward({ inputs, dIn: 3, dOut: 4, heads: 2, forgottenTranspose: true });
  assert.deepEqual(trace.queryView.shape, [1, 6, 2, 2]);
  assert.deepEqual(
    Array.from(trace.queryView.data),
    Array.from(trace.queries.data),
    'a view moves nothing',
  );
  assert.deepEqual(
    trace.forgottenTranspose.shape,
    [1, 6, 2, 2],
    '(B, T, h, h): heads against heads',
  );
  assert.deepEqual(
    trace.attentionScores.shape,
    [1, 2, 6, 6],
    '(B, h, T, T): tokens against tokens',
  );
  assert.throws(
    () => lab.forward({ inputs, dIn: 3, module: 'wrapper', forgottenTranspose: true }),
    /only module 'mha'/,
  );
});

test("GPT-2's and GPT-3's attention blocks described without allocating", () => {
  const gpt2 = lab.describe(SIZE_PRESETS.gpt2);
  assert.equal(gpt2.parameterCount, 2360064);
  assert.equal(gpt2.headSize, 64);
  assert.ok(gpt2.runsHere);
  const gpt3 = lab.describe(SIZE_PRESETS.gpt3);
  assert.equal(gpt3.parameterCount, 603992064);
  assert.equal(gpt3.headSize, 128);
  assert.equal(gpt3.runsHere, false);
  assert.match(gpt3.whyNot, /3·D·d_in/);
  const small = { dIn: 3, dOut: 4, heads: 2, tokens: 6, masking: 'naive' };
  const traced = lab.forward({ ...small, inputs: new Float32Array(18).fill(0.5) }).trace;
  assert.deepEqual(
    lab.describe(small).stages.map((s) => [s.name, s.shape]),
    Object.entries(traced).map(([name, t]) => [name, t.shape]),
  );
});

test('the masking limits: exact until the subnormal range, then rounded, then lost', () => {
  const rows = lab.maskingLimits({ gaps: [0, 50, 86, 100, 120] });
  for (const r of rows.slice(0, 3))
    assert.ok(r.maxDifference <= 1.2e-7, `gap ${r.gap}: float32 rounding only`);
  assert.ok(rows[3].maxDifference > 1e-4, 'gap 100: subnormal past weights, a rounded ratio');
  assert.ok(rows[4].failure, 'a gap of 120 underflows the past to 0');
  for (const r of rows) assert.ok(Math.abs(r.negInf[0] - 0.2689414) < 1e-6, 'softmax([0, 1])');
  assert.throws(() => lab.maskingLimits({ gaps: 'big' }), AttentionLabError);
});

test('the early classes refuse what they do not have, naming the option', () => {
  for (const [options, option] of [
    [{ module: 'sa_v2', causal: true }, 'causal'],
    [{ module: 'sa_v1', qkvBias: true }, 'qkvBias'],
    [{ module: 'simplified', dOut: 2 }, 'dOut'],
    [{ module: 'sa_v2', training: true, dropout: 0.5 }, 'dropout'],
    [{ module: 'sa_v1', heads: 2 }, 'heads'],
  ]) {
    assert.throws(
      () => lab.forward({ inputs, dIn: 3, ...options }),
      (e) => e instanceof AttentionLabError && e.option === option,
      JSON.stringify(options),
    );
  }
});

test('CLI: explain --module simplified, dropout, describe --preset gpt2', async () => {
  let r = await cli(['explain', SENTENCE, '--module', 'simplified', '--stage', 'output']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /0\.4419\s+0\.6515\s+0\.5683/);
  r = await cli(['dropout', '--p', '0.5', '--seed', '123', '--shape', '6x6']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2\.0000 2\.0000 0\.0000 2\.0000 2\.0000 0\.0000/);
  r = await cli(['dropout', '--rng', 'mkl']);
  assert.match(r.stdout, /2\.0000 2\.0000 2\.0000 2\.0000 2\.0000 2\.0000/);
  r = await cli(['describe', '--preset', 'gpt2']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2,360,064/);
  r = await cli(['describe', '--preset', 'gpt3', '--json']);
  assert.equal(JSON.parse(r.stdout).parameterCount, 603992064);
});
