// The loop-vs-fused lab's results: the lecture's times, the table (every time, ratio and cost
// either resolved or said not to be), the summary at the largest head count and the chart.
import { h } from '../../render/h.mjs';
import { grouped } from '../kit/format.mjs';
import { LECTURE_TIMES, FORMS, lecturePerHeadMs } from './forms.mjs';
import { timeText, durationText, perCallCost, RUNS } from './timing.mjs';
import { compareForms, verdictText } from './verdict.mjs';
import { timeChart } from './chart.mjs';

// The table's columns (their names: the lab's words "col.<key>"); the paragraph under the table
// says what each means.
const COLUMNS = [
  'heads',
  'operations',
  'fused',
  'loop',
  'calls',
  'loopVs',
  'callsVs',
  'cost',
  'diff',
];

export function lectureTable(t) {
  return h(
    'table',
    { class: 'lab-numbers lab-table lvf-lecture' },
    h('caption', {}, t('lecture.caption')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('col.heads')),
        h('th', { scope: 'col' }, t('col.time')),
      ),
    ),
    h(
      'tbody',
      {},
      LECTURE_TIMES.map((lecture) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, String(lecture.heads)),
          h('td', {}, t(`said.${lecture.heads}`)),
        ),
      ),
    ),
    h(
      'tfoot',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, t('lecture.perHead')),
        h('td', {}, `≈ ${durationText(lecturePerHeadMs())}: (0.63 s − 0.003 s) / 3998`),
      ),
    ),
  );
}

// A time: its median and range, or the plain statement that the clock cannot resolve it. Every
// cell carries its column's name, which a narrow panel shows beside it (the table then stacks).
function timeCell(time, resolution, label, t) {
  const text = timeText(time);
  if (text === null)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false', label } }, t('unresolved'));
  const span = Math.min(...time.spans);
  return h(
    'td',
    {
      dataset: {
        resolved: 'true',
        label,
        ms: time.msPerCall,
        low: time.low,
        high: time.high,
        ticks: Math.floor(span / resolution),
        repeats: time.repeats,
      },
      title: t('time.title', {
        runs: time.spans.length,
        repeats: time.repeats,
        low: durationText(time.low),
        high: durationText(time.high),
      }),
    },
    text,
    h(
      'span',
      { class: 'lvf-range' },
      t('time.range', { low: durationText(time.low), high: durationText(time.high) }),
    ),
  );
}

// Which form is faster, only where the ranges separate; data-ratio is other ÷ fused either way.
function verdictCell(v, other, fused, label, name, t) {
  const text = verdictText(v, name, t);
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

function costCell(cost, label, t) {
  if (cost.unresolved)
    return h('td', { class: 'unresolved', dataset: { resolved: 'false', label } }, t('unresolved'));
  if (cost.noise)
    return h('td', { class: 'unresolved', dataset: { resolved: 'noise', label } }, t('noise'));
  return h('td', { dataset: { resolved: 'true', ms: cost.ms, label } }, durationText(cost.ms));
}

// The two comparisons of a row: the core loop and the per-head calls, each against the fused form.
const verdictsOf = (r, resolution, t) => ({
  loop: compareForms(r.times.loop, r.times.fused, resolution, t('name.loop'), t),
  calls: compareForms(r.times.calls, r.times.fused, resolution, t('name.calls'), t),
});

// The verdicts at the largest head count, each with its reason when there is none.
function summaryLine(rows, resolution, t) {
  const r = rows.at(-1);
  const v = verdictsOf(r, resolution, t);
  const said = (verdict, name) =>
    verdict.kind === 'separate'
      ? t('summary.separate', { verdict: verdictText(verdict, t(name), t) })
      : t('summary.reason', { verdict: verdictText(verdict, t(name), t), reason: verdict.reason });
  const cost = perCallCost(r.times.calls, r.times.loop, r.heads);
  return h(
    'div',
    { class: 'lvf-summary', dataset: { heads: r.heads } },
    h('p', {}, t('summary.loop', { heads: grouped(r.heads), verdict: said(v.loop, 'name.loop') })),
    h('p', {}, t('summary.calls', { verdict: said(v.calls, 'name.calls') })),
    h(
      'p',
      {},
      t('summary.cost', {
        cost: cost.ms
          ? t('cost.about', { time: durationText(cost.ms) })
          : t(cost.noise ? 'cost.noise' : 'unresolved'),
        lecture: durationText(lecturePerHeadMs()),
      }),
    ),
  );
}

function resultRow(r, resolution, t) {
  const v = verdictsOf(r, resolution, t);
  const [heads, ops, ...rest] = COLUMNS.map((key) => t(`col.${key}`));
  const [fused, loop, calls, loopVs, callsVs, cost, diff] = rest;
  return h(
    'tr',
    { dataset: { heads: r.heads } },
    h('th', { scope: 'row', dataset: { label: heads } }, grouped(r.heads)),
    h('td', { dataset: { flops: r.flops.fused, label: ops } }, grouped(r.flops.fused)),
    timeCell(r.times.fused, resolution, fused, t),
    timeCell(r.times.loop, resolution, loop, t),
    timeCell(r.times.calls, resolution, calls, t),
    verdictCell(v.loop, r.times.loop, r.times.fused, loopVs, t('name.loop'), t),
    verdictCell(v.calls, r.times.calls, r.times.fused, callsVs, t('name.calls'), t),
    costCell(perCallCost(r.times.calls, r.times.loop, r.heads), cost, t),
    h(
      'td',
      { dataset: { value: r.maxDifference, label: diff } },
      r.maxDifference === 0 ? '0' : r.maxDifference.toExponential(1),
    ),
  );
}

const resultTable = (rows, resolution, t) =>
  h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'lab-numbers lab-table lvf-table' },
      h('caption', {}, t('table.caption')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          COLUMNS.map((key) => h('th', { scope: 'col' }, t(`col.${key}`))),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((r) => resultRow(r, resolution, t)),
      ),
    ),
  );

function chartFigure(rows, t) {
  const resolvedPoints = (key) =>
    rows
      .filter((r) => r.times[key].resolved)
      .map((r) => {
        const time = r.times[key];
        return { heads: r.heads, ms: time.msPerCall, low: time.low, high: time.high };
      });
  const named = (label) => ({
    label,
    point: (p, time) => t('chart.point', { form: label, heads: p.heads, time }),
  });
  const series = [
    ...FORMS.map((f) => ({
      key: f.key,
      ...named(t(`form.${f.key}`)),
      points: resolvedPoints(f.key),
    })),
    {
      key: 'lecture',
      ...named(t('series.lecture')),
      points: LECTURE_TIMES.map((lecture) => ({
        heads: lecture.heads,
        ms: lecture.seconds * 1000,
      })),
    },
  ];
  const missing =
    rows.length * FORMS.length - series.slice(0, 3).reduce((n, s) => n + s.points.length, 0);
  return h(
    'figure',
    { class: 'lab-figure' },
    timeChart(series, { label: t('chart.label'), heads: t('chart.heads') }),
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
        ? h('span', {}, t(missing === 1 ? 'chart.missingOne' : 'chart.missingMany', { n: missing }))
        : null,
    ),
  );
}

/** The results of the head counts timed so far: the summary, the table, what it means, the chart. */
export function resultParts(rows, resolution, t) {
  return [
    summaryLine(rows, resolution, t),
    resultTable(rows, resolution, t),
    h('p', { class: 'help' }, t('results.help', { runs: RUNS })),
    chartFigure(rows, t),
  ];
}
