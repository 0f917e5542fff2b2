// The loop-vs-fused lab's timing (web/app/labs/loop-vs-fused/timing.mjs) with clocks handed in: a
// fake clock that ticks in known steps, and one too coarse to resolve anything. A time is reported
// only when its batches span at least 100 ticks; otherwise it is unresolved, and so is any ratio
// with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clockResolution,
  coarsenClock,
  measureTogether,
  ratioText,
  timeText,
  perCallCost,
  neededSpan,
  MIN_TICKS,
} from '../../web/app/labs/loop-vs-fused/timing.mjs';

const pause = async () => {};

// A clock that advances by `perCall` ms each time `work` runs, read in ticks of `tick` ms.
function fakeTimer(perCall, tick) {
  let now = 0;
  return {
    clock: () => Math.floor(now / tick) * tick,
    work: () => (now += perCall),
  };
}

test('clockResolution finds the tick of a coarsened clock, Infinity for a clock that never moves', () => {
  let t = 0;
  const fine = () => (t += 0.001);
  assert.equal(clockResolution(coarsenClock(fine, 0.1)).toFixed(6), '0.100000');
  assert.equal(
    clockResolution(() => 42),
    Infinity,
  );
});

test('a call is repeated until its batches span 100 ticks; the time is then exact to a tick', async () => {
  const timer = fakeTimer(0.013, 1);
  const { work: t } = await measureTogether(
    { work: timer.work },
    { clock: timer.clock, resolution: 1, pause },
  );
  assert.equal(t.resolved, true);
  for (const span of t.spans) assert.ok(span >= neededSpan(1), `span ${span}`);
  assert.ok(Math.abs(t.msPerCall - 0.013) / 0.013 <= t.relError + 1e-12);
  assert.ok(t.relError <= 1 / MIN_TICKS);
  assert.match(timeText(t), /^1[23]\.\d µs$/);
});

test('a clock too coarse for the budget gives unresolved times, never a number or a ratio', async () => {
  const timer = fakeTimer(0.0001, 1000);
  const { work: a } = await measureTogether(
    { work: timer.work },
    { clock: timer.clock, resolution: 1000, pause, budgetMs: 50 },
  );
  const { work: b } = await measureTogether(
    { work: timer.work },
    { clock: timer.clock, resolution: Infinity, pause },
  );
  assert.equal(a.resolved, false);
  assert.equal(b.resolved, false);
  assert.equal(timeText(a), null);
  assert.equal(ratioText(a, b), null);
  assert.deepEqual(perCallCost(a, b, 4000), { unresolved: true });
});

test('ratios carry only the digits the clock supports, and never read 0.00×', () => {
  const t = (ms, relError) => ({ resolved: true, msPerCall: ms, low: ms, high: ms, relError });
  assert.equal(ratioText(t(1, 0.01), t(3, 0.01)), '0.33×'); // 2 % → 2 digits
  assert.equal(ratioText(t(1, 0.0001), t(3, 0.0001)), '0.333×');
  assert.equal(ratioText(t(0.00001, 0.01), t(100, 0.01)), '1.0e-7×');
  assert.deepEqual(perCallCost(t(5, 0.001), t(1, 0.001), 400), { ms: 0.01 });
  assert.deepEqual(perCallCost(t(1.001, 0.01), t(1, 0.01), 2), { noise: true });
});

test('measureTogether times functions in turn; their ratio is exact to the clock, a coarse clock resolves none', async () => {
  let now = 0;
  const clock = () => Math.floor(now / 0.005) * 0.005; // 5 µs ticks
  const fns = { fast: () => (now += 0.002), slow: () => (now += 0.006) };
  const t = await measureTogether(fns, { clock, resolution: 0.005, pause });
  assert.equal(t.fast.resolved && t.slow.resolved, true);
  assert.equal(t.fast.spans.length, 5);
  assert.equal(ratioText(t.slow, t.fast), '3.00×');
  let later = 0;
  const coarse = () => Math.floor(later / 1000) * 1000;
  const none = await measureTogether(
    { a: () => (later += 0.001), b: () => (later += 0.002) },
    { clock: coarse, resolution: 1000, pause, budgetMs: 50 },
  );
  assert.deepEqual([none.a.resolved, none.b.resolved], [false, false]);
  assert.equal(ratioText(none.a, none.b), null);
});
