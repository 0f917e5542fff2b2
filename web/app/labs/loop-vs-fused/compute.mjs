// The loop-vs-fused lab's numbers: the clock's resolution, then for each head count the three forms
// built (once while the lab is open: building thousands of modules is the slow part) and timed in
// turn, each until its reading spans enough ticks. Timing is asked for (params.run); a change of
// the page or the clock alone keeps the last timing.
import { PageError } from '../../compute.mjs';
import { grouped } from '../kit/format.mjs';
import { buildForms } from './forms.mjs';
import { systemClock, coarsenClock, clockResolution, measureTogether } from './timing.mjs';
import { english } from './english.mjs';

export const MAX_HEADS = 10000;
// Every head count builds its three forms (a wrapper of h heads in two layouts and h per-head
// modules: about 20 KB of the core's memory per head), kept for the next run. The threaded build
// has 2 GiB at most, and runs out of memory by aborting: the counts of one run are refused up
// front when they add up to more than this (about 400 MB).
export const MAX_TOTAL_HEADS = 20000;

/** "2, 400 4000" → { heads: [2, 400, 4000] } or { error } (in the lab's words `t`). */
export function parseHeads(text, t = english) {
  const parts = String(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (!parts.length) return { error: t('error.none') };
  if (parts.length > 8) return { error: t('error.many', { n: parts.length }) };
  const heads = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part)) return { error: t('error.whole', { part }) };
    const n = Number(part);
    if (n < 1 || n > MAX_HEADS) return { error: t('error.range', { part, max: MAX_HEADS }) };
    heads.push(n);
  }
  const total = heads.reduce((sum, n) => sum + n, 0);
  if (total > MAX_TOTAL_HEADS)
    return {
      error: t('error.total', { total: grouped(total), max: grouped(MAX_TOTAL_HEADS) }),
    };
  return { heads };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

// The forms of `heads` heads, built once and kept (keep disposes of them when the lab closes).
async function formsOf(core, heads, keep, signal) {
  if (keep.has(heads)) return keep.get(heads);
  const built = await buildForms(core, heads, { pause });
  if (signal.aborted) {
    built.dispose();
    return null;
  }
  keep.set(heads, built);
  return built;
}

/**
 * { trained, core, run, resolution, rows: [{ heads, times, flops, maxDifference }], done }. `clock`
 * (a test's) replaces the browser's, rounded to params.clock ms.
 */
export async function compute(core, page, params, context) {
  const { signal, progress, previous, keep, clock = systemClock, t = english } = context;
  const data = {
    trained: page.trained,
    core: { build: core.build, threads: core.threads },
    run: params.run,
    resolution: null,
    rows: [],
    done: false,
  };
  if (!params.run) return data;
  if (previous?.run === params.run && previous.done) return { ...previous, trained: page.trained };
  const parsed = parseHeads(params.heads, t);
  if (parsed.error) throw new PageError('heads', parsed.error);
  const tick = coarsenClock(clock, Number(params.clock));
  progress(t('progress.clock'), data);
  await pause();
  data.resolution = clockResolution(tick);
  // Only this run's counts are kept: the budget above is per run.
  for (const [heads, built] of keep)
    if (!parsed.heads.includes(heads)) {
      built.dispose();
      keep.delete(heads);
    }
  for (const heads of parsed.heads) {
    progress(t('progress.build', { heads: grouped(heads) }), data);
    await pause();
    const built = await formsOf(core, heads, keep, signal);
    if (!built || signal.aborted) return data;
    progress(t('progress.time', { heads: grouped(heads) }), data);
    const times = await measureTogether(built.calls, {
      clock: tick,
      resolution: data.resolution,
      pause,
    });
    const row = { heads, times, flops: built.flops, maxDifference: built.maxDifference };
    data.rows = [...data.rows, row];
  }
  return { ...data, done: true };
}
