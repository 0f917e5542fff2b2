// The masking lab's drawings: which keys entered each softmax's denominator, one three-key row
// through both routes, and the plots of the routes as the gap grows.
import { h } from '../../render/h.mjs';
import { fmt, exact, readable, value } from '../kit/format.mjs';
import { linePlot, legend } from '../kit/plot.mjs';
import { SMALLEST_NORMAL } from './index.mjs';

// Which keys entered each query's softmax denominator: a grid per route, ✓ in, · out.
export function denominatorGrid(t, caption, name, labels, entered) {
  const n = labels.length;
  return h(
    'div',
    { class: 'table-wrap lab-table-wrap' },
    h(
      'table',
      { class: 'lab-numbers lab-denominator', dataset: { numbers: name } },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', { class: 'corner' }, t('grid.corner')),
          labels.map((l) => h('th', { scope: 'col' }, l)),
        ),
      ),
      h(
        'tbody',
        {},
        labels.map((l, i) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, l),
            Array.from({ length: n }, (_, j) => {
              const inside = entered(i, j);
              return h(
                'td',
                {
                  class: inside ? (j > i ? 'in future' : 'in') : 'out',
                  dataset: { entered: String(inside) },
                },
                inside ? '✓' : '·',
                h('span', { class: 'visually-hidden' }, t(inside ? 'grid.in' : 'grid.out')),
              );
            }),
          ),
        ),
      ),
    ),
  );
}

// One gap: the row [0, 1, 1 + gap] through both routes.
export function gapRow(row, t) {
  const keys = [t('row.key1'), t('row.key2'), t('row.key3', { score: fmt(1 + row.gap, 2) })];
  const line = (label, name, weights, inDenominator) =>
    h(
      'tr',
      { dataset: { route: name } },
      h('th', { scope: 'row' }, label),
      [0, 1, 2].map((k) =>
        h(
          'td',
          {
            class: inDenominator[k] ? 'in' : 'out',
            dataset: weights ? { value: exact(weights[k]) } : {},
          },
          weights ? readable(weights[k]) : '—',
        ),
      ),
    );
  return [
    h(
      'div',
      { class: 'table-wrap lab-table-wrap' },
      h(
        'table',
        { class: 'lab-numbers', dataset: { numbers: 'gap-row' } },
        h('caption', {}, t('row.caption', { gap: fmt(row.gap, 2) })),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('td', { class: 'corner' }, t('row.corner')),
            keys.map((k) => h('th', { scope: 'col' }, k)),
          ),
        ),
        h(
          'tbody',
          {},
          line(t('row.unmasked'), 'unmasked', row.unmasked, [true, true, true]),
          line(t('row.naive'), 'naive', row.naive, [true, true, false]),
          line(t('row.negInf'), 'neg-inf', row.negInf, [true, true, false]),
        ),
      ),
    ),
    h(
      'p',
      { class: 'lab-result', dataset: { outcome: row.failure ? 'fails' : 'agrees' } },
      row.failure
        ? t('row.fails', { failure: h('span', { class: 'lab-value' }, row.failure) })
        : t('row.difference', { difference: value('gapDifference', row.maxDifference) }),
    ),
  ];
}

// The past's weights of both routes against the gap.
const weightSeries = (rows, t) => [
  {
    name: t('series.naive1'),
    className: 's-1',
    points: rows.filter((r) => r.naive).map((r) => [r.gap, r.naive[0]]),
  },
  {
    name: t('series.naive2'),
    className: 's-1',
    dashed: true,
    points: rows.filter((r) => r.naive).map((r) => [r.gap, r.naive[1]]),
  },
  { name: t('series.negInf1'), className: 's-2', points: rows.map((r) => [r.gap, r.negInf[0]]) },
  {
    name: t('series.negInf2'),
    className: 's-2',
    dashed: true,
    points: rows.map((r) => [r.gap, r.negInf[1]]),
  },
];

// Why: key 1's share of the softmax over all keys, the naive route's error, float32's floor.
const tinySeries = (rows, t) => [
  {
    name: t('series.share'),
    className: 's-1',
    points: rows.map((r) => [r.gap, r.unmasked[0]]),
  },
  {
    name: t('series.error'),
    className: 's-2',
    points: rows.filter((r) => r.maxDifference > 0).map((r) => [r.gap, r.maxDifference]),
  },
  {
    name: t('series.normal'),
    className: 's-3',
    dashed: true,
    points: [
      [0, SMALLEST_NORMAL],
      [110, SMALLEST_NORMAL],
    ],
  },
];

export function limitsPlot(rows, points, gap, t) {
  const x = {
    min: 0,
    max: 110,
    title: t('plot.x'),
    ticks: [0, 20, 40, 60, 80, 100],
  };
  const marks = [
    { x: points.subnormal, label: t('mark.subnormal'), row: 0 },
    { x: points.errors, label: t('mark.errors'), row: 1 },
    { x: points.fails, label: '0 / 0', row: 2 },
    { x: gap, label: t('mark.gap', { gap: fmt(gap, 2) }), row: 3 },
  ].filter((mk) => mk.x !== undefined && mk.x <= 110);
  const weights = weightSeries(rows, t);
  const tiny = tinySeries(rows, t);
  const last = rows.findLast((r) => r.naive);
  return h(
    'div',
    { class: 'lab-tables' },
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: t('plot.weightsLabel', {
          errors: points.errors,
          last: last.gap,
          first: fmt(last.naive[0]),
          second: fmt(last.naive[1]),
          fails: points.fails,
          negInf1: fmt(rows[0].negInf[0]),
          negInf2: fmt(rows[0].negInf[1]),
        }),
        x,
        y: { min: 0, max: 1, title: t('plot.weight'), ticks: [0, 0.25, 0.5, 0.75, 1] },
        series: weights,
        marks,
      }),
      h('figcaption', {}, t('plot.weightsCaption')),
      legend(weights),
    ),
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: t('plot.tinyLabel', { subnormal: points.subnormal }),
        x,
        y: {
          min: 1e-46,
          max: 1,
          log: true,
          title: t('plot.log'),
          ticks: [1e-45, 1e-38, 1e-30, 1e-20, 1e-10, 1],
          format: (v) => (v === 1 ? '1' : `1e${Math.log10(v).toFixed(0)}`.replace('-', '−')),
        },
        series: tiny,
        marks,
      }),
      h('figcaption', {}, t('plot.tinyCaption')),
      legend(tiny),
    ),
  );
}
