// The √d_h lab's page: the slider of the head size with what it measures, the plots over every
// head size, and the page's own sentence with scaling on and off.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { fmt, readable, value as quantity } from '../kit/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { linePlot, legend } from '../kit/plot.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { choice } from '../kit/choice.mjs';
import { mean } from '../kit/tensor.mjs';
import { DH_STEPS, SHOWN_ROWS } from './index.mjs';
import { drawn } from '../kit/memo.mjs';

// Measured numbers of the random part: 4 decimals on screen.
const value = (name, v, text = fmt(v)) => quantity(name, v, text);

function spreadPlots(points, dh) {
  const x = { min: 1, max: 256, log: true, title: 'd_h (log scale)', ticks: DH_STEPS };
  const mark = [{ x: dh, label: `d_h = ${dh}` }];
  const spreadSeries = [
    { name: 'spread of q · k', className: 's-1', points: points.map((p) => [p.dh, p.scoreStd]) },
    {
      name: '√d_h',
      className: 's-3',
      dashed: true,
      points: DH_STEPS.map((d) => [d, Math.sqrt(d)]),
    },
    {
      name: 'spread of q · k ÷ √d_h',
      className: 's-2',
      points: points.map((p) => [p.dh, p.scaledStd]),
    },
  ];
  const peakSeries = [
    { name: 'not scaled', className: 's-1', points: points.map((p) => [p.dh, mean(p.largestRaw)]) },
    { name: 'scaled', className: 's-2', points: points.map((p) => [p.dh, mean(p.largestScaled)]) },
  ];
  const last = points.at(-1);
  return h(
    'div',
    { class: 'lab-tables' },
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: `Standard deviation of the scores against d_h: it follows √d_h, from ${fmt(points[0].scoreStd)} at d_h = 1 to ${fmt(last.scoreStd)} at 256; divided by √d_h it stays near 1.`,
        x,
        y: { min: 0, max: 17, title: 'standard deviation', ticks: [0, 4, 8, 12, 16] },
        series: spreadSeries,
        marks: mark,
      }),
      h('figcaption', {}, 'The spread of the scores, measured for each d_h.'),
      legend(spreadSeries),
    ),
    h(
      'figure',
      { class: 'lab-figure' },
      linePlot({
        label: `Average largest weight of a row against d_h: without scaling it climbs to ${fmt(mean(last.largestRaw))} at 256, with scaling it stays near ${fmt(mean(last.largestScaled))}.`,
        x,
        y: { min: 0, max: 1, title: 'largest weight of a row', ticks: [0, 0.25, 0.5, 0.75, 1] },
        series: peakSeries,
        marks: mark,
      }),
      h('figcaption', {}, 'How one-hot the softmax rows are (1 = all weight on one key).'),
      legend(peakSeries),
    ),
  );
}

function current(point, tokens) {
  const { dh } = point;
  return [
    h(
      'p',
      { class: 'lab-result' },
      'Queries and keys: spread ',
      value('queryStd', point.queryStd),
      ' and ',
      value('keyStd', point.keyStd),
      '. Scores ',
      m('q · k'),
      ': spread ',
      value('scoreStd', point.scoreStd),
      ', and ',
      m(`√${dh} = ${fmt(Math.sqrt(dh))}`),
      '. Divided by it: spread ',
      value('scaledStd', point.scaledStd),
      '.',
    ),
    h(
      'p',
      { class: 'lab-result' },
      'Largest weight of a row, on average over all 36 rows: ',
      value('largestRaw', mean(point.largestRaw)),
      ' without scaling, ',
      value('largestScaled', mean(point.largestScaled)),
      ' with it (an even spread over 36 keys would be ',
      fmt(1 / 36),
      ').',
    ),
    numberTable({
      caption: `The largest weight of the first ${SHOWN_ROWS} rows, d_h = ${dh}`,
      name: 'largest',
      rowLabels: tokens.map(tokenLabel),
      colLabels: ['not scaled', '÷ √d_h'],
      corner: 'query ↓',
      rows: point.largestRaw.slice(0, SHOWN_ROWS).map((v, r) => [v, point.largestScaled[r]]),
    }),
  ];
}

