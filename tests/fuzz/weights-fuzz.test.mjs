// A short run of the weights-file fuzzer (weights-fuzz.mjs) for the test suite: a fixed seed,
// 1,000 damaged files through lab.loadWeights (and a few through the CLI's --weights FILE), and no
// failure, hang or crash allowed. Also checks that the fuzzer is deterministic and that its
// damage is real: unsealed changes and non-finite weights are among the calls, marked as files
// that must be refused. WEIGHTS_FUZZ_CALLS changes the number of calls.
// Run: node --test tests/fuzz/   (needs dist/: scripts/build.sh wasm && scripts/build.sh dist)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatSummary, runWeightsFuzz } from './weights-fuzz.mjs';
import { mutateFile, rng } from './weights-mutations.mjs';

const SEED = 20261203;
const CALLS = Number(process.env.WEIGHTS_FUZZ_CALLS ?? 1000);

test('the weights fuzzer makes the same file for the same seed and index, and damages it', () => {
  const base = Uint8Array.from({ length: 2000 }, (_, i) => (i * 7) & 0xff);
  base.set(new TextEncoder().encode('ATLM'));
  // V 8, d 4, h 2, context 16, int8 rows, 20 bytes of facts: enough layout for every damage.
  [1, 2000, 0, 8, 4, 2, 16, 1, 20].forEach((v, k) =>
    new DataView(base.buffer).setUint32(4 + 4 * k, v, true),
  );
  const bases = { shipped: base, int8: base, float32: base };
  const rules = new Set();
  for (let i = 0; i < 400; ++i) {
    const a = mutateFile(rng(SEED, i), bases);
    const b = mutateFile(rng(SEED, i), bases);
    assert.equal(a.what, b.what, `call ${i}`);
    assert.deepEqual(a.input, b.input, `call ${i}`);
    rules.add(a.mustRefuse);
  }
  for (const rule of ['corrupt', 'nonfinite', null]) assert.ok(rules.has(rule), `no ${rule} call`);
});

test(
  `${CALLS} damaged weights files: refused clearly or explained finitely, no hang or crash`,
  { timeout: 15 * 60 * 1000 },
  async () => {
    const summary = await runWeightsFuzz({ calls: CALLS, seed: SEED });
    const report = formatSummary(summary);
    console.log(report.split('\n')[0]);
    assert.equal(summary.calls, CALLS, 'every call ran');
    assert.ok(summary.ok, report);
  },
);
