// A short run of the API fuzzer (api-fuzz.mjs) for the test suite: a fixed seed, 2,000 calls on each
// WASM build, and no failure, hang or crash allowed. Also checks that the fuzzer is deterministic
// (the same seed gives the same calls), which every reproduction line it prints relies on.
// Run: node --test tests/fuzz/   (needs dist/: scripts/build.sh wasm && scripts/build.sh dist)
// API_FUZZ_CALLS changes the number of calls; API_FUZZ_PACKAGE fuzzes another copy of dist/index.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runFuzz, formatSummary, generateCall } from './api-fuzz.mjs';

const SEED = 20261130;
const CALLS = Number(process.env.API_FUZZ_CALLS ?? 2000);

test('the same seed gives the same sequence of calls', () => {
  for (let index = 0; index < 500; ++index) {
    assert.equal(generateCall(SEED, index).text, generateCall(SEED, index).text, `call ${index}`);
  }
  const texts = new Set(Array.from({ length: 50 }, (_, i) => generateCall(SEED, i).text));
  assert.ok(texts.size > 40, 'calls differ from one index to the next');
});

for (const build of ['single', 'threads']) {
  test(
    `${CALLS} fuzzed API calls on the ${build} build: no failures, hangs or crashes`,
    { timeout: 15 * 60 * 1000 },
    async () => {
      const summary = await runFuzz({
        calls: CALLS,
        seed: SEED,
        build,
        package: process.env.API_FUZZ_PACKAGE,
      });
      const report = formatSummary(summary);
      console.log(report.split('\n')[0]);
      const stats = summary.builds[build];
      assert.equal(
        stats.calls + stats.hangs.length + stats.crashes.length,
        CALLS,
        'every call ran, or hung, or crashed',
      );
      assert.ok(summary.ok, report);
    },
  );
}
