// Honest timing for the loop-vs-fused lab: how fine the clock is, and a measurement that repeats a
// call until the time it reads spans many clock ticks. A time that could not be made to span
// enough ticks within its budget is reported as unresolved, never as a number (and so never as a
// ratio of 0.00×). The clock is a parameter, so a test can hand in a deliberately coarse one.

/** How many ticks a measured span must cover: the tick then costs at most 1% of the reading. */
export const MIN_TICKS = 100;
/** Below this a span is short enough for scheduler noise to dominate, whatever the clock. */
export const MIN_SPAN_MS = 20;

/** The browser's (or Node's) clock in milliseconds. */
export const systemClock = () => performance.now();

/** `clock` rounded down to multiples of `tickMs`: the page's "coarser clock" control. */
export function coarsenClock(clock, tickMs) {
  if (!(tickMs > 0)) return clock;
  return () => Math.floor(clock() / tickMs) * tickMs;
}

/**
 * The clock's resolution in ms: the smallest step between two successive different readings, over
 * a bounded number of readings. Infinity when the clock did not move twice (too coarse to tell).
 */
export function clockResolution(clock, { readings = 200000, steps = 20 } = {}) {
  let last = clock();
  let seen = 0;
  let smallest = Infinity;
  for (let i = 0; i < readings && seen < steps; ++i) {
    const now = clock();
    if (now !== last) {
      // The first change only marks the start of a tick; every later one spans whole ticks.
      if (seen > 0) smallest = Math.min(smallest, now - last);
      ++seen;
      last = now;
    }
  }
  return smallest;
}

/** The span a measurement must reach to count as resolved at this resolution. */
export const neededSpan = (resolution) => Math.max(MIN_TICKS * resolution, MIN_SPAN_MS);

const realClock = () => performance.now();

/**
 * Times `repeats` calls of `fn` with `clock`: { span, repeats }. One synchronous batch: the caller
 * yields to the page between batches.
 */
export function timeBatch(fn, repeats, clock) {
  const start = clock();
  for (let i = 0; i < repeats; ++i) fn();
  return { span: clock() - start, repeats };
}

/**
 * Finds how many repeats make `fn`'s batch span `target` ms on `clock`, growing the count between
 * batches and awaiting `pause()` after each so the page keeps drawing. Gives up when the next batch
 * would take longer than `batchBudgetMs` of real time or the search longer than `budgetMs` (real
 * time: a coarse clock must not make the search run forever): then { resolved: false }.
 */
export async function calibrate(
  fn,
  { clock, target, pause, budgetMs = 1500, batchBudgetMs = 250 },
) {
  if (!Number.isFinite(target)) return { resolved: false, repeats: 0, span: 0 };
  const began = realClock();
  let repeats = 1;
  for (;;) {
    const realStart = realClock();
    const batch = timeBatch(fn, repeats, clock);
    const realSpan = realClock() - realStart;
    await pause();
    if (batch.span >= target) return { resolved: true, ...batch };
    // Grow towards the target; from a reading of 0 ticks all we know is "more", so double.
    const factor =
      batch.span > 0 ? Math.min(16, Math.max(2, Math.ceil((1.2 * target) / batch.span))) : 2;
    if (realSpan * factor > batchBudgetMs || realClock() - began > budgetMs) {
      return { resolved: false, ...batch };
    }
    repeats *= factor;
  }
}

/** Interleaved runs per form: enough for a median and a range that mean something. */
export const RUNS = 7;

// Runs `runs` rounds of one batch per function, the order reversed every other round (A B C,
// C B A, …), so that a change in the machine's load falls on all of them alike and no form always
// goes first. A batch shorter than `needed` is left out and its function's repeats doubled.
async function interleave(state, { clock, needed, pause, runs }) {
  const order = Object.values(state).filter((s) => s.resolved);
  for (let round = 0; round < runs; ++round)
    for (const s of round % 2 ? [...order].reverse() : order) {
      const { span } = timeBatch(s.fn, s.repeats, clock);
      await pause();
      if (span >= needed) s.batches.push({ span, perCall: span / s.repeats });
      else {
        s.short.push(span);
        s.repeats *= 2;
      }
    }
}

/**
 * Several functions timed together: each is calibrated on its own (not counted), then `runs`
 * interleaved rounds time one batch of each. A function with fewer than half its runs kept is
 * unresolved. `clock` is the `now()` read (a test hands in a simulated one).
 * Returns { key: { resolved: true, msPerCall (the median run), low, high (the fastest and slowest
 * run: the range is min–max), relError (what one tick can hide in the shortest batch), repeats,
 * spans } or { resolved: false, repeats, spans } }.
 */
export async function measureTogether(
  fns,
  { clock, resolution, pause, runs = RUNS, budgetMs = 1500, batchBudgetMs = 250 },
) {
  const needed = neededSpan(resolution);
  const state = {};
  for (const [key, fn] of Object.entries(fns)) {
    const target = 2 * needed;
    const found = await calibrate(fn, { clock, target, pause, budgetMs, batchBudgetMs });
    const short = found.resolved ? [] : [found.span];
    state[key] = { fn, repeats: found.repeats, resolved: found.resolved, batches: [], short };
  }
  await interleave(state, { clock, needed, pause, runs });
  const out = {};
  for (const [key, s] of Object.entries(state)) {
    if (!s.resolved || s.batches.length < Math.ceil(runs / 2)) {
      out[key] = { resolved: false, repeats: s.repeats, spans: s.short };
      continue;
    }
    const perCall = s.batches.map((b) => b.perCall).sort((a, b) => a - b);
    const spans = s.batches.map((b) => b.span);
    out[key] = {
      resolved: true,
      msPerCall: perCall[Math.floor(perCall.length / 2)],
      low: perCall[0],
      high: perCall[perCall.length - 1],
      relError: resolution / Math.min(...spans),
      repeats: s.repeats,
      spans,
    };
  }
  return out;
}

/**
 * a ÷ b as text with the digits the clock supports, or null when either time is unresolved (the
 * page then says so instead of printing a number). The quantisation error of a ratio is at most
 * the sum of both relative errors.
 */
export function ratioText(a, b) {
  if (!a?.resolved || !b?.resolved || !(b.msPerCall > 0)) return null;
  const ratio = a.msPerCall / b.msPerCall;
  const error = a.relError + b.relError;
  const digits = Math.min(3, Math.max(1, Math.floor(-Math.log10(error)) + 1));
  return `${ratio.toPrecision(digits)}×`;
}

/** Milliseconds for people: 3 significant digits (µs below 1 ms), or null when unresolved. */
export function timeText(t) {
  if (!t?.resolved) return null;
  return durationText(t.msPerCall);
}

/** 3 significant digits in µs, ms or s. */
export function durationText(ms) {
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}

/**
 * The fixed cost per call: (t_calls − t_loop) / heads. { ms } when the difference stands out of
 * what the clock and the spread of the batches can hide; { unresolved: true } when a time is not
 * resolved; { noise: true } when the difference is within the noise.
 */
export function perCallCost(calls, loop, heads) {
  if (!calls?.resolved || !loop?.resolved) return { unresolved: true };
  const diff = calls.msPerCall - loop.msPerCall;
  const spread = (t) => (t.high - t.low) / 2 + t.relError * t.msPerCall;
  return diff > spread(calls) + spread(loop) ? { ms: diff / heads } : { noise: true };
}