// The page's own sentence with scaling on and off: its head 1, first sentence of the batch.
function drawPageView(part, scale, t) {
  const { dh, difference } = part;
  const labels = part.tokens.map(tokenLabel);
  return [
    weightsNote(t, part.trained),
    h(
      'p',
      { class: 'lab-result' },
      `Here d_h = ${dh}, so the scores are divided by √${dh} = ${fmt(Math.sqrt(dh))}. Largest change of a weight when scaling is switched off: `,
      value('pageDifference', difference, readable(difference)),
      '. ',
      dh === 1
        ? 'Dividing by √1 changes nothing: give the page a larger d_out in the settings (d_out 128 with 2 heads makes d_h = 64, GPT-2’s head size) to see the difference.'
        : dh <= 4
          ? 'With heads this small the two differ little: the division matters for large heads (GPT-2: d_h = 64).'
          : '',
    ),
    numberTable({
      caption: `Attention weights of your sentence, head 1, ${scale === 'on' ? 'scaled by 1/√d_h' : 'not scaled'}`,
      name: 'page-weights',
      rowLabels: labels,
      colLabels: labels,
      corner: 'query ↓ key →',
      rows: part.weights,
      cellClass: (v) => (v === 0 ? 'masked' : ''),
    }),
  ];
}

// Drawn again only when the compute's kept part changed (a drag moves other parts).
const pageView = drawn(drawPageView);

function slider(dh, actions, error) {
  return h(
    'div',
    { class: 'lab-controls' },
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'sqrt-dh-dh' }, 'Head size d_h'),
      h(
        'div',
        { class: 'exp-row' },
        h('input', {
          type: 'range',
          id: 'sqrt-dh-dh',
          min: 1,
          max: 256,
          step: 1,
          value: dh,
          'aria-describedby': 'sqrt-dh-msg',
          oninput: (e) => actions.setParams({ dh: Number(e.target.value) }),
        }),
        h('output', { for: 'sqrt-dh-dh', class: 'lab-result' }, String(dh)),
      ),
      h('p', { class: 'msg', id: 'sqrt-dh-msg', role: 'alert' }, error?.message ?? ''),
    ),
  );
}

const SCALE = { on: 'scaled by 1/√d_h', off: 'not scaled' };

/** The lab's nodes; `error`: why the d_h of the address was not taken. */
export function view({ curve, point, tokens, page }, params, actions, error, progress, t) {
  return [
    h(
      'p',
      {},
      'A score is a dot product: d_h products added up. If every number of a query and a key has a spread of about 1, each product does too, and a sum of d_h of them spreads like √d_h. Softmax exponentiates, so a row whose scores differ by 10 or 20 puts almost all its weight on one key, and its gradients for the others all but vanish. Dividing by √d_h keeps the spread near 1 for any head size.',
    ),
    h(
      'p',
      { class: 'help' },
      'Below: 36 random tokens (the core’s seeded vectors, centred so that queries and keys spread about 1), ',
      m('CausalAttention'),
      ' without its mask and with d_out = d_h, computed by the core for each d_h.',
    ),
    weightsNote(t, page.trained, 'how the scores spread with the head size', 'This part'),
    slider(point.dh, actions, error),
    h('div', { class: 'lab-body' }, current(point, tokens)),
    h('div', {}, spreadPlots(curve, point.dh)),
    h('h3', {}, 'Your sentence'),
    choice({
      className: 'lab-toggle',
      legend: 'The scores of the page’s model',
      name: 'sqrt-dh-scale',
      choices: SCALE,
      value: params.scale,
      onPick: (scale) => actions.setParams({ scale }),
    }),
    h('div', { class: 'lab-body' }, pageView(page, params.scale, t)),
  ];
}
