// Every invalid option gives an AttentionLabError that names the option, the value and what is
// allowed, and the lab keeps working afterwards.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab, AttentionLabError } from '../../dist/index.mjs';

const lab = await createAttentionLab();

const INPUTS = Object.freeze(Array.from({ length: 18 }, (_, i) => (i % 7) / 7)); // (1, 6, 3)
const BASE = Object.freeze({ inputs: INPUTS, dIn: 3, dOut: 2, heads: 2 });
const GOOD_OUTPUT = lab.forward(BASE).output.data;

/** The seeded parameters of BASE as plain arrays, for the weights cases. */
const WEIGHTS = (() => {
  const model = lab.createModel(BASE);
  const state = model.stateDict();
  model.dispose();
  return Object.fromEntries(Object.entries(state).map(([k, v]) => [k, Array.from(v.data)]));
})();

/**
 * Runs `fn`, which must throw an AttentionLabError with the given option and kind whose message
 * matches every regex in `says`; then checks that the lab still computes the right numbers.
 */
function expectError(fn, { option, kind, says = [] }) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error, 'expected an error, but the call succeeded');
  assert.ok(
    error instanceof AttentionLabError,
    `not an AttentionLabError: ${error?.stack ?? error}`,
  );
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'AttentionLabError');
  if (option instanceof RegExp) assert.match(error.option, option, `option of: ${error.message}`);
  else assert.equal(error.option, option, `option of: ${error.message}`);
  if (kind) assert.equal(error.kind, kind, `kind of: ${error.message}`);
  for (const pattern of says) assert.match(error.message, pattern);
  // The lab still works after the error.
  assert.deepEqual(lab.forward(BASE).output.data, GOOD_OUTPUT, 'a forward() after the error');
  return error;
}

const forwardWith = (extra) => () => lab.forward({ ...BASE, ...extra });

