// Regression tests for the adversarial audit (issue: hardening). Each test is one defect that
// the audit reached through the public API: it corrupted memory, leaked data, hung or crashed.
// After every refusal the lab must still give the known-good bits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createAttentionLab,
  AttentionLabError,
  MAX_SENTENCE_CHARS,
  LIMITS,
} from '../../dist/index.mjs';

const INDEX = fileURLToPath(new URL('../../dist/index.mjs', import.meta.url));
const lab = await createAttentionLab();

const GOOD = Object.freeze({
  inputs: Array.from({ length: 18 }, (_, i) => (i % 7) / 7),
  dIn: 3,
  dOut: 2,
  heads: 2,
});
const GOOD_BITS = lab.forward(GOOD).output.data.slice();

function stillGood(which = lab) {
  const out = which.forward(GOOD).output.data;
  assert.deepEqual(Array.from(out), Array.from(GOOD_BITS), 'the known-good call changed its bits');
}

function refuses(fn, { option, kind, says }) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(
    error instanceof AttentionLabError,
    `expected an AttentionLabError, got ${error?.stack ?? error}`,
  );
  if (option !== undefined) assert.equal(error.option, option, error.message);
  if (kind !== undefined) assert.equal(error.kind, kind, error.message);
  if (says !== undefined) assert.match(error.message, says);
  stillGood();
  return error;
}

// Runs a script in a fresh Node process (a hang cannot stall this file), with a time limit.
function runIsolated(source, { timeout = 30_000 } = {}) {
  const script = `import * as api from ${JSON.stringify(INDEX)};\n${source}`;
  return spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout,
  });
}

test('1. in-range sizes whose product overflows int are refused before anything is allocated', () => {
  refuses(
    () => lab.forward({ inputs: [1], dIn: 1, module: 'wrapper', heads: 65536, dOut: 65536 }),
    {
      option: 'heads',
      says: /heads × dOut = 65536 × 65536 = 4294967296/,
    },
  );
  // The audit's fuzz run died later of a RuntimeError no try could catch; many calls in a row now.
  for (let i = 0; i < 50; ++i) {
    assert.throws(
      () => lab.forward({ inputs: [1], dIn: 1, module: 'wrapper', heads: 4096 + i, dOut: 65536 }),
      AttentionLabError,
    );
  }
  stillGood();
});

test("2. mha's D·D is checked even without a trace", () => {
  refuses(() => lab.forward({ inputs: [1], dIn: 1, dOut: 65536, trace: false }), {
    option: 'dOut',
    kind: 'MemoryError',
    says: /out_proj's weight \(D·D\) would hold 4294967296 values/,
  });
});

test('3. (B,h,T,T) is limited without a trace too: naive masking and training dropout', () => {
  const inputs = new Float32Array(65536);
  refuses(() => lab.forward({ inputs, dIn: 1, trace: false, masking: 'naive' }), {
    option: 'trace',
    kind: 'MemoryError',
  });
  refuses(() => lab.forward({ inputs, dIn: 1, trace: false, training: true, dropout: 0.1 }), {
    option: 'trace',
    kind: 'MemoryError',
  });
});

test('4. numbers that do not fit the core are refused, never wrapped', () => {
  const inputs = Array.from({ length: 6 }, (_, i) => i / 6);
  refuses(() => lab.forward({ inputs, dIn: 3, dOut: 2 ** 32 + 2 }), {
    option: 'dOut',
    says: /dOut = 4294967298: .* from 1 to 1048576/,
  });
  refuses(() => lab.forward({ inputs, dIn: 3, heads: 2 ** 32 + 1 }), {
    option: 'heads',
    says: /heads = 4294967297/,
  });
  refuses(() => lab.createModel({ tokens: 2, dIn: 2 ** 32 + 3 }), {
    option: 'dIn',
    says: /dIn = 4294967299/,
  });
  refuses(() => lab.createModel({ tokens: 2, dIn: 3, seed: -1 }), { option: 'seed' });
  refuses(() => lab.embed('hi', { dIn: 2 ** 32 + 3 }), { option: 'dIn' });
  refuses(() => lab.headExperiment({ heads: [2 ** 32 + 1] }), { option: 'heads' });
});

test('5. terminate(), then dispose() or garbage collection, never hangs (threaded build)', () => {
  const result = runIsolated(`
    const lab = await api.createAttentionLab({ threads: 2 });
    const shape = { tokens: 64, dIn: 32, dOut: 32, heads: 4, trace: false };
    const model = lab.createModel(shape);
    const other = lab.createModel(shape);
    model.forward(new Float32Array(64 * 32));
    lab.terminate();
    lab.terminate();
    let refused = '';
    try { model.forward(new Float32Array(64 * 32)); } catch (e) { refused = e.name + ': ' + e.message; }
    model.dispose();
    globalThis.gc(); // 'other' is collected: its finalizer frees it
    await new Promise((r) => setTimeout(r, 200));
    globalThis.gc();
    console.log('done', refused);
  `);
  assert.equal(result.error, undefined, `the process did not finish: ${result.error}`);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /done AttentionLabError: the lab of this model was terminated/);
});

