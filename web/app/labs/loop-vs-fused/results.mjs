// The loop-vs-fused lab's results: the lecture's times, the table (every time, ratio and cost
// either resolved or said not to be), the summary at the largest head count and the chart.
import { h } from '../../render/h.mjs';
import { grouped } from '../kit/format.mjs';
import { LECTURE_TIMES, FORMS, lecturePerHeadMs } from './forms.mjs';
import { timeText, durationText, perCallCost, RUNS } from './timing.mjs';
import { compareForms, verdictText, UNRESOLVED } from './verdict.mjs';
import { timeChart } from './chart.mjs';

export { UNRESOLVED };

// The table's columns; the paragraph under the table says what each means.
const COLUMNS = [
  'heads',
  'operations',
  'fused',
  'core loop',
  'per-head calls',
  'core loop vs fused',
  'calls vs fused',
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

// A time: its median and range, or the plain statement that the clock cannot resolve it. Every
// cell carries its column's name, which a narrow panel shows beside it (the table then stacks).
function timeCell(t, resolution, label) {
  const text = timeText(t);
  if (text === null)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false', label } }, UNRESOLVED);
  const span = Math.min(...t.spans);
  return h(
    'td',
    {
      dataset: {
        resolved: 'true',
        label,
        ms: t.msPerCall,
        low: t.low,
        high: t.high,
        ticks: Math.floor(span / resolution),
        repeats: t.repeats,
      },
      title: `median of ${t.spans.length} interleaved runs of ${t.repeats} calls; fastest ${durationText(t.low)}, slowest ${durationText(t.high)}`,
    },
    text,
    h('span', { class: 'lvf-range' }, ` (${durationText(t.low)} to ${durationText(t.high)})`),
  );
}

// Which form is faster, only where the ranges separate; data-ratio is other ÷ fused either way.
function verdictCell(v, other, fused, label, name) {
  const text = verdictText(v, name);
  if (v.kind !== 'separate')
    return h(
      'td',
      {
        class: 'unresolved',
        dataset: { resolved: v.kind === 'overlap' ? 'overlap' : 'false', label },
      },
      text,
    );
  const ratio = other.msPerCall / fused.msPerCall;
  return h('td', { dataset: { resolved: 'true', label, ratio, faster: v.faster } }, text);
}

function costCell(cost, label) {
  if (cost.unresolved)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false', label } }, UNRESOLVED);
  if (cost.noise)
    return h(
      'td',
      { class: 'unresolved', dataset: { resolved: 'noise', label } },
      'within the noise',
    );
  return h('td', { dataset: { resolved: 'true', ms: cost.ms, label } }, durationText(cost.ms));
}

// The two comparisons of a row: the core loop and the per-head calls, each against the fused form.
const verdictsOf = (r, resolution) => ({
  loop: compareForms(r.times.loop, r.times.fused, resolution, 'the core loop'),
  calls: compareForms(r.times.calls, r.times.fused, resolution, 'the per-head calls'),
});

// The verdicts at the largest head count, each with its reason when there is none.
function summaryLine(rows, resolution) {
  const r = rows.at(-1);
  const v = verdictsOf(r, resolution);
  const said = (verdict, name) =>
    verdict.kind === 'separate'
      ? `${verdictText(verdict, name)}.`
      : `${verdictText(verdict, name)}: ${verdict.reason}`;
  const cost = perCallCost(r.times.calls, r.times.loop, r.heads);
  return h(
    'div',
    { class: 'lvf-summary', dataset: { heads: r.heads } },
    h(
      'p',
      {},
      `At ${grouped(r.heads)} heads, the core loop against the fused form: `,
      said(v.loop, 'the core loop'),
    ),
    h('p', {}, 'The per-head calls against the fused form: ', said(v.calls, 'the per-head calls')),
    h(
      'p',
      {},
      'One call from JavaScript costs ',
      cost.ms
        ? `about ${durationText(cost.ms)}`
        : cost.noise
          ? 'an amount within the noise'
          : UNRESOLVED,
      `. In the lecture’s PyTorch one more head cost about ${durationText(lecturePerHeadMs())}.`,
    ),
  );
}

function resultRow(r, resolution) {
  const v = verdictsOf(r, resolution);
  const [heads, ops, ...rest] = COLUMNS;
  const [fused, loop, calls, loopVs, callsVs, cost, diff] = rest;
  return h(
    'tr',
    { dataset: { heads: r.heads } },
    h('th', { scope: 'row', dataset: { label: heads } }, grouped(r.heads)),
    h('td', { dataset: { flops: r.flops.fused, label: ops } }, grouped(r.flops.fused)),
    timeCell(r.times.fused, resolution, fused),
    timeCell(r.times.loop, resolution, loop),
    timeCell(r.times.calls, resolution, calls),
    verdictCell(v.loop, r.times.loop, r.times.fused, loopVs, 'the core loop'),
    verdictCell(v.calls, r.times.calls, r.times.fused, callsVs, 'the per-head calls'),
    costCell(perCallCost(r.times.calls, r.times.loop, r.heads), cost),
    h(
      'td',
      { dataset: { value: r.maxDifference, label: diff } },
      r.maxDifference === 0 ? '0' : r.maxDifference.toExponential(1),
    ),
  );
}

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
      .map((r) => {
        const t = r.times[key];
        return { heads: r.heads, ms: t.msPerCall, low: t.low, high: t.high };
      });
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
    summaryLine(rows, resolution),
    resultTable(rows, resolution),
    h(
      'p',
      { class: 'help' },
      'Operations: the core’s count for one pass, the same in every form. Times: the median of ',
      `${RUNS} interleaved runs (the three forms take turns, the order reversed every other run, so that `,
      'other work on the machine falls on all of them alike), and in brackets the range: the fastest and ',
      'slowest run (min to max). A form is called faster only where the two ranges do not overlap; where ',
      'they do, the machine is too noisy to tell, and the summary above says why. Cost per call: ',
      '(per-head calls − core loop) / heads, what calling one module costs beyond its arithmetic. ',
      'max |Δ|: the largest difference between the forms’ outputs.',
    ),
    chartFigure(rows),
  ];
}