describe('option errors', () => {
  const cases = [
    [
      'dOut not divisible by heads',
      { heads: 3, dOut: 4 },
      'heads',
      'OptionError',
      [/heads = 3/, /dOut = 4/, /divisor of dOut \(1, 2, 4\)/],
    ],
    ['dropout −0.1', { dropout: -0.1 }, 'dropout', 'OptionError', [/dropout = -0\.1/, /\[0, 1\)/]],
    ['dropout 1', { dropout: 1 }, 'dropout', 'OptionError', [/dropout = 1\b/, /\[0, 1\)/]],
    [
      'dropout NaN',
      { dropout: NaN },
      'dropout',
      'OptionError',
      [/dropout = NaN/, /must be a number/],
    ],
    [
      'dropout as a string',
      { dropout: '0.1' },
      'dropout',
      'OptionError',
      [/dropout = '0\.1'/, /number/],
    ],
    ['non-integer heads', { heads: 1.5 }, 'heads', 'OptionError', [/heads = 1\.5/, /integer/]],
    ['heads as a string', { heads: '2' }, 'heads', 'OptionError', [/heads = '2'/, /integer/]],
    ['heads 0', { heads: 0 }, 'heads', 'OptionError', [/heads = 0/, /from 1 to 1048576/]],
    ['dOut 0', { dOut: 0 }, 'dOut', 'OptionError', [/dOut = 0/, /from 1 to/]],
    [
      'unknown option',
      { head: 2 },
      'head',
      'OptionError',
      [/unknown option 'head'/, /heads/, /dOut/],
    ],
    [
      'bad module',
      { module: 'gpt' },
      'module',
      'OptionError',
      [/module = 'gpt'/, /'simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha'/],
    ],
    [
      'bad masking',
      { masking: 'zero' },
      'masking',
      'OptionError',
      [/masking = 'zero'/, /'neg-inf', 'naive'/],
    ],
    [
      'bad layout',
      { layout: 'split' },
      'layout',
      'OptionError',
      [/layout = 'split'/, /'fused', 'loop'/],
    ],
    ['boolean given as 1', { causal: 1 }, 'causal', 'OptionError', [/causal = 1/, /true or false/]],
    ['seed −1', { seed: -1 }, 'seed', 'OptionError', [/seed = -1\b/, /0 to 4294967295/]],
    ['seed 2^32', { seed: 2 ** 32 }, 'seed', 'OptionError', [/seed = /, /0 to 4294967295/]],
    ['seed 1.5', { seed: 1.5 }, 'seed', 'OptionError', [/seed = 1\.5/, /integer/]],
    [
      "module 'causal' with 2 heads",
      { module: 'causal', heads: 2 },
      'heads',
      'OptionError',
      [/heads = 2/, /exactly one head/],
    ],
  ];
  for (const [what, extra, option, kind, says] of cases) {
    test(`${what} → ${kind} naming '${option}'`, () => {
      expectError(forwardWith(extra), { option, kind, says });
    });
  }

  test('options that are not an object', () => {
    for (const options of [null, 42, 'dIn=3', [1, 2, 3]]) {
      expectError(() => lab.createModel(options), {
        option: /^(options|inputs)$/,
        says: [/object|required/],
      });
    }
    expectError(() => lab.forward(undefined), {
      option: 'inputs',
      kind: 'InputError',
      says: [/required/],
    });
  });

  test('tokens 0 (no inputs to infer from) → names tokens', () => {
    expectError(() => lab.createModel({ tokens: 0, dIn: 3 }), {
      option: 'tokens',
      kind: 'OptionError',
      says: [/tokens = 0/, /from 1 to 1048576/],
    });
  });

  // Dimensions are checked before sizes are inferred from the inputs (no "dIn = Infinity").
  test('tokens 0 or batch 0 together with inputs → names tokens / batch', () => {
    expectError(forwardWith({ tokens: 0, dIn: undefined }), {
      option: 'tokens',
      says: [/tokens = 0/],
    });
    expectError(forwardWith({ batch: 0 }), { option: 'batch', says: [/batch = 0/] });
  });

  test('tokens and dIn are required without inputs', () => {
    expectError(() => lab.createModel({ dIn: 3 }), {
      option: 'tokens',
      says: [/tokens is required/],
    });
    expectError(() => lab.createModel({ tokens: 3 }), { option: 'dIn', says: [/dIn is required/] });
    expectError(() => lab.forward({ inputs: INPUTS }), {
      option: 'dIn',
      says: [/give dIn/, /18 inputs/],
    });
  });

  // The seed is shown in full, not in scientific notation.
  test('seed 2^32 shows the value exactly', () => {
    expectError(forwardWith({ seed: 2 ** 32 }), {
      option: 'seed',
      says: [/seed = 4294967296\b/],
    });
  });

  // NaN gets the allowed range too.
  test('dropout NaN says what is allowed', () => {
    expectError(forwardWith({ dropout: NaN }), { option: 'dropout', says: [/\[0, 1\)/] });
  });
});