test('6. a result owns its memory: transferring one never touches another', () => {
  const a = lab.forward(GOOD).output.data;
  const b = lab.forward(GOOD).output.data;
  assert.equal(a.buffer.byteLength, a.byteLength, 'a result is a view into a shared buffer');
  structuredClone(a, { transfer: [a.buffer] });
  assert.equal(a.length, 0); // transferred away
  assert.deepEqual(Array.from(b), Array.from(GOOD_BITS));
  stillGood(); // and small results still work afterwards
  const model = lab.createModel({ ...GOOD, trace: true });
  const { trace } = model.forward(GOOD.inputs);
  for (const [name, t] of Object.entries(trace))
    assert.equal(t.data.buffer.byteLength, t.data.byteLength, name);
  model.dispose();
});

test('7. failed calls leave no Embind handle and no WASM memory behind', () => {
  const failing = [
    () => lab.forward({ ...GOOD, heads: 3 }), // the core's rule
    () => lab.forward({ ...GOOD, inputs: GOOD.inputs.map((v, i) => (i === 4 ? NaN : v)) }), // NaN input
    () => lab.forward({ ...GOOD, dOut: 2 ** 32 + 2 }),
    () => lab.forward({ ...GOOD, weights: { 'W_query.weight': [1] } }),
    () => lab.forward({ ...GOOD, module: 'gpt' }),
    () => lab.headExperiment({ heads: [0] }),
    () => lab.embed('hi', { dIn: 0 }),
  ];
  for (const call of failing) assert.throws(call, AttentionLabError); // warm up every path once
  const before = lab.diagnostics();
  for (let i = 0; i < 300; ++i) for (const call of failing) assert.throws(call, AttentionLabError);
  const model = lab.createModel(GOOD);
  for (let i = 0; i < 300; ++i)
    assert.throws(() => model.forward(GOOD.inputs.map(() => NaN)), AttentionLabError);
  model.dispose();
  const after = lab.diagnostics();
  assert.equal(after.handles, before.handles, 'Embind handles leaked');
  assert.equal(after.heapBytesInUse, before.heapBytesInUse, 'WASM heap bytes leaked');
  stillGood();
});

test('8. special-token text is ordinary text everywhere a sentence enters', () => {
  const tokens = lab.tokenize('hello <|endoftext|> world');
  assert.ok(tokens.length > 3);
  assert.ok(
    tokens.every((t) => t.id !== 50256),
    'the text became the end-of-text token',
  );
  assert.equal(tokens.map((t) => t.text).join(''), 'hello <|endoftext|> world');
  const { inputs, shape } = lab.embed('<|endoftext|>', { dIn: 4 });
  assert.equal(inputs.length, shape[1] * 4);
});

test('9. a very long sentence is refused before it is tokenised', () => {
  const long = 'a'.repeat(100_000);
  refuses(() => lab.tokenize(long), {
    option: 'sentence',
    kind: 'InputError',
    says: new RegExp(`at most ${MAX_SENTENCE_CHARS}`),
  });
  refuses(() => lab.embed('語'.repeat(MAX_SENTENCE_CHARS + 1)), { option: 'sentence' });
  assert.ok(lab.tokenize('語'.repeat(MAX_SENTENCE_CHARS)).length > 0);
});

test('10. embed() bounds batch before it allocates', () => {
  refuses(() => lab.embed('hi', { batch: 1e9 }), { option: 'batch' });
  refuses(() => lab.embed('hi there', { batch: 1 << 20, dIn: 1024 }), {
    option: 'batch',
    kind: 'MemoryError',
  });
});

test('10. embed() makes at most maxEmbedValues, refused before any work', () => {
  // 256 tokens × dIn 1048576 is one tensor's 2^28 values: it used to run for a minute on a busy
  // 2-core machine (the long fuzz run's hang at 13 tokens × 1048576 under load led here).
  assert.equal(LIMITS.maxEmbedValues, 2 ** 24);
  const sentence = 'a '.repeat(256).trim();
  const t0 = performance.now();
  refuses(() => lab.embed(sentence, { dIn: 1048576 }), { option: 'batch', kind: 'MemoryError' });
  assert.ok(performance.now() - t0 < 5000, 'refused before any embedding was made');
  // GPT-3's width for 1,024 tokens still fits: 12,288 × 1,024 = 12,582,912 values.
  assert.equal(12288 * 1024 <= LIMITS.maxEmbedValues, true);
  assert.deepEqual(lab.embed('a b', { dIn: 12288 }).shape, [1, 2, 12288]);
});

