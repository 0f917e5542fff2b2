// The JS API against PyTorch's golden fixtures, plus the invariants every forward pass must keep.
// Runs on the built package: `bash scripts/build.sh dist && node --test tests/js/`.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import {
  createAttentionLab,
  AttentionLabError,
  PRESETS,
  DEFAULTS,
  OPTION_NAMES,
  MAX_SENTENCE_TOKENS,
} from '../../dist/index.mjs';
import { loadFixture, listFixtures } from './fixtures.mjs';

const lab = await createAttentionLab();
const TOLERANCE = 1e-5;
// tests/js/relaxed.test.mjs runs this suite again under --experimental-wasm-relaxed-simd, where the
// loader must pick the relaxed-SIMD build.
if (process.env.ATTENTION_LAB_EXPECT_RELAXED) assert.equal(lab.relaxedSimd, true);

/** The fixture's options (snake_case, 0/1) as forward() options. */
function apiOptions(o) {
  return {
    module: o.module,
    batch: o.batch,
    tokens: o.tokens,
    dIn: o.d_in,
    dOut: o.d_out,
    heads: o.heads,
    qkvBias: Boolean(o.qkv_bias),
    causal: o.causal === undefined ? true : o.causal !== 0,
    dropout: o.dropout ?? 0,
    training: Boolean(o.training),
    seed: o.seed,
  };
}

/** max |a − b| over two tensors; non-finite values (−∞) must be identical. */
function maxDiff(actual, expected, what) {
  assert.deepEqual(Array.from(actual.shape), Array.from(expected.shape), `${what}: shape`);
  assert.equal(actual.data.length, expected.data.length, `${what}: length`);
  let max = 0;
  let where = -1;
  for (let i = 0; i < expected.data.length; ++i) {
    const a = actual.data[i];
    const e = expected.data[i];
    if (!Number.isFinite(e) || !Number.isFinite(a)) {
      assert.ok(
        Object.is(a, e),
        `${what}[${i}]: got ${a}, expected ${e} (non-finite values must match exactly)`,
      );
      continue;
    }
    const d = Math.abs(a - e);
    if (d > max) [max, where] = [d, i];
  }
  return { max, where };
}

function assertClose(actual, expected, what, tolerance = TOLERANCE) {
  const { max, where } = maxDiff(actual, expected, what);
  assert.ok(
    max <= tolerance,
    `${what}: max |diff| = ${max.toExponential(3)} at [${where}] (got ${actual.data[where]}, ` +
      `expected ${expected.data[where]}), tolerance ${tolerance}`,
  );
  return max;
}

const lecture = () => {
  const e = lab.embed(PRESETS[0].sentence, { batch: 2 });
  return { inputs: e.inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123 };
};

// ---------------------------------------------------------------------------------------------

const fixtures = listFixtures().map((path) => ({ file: basename(path), ...loadFixture(path) }));

