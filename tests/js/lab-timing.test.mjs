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
  RUNS,
} from '../../web/app/labs/loop-vs-fused/timing.mjs';
import { compareForms, verdictText } from '../../web/app/labs/loop-vs-fused/verdict.mjs';

const pause = async () => {};
// The search's real-time budgets out of the way where a simulated clock is timed: on a busy machine
// this process can wait longer than they allow between two batches (a tiny first batch that loses
// 16 ms to the scheduler already exceeds the batch budget once grown 16-fold), which says nothing
// about the simulated clock. The tests of the budgets themselves set their own.
const patient = { budgetMs: 600_000, batchBudgetMs: 600_000 };

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
    { clock: timer.clock, resolution: 1, pause, ...patient },
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
  const t = await measureTogether(fns, { clock, resolution: 0.005, pause, ...patient });
  assert.equal(t.fast.resolved && t.slow.resolved, true);
  assert.equal(t.fast.spans.length, RUNS);
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

// A simulated machine: `now` is the clock the lab reads; each call advances it by its cost times
// the machine's load, which another process changes every 50 ms of simulated time (factor 1 to 2,
// from a seeded generator), as a busy machine does to whatever runs on it.
function simulatedMachine({ load }) {
  let t = 0;
  let seed = 12345;
  const factors = new Map();
  const factorAt = (phase) => {
    if (!factors.has(phase)) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      factors.set(phase, 1 + load * (seed / 2 ** 31));
    }
    return factors.get(phase);
  };
  return {
    now: () => Math.floor(t / 0.005) * 0.005, // 5 µs ticks, as a browser's coarsened clock
    work: (ms) => () => (t += ms * factorAt(Math.floor(t / 50))),
  };
}

test('interleaved runs: each form gets a median and its min–max range over the same runs', async () => {
  const machine = simulatedMachine({ load: 0 });
  const fns = { fused: machine.work(0.2), loop: machine.work(0.6) };
  const t = await measureTogether(fns, {
    clock: machine.now,
    resolution: 0.005,
    pause,
    ...patient,
  });
  for (const form of ['fused', 'loop']) {
    assert.equal(t[form].resolved, true);
    assert.equal(t[form].spans.length, RUNS, `${form}: one batch per run`);
    assert.ok(t[form].low <= t[form].msPerCall && t[form].msPerCall <= t[form].high);
  }
});

test('a noisy machine (overlapping ranges): no verdict, and the reason says why', async () => {
  const machine = simulatedMachine({ load: 1 });
  const fns = { fused: machine.work(0.2), loop: machine.work(0.22) };
  const t = await measureTogether(fns, {
    clock: machine.now,
    resolution: 0.005,
    pause,
    ...patient,
  });
  assert.ok(t.loop.low < t.fused.high && t.fused.low < t.loop.high, 'the ranges overlap');
  const v = compareForms(t.loop, t.fused, 0.005);
  assert.equal(v.kind, 'overlap');
  assert.equal(v.ratio, undefined, 'no ratio is offered');
  assert.match(v.reason, /overlap/);
  assert.match(v.reason, /other work on this machine/);
  assert.match(v.reason, /performance\.now\(\)/);
  assert.doesNotMatch(verdictText(v, 'the core loop'), /faster|\d×/);
  assert.match(verdictText(v, 'the core loop'), /too noisy to tell/);
});

test('a clean machine (separate ranges): the verdict is the ratio of the medians', async () => {
  const machine = simulatedMachine({ load: 0 });
  const fns = { fused: machine.work(0.2), loop: machine.work(0.6) };
  const t = await measureTogether(fns, {
    clock: machine.now,
    resolution: 0.005,
    pause,
    ...patient,
  });
  const v = compareForms(t.loop, t.fused, 0.005);
  assert.equal(v.kind, 'separate');
  assert.equal(v.faster, 'fused');
  assert.equal(v.ratio, t.loop.msPerCall / t.fused.msPerCall);
  assert.equal(verdictText(v, 'the core loop'), 'the fused form is 3.00× faster');
  // And the other way round: the faster form is named, never inferred from the order.
  const back = compareForms(t.fused, t.loop, 0.005);
  assert.equal(back.faster, 'other');
  assert.equal(verdictText(back, 'the core loop'), 'the core loop is 3.00× faster');
});

test('an unresolved time gives no verdict either, and says the clock is why', () => {
  const v = compareForms({ resolved: false }, { resolved: true, msPerCall: 1 }, 1000);
  assert.equal(v.kind, 'unresolved');
  assert.match(v.reason, /clock/);
});