test('11. a model disposed by its own input getter during forward() fails clearly', () => {
  const model = lab.createModel(GOOD);
  const inputs = new Proxy(GOOD.inputs.slice(), {
    get(target, key) {
      if (key === '5') model.dispose();
      return Reflect.get(target, key);
    },
  });
  refuses(() => model.forward(inputs), { option: 'model', says: /disposed/ });
  const other = lab.createModel(GOOD);
  const terminating = new Proxy(
    { ...GOOD },
    {
      get(target, key) {
        if (key === 'dOut') other.dispose();
        return Reflect.get(target, key);
      },
    },
  );
  assert.ok(lab.forward(terminating).output.data.length > 0); // another model's disposal is harmless
  // An options object whose getter throws: the caller's own error, untouched.
  const marker = new Error('marker');
  assert.throws(
    () =>
      lab.forward(
        new Proxy(
          { ...GOOD },
          {
            get() {
              throw marker;
            },
          },
        ),
      ),
    (e) => e === marker,
  );
  stillGood();
});

test('13. smaller: prototype keys, "__proto__" weights, huge allocations, bad experiment options, work limit', () => {
  Object.defineProperty(Object.prototype, 'pollution', {
    value: 1,
    enumerable: true,
    configurable: true,
  });
  try {
    stillGood();
    assert.equal(lab.createModel(GOOD).forward(GOOD.inputs).output.data.length, 12);
  } finally {
    delete Object.prototype.pollution;
  }
  const state = lab.createModel(GOOD).stateDict();
  const weights = JSON.parse(
    `{"__proto__": [1, 2], ${Object.entries(state)
      .map(([k, v]) => `"${k}": [${Array.from(v.data)}]`)
      .join(', ')}}`,
  );
  refuses(() => lab.forward({ ...GOOD, weights }), {
    option: 'weights',
    says: /unexpected key '__proto__'/,
  });
  // Was: message "vector", kind Error, no option.
  refuses(() => lab.createModel({ tokens: 1 << 20, dIn: 1024, trace: false }), {
    option: 'tokens',
    kind: 'MemoryError',
  });
  refuses(() => lab.headExperiment(null), { option: 'options' });
  refuses(() => lab.headExperiment({ heds: [2] }), {
    option: 'heds',
    says: /unknown option 'heds'/,
  });
  refuses(() => lab.createModel({ tokens: 1 << 20, dIn: 1, trace: false }), {
    option: 'maxFlops',
    kind: 'WorkError',
    says: /pass a larger maxFlops/,
  });
  // Found by the API fuzzer's long run: ~1 GFLOP, but 2 million attentions of 6 tokens ran for
  // minutes. Each attention's set-up now counts as work.
  refuses(() => lab.headExperiment({ heads: [2], repeats: 1, batch: 1048576 }), {
    option: 'heads',
    kind: 'WorkError',
  });
  refuses(
    () =>
      lab.createModel({
        module: 'wrapper',
        batch: 1048576,
        heads: 8,
        dOut: 1,
        tokens: 1,
        dIn: 1,
        trace: false,
      }),
    {
      option: 'maxFlops',
      kind: 'WorkError',
    },
  );
});

// The command line (items 8, 10 and 13): exit codes, messages, and nothing from a file or a token
// reaches the terminal raw.
const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url));
function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.error, undefined, `the CLI did not finish: ${r.error}`);
  assert.doesNotMatch(r.stderr, /^\s+at /m, `a stack trace: ${r.stderr}`);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('CLI: bad sizes are refused quickly with exit code 1 and the option named', () => {
  let r = cli(['explain', 'hi', '--batch', '1000000000']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /batch = 1000000000/);
  r = cli(['explain', 'hi', '--heads', '4294967298']);
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /heads = 4294967298: the number of heads h must be an integer from 1 to 1048576/,
  );
});

test('CLI: special-token text is a sentence like any other', () => {
  const r = cli(['explain', 'a <|endoftext|> b', '--stage', 'output']);
  assert.equal(r.code, 0, r.stderr);
});

test('CLI: a config file that is not JSON is named, its contents are not echoed', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(`${tmpdir()}/attention-lab-hardening-`);
  try {
    const secret = `${dir}/secret.txt`;
    writeFileSync(secret, 'TOPSECRET password=hunter2\n');
    let r = cli(['forward', '--config', secret]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /secret\.txt' is not valid JSON/);
    assert.doesNotMatch(r.stderr, /TOPSECRET|hunter2/);
    r = cli(['forward', '--config', `${dir}/missing.json`]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read the config file '.*missing\.json': ENOENT/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('CLI: control characters in a sentence never reach the terminal raw', () => {
  const r = cli(['explain', 'red\u001b[31malert\u0007 bell', '--stage', 'inputs']);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.match(r.stdout, /\\u001b/);
});
