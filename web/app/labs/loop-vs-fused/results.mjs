// The loop-vs-fused lab's results: the lecture's times, the table (every time, ratio and cost
// either resolved or said not to be), the summary at the largest head count and the chart.
import { h } from '../../render/h.mjs';
import { grouped } from '../kit/format.mjs';
import { LECTURE_TIMES, FORMS, lecturePerHeadMs } from './forms.mjs';
import { timeText, ratioText, durationText, perCallCost } from './timing.mjs';
import { timeChart } from './chart.mjs';

export const UNRESOLVED = 'not resolvable at this clock';

// The table's columns; the paragraph under the table says what each means.
const COLUMNS = [
  'heads',
  'operations',
  'fused',
  'core loop',
  'per-head calls',
  'loop ÷ fused',
  'calls ÷ fused',
  'cost per call',
  'max |Δ|',
];

export function lectureTable() {
  return h(
    'table',
    { class: 'lab-numbers lab-table lvf-lecture' },
    h('caption', {}, 'The lecture’s PyTorch times (its loop over heads, one forward pass)'),
    h(
      'thead',
      {},
      h('tr', {}, h('th', { scope: 'col' }, 'heads'), h('th', { scope: 'col' }, 'time')),
    ),
    h(
      'tbody',
      {},
      LECTURE_TIMES.map((t) =>
        h('tr', {}, h('th', { scope: 'row' }, String(t.heads)), h('td', {}, t.said)),
      ),
    ),
    h(
      'tfoot',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, 'per extra head'),
        h('td', {}, `≈ ${durationText(lecturePerHeadMs())}: (0.63 s − 0.003 s) / 3998`),
      ),
    ),
  );
}

// A time or a ratio: its text, or the plain statement that the clock cannot resolve it.
function timeCell(t, resolution) {
  const text = timeText(t);
  if (text === null)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false' } }, UNRESOLVED);
  const span = Math.min(...t.spans);
  return h(
    'td',
    {
      dataset: {
        resolved: 'true',
        ms: t.msPerCall,
        ticks: Math.floor(span / resolution),
        repeats: t.repeats,
      },
      title: `median of ${t.spans.length} batches of ${t.repeats} calls; fastest ${durationText(t.low)}, slowest ${durationText(t.high)}`,
    },
    text,
  );
}
function ratioCell(a, b) {
  const text = ratioText(a, b);
  if (text === null)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false' } }, UNRESOLVED);
  return h('td', { dataset: { resolved: 'true', ratio: a.msPerCall / b.msPerCall } }, text);
}

function costCell(cost) {
  if (cost.unresolved)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false' } }, UNRESOLVED);
  if (cost.noise)
    return h('td', { class: 'unresolved', dataset: { resolved: 'noise' } }, 'within the noise');
  return h('td', { dataset: { resolved: 'true', ms: cost.ms } }, durationText(cost.ms));
}

// One sentence on the largest head count: the ratios measured here, each only if resolved.
function summaryLine(rows) {
  const r = rows.at(-1);
  const say = (text) => text ?? UNRESOLVED;
  const cost = perCallCost(r.times.calls, r.times.loop, r.heads);
  return h(
    'p',
    { class: 'lvf-summary', dataset: { heads: r.heads } },
    `Measured here at ${grouped(r.heads)} heads: core loop ÷ fused ${say(ratioText(r.times.loop, r.times.fused))}, `,
    `per-head calls ÷ fused ${say(ratioText(r.times.calls, r.times.fused))}; one call from JavaScript costs `,
    cost.ms
      ? `about ${durationText(cost.ms)}`
      : cost.noise
        ? 'an amount within the noise'
        : UNRESOLVED,
    `. In the lecture’s PyTorch one more head cost about ${durationText(lecturePerHeadMs())}.`,
  );
}

const resultRow = (r, resolution) =>
  h(
    'tr',
    { dataset: { heads: r.heads } },
    h('th', { scope: 'row' }, grouped(r.heads)),
    h('td', { dataset: { flops: r.flops.fused } }, grouped(r.flops.fused)),
    FORMS.map((f) => timeCell(r.times[f.key], resolution)),
    ratioCell(r.times.loop, r.times.fused),
    ratioCell(r.times.calls, r.times.fused),
    costCell(perCallCost(r.times.calls, r.times.loop, r.heads)),
    h(
      'td',
      { dataset: { value: r.maxDifference } },
      r.maxDifference === 0 ? '0' : r.maxDifference.toExponential(1),
    ),
  );

const resultTable = (rows, resolution) =>
  h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'lab-numbers lab-table lvf-table' },
      h(
        'caption',
        {},
        'One forward pass of the wrapper on the lecture’s batch (2 × 6 tokens, d_in = 3, heads of size 3)',
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          COLUMNS.map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((r) => resultRow(r, resolution)),
      ),
    ),
  );

function chartFigure(rows) {
  const resolvedPoints = (key) =>
    rows
      .filter((r) => r.times[key].resolved)
      .map((r) => ({ heads: r.heads, ms: r.times[key].msPerCall }));
  const series = [
    ...FORMS.map((f) => ({ key: f.key, label: f.label, points: resolvedPoints(f.key) })),
    {
      key: 'lecture',
      label: 'the lecture’s PyTorch loop',
      points: LECTURE_TIMES.map((t) => ({ heads: t.heads, ms: t.seconds * 1000 })),
    },
  ];
  const missing =
    rows.length * FORMS.length - series.slice(0, 3).reduce((n, s) => n + s.points.length, 0);
  return h(
    'figure',
    { class: 'lab-figure' },
    timeChart(series, {
      label:
        'Time per forward pass against heads, log scales: the three forms here and the lecture’s PyTorch loop',
    }),
    h(
      'figcaption',
      { class: 'legend' },
      series.map((s) =>
        h(
          'span',
          { class: `swatch-item series-${s.key}` },
          h('span', { class: 'swatch' }),
          s.label,
        ),
      ),
      missing > 0
        ? h(
            'span',
            {},
            ` (${missing} unresolved ${missing === 1 ? 'time has' : 'times have'} no point)`,
          )
        : null,
    ),
  );
}

/** The results of the head counts timed so far: the summary, the table, what it means, the chart. */
export function resultParts(rows, resolution) {
  return [
    summaryLine(rows),
    resultTable(rows, resolution),
    h(
      'p',
      { class: 'help' },
      'Operations: the core’s count for one pass, the same in every form. Times: the median of five batches (the three forms take turns, batch by batch) ',
      'of calls (hover for the fastest and slowest). Cost per call: (per-head calls − core loop) / heads, what ',
      'calling one module costs beyond its arithmetic. max |Δ|: the largest difference between the forms’ outputs.',
    ),
    chartFigure(rows),
  ];
}
