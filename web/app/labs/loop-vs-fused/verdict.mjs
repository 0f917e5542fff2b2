// The loop-vs-fused lab's verdicts: which form is faster, said only when the two forms' ranges of
// interleaved runs do not overlap. When they overlap, the difference of the medians is within what
// this machine's noise (other work on it, the clock's coarse tick) can make up, so the lab says it
// cannot tell, with the numbers that show why, rather than print a ratio that a second run would
// contradict.
import { durationText, ratioText } from './timing.mjs';
import { english } from './english.mjs';

// What the clock's tick can hide in one run's time per call: a tick over the batch's repeats.
const tickPerCall = (t, resolution) => resolution / t.repeats;
const bounds = (t, resolution) => ({
  low: t.low - tickPerCall(t, resolution),
  high: t.high + tickPerCall(t, resolution),
});
const range = (t, words) =>
  words('range', { low: durationText(t.low), high: durationText(t.high) });
const percent = (x) => `${+(100 * x).toPrecision(2)} %`;

function unresolvedReason(resolution, t) {
  return Number.isFinite(resolution)
    ? t('reason.ticks', { tick: durationText(resolution) })
    : t('reason.still');
}

function overlapReason(other, fused, resolution, name, t) {
  const spread = Math.max(...[other, fused].map((t) => (t.high - t.low) / t.msPerCall));
  const gap = Math.abs(other.msPerCall - fused.msPerCall) / fused.msPerCall;
  const tick = Math.max(...[other, fused].map((t) => tickPerCall(t, resolution) / t.msPerCall));
  return t('reason.overlap', {
    name,
    range: range(other, t),
    fused: range(fused, t),
    runs: other.spans.length,
    gap: percent(gap),
    spread: percent(spread),
    tick: percent(tick),
    resolution: durationText(resolution),
  });
}

/**
 * `other` (the core loop or the per-head calls) against `fused`, two times of measureTogether:
 * { kind: 'separate', faster: 'fused' | 'other', ratio (the slower median over the faster one),
 * text ('3.00×') } when their ranges (widened by a tick each) do not overlap; otherwise
 * { kind: 'overlap' | 'unresolved', reason } and no ratio. t: the lab's words (its English
 * without), `name` the other form's name in them.
 */
export function compareForms(other, fused, resolution, name = null, t = english) {
  if (!other?.resolved || !fused?.resolved)
    return { kind: 'unresolved', reason: unresolvedReason(resolution, t) };
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
  const reason = overlapReason(other, fused, resolution, name ?? t('name.loop'), t);
  return { kind: 'overlap', reason };
}

/** The verdict in a few words: "the fused form is 3.00× faster", "too noisy to tell", … */
export function verdictText(v, name, t = english) {
  if (v.kind === 'unresolved') return t('unresolved');
  if (v.kind === 'overlap') return t('noisy');
  return v.faster === 'fused'
    ? t('verdict.fused', { ratio: v.text })
    : t('verdict.other', { name, ratio: v.text });
}
