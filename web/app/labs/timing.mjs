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
 * Finds how many repeats make `fn`'s batch span `neededSpan(resolution)` on `clock`, doubling (or
 * jumping by the measured shortfall) between batches, and awaiting `pause()` after each so the
 * page keeps drawing. Gives up when one batch would take longer than `batchBudgetMs` of real time
 * or the whole search longer than `budgetMs`: then { resolved: false }.
 */
export async function calibrate(
  fn,
  { clock, resolution, pause, budgetMs = 1500, batchBudgetMs = 250 },
) {
  const target = neededSpan(resolution);
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
    const factor = batch.span > 0 ? Math.min(16, Math.ceil((1.2 * target) / batch.span)) : 2;
    const nextReal = realSpan * factor || realSpan * 2;
    if (nextReal > batchBudgetMs || realClock() - began > budgetMs) {
      return { resolved: false, ...batch };
    }
    repeats *= Math.max(2, factor);
  }
}

/**
 * A resolved time: `samples` batches of the calibrated repeats, each its own span on the clock.
 * { resolved, msPerCall (the median), low, high (the fastest and slowest batch), relError (what one
 * tick can hide in the shortest batch), repeats, spans } or { resolved: false, … }.
 */
export async function measure(fn, { clock, resolution, pause, samples = 3, ...budgets }) {
  const found = await calibrate(fn, { clock, resolution, pause, ...budgets });
  if (!found.resolved) return { resolved: false, repeats: found.repeats, spans: [found.span] };
  const spans = [found.span];
  for (let i = 1; i < samples; ++i) {
    spans.push(timeBatch(fn, found.repeats, clock).span);
    await pause();
  }
  const perCall = spans.map((s) => s / found.repeats).sort((a, b) => a - b);
  const shortest = Math.min(...spans);
  if (shortest < neededSpan(resolution)) {
    // A later batch ran faster and fell under the needed span: not resolved after all.
    return { resolved: false, repeats: found.repeats, spans };
  }
  return {
    resolved: true,
    msPerCall: perCall[Math.floor(perCall.length / 2)],
    low: perCall[0],
    high: perCall[perCall.length - 1],
    relError: resolution / shortest,
    repeats: found.repeats,
    spans,
  };
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
  const ms = t.msPerCall;
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}
