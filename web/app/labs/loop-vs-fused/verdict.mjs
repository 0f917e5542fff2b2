// The loop-vs-fused lab's verdicts: which form is faster, said only when the two forms' ranges of
// interleaved runs do not overlap. When they overlap, the difference of the medians is within what
// this machine's noise (other work on it, the clock's coarse tick) can make up, so the lab says it
// cannot tell, with the numbers that show why, rather than print a ratio that a second run would
// contradict.
import { durationText, ratioText } from './timing.mjs';

export const UNRESOLVED = 'not resolvable at this clock';
export const TOO_NOISY = 'too noisy to tell';

// What the clock's tick can hide in one run's time per call: a tick over the batch's repeats.
const tickPerCall = (t, resolution) => resolution / t.repeats;
const bounds = (t, resolution) => ({
  low: t.low - tickPerCall(t, resolution),
  high: t.high + tickPerCall(t, resolution),
});
const range = (t) => `${durationText(t.low)} to ${durationText(t.high)}`;
const percent = (x) => `${+(100 * x).toPrecision(2)} %`;

function unresolvedReason(resolution) {
  return Number.isFinite(resolution)
    ? `the clock ticks every ${durationText(resolution)} (browsers coarsen performance.now()), too coarse to time this form within the time allowed`
    : 'the clock did not tick twice while it was watched (browsers coarsen performance.now())';
}

function overlapReason(other, fused, resolution, name) {
  const spread = Math.max(...[other, fused].map((t) => (t.high - t.low) / t.msPerCall));
  const gap = Math.abs(other.msPerCall - fused.msPerCall) / fused.msPerCall;
  const tick = Math.max(...[other, fused].map((t) => tickPerCall(t, resolution) / t.msPerCall));
  return (
    `the two forms’ runs overlap (${name} ${range(other)}, fused ${range(fused)}: the fastest ` +
    `and slowest of ${other.spans.length} interleaved runs). Their medians differ by ` +
    `${percent(gap)}, while one form’s runs spread by up to ${percent(spread)}: other work on ` +
    'this machine (other tabs and programs, the garbage collector, the processor changing its ' +
    `speed) makes that spread. The clock adds at most ${percent(tick)} to a run (it ticks every ` +
    `${durationText(resolution)}: browsers coarsen performance.now()).`
  );
}

/**
 * `other` (the core loop or the per-head calls) against `fused`, two times of measureTogether:
 * { kind: 'separate', faster: 'fused' | 'other', ratio (the slower median over the faster one),
 * text ('3.00×') } when their ranges (widened by a tick each) do not overlap; otherwise
 * { kind: 'overlap' | 'unresolved', reason } and no ratio.
 */
export function compareForms(other, fused, resolution, name = 'the core loop') {
  if (!other?.resolved || !fused?.resolved)
    return { kind: 'unresolved', reason: unresolvedReason(resolution) };
  const a = bounds(other, resolution);
  const b = bounds(fused, resolution);
  if (a.low > b.high)
    return {
      kind: 'separate',
      faster: 'fused',
      ratio: other.msPerCall / fused.msPerCall,
      text: ratioText(other, fused),
    };
  if (b.low > a.high)
    return {
      kind: 'separate',
      faster: 'other',
      ratio: fused.msPerCall / other.msPerCall,
      text: ratioText(fused, other),
    };
  return { kind: 'overlap', reason: overlapReason(other, fused, resolution, name) };
}

/** The verdict in a few words: "the fused form is 3.00× faster", "too noisy to tell", … */
export function verdictText(v, name) {
  if (v.kind === 'unresolved') return UNRESOLVED;
  if (v.kind === 'overlap') return TOO_NOISY;
  return v.faster === 'fused'
    ? `the fused form is ${v.text} faster`
    : `${name} is ${v.text} faster`;
}
