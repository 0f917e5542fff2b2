// The dropout lab's page: the notebook's mask for either generator, then the page's weights dropped
// many times (the share kept per draw, one row undropped, once and averaged, and how the running
// mean closes in on the undropped weights).
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { fmt, value } from '../kit/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { linePlot, legend } from '../kit/plot.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { choice } from '../kit/choice.mjs';
import { MAX_DRAWS } from './index.mjs';

const RNGS = ['cpu', 'mkl'];
const FIRST_DRAWS = 8;
const LABELS = ['1', '2', '3', '4', '5', '6'];

function maskView({ rng, rows, kept }, t) {
  return [
    numberTable({
      caption: t('mask.caption', { which: t(rng === 'cpu' ? 'mask.notebook' : 'mask.mkl') }),
      name: 'notebook-mask',
      rowLabels: LABELS,
      colLabels: LABELS,
      rows,
      cellClass: (v) => (v === 0 ? 'dropped' : ''),
      format: String, // PyTorch prints 2. and 0.: whole numbers
    }),
    h(
      'p',
      { class: 'lab-result' },
      t('mask.kept', { kept: value('notebookKept', kept, String(kept)) }),
    ),
  ];
}

function keptLine({ keptShare: shares, p }, t) {
  const [low, high] = [Math.min(...shares), Math.max(...shares)];
  return h(
    'p',
    { class: 'lab-result' },
    t('kept.line', {
      first: Math.min(FIRST_DRAWS, shares.length),
      shares: shares
        .slice(0, FIRST_DRAWS)
        .map((k, i) => [i ? ', ' : '', value(`kept-${i}`, k, fmt(k))]),
      n: shares.length,
      low: value('keptMin', low, fmt(low)),
      high: value('keptMax', high, fmt(high)),
      share: fmt(1 - p),
    }),
  );
}

// The last token's row (it sees every key: the fullest row), undropped, once and averaged.
function rowTable(s, t) {
  const { T, tokens } = s;
  const labels = tokens.map(tokenLabel);
  const n = s.keptShare.length;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return numberTable({
    caption: t('row.caption', { token: labels[T - 1], n }),
    name: 'row-mean',
    rowLabels: [t('row.undropped'), t('row.once', { seed: s.seed }), t('row.mean', { n })],
    colLabels: [...labels, t('row.sum')],
    corner: t('row.corner'),
    rows: [s.weights, s.once, s.mean].map((w) => {
      const r = Array.from(w.slice((T - 1) * T, T * T));
      return [...r, sum(r)];
    }),
  });
}

function errorPlot(s, t) {
  const n = s.keptShare.length;
  const series = [
    {
      name: t('plot.largest'),
      className: 's-1',
      points: s.maxError.map((v, i) => [i + 1, v]),
    },
    {
      name: t('plot.average'),
      className: 's-2',
      points: s.meanAbsError.map((v, i) => [i + 1, v]),
    },
  ];
  return h(
    'figure',
    { class: 'lab-figure' },
    linePlot({
      label: t('plot.label', { first: fmt(s.maxError[0]), last: fmt(s.maxError[n - 1]), n }),
      x: {
        min: 1,
        max: Math.max(10, n),
        log: true,
        title: t('plot.x'),
        ticks: [1, 10, 100, 1000].filter((t) => t <= Math.max(10, n)),
      },
      y: {
        min: 1e-4,
        max: 10,
        log: true,
        title: t('plot.y'),
        ticks: [1e-4, 1e-3, 1e-2, 1e-1, 1, 10],
        format: (v) => String(v),
      },
      series,
    }),
    h('figcaption', {}, t('plot.caption')),
    legend(series),
  );
}

function statisticsView(s, t) {
  const n = s.keptShare.length;
  return [
    keptLine(s, t),
    rowTable(s, t),
    h(
      'p',
      { class: 'lab-result' },
      t('stats.after', {
        n,
        max: value('maxError', s.maxError[n - 1]),
        mean: value('meanAbsError', s.meanAbsError[n - 1]),
        first: value('maxError1', s.maxError[0]),
      }),
    ),
    errorPlot(s, t),
  ];
}

// Each field's key and its label's and help's words.
const FIELDS = [
  ['p', 'field.p', 'field.pHelp'],
  ['draws', 'field.draws', 'field.drawsHelp'],
  ['seed', 'field.seed', 'field.seedHelp'],
];
// An emptied field goes to the core as it is, so that the message is the core's.
const readNumber = (text) => (text.trim() === '' ? text : Number(text));
// The field a refused value belongs to: the core names p 'dropout'.
const fieldOf = (error) =>
  error.option === 'draws' || error.option === 'seed' ? error.option : 'p';

function numberFields(params, actions, error, lowered, t) {
  const refused = error ? fieldOf(error) : null;
  return FIELDS.map(([key, label, help]) => {
    const id = `dropout-${key}`;
    const message = refused === key ? error.message : key === 'draws' ? lowered : '';
    return h(
      'div',
      { class: 'lab-control' },
      h('label', { for: id }, t(label)),
      h('input', {
        type: 'number',
        id,
        step: 'any',
        value: String(params[key]),
        'aria-describedby': `${id}-help ${id}-msg`,
        'aria-invalid': refused === key ? 'true' : null,
        onchange: (e) => actions.setParams({ [key]: readNumber(e.target.value) }),
      }),
      h('span', { class: 'help', id: `${id}-help` }, t(help, { max: MAX_DRAWS })),
      h('p', { class: 'msg', id: `${id}-msg`, role: 'alert' }, message),
    );
  });
}

/** The lab's nodes; `error`: a refused p, draws or seed (the last good statistics stay). */
export function view({ mask, statistics }, params, actions, error, progress, t) {
  return [
    h('p', {}, t('intro')),
    h('h3', {}, t('mask.heading')),
    choice({
      className: 'lab-toggle',
      legend: t('rng.legend'),
      name: 'dropout-rng',
      choices: Object.fromEntries(RNGS.map((rng) => [rng, t(`rng.${rng}`)])),
      value: params.rng,
      onPick: (rng) => actions.setParams({ rng }),
    }),
    h('p', { class: 'help' }, t('rng.why')),
    h('div', { class: 'lab-body' }, maskView(mask, t)),
    h('h3', {}, t('draws.heading')),
    h('p', { class: 'help' }, t('draws.help', { call: m('lab.dropoutStatistics') })),
    weightsNote(t, statistics.trained),
    h(
      'div',
      { class: 'lab-controls' },
      numberFields(params, actions, error, statistics.lowered, t),
    ),
    h('div', { class: 'lab-body' }, statisticsView(statistics, t)),
  ];
}
