// The masking lab's drawings: which keys entered each softmax's denominator, one three-key row
// through both routes, and the plots of the routes as the gap grows.
import { h } from '../../render/h.mjs';
import { fmt, exact, readable, value } from '../kit/format.mjs';
import { linePlot, legend } from '../kit/plot.mjs';
import { SMALLEST_NORMAL } from './index.mjs';

// Which keys entered each query's softmax denominator: a grid per route, ✓ in, · out.
export function denominatorGrid(caption, name, labels, entered) {
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
          h('td', { class: 'corner' }, 'query ↓ key →'),
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
                h(
                  'span',
                  { class: 'visually-hidden' },
                  inside ? ' in the denominator' : ' not in it',
                ),
              );
            }),
          ),
        ),
      ),
    ),
  );
}

// One gap: the row [0, 1, 1 + gap] through both routes.
export function gapRow(row) {
  const keys = [
    'key 1 (score 0)',
    'key 2 (score 1)',
    `key 3, the future (score ${fmt(1 + row.gap, 2)})`,
  ];
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
        h('caption', {}, `Query 2 of three tokens, the future key ahead by ${fmt(row.gap, 2)}`),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('td', { class: 'corner' }, 'route ↓'),
            keys.map((k) => h('th', { scope: 'col' }, k)),
          ),
        ),
        h(
          'tbody',
          {},
          line('Naive 1: softmax over all keys', 'unmasked', row.unmasked, [true, true, true]),
          line('Naive 2: future zeroed, past ÷ its sum', 'naive', row.naive, [true, true, false]),
          line('−∞ before the softmax', 'neg-inf', row.negInf, [true, true, false]),
        ),
      ),
    ),
    h(
      'p',
      { class: 'lab-result', dataset: { outcome: row.failure ? 'fails' : 'agrees' } },
      row.failure
        ? ['The naive route fails: ', h('span', { class: 'lab-value' }, row.failure), '.']
        : [
            'Largest difference between the routes: ',
            value('gapDifference', row.maxDifference),
            '.',
          ],
    ),
  ];
}

// The past's weights of both routes against the gap.
const weightSeries = (rows) => [
  {
    name: 'naive: key 1',
    className: 's-1',
    points: rows.filter((r) => r.naive).map((r) => [r.gap, r.naive[0]]),
  },
  {
    name: 'naive: key 2',
    className: 's-1',
    dashed: true,
    points: rows.filter((r) => r.naive).map((r) => [r.gap, r.naive[1]]),
  },
  { name: '−∞: key 1', className: 's-2', points: rows.map((r) => [r.gap, r.negInf[0]]) },
  {
    name: '−∞: key 2',
    className: 's-2',
    dashed: true,
    points: rows.map((r) => [r.gap, r.negInf[1]]),
  },
];

// Why: key 1's share of the softmax over all keys, the naive route's error, float32's floor.
const tinySeries = (rows) => [
  {
    name: 'key 1’s share of the softmax over all keys',
    className: 's-1',
    points: rows.map((r) => [r.gap, r.unmasked[0]]),
  },
  {
    name: 'the naive route’s error',
    className: 's-2',
    points: rows.filter((r) => r.maxDifference > 0).map((r) => [r.gap, r.maxDifference]),
  },
  {
    name: 'smallest normal float32, 2⁻¹²⁶',
    className: 's-3',
    dashed: true,
    points: [
      [0, SMALLEST_NORMAL],
      [110, SMALLEST_NORMAL],
    ],
  },
];

export function limitsPlot(rows, points, gap) {
  const x = {
    min: 0,
    max: 110,
    title: 'gap: how far the future score is ahead',
    ticks: [0, 20, 40, 60, 80, 100],
  };
  const marks = [
    { x: points.subnormal, label: 'subnormal', row: 0 },
    { x: points.errors, label: 'errors', row: 1 },
    { x: points.fails, label: '0 / 0', row: 2 },
    { x: gap, label: `gap ${fmt(gap, 2)}`, row: 3 },
  ].filter((mk) => mk.x !== undefined && mk.x <= 110);
  const weights = weightSeries(rows);
  const tiny = tinySeries(rows);
  const last = rows.findLast((r) => r.naive);
  return h(
    'div',
    { class: 'lab-tables' },
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: `The past's weights of both routes against the gap: equal until about ${points.errors}; the naive route's end at ${last.gap} with ${fmt(last.naive[0])} and ${fmt(last.naive[1])}, and it has no weights from ${points.fails}; the −∞ route stays at ${fmt(rows[0].negInf[0])} and ${fmt(rows[0].negInf[1])}.`,
        x,
        y: { min: 0, max: 1, title: 'weight', ticks: [0, 0.25, 0.5, 0.75, 1] },
        series: weights,
        marks,
      }),
      h('figcaption', {}, 'What each route gives the two past keys.'),
      legend(weights),
    ),
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: `On a log scale: key 1's share of the softmax over all keys falls below float32's smallest normal number at a gap of ${points.subnormal}; the naive route's error grows from then on.`,
        x,
        y: {
          min: 1e-46,
          max: 1,
          log: true,
          title: 'log scale',
          ticks: [1e-45, 1e-38, 1e-30, 1e-20, 1e-10, 1],
          format: (v) => (v === 1 ? '1' : `1e${Math.log10(v).toFixed(0)}`.replace('-', '−')),
        },
        series: tiny,
        marks,
      }),
      h('figcaption', {}, 'Why: the past’s share underflows.'),
      legend(tiny),
    ),
  );
}
