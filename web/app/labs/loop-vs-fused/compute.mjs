// The loop-vs-fused lab's numbers: the clock's resolution, then for each head count the three forms
// built (once while the lab is open: building thousands of modules is the slow part) and timed in
// turn, each until its reading spans enough ticks. Timing is asked for (params.run); a change of
// the page or the clock alone keeps the last timing.
import { PageError } from '../../compute.mjs';
import { grouped } from '../kit/format.mjs';
import { buildForms } from './forms.mjs';
import { systemClock, coarsenClock, clockResolution, measureTogether } from './timing.mjs';

export const MAX_HEADS = 10000;

/** "2, 400 4000" → { heads: [2, 400, 4000] } or { error }. */
export function parseHeads(text) {
  const parts = String(text)
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (!parts.length) return { error: 'Enter at least one head count, for example 2, 400, 4000.' };
  if (parts.length > 8)
    return { error: `At most 8 head counts at once (you entered ${parts.length}).` };
  const heads = [];
  for (const part of parts) {
    if (!/^\d+$/.test(part))
      return { error: `“${part}” is not a whole number: enter head counts such as 2, 400, 4000.` };
    const n = Number(part);
    if (n < 1 || n > MAX_HEADS)
      return { error: `${part} heads: use a count from 1 to ${MAX_HEADS}.` };
    heads.push(n);
  }
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
  const { signal, progress, previous, keep, clock = systemClock } = context;
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
  const parsed = parseHeads(params.heads);
  if (parsed.error) throw new PageError('heads', parsed.error);
  const tick = coarsenClock(clock, Number(params.clock));
  progress('Watching the clock tick…', data);
  await pause();
  data.resolution = clockResolution(tick);
  for (const heads of parsed.heads) {
    progress(`Building ${grouped(heads)} heads in each form…`, data);
    await pause();
    const built = await formsOf(core, heads, keep, signal);
    if (!built || signal.aborted) return data;
    progress(`Timing ${grouped(heads)} heads: the three forms in turn…`, data);
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
