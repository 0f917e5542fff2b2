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

export const RNGS = Object.freeze({
  cpu: 'PyTorch’s own generator (the notebook’s mask: Debian, macOS, AMD CPUs)',
  mkl: 'Intel MKL’s generator (PyTorch’s pip wheels on Intel CPUs)',
});
const FIRST_DRAWS = 8;
const LABELS = ['1', '2', '3', '4', '5', '6'];

function maskView({ rng, rows, kept }) {
  return [
    numberTable({
      caption: `Dropout(0.5) of torch.ones(6, 6), seed 123, ${rng === 'cpu' ? 'the notebook’s mask' : 'the MKL mask'}`,
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
      'Kept: ',
      value('notebookKept', kept, String(kept)),
      ' of 36, not 18: each number is kept with probability 1 − p on its own, so the count varies. Each survivor is 1 ÷ (1 − 0.5) = 2.',
    ),
  ];
}

function keptLine({ keptShare: shares, p }) {
  const [low, high] = [Math.min(...shares), Math.max(...shares)];
  return h(
    'p',
    { class: 'lab-result' },
    `Share kept in the first ${Math.min(FIRST_DRAWS, shares.length)} draws: `,
    shares.slice(0, FIRST_DRAWS).map((k, i) => [i ? ', ' : '', value(`kept-${i}`, k, fmt(k))]),
    `; over all ${shares.length} draws from `,
    value('keptMin', low, fmt(low)),
    ' to ',
    value('keptMax', high, fmt(high)),
    `, around 1 − p = ${fmt(1 - p)}.`,
  );
}

// The last token's row (it sees every key: the fullest row), undropped, once and averaged.
function rowTable(s) {
  const { T, tokens } = s;
  const labels = tokens.map(tokenLabel);
  const n = s.keptShare.length;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  return numberTable({
    caption: `The row of “${labels[T - 1]}” (head 1): undropped, one draw, the mean of ${n} draws`,
    name: 'row-mean',
    rowLabels: ['undropped weights', `one draw (seed ${s.seed})`, `mean of ${n} draws`],
    colLabels: [...labels, 'Σ row'],
    corner: 'key →',
    rows: [s.weights, s.once, s.mean].map((t) => {
      const r = Array.from(t.slice((T - 1) * T, T * T));
      return [...r, sum(r)];
    }),
  });
}

function errorPlot(s) {
  const n = s.keptShare.length;
  const series = [
    {
      name: 'largest |mean − weight|',
      className: 's-1',
      points: s.maxError.map((v, i) => [i + 1, v]),
    },
    {
      name: 'average |mean − weight|',
      className: 's-2',
      points: s.meanAbsError.map((v, i) => [i + 1, v]),
    },
  ];
  return h(
    'figure',
    { class: 'lab-figure' },
    linePlot({
      label: `How far the running mean of the dropped weights is from the undropped ones, against the number of draws: the largest difference falls from ${fmt(s.maxError[0])} after one draw to ${fmt(s.maxError[n - 1])} after ${n}.`,
      x: {
        min: 1,
        max: Math.max(10, n),
        log: true,
        title: 'draws (log scale)',
        ticks: [1, 10, 100, 1000].filter((t) => t <= Math.max(10, n)),
      },
      y: {
        min: 1e-4,
        max: 10,
        log: true,
        title: 'difference (log scale)',
        ticks: [1e-4, 1e-3, 1e-2, 1e-1, 1, 10],
        format: (v) => String(v),
      },
      series,
    }),
    h('figcaption', {}, 'The running mean against the undropped weights, draw by draw.'),
    legend(series),
  );
}

function statisticsView(s) {
  const n = s.keptShare.length;
  return [
    keptLine(s),
    rowTable(s),
    h(
      'p',
      { class: 'lab-result' },
      'After ',
      String(n),
      ' draws the mean is off by at most ',
      value('maxError', s.maxError[n - 1]),
      ' (',
      value('meanAbsError', s.meanAbsError[n - 1]),
      ' on average); after one draw by ',
      value('maxError1', s.maxError[0]),
      '.',
    ),
    errorPlot(s),
  ];
}

const FIELDS = [
  ['p', 'p, the dropout probability', 'From 0 up to, not including, 1.'],
  ['draws', 'Draws', `From 1 to ${MAX_DRAWS} (fewer for long sentences).`],
  ['seed', 'Seed of the first draw', 'Draw k uses seed + k.'],
];
// An emptied field goes to the core as it is, so that the message is the core's.
const readNumber = (text) => (text.trim() === '' ? text : Number(text));
// The field a refused value belongs to: the core names p 'dropout'.
const fieldOf = (error) =>
  error.option === 'draws' || error.option === 'seed' ? error.option : 'p';

function numberFields(params, actions, error, lowered) {
  const refused = error ? fieldOf(error) : null;
  return FIELDS.map(([key, label, help]) => {
    const id = `dropout-${key}`;
    const message = refused === key ? error.message : key === 'draws' ? lowered : '';
    return h(
      'div',
      { class: 'lab-control' },
      h('label', { for: id }, label),
      h('input', {
        type: 'number',
        id,
        step: 'any',
        value: String(params[key]),
        'aria-describedby': `${id}-help ${id}-msg`,
        'aria-invalid': refused === key ? 'true' : null,
        onchange: (e) => actions.setParams({ [key]: readNumber(e.target.value) }),
      }),
      h('span', { class: 'help', id: `${id}-help` }, help),
      h('p', { class: 'msg', id: `${id}-msg`, role: 'alert' }, message),
    );
  });
}

/** The lab's nodes; `error`: a refused p, draws or seed (the last good statistics stay). */
export function view({ mask, statistics }, params, actions, error) {
  return [
    h(
      'p',
      {},
      'In training, dropout sets each attention weight to 0 with probability p and multiplies the survivors by 1/(1 − p). ',
      'A single draw changes the weights a lot (a row no longer sums to 1); the scaling makes every weight right on average, so the model trained with dropout still fits the model used without it.',
    ),
    h('h3', {}, 'The notebook’s mask'),
    choice({
      className: 'lab-toggle',
      legend: 'Whose random numbers',
      name: 'dropout-rng',
      choices: RNGS,
      value: params.rng,
      onPick: (rng) => actions.setParams({ rng }),
    }),
    h(
      'p',
      { class: 'help' },
      'Why two masks: both builds seed PyTorch’s generator with 123, but PyTorch built with MKL hands the draw to MKL’s own generator on Intel CPUs, so the same seed gives other numbers. Neither is wrong.',
    ),
    h('div', { class: 'lab-body' }, maskView(mask)),
    h('h3', {}, 'Many draws of your sentence’s weights'),
    h(
      'p',
      { class: 'help' },
      'The page’s attention weights (head 1), dropped again and again by ',
      m('lab.dropoutStatistics'),
      '; press Enter or leave a field to recompute.',
    ),
    weightsNote(statistics.trained),
    h('div', { class: 'lab-controls' }, numberFields(params, actions, error, statistics.lowered)),
    h('div', { class: 'lab-body' }, statisticsView(statistics)),
  ];
}