describe('input errors', () => {
  test('wrong inputs length (inferring) → names inputs and the count', () => {
    expectError(forwardWith({ inputs: INPUTS.slice(1) }), {
      option: 'inputs',
      says: [/inputs has 17 values/, /batch × tokens × dIn/],
    });
  });

  test('wrong inputs length (tokens and dIn given) → InputError', () => {
    expectError(forwardWith({ inputs: INPUTS.slice(3), tokens: 6 }), {
      option: 'inputs',
      says: [/15 values/],
    });
  });

  test("a model's forward() with the wrong number of inputs → InputError", () => {
    const model = lab.createModel(BASE);
    try {
      expectError(() => model.forward(INPUTS.slice(0, 12)), {
        option: 'inputs',
        kind: 'InputError',
        says: [/12 values/, /1 × 6 × 3 = 18/],
      });
      assert.deepEqual(model.forward(INPUTS).output.data, GOOD_OUTPUT, 'the model still works');
    } finally {
      model.dispose();
    }
  });

  test("a model's forward() with a bad output array → OptionError saying what it must be", () => {
    const model = lab.createModel(BASE);
    const wanted = /a Float32Array of batch × tokens × width = 1 × 6 × 2 = 12 values/;
    try {
      for (const [output, got] of [
        [new Float64Array(12), /got Float64Array/],
        [Array(12).fill(0), /got object/],
        [null, /got null/],
      ]) {
        expectError(() => model.forward(INPUTS, { output }), {
          option: 'output',
          kind: 'OptionError',
          says: [wanted, got],
        });
      }
      expectError(() => model.forward(INPUTS, { output: new Float32Array(13) }), {
        option: 'output',
        says: [/output has 13 values/, wanted],
      });
      expectError(() => model.forward(INPUTS, { outptu: new Float32Array(12) }), {
        option: 'outptu',
        says: [/unknown option 'outptu'/, /the options are: output/],
      });
      expectError(() => model.forward(INPUTS, 5), {
        option: 'output',
        says: [/an object such as \{ output, trace, stages \}/],
      });
      assert.deepEqual(model.forward(INPUTS).output.data, GOOD_OUTPUT, 'the model still works');
    } finally {
      model.dispose();
    }
    const wrapper = lab.createModel({ ...BASE, module: 'wrapper' });
    try {
      expectError(() => wrapper.forward(INPUTS, { output: new Float32Array(12) }), {
        option: 'output',
        says: [/output has 12 values/, /batch × tokens × width = 1 × 6 × 4 = 24 values/],
      });
    } finally {
      wrapper.dispose();
    }
  });

  for (const [bad, word] of [
    [NaN, /NaN/],
    [Infinity, /infinite/],
    [-Infinity, /infinite/],
  ]) {
    test(`inputs holding ${bad} → InputError naming the position`, () => {
      const inputs = INPUTS.map((v, i) => (i === 4 ? bad : v));
      expectError(forwardWith({ inputs }), {
        option: 'inputs',
        kind: 'InputError',
        says: [/inputs\[4\]/, /batch 0, token 1/, word, /finite/],
      });
      expectError(forwardWith({ inputs: Float32Array.from(inputs) }), {
        option: 'inputs',
        kind: 'InputError',
        says: [word],
      });
    });
  }

  test('inputs that are not numbers', () => {
    expectError(forwardWith({ inputs: 'hello' }), {
      option: 'inputs',
      says: [/Float32Array or an array of numbers/],
    });
    expectError(forwardWith({ inputs: [...INPUTS.slice(0, 17), '1'] }), {
      option: 'inputs',
      says: [/inputs\[17\] = '1'/, /number/],
    });
  });

  test('a trace too big for the limit → MemoryError naming trace', () => {
    expectError(() => lab.createModel({ tokens: 2048, heads: 12, dIn: 1, dOut: 12 }), {
      option: 'trace',
      kind: 'MemoryError',
      says: [/tokens 2048/, /1537 MB/, /at most 256 MB/, /trace = false/],
    });
    // trace: false lifts the limit.
    const model = lab.createModel({ tokens: 2048, heads: 12, dIn: 1, dOut: 12, trace: false });
    model.dispose();
  });

  test('a trace over 4 GiB (tokens 4096, heads 12, dIn 1, dOut 12) → MemoryError naming trace', () => {
    expectError(
      () =>
        lab.forward({ inputs: new Float32Array(4096), tokens: 4096, heads: 12, dIn: 1, dOut: 12 }),
      { option: 'trace', kind: 'MemoryError', says: [/tokens 4096/, /6146 MB/, /trace = false/] },
    );
  });

  // maxTraceBytes Infinity (or ≥ 2^32 in WASM) means "no limit", not 0.
  test('maxTraceBytes: Infinity means no limit', () => {
    const { output } = lab.forward({ ...BASE, maxTraceBytes: Infinity });
    assert.deepEqual(output.data, GOOD_OUTPUT);
  });
});

