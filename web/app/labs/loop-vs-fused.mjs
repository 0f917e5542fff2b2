// Lab: loop vs fused, honestly. The lecture timed a Python loop over per-head modules against one
// weight-split matmul. Here the same heads are computed three ways (loop-vs-fused-forms.mjs) with
// the same operations, each timed until its reading spans many ticks of the clock (timing.mjs),
// and any time or ratio the clock cannot resolve is said to be so, never printed as a number.
import { buildForms } from './loop-vs-fused-forms.mjs';
import {
  systemClock,
  coarsenClock,
  clockResolution,
  measureTogether,
  durationText,
  MIN_TICKS,
} from './timing.mjs';
import { lectureTable, resultParts } from './loop-vs-fused-results.mjs';
import { grouped } from './page-model.mjs';
import { weightsNote } from './page.mjs';

export const slug = 'loop-vs-fused';
export const title = 'Loop vs fused, honestly';
export const stage = 'merge';
export const summary =
  'The lecture’s 2/400/4000-heads timing redone with resolvable times, and what its gap was made of.';

export const DEFAULT_HEADS = '2, 20, 200, 400, 4000';
export const MAX_HEADS = 10000;
// Every head count builds its three forms (a wrapper of h heads in two layouts and h per-head
// modules: about 20 KB of the core's memory per head), kept for the next run. The threaded build
// has 2 GiB at most, and runs out of memory by aborting: the counts of one run are refused up
// front when they add up to more than this (about 400 MB).
export const MAX_TOTAL_HEADS = 20000;
const CLOCKS = {
  '': 'this browser’s clock',
  1: 'rounded to 1 ms',
  16: 'rounded to 16 ms',
  1000: 'rounded to 1 s',
};

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
  const total = heads.reduce((sum, n) => sum + n, 0);
  if (total > MAX_TOTAL_HEADS)
    return {
      error:
        `These counts build ${grouped(total)} heads in all; one run builds at most ` +
        `${grouped(MAX_TOTAL_HEADS)} (the core’s memory holds every form of every count): ` +
        'enter fewer or smaller counts.',
    };
  return { heads };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

export function mount(root, ctx) {
  const { h, lab } = ctx;
  const forms = new Map(); // heads → built forms, kept between runs (building is the slow part)
  let running = false;
  let destroyed = false;
  let rows = [];
  let resolution = NaN;

  const input = h('input', {
    id: 'lvf-heads',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    spellcheck: 'false',
    value: ctx.params.get('loop-vs-fused.heads') ?? DEFAULT_HEADS,
    'aria-describedby': 'lvf-heads-msg',
    oninput: () => showMessage(''),
    onkeydown: (e) => e.key === 'Enter' && (e.preventDefault(), run()),
  });
  const tick = ctx.params.get('loop-vs-fused.clock') ?? '';
  const clockSelect = h(
    'select',
    {
      id: 'lvf-clock',
      onchange: () => ctx.setParams({ 'loop-vs-fused.clock': clockSelect.value || null }),
    },
    Object.entries(CLOCKS).map(([value, text]) =>
      h('option', { value, selected: value === tick }, text),
    ),
  );
  const button = h(
    'button',
    { type: 'button', class: 'lab-run', onclick: () => run() },
    'Run the timing',
  );
  const message = h('p', { class: 'msg', id: 'lvf-heads-msg', role: 'alert' });
  const status = h('p', { class: 'lab-status', role: 'status' });
  const clockLine = h('p', { class: 'help lvf-clock-line' });
  const results = h('div', { class: 'lvf-results' });
  const note = weightsNote(h, 'timing');
  note.update(ctx.page().result);

  root.append(
    note.node,
    h(
      'p',
      {},
      'The lecture ran MultiHeadAttentionWrapper with 2, 400 and 4000 heads of size 3 and saw the time ',
      'grow with the number of heads; the weight split computes the same heads with one matmul. ',
      'Both forms do the same arithmetic (the operation counts below are the core’s). In PyTorch each ',
      'head of the loop is a Python call into an nn.Module, which launches its own small kernels: a fixed ',
      'cost per call, paid once per head. With 4000 heads that fixed cost is the time.',
    ),
    h(
      'p',
      {},
      'Here the core’s loop runs inside one WebAssembly call, so it pays no such cost per head. To see the ',
      'cost a module call adds, the third form calls one small CausalAttention per head from JavaScript, ',
      'as the Python loop does, and concatenates the results.',
    ),
    lectureTable(h),
    h(
      'div',
      { class: 'control lvf-controls' },
      h('label', { for: 'lvf-heads' }, 'Head counts'),
      input,
      h('label', { for: 'lvf-clock' }, 'Clock'),
      clockSelect,
      button,
      message,
    ),
    status,
    clockLine,
    results,
  );

  function showMessage(text) {
    message.textContent = text;
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  async function run() {
    if (running || destroyed) return;
    const parsed = parseHeads(input.value);
    if (parsed.error) return showMessage(parsed.error);
    showMessage('');
    ctx.setParams({ 'loop-vs-fused.heads': input.value === DEFAULT_HEADS ? null : input.value });
    running = true;
    button.disabled = true;
    root.dataset.state = 'running';
    root.setAttribute('aria-busy', 'true');
    rows = [];
    try {
      const clock = ctx.clock ?? coarsenClock(systemClock, Number(clockSelect.value));
      status.textContent = 'Watching the clock tick…';
      await pause();
      resolution = clockResolution(clock);
      const core = `The core: the ${lab.build === 'threads' ? 'threaded' : 'single-threaded'} build, ${lab.threads} ${lab.threads === 1 ? 'thread' : 'threads'}.`;
      clockLine.textContent = Number.isFinite(resolution)
        ? `Clock resolution: ${durationText(resolution)}, so every time shown spans at least ${MIN_TICKS} ticks (and 20 ms). ${core}`
        : `The clock did not tick twice while it was watched: it is too coarse to time anything here. ${core}`;
      // Only this run's counts are kept: the budget above is per run.
      for (const [heads, built] of forms)
        if (!parsed.heads.includes(heads)) {
          built.dispose();
          forms.delete(heads);
        }
      for (const heads of parsed.heads) {
        if (!forms.has(heads)) {
          status.textContent = `Building ${grouped(heads)} heads in each form…`;
          await pause();
          const built = await buildForms(lab, heads, { pause });
          if (destroyed) return built.dispose(); // the lab was closed while building
          forms.set(heads, built);
        }
        const built = forms.get(heads);
        if (destroyed) return;
        status.textContent = `Timing ${grouped(heads)} heads: the three forms in turn…`;
        const times = await measureTogether(built.calls, { clock, resolution, pause });
        rows.push({ heads, times, flops: built.flops, maxDifference: built.maxDifference });
        results.replaceChildren(...resultParts(h, rows, resolution));
      }
      status.textContent = `Done: ${rows.length} head ${rows.length === 1 ? 'count' : 'counts'} timed.`;
    } catch (err) {
      if (err?.name !== 'AttentionLabError') throw err;
      showMessage(err.message);
      status.textContent = '';
    } finally {
      running = false;
      button.disabled = false;
      root.dataset.state = 'idle';
      root.setAttribute('aria-busy', 'false');
    }
  }

  root.dataset.state = 'idle';
  return {
    update: () => note.update(ctx.page().result),
    run,
    destroy() {
      destroyed = true;
      for (const f of forms.values()) f.dispose();
      forms.clear();
    },
  };
}
