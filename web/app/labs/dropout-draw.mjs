// The drawings of the dropout lab (labs/dropout.mjs): the notebook's 6 × 6 mask and the
// statistics of many draws of the page's weights, from lab.dropout and lab.dropoutStatistics.
import { h } from '../ui/dom.mjs';
import { fmt, exact, readable, tokenLabel } from '../ui/format.mjs';
import { numberTable } from './table.mjs';
import { linePlot, legend } from './plot.mjs';

/** The notebook's example: torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6)). */
export const NOTEBOOK = Object.freeze({ shape: [6, 6], p: 0.5, seed: 123 });
const FIRST_DRAWS = 8;

const value = (name, v, text = readable(v)) =>
  h('span', { class: 'lab-value', dataset: { quantity: name, value: exact(v) } }, text);

export function notebookMask(lab, rng) {
  const ones = new Float32Array(36).fill(1);
  const { output, mask } = lab.dropout({ input: ones, ...NOTEBOOK, rng });
  const kept = mask.data.reduce((a, b) => a + b, 0);
  const rows = Array.from({ length: 6 }, (_, r) =>
    Array.from(output.data.subarray(r * 6, r * 6 + 6)),
  );
  const labels = ['1', '2', '3', '4', '5', '6'];
  return [
    numberTable({
      caption: `Dropout(0.5) of torch.ones(6, 6), seed 123, ${rng === 'cpu' ? 'the notebook’s mask' : 'the MKL mask'}`,
      name: 'notebook-mask',
      rowLabels: labels,
      colLabels: labels,
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

// The page's attention weights, head 1 of the first sentence: (T, T).
export function pageWeights(page) {
  const { result } = page();
  const w = result.trace.attentionWeights;
  const T = w.shape.at(-1);
  return { T, data: w.data.slice(0, T * T), tokens: result.tokens };
}

export function statisticsView(lab, weights, s, { p, draws, seed }) {
  const { T, data, tokens } = weights;
  const last = T - 1; // the last token sees every key: the fullest row
  const row = (values) => Array.from(values.subarray(last * T, last * T + T));
  const once = lab.dropout({ input: data, shape: [T, T], p, seed }).output.data;
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const shares = Array.from(s.keptShare);
  const n = shares.length;
  const errorSeries = [
    {
      name: 'largest |mean − weight|',
      className: 's-1',
      points: Array.from(s.maxError, (v, i) => [i + 1, v]),
    },
    {
      name: 'average |mean − weight|',
      className: 's-2',
      points: Array.from(s.meanAbsError, (v, i) => [i + 1, v]),
    },
  ];
  const labels = tokens.map((t) => tokenLabel(t.text));
  return [
    h(
      'p',
      { class: 'lab-result' },
      `Share kept in the first ${Math.min(FIRST_DRAWS, n)} draws: `,
      shares.slice(0, FIRST_DRAWS).map((k, i) => [i ? ', ' : '', value(`kept-${i}`, k, fmt(k))]),
      `; over all ${n} draws from `,
      value('keptMin', Math.min(...shares), fmt(Math.min(...shares))),
      ' to ',
      value('keptMax', Math.max(...shares), fmt(Math.max(...shares))),
      `, around 1 − p = ${fmt(1 - p)}.`,
    ),
    numberTable({
      caption: `The row of “${labels[last]}” (head 1): undropped, one draw, the mean of ${n} draws`,
      name: 'row-mean',
      rowLabels: ['undropped weights', `one draw (seed ${seed})`, `mean of ${n} draws`],
      colLabels: [...labels, 'Σ row'],
      corner: 'key →',
      rows: [data, once, s.mean.data].map((t) => {
        const r = row(t);
        return [...r, sum(r)];
      }),
    }),
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
    h(
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
        series: errorSeries,
      }),
      h('figcaption', {}, 'The running mean against the undropped weights, draw by draw.'),
      legend(h, errorSeries),
    ),
  ];
}