describe('golden fixtures from PyTorch', () => {
  test('there are fixtures for all three modules', () => {
    const modules = new Set(fixtures.map((f) => f.options.module));
    assert.deepEqual([...modules].sort(), ['causal', 'mha', 'wrapper']);
    assert.ok(
      fixtures.some((f) => f.stages.secondOutput),
      'a fixture with secondOutput',
    );
  });

  for (const fixture of fixtures) {
    const options = apiOptions(fixture.options);
    const inputs = fixture.stages.inputs.data;

    test(`${fixture.name}: every stage matches PyTorch (seeded weights)`, (t) => {
      const { output, trace } = lab.forward({ ...options, inputs });
      const report = [];
      for (const [name, expected] of Object.entries(fixture.stages)) {
        if (name === 'secondOutput') continue;
        assert.ok(
          trace[name],
          `stage '${name}' is missing from the trace (has: ${Object.keys(trace).join(', ')})`,
        );
        report.push(
          `${name} ${assertClose(trace[name], expected, `${fixture.name}.${name}`).toExponential(1)}`,
        );
      }
      assertClose(output, fixture.stages.output, `${fixture.name}.output (result)`);
      assert.ok(report.length >= 10, `compared ${report.length} stages`);
      t.diagnostic(`max |diff| per stage: ${report.join(', ')}`);
    });

    // Without a trace the fast path's SIMD kernels compute it (fused multiply-add in the relaxed
    // build): the same tolerance against PyTorch.
    test(`${fixture.name}: without a trace the output matches PyTorch`, (t) => {
      const { output } = lab.forward({ ...options, inputs, trace: false });
      const max = assertClose(output, fixture.stages.output, `${fixture.name}.output, no trace`);
      t.diagnostic(`max |diff| ${max.toExponential(1)} (relaxedSimd: ${lab.relaxedSimd})`);
    });

    test(`${fixture.name}: parameters match PyTorch's state_dict`, () => {
      const model = lab.createModel({ ...options, inputs });
      try {
        const state = model.stateDict();
        assert.deepEqual(Object.keys(state).sort(), Object.keys(fixture.params).sort());
        for (const [key, expected] of Object.entries(fixture.params)) {
          assertClose(state[key], expected, `${fixture.name} param ${key}`);
        }
      } finally {
        model.dispose();
      }
    });

    test(`${fixture.name}: passing the fixture's parameters as weights gives the same results`, () => {
      const { output, trace } = lab.forward({ ...options, inputs, weights: fixture.params });
      assertClose(output, fixture.stages.output, `${fixture.name}.output with weights`);
      // The random stream advances past the constructor's draws, so dropout masks match too.
      assertClose(
        trace.dropoutMask,
        fixture.stages.dropoutMask,
        `${fixture.name}.dropoutMask with weights`,
      );
      // Plain arrays work as well as { shape, data } and Float32Array.
      const plain = Object.fromEntries(
        Object.entries(fixture.params).map(([k, v]) => [k, Array.from(v.data)]),
      );
      assertClose(
        lab.forward({ ...options, inputs, weights: plain }).output,
        fixture.stages.output,
        'number[] weights',
      );
    });

    if (fixture.stages.secondOutput) {
      test(`${fixture.name}: a model's second forward() matches PyTorch's second call`, () => {
        const model = lab.createModel({ ...options, inputs });
        try {
          assertClose(
            model.forward(inputs).output,
            fixture.stages.output,
            `${fixture.name} first output`,
          );
          assertClose(
            model.forward(inputs).output,
            fixture.stages.secondOutput,
            `${fixture.name} secondOutput`,
          );
        } finally {
          model.dispose();
        }
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------

describe('invariants', () => {
  // A few configurations beyond the fixtures: every module, both maskings, bias, training.
  const configs = [
    { module: 'mha', batch: 2, tokens: 7, dIn: 5, dOut: 6, heads: 3, qkvBias: true, seed: 9 },
    { module: 'wrapper', batch: 1, tokens: 9, dIn: 4, dOut: 3, heads: 2, seed: 10 },
    { module: 'causal', batch: 3, tokens: 5, dIn: 2, dOut: 4, seed: 11 },
    { module: 'mha', batch: 1, tokens: 6, dIn: 8, dOut: 8, heads: 4, masking: 'naive', seed: 12 },
    {
      module: 'mha',
      batch: 2,
      tokens: 6,
      dIn: 3,
      dOut: 4,
      heads: 2,
      training: true,
      dropout: 0.3,
      seed: 13,
    },
  ];
  const inputsFor = (c, salt = 0) =>
    Float32Array.from(
      { length: c.batch * c.tokens * c.dIn },
      (_, i) => Math.sin(1.7 * i + salt) * 1.5,
    );

  for (const c of configs) {
    const label = JSON.stringify(c);
    const { trace } = lab.forward({ ...c, inputs: inputsFor(c) });

    test(`rows of attentionWeights sum to 1: ${label}`, () => {
      const { shape, data } = trace.attentionWeights;
      const T = shape[3];
      let worst = 0;
      for (let row = 0; row < data.length / T; ++row) {
        let sum = 0;
        for (let j = 0; j < T; ++j) sum += data[row * T + j];
        worst = Math.max(worst, Math.abs(sum - 1));
      }
      assert.ok(worst <= 1e-6, `worst |row sum − 1| = ${worst}`);
    });

    test(`the future is masked: -Infinity before, exactly 0 after the softmax: ${label}`, () => {
      const T = c.tokens;
      const weights = trace.attentionWeights.data;
      const masked = trace.maskedScores?.data;
      const zeroed = trace.zeroedWeights?.data;
      for (let m = 0; m < weights.length / (T * T); ++m) {
        for (let i = 0; i < T; ++i) {
          for (let j = 0; j < T; ++j) {
            const k = (m * T + i) * T + j;
            if (j > i) {
              assert.ok(
                Object.is(weights[k], 0),
                `attentionWeights[${m}][${i}][${j}] = ${weights[k]}, want 0`,
              );
              if (masked) assert.equal(masked[k], -Infinity, `maskedScores[${m}][${i}][${j}]`);
              if (zeroed) assert.ok(Object.is(zeroed[k], 0), `zeroedWeights[${m}][${i}][${j}]`);
            } else {
              assert.ok(
                weights[k] > 0,
                `attentionWeights[${m}][${i}][${j}] = ${weights[k]}, want > 0`,
              );
              if (masked)
                assert.ok(Number.isFinite(masked[k]), `maskedScores[${m}][${i}][${j}] is finite`);
            }
          }
        }
      }
    });
  }

  test('causal: false masks nothing (maskedScores = scaledScores, no zero weights)', () => {
    const c = {
      module: 'mha',
      tokens: 5,
      dIn: 3,
      dOut: 4,
      heads: 2,
      causal: false,
      inputs: inputsFor({ batch: 1, tokens: 5, dIn: 3 }),
    };
    const { trace } = lab.forward(c);
    assert.deepEqual(trace.maskedScores.data, trace.scaledScores.data);
    assert.ok(trace.attentionWeights.data.every((w) => w > 0));
  });

  for (const module of ['mha', 'wrapper', 'causal']) {
    for (const training of [false, true]) {
      test(`layout 'loop' equals 'fused' (every stage ≤ 1e-6): ${module}, training ${training}`, () => {
        const c = {
          module,
          batch: 2,
          tokens: 6,
          dIn: 4,
          dOut: module === 'mha' ? 6 : 3,
          heads: module === 'causal' ? 1 : 3,
          qkvBias: true,
          training,
          dropout: training ? 0.4 : 0,
          seed: 77,
        };
        const inputs = inputsFor(c, 0.3);
        const fused = lab.forward({ ...c, inputs, layout: 'fused' });
        const loop = lab.forward({ ...c, inputs, layout: 'loop' });
        assert.deepEqual(Object.keys(loop.trace), Object.keys(fused.trace));
        for (const name of Object.keys(fused.trace)) {
          assertClose(
            loop.trace[name],
            fused.trace[name],
            `${module} loop vs fused: ${name}`,
            1e-6,
          );
        }
        assertClose(loop.output, fused.output, `${module} loop vs fused: output`, 1e-6);
        if (training)
          assert.ok(fused.trace.dropoutMask.data.includes(0), 'dropout dropped something');
      });
    }
  }

  test("masking 'naive' equals 'neg-inf' on ordinary inputs", () => {
    for (const module of ['mha', 'wrapper', 'causal']) {
      const c = {
        module,
        batch: 2,
        tokens: 7,
        dIn: 3,
        dOut: 4,
        heads: module === 'causal' ? 1 : 2,
        seed: 5,
      };
      const inputs = inputsFor(c);
      const negInf = lab.forward({ ...c, inputs, masking: 'neg-inf' });
      const naive = lab.forward({ ...c, inputs, masking: 'naive' });
      assertClose(
        naive.trace.attentionWeights,
        negInf.trace.attentionWeights,
        `${module} naive weights`,
        1e-6,
      );
      assertClose(naive.output, negInf.output, `${module} naive output`, 1e-6);
      assert.ok(
        naive.trace.unmaskedWeights && naive.trace.zeroedWeights && !naive.trace.maskedScores,
      );
      assert.ok(
        negInf.trace.maskedScores && !negInf.trace.unmaskedWeights && !negInf.trace.zeroedWeights,
      );
    }
  });

  test('eval mode ignores dropout (and its mask is all ones)', () => {
    const base = lecture();
    const plain = lab.forward(base);
    const evalDropout = lab.forward({ ...base, dropout: 0.5, training: false });
    assert.deepEqual(evalDropout.output.data, plain.output.data);
    assert.ok(evalDropout.trace.dropoutMask.data.every((v) => v === 1));
    assert.deepEqual(
      evalDropout.trace.droppedWeights.data,
      evalDropout.trace.attentionWeights.data,
    );
    const trained = lab.forward({ ...base, dropout: 0.5, training: true });
    assert.notDeepEqual(trained.output.data, plain.output.data, 'training mode does apply dropout');
  });

  test('trace: false gives the same output and an empty trace', () => {
    for (const extra of [{}, { training: true, dropout: 0.5 }, { module: 'wrapper' }]) {
      const base = { ...lecture(), ...extra };
      const traced = lab.forward(base);
      const untraced = lab.forward({ ...base, trace: false });
      // Without a trace the fast path runs (blocked SIMD kernels, online softmax): the same numbers
      // up to float32 rounding; dropout in training mode keeps the stage-by-stage path, exactly.
      const fast = extra.training === undefined;
      assertClose(untraced.output, traced.output, JSON.stringify(extra), fast ? 1e-6 : 0);
      assert.deepEqual(untraced.output.shape, traced.output.shape);
      assert.deepEqual(untraced.trace, {});
    }
  });

  test('trace stages come in lecture order, the order of lab.stages', () => {
    const names = lab.stages.map((s) => s.name);
    assert.equal(new Set(names).size, names.length, 'no duplicate stage names');
    assert.equal(names[0], 'inputs');
    assert.equal(names.at(-1), 'output');
    // Every module's trace is in the same order as lab.stages, holding the stages it has.
    for (const module of ['simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha']) {
      for (const masking of ['neg-inf', 'naive']) {
        const early = ['simplified', 'sa_v1', 'sa_v2'].includes(module);
        if (early && masking === 'naive') continue; // no mask, no masking to choose
        const options = { ...lecture(), module, masking, forgottenTranspose: module === 'mha' };
        if (module !== 'mha' && module !== 'wrapper') delete options.heads;
        if (module === 'simplified') delete options.dOut;
        const keys = Object.keys(lab.forward(options).trace);
        assert.deepEqual(
          keys,
          names.filter((n) => keys.includes(n)),
          `${module} ${masking}`,
        );
        assert.deepEqual(
          keys,
          lab.describe({ ...options, inputs: undefined, tokens: 6 }).stages.map((s) => s.name),
        );
      }
    }
    const all = Object.keys(lab.forward({ ...lecture(), forgottenTranspose: true }).trace);
    for (const name of ['queryView', 'forgottenTranspose', 'maskedScores', 'droppedWeights'])
      assert.ok(all.includes(name), name);
    for (const s of lab.stages) assert.match(s.dims, /^[A-Za-z_]+(,[A-Za-z_]+)*$/, s.name);
    assert.ok(Object.isFrozen(lab.stages));
  });

  test('every stage has the shape its dims announce, for every module (D = h·d_out for the wrapper)', () => {
    for (const [module, size] of [
      ['mha', { B: 2, T: 5, d_in: 3, h: 3, d_h: 2, D: 6 }],
      ['wrapper', { B: 2, T: 5, d_in: 3, h: 3, d_h: 6, D: 18 }],
      ['causal', { B: 2, T: 5, d_in: 3, h: 1, d_h: 6, D: 6 }],
    ]) {
      const c = { batch: 2, tokens: 5, dIn: 3, dOut: 6, heads: size.h, module };
      const { trace, output } = lab.forward({ ...c, inputs: inputsFor(c) });
      for (const s of lab.stages) {
        if (!trace[s.name]) continue;
        assert.deepEqual(
          trace[s.name].shape,
          s.dims.split(',').map((d) => size[d]),
          `${module} ${s.name}`,
        );
        assert.equal(
          trace[s.name].data.length,
          trace[s.name].shape.reduce((a, b) => a * b, 1),
        );
        assert.ok(trace[s.name].data instanceof Float32Array);
      }
      assert.deepEqual(output.shape, [2, 5, size.D]);
      assert.deepEqual(output.data, trace.output.data);
    }
  });

  test("the book's numbers: lecture MHA, first output row ≈ [0.3190, 0.4858]", () => {
    const { output } = lab.forward(lecture());
    assert.deepEqual(output.shape, [2, 6, 2]);
    assert.ok(
      Math.abs(output.data[0] - 0.319) < 1e-4 && Math.abs(output.data[1] - 0.4858) < 1e-4,
      `${output.data.slice(0, 2)}`,
    );
    // Both batch items hold the same sentence, so they give the same output.
    assert.deepEqual(output.data.slice(0, 12), output.data.slice(12));
  });

  test('inputs may be number[], Float32Array or Float64Array; results are copies', () => {
    const base = lecture();
    const a = lab.forward(base);
    const b = lab.forward({ ...base, inputs: Array.from(base.inputs) });
    const c = lab.forward({ ...base, inputs: Float64Array.from(base.inputs) });
    assert.deepEqual(b.output.data, a.output.data);
    assert.deepEqual(c.output.data, a.output.data);
    const before = a.output.data.slice();
    lab.forward({ ...base, inputs: base.inputs.map((v) => v * 3) });
    assert.deepEqual(a.output.data, before, 'an earlier result is not overwritten by a later call');
  });

  test('tokens or dIn is inferred from the inputs', () => {
    const { inputs } = lecture();
    assert.deepEqual(lab.forward({ inputs, batch: 2, dIn: 3 }).output.shape, [2, 6, 2]);
    assert.deepEqual(lab.forward({ inputs, batch: 2, tokens: 6 }).output.shape, [2, 6, 2]);
    const model = lab.createModel({ inputs, batch: 2, tokens: 6, heads: 2 });
    assert.equal(model.options.dIn, 3);
    model.dispose();
  });

  test('a model keeps its weights; eval forward() is repeatable; options are resolved', () => {
    const base = lecture();
    const model = lab.createModel({ ...base, inputs: undefined, tokens: 6 });
    try {
      const first = model.forward(base.inputs);
      const second = model.forward(base.inputs);
      assert.deepEqual(second.output.data, first.output.data);
      assert.deepEqual(first.output.data, lab.forward(base).output.data);
      assert.equal('dropoutSeed' in DEFAULTS, false); // no default: absent when unset
      assert.deepEqual(model.options, {
        ...DEFAULTS,
        batch: 2,
        tokens: 6,
        dIn: 3,
        dOut: 2,
        heads: 2,
        seed: 123,
      });
      const state = model.stateDict();
      state['W_query.weight'].data[0] = 99; // a copy: the model is unchanged
      assert.deepEqual(model.forward(base.inputs).output.data, first.output.data);
    } finally {
      model.dispose();
    }
  });

  test('forward(inputs, { output }) writes each result into the same array', () => {
    const base = lecture();
    for (const options of [
      { trace: true },
      { trace: false },
      { trace: false, module: 'wrapper' },
    ]) {
      const model = lab.createModel({ ...base, ...options, inputs: undefined, tokens: 6 });
      try {
        const other = base.inputs.map((v) => v * 3);
        const fresh = model.forward(base.inputs);
        const freshOther = model.forward(other).output.data;
        const output = new Float32Array(fresh.output.data.length).fill(NaN);
        const result = model.forward(base.inputs, { output });
        assert.equal(result.output.data, output, 'output.data is the array passed in');
        assert.deepEqual(result.output.shape, fresh.output.shape);
        assert.deepEqual(output, fresh.output.data);
        assert.deepEqual(
          Object.keys(result.trace),
          Object.keys(fresh.trace),
          'the trace is still returned',
        );
        model.forward(other, { output });
        assert.deepEqual(output, freshOther, 'the next call overwrites it');
        assert.deepEqual(
          model.forward(base.inputs, {}).output.data,
          fresh.output.data,
          '{} is a new array',
        );
      } finally {
        model.dispose();
      }
    }

    test('forward(inputs, { trace }) writes the stages into an earlier trace’s arrays', () => {
      const base = lecture();
      const model = lab.createModel({ ...base, inputs: undefined, tokens: 6, heads: 2 });
      const other = base.inputs.map((v) => v * 3);
      try {
        const fresh = model.forward(base.inputs).trace;
        const freshOther = model.forward(other).trace;
        const spare = model.forward(base.inputs).trace;
        // One stage of another length (and one missing) gets a new array, the rest are reused.
        spare.scores = { shape: [1], data: new Float32Array(1) };
        delete spare.keys;
        const given = Object.fromEntries(Object.entries(spare).map(([k, t]) => [k, t.data]));
        const { trace } = model.forward(other, { trace: spare });
        assert.deepEqual(Object.keys(trace), Object.keys(freshOther), 'every stage, in order');
        for (const [name, stage] of Object.entries(trace)) {
          assert.deepEqual(stage.shape, freshOther[name].shape, name);
          assert.deepEqual(stage.data, freshOther[name].data, `${name}: this pass's numbers`);
          const reused = name !== 'scores' && name !== 'keys';
          assert.equal(stage.data === given[name], reused, `${name}: reused = ${reused}`);
        }
        assert.deepEqual(model.forward(base.inputs).trace.queries.data, fresh.queries.data);
        assert.throws(
          () => model.forward(base.inputs, { trace: 5 }),
          (e) =>
            e instanceof AttentionLabError &&
            e.option === 'trace' &&
            /trace must be the trace of an earlier forward\(\).*got number/.test(e.message),
        );
      } finally {
        model.dispose();
      }
      const plain = lab.createModel({ ...base, inputs: undefined, tokens: 6, trace: false });
      try {
        assert.throws(
          () => plain.forward(base.inputs, { trace: {} }),
          (e) => e.option === 'trace' && /created with trace: false/.test(e.message),
        );
      } finally {
        plain.dispose();
      }
    });
  });

  test('forward(inputs, { stages }) returns only the stages asked for, the same numbers', () => {
    const base = lecture();
    const model = lab.createModel({ ...base, inputs: undefined, tokens: 6, heads: 2 });
    try {
      const full = model.forward(base.inputs).trace;
      // Asked in any order, returned in lecture order; a stage this pass lacks is simply absent.
      const asked = ['droppedWeights', 'queries', 'forgottenTranspose', 'dropoutMask'];
      const { output, trace } = model.forward(base.inputs, { stages: asked });
      assert.deepEqual(Object.keys(trace), ['queries', 'dropoutMask', 'droppedWeights']);
      for (const [name, stage] of Object.entries(trace)) assert.deepEqual(stage, full[name], name);
      assert.deepEqual(output.data, model.forward(base.inputs).output.data);
      assert.deepEqual(model.forward(base.inputs, { stages: [] }).trace, {});
      // With { trace }: the asked stages go into the earlier arrays.
      const spare = model.forward(base.inputs, { stages: ['dropoutMask'] }).trace;
      const again = model.forward(base.inputs, { trace: spare, stages: ['dropoutMask'] }).trace;
      assert.equal(again.dropoutMask.data, spare.dropoutMask.data);
      for (const [stages, message] of [
        ['queries', /stages must be a list of stage names .*; got string/],
        [['queries', 'query'], /stages: 'query' is not a stage; the stages are inputs, queries, /],
        [[7], /stages: number is not a stage/],
      ]) {
        assert.throws(
          () => model.forward(base.inputs, { stages }),
          (e) => e instanceof AttentionLabError && e.option === 'stages' && message.test(e.message),
        );
      }
    } finally {
      model.dispose();
    }
    const plain = lab.createModel({ ...base, inputs: undefined, tokens: 6, trace: false });
    try {
      assert.throws(
        () => plain.forward(base.inputs, { stages: ['queries'] }),
        (e) => e.option === 'stages' && /created with trace: false/.test(e.message),
      );
    } finally {
      plain.dispose();
    }
  });

  test("module 'causal' defaults to one head", () => {
    const model = lab.createModel({ module: 'causal', tokens: 2, dIn: 3 });
    assert.equal(model.options.heads, 1);
    model.dispose();
  });
});

// ---------------------------------------------------------------------------------------------

describe('embed and tokenize', () => {
  test('the same token gets the same vector whatever the sentence', () => {
    const a = lab.embed('the dog chased the ball', { dIn: 4, seed: 7 });
    const b = lab.embed('ball the dog', { dIn: 4, seed: 7 });
    const vectors = new Map();
    let repeats = 0;
    for (const e of [a, b]) {
      assert.equal(e.source, 'seeded');
      e.tokens.forEach((t, i) => {
        const v = Array.from(e.inputs.subarray(i * 4, i * 4 + 4));
        if (vectors.has(t.id)) {
          assert.deepEqual(v, vectors.get(t.id), `token ${JSON.stringify(t.text)}`);
          ++repeats;
        } else vectors.set(t.id, v);
      });
    }
    assert.equal(repeats, 2, "' the' and ' dog' occur again in the second sentence");
    assert.notDeepEqual(
      vectors.get(lab.tokenize(' dog')[0].id),
      vectors.get(lab.tokenize(' ball')[0].id),
    );
    // Deterministic across calls; another seed gives other vectors.
    assert.deepEqual(lab.embed('the dog chased the ball', { dIn: 4, seed: 7 }).inputs, a.inputs);
    assert.notDeepEqual(lab.embed('the dog chased the ball', { dIn: 4, seed: 8 }).inputs, a.inputs);
    for (const v of a.inputs)
      assert.ok(v >= 0 && v <= 1 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-4, `${v}`);
  });

  test("the lecture sentence uses the notebook's own vectors", () => {
    const e = lab.embed('Your journey starts with one step');
    assert.equal(e.source, 'lecture');
    assert.deepEqual(e.shape, [1, 6, 3]);
    assert.deepEqual(
      e.tokens.map((t) => t.text.trim()),
      ['Your', 'journey', 'starts', 'with', 'one', 'step'],
    );
    const book = [
      0.43, 0.15, 0.89, 0.55, 0.87, 0.66, 0.57, 0.85, 0.64, 0.22, 0.58, 0.33, 0.77, 0.25, 0.1, 0.05,
      0.8, 0.55,
    ];
    assert.deepEqual(e.inputs, Float32Array.from(book));
    assert.deepEqual(
      e.inputs,
      fixtures.find((f) => f.name === 'lecture_mha').stages.inputs.data.slice(0, 18),
    );
    // Another d_in: seeded vectors instead.
    assert.equal(lab.embed('Your journey starts with one step', { dIn: 4 }).source, 'seeded');
  });

  // embed() tokenizes the trimmed sentence, as it matches the lecture sentence trimmed.
  test('embed: shape always matches inputs (lecture sentence with outer whitespace)', () => {
    for (const s of ['Your journey starts with one step ', 'Your journey starts with one step\n']) {
      const e = lab.embed(s);
      assert.equal(e.inputs.length, e.shape[0] * e.shape[1] * e.shape[2], JSON.stringify(s));
      assert.equal(e.tokens.length, e.shape[1]);
    }
  });

  test('embed: shape matches inputs and tokens for ordinary sentences', () => {
    for (const s of ['hello world', ' leading space', 'two\nlines', 'emoji 🙂 too']) {
      const e = lab.embed(s, { dIn: 4, batch: 2 });
      assert.equal(e.inputs.length, e.shape[0] * e.shape[1] * e.shape[2], JSON.stringify(s));
      assert.equal(e.tokens.length, e.shape[1]);
      assert.deepEqual(e.shape, [2, lab.tokenize(s).length, 4]);
    }
  });

  test('batch stacks copies of the sentence', () => {
    const one = lab.embed('all dogs are animals', { dIn: 5 });
    const three = lab.embed('all dogs are animals', { dIn: 5, batch: 3 });
    assert.deepEqual(three.shape, [3, one.shape[1], 5]);
    const n = one.inputs.length;
    for (let b = 0; b < 3; ++b)
      assert.deepEqual(three.inputs.subarray(b * n, (b + 1) * n), one.inputs);
    // The embedding feeds forward() as is.
    const { output } = lab.forward({ inputs: three.inputs, batch: 3, dIn: 5, dOut: 4, heads: 2 });
    assert.deepEqual(output.shape, [3, one.shape[1], 4]);
  });

  test('tokenize gives GPT-2 tokens; embed allows at most MAX_SENTENCE_TOKENS', () => {
    assert.deepEqual(lab.tokenize('hello world'), [
      { id: 31373, text: 'hello' },
      { id: 995, text: ' world' },
    ]);
    assert.equal(MAX_SENTENCE_TOKENS, 1024);
    assert.equal(
      lab.embed('a '.repeat(MAX_SENTENCE_TOKENS).trim()).tokens.length,
      MAX_SENTENCE_TOKENS,
    );
    assert.throws(
      () => lab.embed('a '.repeat(MAX_SENTENCE_TOKENS + 1)),
      (e) => e instanceof AttentionLabError && e.option === 'sentence' && /1024/.test(e.message),
    );
  });

  test("tokenize shows a character split across tokens as its UTF-8 bytes, each token's own", () => {
    // ❤ is E2 9D A4 and 🦊 F0 9F A6 8A: GPT-2 cuts both into byte pieces. Each token shows its own
    // bytes (a shared streaming decoder used to move the character into the next token), and
    // the pieces, read as bytes, spell the sentence.
    const tokens = lab.tokenize('I ❤ 🦊 café');
    assert.deepEqual(
      tokens.map((t) => t.text),
      ['I', ' ⟨E2 9D⟩', '⟨A4⟩', ' ⟨F0 9F⟩', '⟨A6⟩', '⟨8A⟩', ' café'],
    );
    const bytes = tokens.flatMap((t) =>
      t.text.split(/(⟨[^⟩]*⟩)/).flatMap((part) =>
        part.startsWith('⟨')
          ? part
              .slice(1, -1)
              .split(' ')
              .map((x) => parseInt(x, 16))
          : [...new TextEncoder().encode(part)],
      ),
    );
    assert.deepEqual(bytes, [...new TextEncoder().encode('I ❤ 🦊 café')]);
    // Repeating a call gives the same texts (no decoder state carried between calls).
    assert.deepEqual(lab.tokenize('I ❤ 🦊 café'), tokens);
  });
});

describe('createAttentionLab options', () => {
  test('wasmBinary and locateFile load the same core', async () => {
    const { readFileSync } = await import('node:fs');
    // The bytes of the build `lab` runs (the relaxed one under --experimental-wasm-relaxed-simd).
    const file = lab.relaxedSimd ? 'attention-core-relaxed.wasm' : 'attention-core.wasm';
    const wasmUrl = new URL(`../../dist/${file}`, import.meta.url);
    const fromBytes = await createAttentionLab({ wasmBinary: readFileSync(wasmUrl) });
    let asked = '';
    const located = await createAttentionLab({
      locateFile: (path) => {
        asked = path;
        return new URL(`../../dist/${path}`, import.meta.url).pathname;
      },
    });
    assert.equal(asked, lab.relaxedSimd ? 'attention-core-relaxed.wasm' : 'attention-core.wasm');
    const expected = lab.forward(lecture()).output.data;
    assert.deepEqual(fromBytes.forward(lecture()).output.data, expected);
    assert.deepEqual(located.forward(lecture()).output.data, expected);
  });
});

describe('exports', () => {
  test('PRESETS, DEFAULTS, OPTION_NAMES', () => {
    assert.equal(lab.presets, PRESETS);
    assert.equal(PRESETS[0].sentence, 'Your journey starts with one step');
    assert.ok(PRESETS.every((p) => typeof p.id === 'string' && typeof p.sentence === 'string'));
    assert.ok(Object.isFrozen(PRESETS) && Object.isFrozen(DEFAULTS));
    for (const key of Object.keys(DEFAULTS)) assert.ok(OPTION_NAMES.includes(key), key);
    assert.ok(OPTION_NAMES.includes('inputs') && OPTION_NAMES.includes('weights'));
    for (const p of PRESETS) assert.ok(lab.embed(p.sentence).tokens.length > 0, p.id);
  });

  // OPTION_NAMES is the array the validation itself uses: frozen, so nobody can widen it.
  test('OPTION_NAMES is frozen', () => {
    assert.ok(Object.isFrozen(OPTION_NAMES));
  });
});