describe('weight errors', () => {
  test('wrong weights length → names the key, the count and the shape', () => {
    expectError(forwardWith({ weights: { ...WEIGHTS, 'W_key.weight': [1, 2, 3] } }), {
      option: 'weights.W_key.weight',
      kind: 'InputError',
      says: [/'W_key\.weight'/, /3 values/, /must have 6/, /2×3/],
    });
  });

  test('unknown weight key → lists the expected keys', () => {
    expectError(forwardWith({ weights: { ...WEIGHTS, 'W_query.bias': [0, 0] } }), {
      option: 'weights',
      kind: 'InputError',
      says: [
        /unexpected key 'W_query\.bias'/,
        /W_query\.weight, W_key\.weight, W_value\.weight, out_proj\.weight, out_proj\.bias/,
      ],
    });
  });

  test('missing weight key → names it', () => {
    const { 'out_proj.bias': _, ...missing } = WEIGHTS;
    expectError(forwardWith({ weights: missing }), {
      option: 'weights',
      kind: 'InputError',
      says: [/missing 'out_proj\.bias'/],
    });
  });

  test('non-finite weights, non-numeric weights, weights that are not an object', () => {
    const nan = WEIGHTS['W_value.weight'].map((v, i) => (i === 2 ? NaN : v));
    expectError(forwardWith({ weights: { ...WEIGHTS, 'W_value.weight': nan } }), {
      option: 'weights.W_value.weight',
      says: [/\[2\]/, /finite/],
    });
    expectError(forwardWith({ weights: { ...WEIGHTS, 'W_value.weight': 'x' } }), {
      option: "weights['W_value.weight']",
      says: [/Float32Array or an array of numbers/],
    });
    expectError(forwardWith({ weights: [1, 2] }), {
      option: 'weights',
      says: [/state_dict names/],
    });
  });

  test('the weights of another module are rejected', () => {
    expectError(forwardWith({ module: 'wrapper', weights: WEIGHTS }), {
      option: 'weights',
      says: [/heads\.0\.W_query\.weight/],
    });
  });
});

describe('embed errors', () => {
  for (const [sentence, says] of [
    ['', /empty/],
    ['   \n ', /empty/],
    [42, /must be a string/],
    [undefined, /must be a string/],
  ]) {
    test(`sentence ${JSON.stringify(sentence)} → names sentence`, () => {
      expectError(() => lab.embed(sentence), {
        option: 'sentence',
        kind: 'InputError',
        says: [says],
      });
      expectError(() => lab.tokenize(sentence), {
        option: 'sentence',
        kind: 'InputError',
        says: [says],
      });
    });
  }

  test('bad embed options name dIn, seed and batch', () => {
    expectError(() => lab.embed('hi', { dIn: 0 }), {
      option: 'dIn',
      says: [/dIn = 0/, /integer from 1 to 1048576/],
    });
    expectError(() => lab.embed('hi', { dIn: 2.5 }), { option: 'dIn', says: [/dIn = 2\.5/] });
    expectError(() => lab.embed('hi', { seed: -1 }), {
      option: 'seed',
      says: [/seed = -1/, /from 0 to 4294967295/],
    });
    expectError(() => lab.embed('hi', { seed: 2 ** 32 }), { option: 'seed', says: [/4294967295/] });
    expectError(() => lab.embed('hi', { batch: 0 }), { option: 'batch', says: [/batch = 0/] });
    expectError(() => lab.embed('hi', { dIn: 2 ** 21 }), { option: 'dIn', says: [/1048576/] });
  });

  // Unknown embed() keys are rejected, as forward() rejects unknown options.
  test('embed rejects unknown options', () => {
    expectError(() => lab.embed('hi', { d_in: 4 }), {
      option: 'd_in',
      says: [/unknown option 'd_in'/, /dIn, seed, batch/],
    });
  });
});

describe('disposed models', () => {
  test('using a disposed model throws; dispose() twice is harmless', () => {
    const model = lab.createModel(BASE);
    model.dispose();
    model.dispose();
    expectError(() => model.forward(INPUTS), {
      option: 'model',
      kind: 'Error',
      says: [/disposed/, /createModel/],
    });
    expectError(() => model.stateDict(), { option: 'model', says: [/disposed/] });
    assert.equal(model.options.dIn, 3, 'options stay readable');
  });
});
