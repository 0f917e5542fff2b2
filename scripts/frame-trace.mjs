// Frame times read from Chromium's own timeline (a trace of the devtools.timeline categories, as
// the Performance panel records it): for each frame that an input (or a timer) changed, how long
// the page's main thread worked on it, from the task that handled the input to the end of the
// frame's commit to the compositor, and how long that took end to end (the same span, including
// any wait for the next frame's turn). Pure functions of the trace's events.

/** The categories the trace records: enough for tasks, event dispatch, timers and frames. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
];

// The page's main thread: the renderer's main thread that dispatched the most DOM events.
function mainThread(events) {
  const names = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'EventDispatch' && names.get(key) === 'CrRendererMain')
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error('frame-trace: the trace has no DOM event on a renderer main thread');
  return best[0];
}

// The main thread's top-level tasks, [start, end, cpu] in ms, in order (nested tasks are inside
// them); cpu: the thread's own time in it, which other processes on the machine do not lengthen.
function topTasks(events) {
  const spans = events
    .filter(
      (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .map((e) => [e.ts / 1000, (e.ts + e.dur) / 1000, (e.tdur ?? e.dur) / 1000])
    .sort((a, b) => a[0] - b[0]);
  const top = [];
  for (const s of spans) if (!top.length || s[0] >= top.at(-1)[1]) top.push(s);
  return top;
}

// The ends of the frames the main thread produced: each commit to the compositor (or, in a trace
// without commits, each paint), in ms, in order.
function frameEnds(events) {
  const of = (name) =>
    events.filter((e) => e.ph === 'X' && e.name === name).map((e) => (e.ts + e.dur) / 1000);
  const commits = of('Commit');
  return (commits.length ? commits : of('Paint')).sort((a, b) => a - b);
}

// The timers a page set with `timeout` ms (setTimeout/setInterval): their ids.
function timerIds(events, timeout) {
  const ids = new Set();
  for (const e of events)
    if (e.name === 'TimerInstall' && e.args?.data?.timeout === timeout)
      ids.add(e.args.data.timerId);
  return ids;
}

/**
 * The starts (ms) of what the page was asked to do: each DOM event of a type in `types`
 * (EventDispatch), and each firing of a timer set with `timeout` ms (TimerFire), if given.
 */
function triggers(events, { types = [], timeout = null }) {
  const wanted = new Set(types);
  const timers = timeout === null ? new Set() : timerIds(events, timeout);
  return events
    .filter(
      (e) =>
        (e.name === 'EventDispatch' && wanted.has(e.args?.data?.type)) ||
        (e.name === 'TimerFire' && timers.has(e.args?.data?.timerId)),
    )
    .map((e) => e.ts / 1000)
    .sort((a, b) => a - b);
}

/** The main thread's busy time within [from, to]: the parts of its tasks inside it. */
const busy = (tasks, from, to) =>
  tasks.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);

/** The main thread's CPU time within [from, to]: each task's share of its own thread time. */
const cpu = (tasks, from, to) =>
  tasks.reduce((sum, [a, b, t]) => {
    const inside = Math.max(0, Math.min(b, to) - Math.max(a, from));
    return sum + (b > a ? (t * inside) / (b - a) : 0);
  }, 0);

// What each of the main thread's events is, for the breakdown of a frame: the browser's stages
// of a frame by their trace names, and the page's JavaScript (with the V8 work it starts).
const PARTS = {
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'ScheduleStyleRecalculation'],
  layout: ['Layout', 'UpdateLayerTree', 'IntersectionObserverController::computeIntersections'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'PaintImage', 'UpdateLayer', 'RasterTask'],
  commit: ['Commit', 'ProxyMain::BeginMainFrame::commit'],
};
const PART_OF = new Map(
  Object.entries(PARTS).flatMap(([part, names]) => names.map((n) => [n, part])),
);
const SCRIPT =
  /^(FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|v8\.|V8\.|EvaluateScript|v8\.run|HitTest)/;
const partOf = (name) => PART_OF.get(name) ?? (SCRIPT.test(name) ? 'script' : 'other');

// Each complete event's own time (its duration less its children's), [start, end, part, self].
function selfTimes(events) {
  const spans = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined)
    .map((e) => ({ a: e.ts / 1000, b: (e.ts + e.dur) / 1000, part: partOf(e.name), kids: 0 }))
    .sort((x, y) => x.a - y.a || y.b - x.b);
  const stack = [];
  for (const s of spans) {
    while (stack.length && stack.at(-1).b <= s.a) stack.pop();
    if (stack.length) stack.at(-1).kids += s.b - s.a;
    stack.push(s);
  }
  return spans.map((s) => [s.a, s.b, s.part, Math.max(0, s.b - s.a - s.kids)]);
}

/** Where the main thread's time in [from, to] went: { script, style, layout, paint, commit, other } ms. */
function partsOf(selves, from, to) {
  const parts = { script: 0, style: 0, layout: 0, paint: 0, commit: 0, other: 0 };
  for (const [a, b, part, self] of selves) if (a >= from && b <= to) parts[part] += self;
  return parts;
}

/**
 * The frames the triggers changed: [{ cpu, work, span, parts, all }] in ms. Triggers before the
 * same frame's end are one frame (a drag's moves that the browser coalesced); it starts at the
 * task that handled the first of them. work: the main thread's busy time from there to the end of
 * the frame's commit; cpu: the main thread's CPU time in it (what work is on an idle machine);
 * span: that end minus the start; parts: the main thread's wall-clock time in it by kind
 * (partsOf); all: the main thread's CPU time from there to the next frame's start (the last
 * frame's: to the end of the trace), the work the input left for after its frame included (the
 * address, steps drawn ahead): what a sweep at 60 frames a second pays per frame.
 */
export function framesOf(trace, what) {
  const all = trace.traceEvents ?? trace;
  const thread = mainThread(all);
  const events = all.filter((e) => `${e.pid}:${e.tid}` === thread);
  const tasks = topTasks(events);
  const ends = frameEnds(events);
  const selves = selfTimes(events);
  const frames = [];
  let open = null; // the frame the last trigger went into: { start, end }
  for (const t of triggers(events, what)) {
    if (open && t < open.end) continue;
    const task = tasks.find(([a, b]) => a <= t && t <= b);
    const start = task ? task[0] : t;
    const end = ends.find((x) => x > t);
    if (end === undefined) break; // the trace stopped before this frame
    open = { start, end };
    frames.push({
      start,
      cpu: cpu(tasks, start, end),
      work: busy(tasks, start, end),
      span: end - start,
      parts: partsOf(selves, start, end),
    });
  }
  const traceEnd = Math.max(...tasks.map(([, b]) => b));
  return frames.map(({ start, ...frame }, i) => ({
    ...frame,
    all: cpu(tasks, start, frames[i + 1]?.start ?? traceEnd),
  }));
}

/** The q-quantile of `xs` (0.5: the median), interpolated between the nearest ranks. */
export function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const [lo, hi] = [Math.floor(i), Math.ceil(i)];
  return s[lo] + (s[hi] - s[lo]) * (i - lo);
}
