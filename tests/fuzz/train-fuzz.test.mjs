// A short run of the training fuzzer (train-fuzz.mjs) for the test suite: a fixed seed, 2,000
// tiny training calls on hostile text and absurd options with aborts at random moments, and no
// failure allowed. TRAIN_FUZZ_CALLS changes the number of calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatSummary, runTrainFuzz } from './train-fuzz.mjs';

const CALLS = Number(process.env.TRAIN_FUZZ_CALLS ?? 2000);

test(
  `${CALLS} fuzzed training calls: a file, a named refusal or an AbortError, nothing else`,
  { timeout: 15 * 60 * 1000 },
  async () => {
    const summary = await runTrainFuzz({ calls: CALLS, seed: 20261203 });
    const report = formatSummary(summary);
    console.log(report.split('\n')[0]);
    assert.equal(summary.calls, CALLS);
    assert.ok(summary.ok, report);
  },
);
