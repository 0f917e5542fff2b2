// Lab 2: why the scores are divided by √d_h. A dot product of two d_h-long vectors with unit-spread
// numbers adds d_h products, so its spread grows like √d_h; softmax then turns a row of widely
// spread scores into nearly one-hot weights. Dividing by √d_h brings the spread back to about 1.
// Every number comes from the core (lab.embed, lab.forward); this file only summarises them.
import { h, m, replace } from '../ui/dom.mjs';
import { fmt, exact, readable, tokenLabel } from '../ui/format.mjs';
import { numberTable, matrixRows } from './table.mjs';
import { linePlot, legend } from './plot.mjs';
import { pageForward, readInteger, weightsNote } from './page.mjs';
import { maxAbsDifference } from './tensor-ops.mjs';

export const slug = 'sqrt-dh';
export const title = 'Why divide by √d_h';
export const stage = 'scale';
export const summary =
  'Random queries and keys of size 1 to 256: the scores spread like √d_h, and without the division the softmax turns one-hot.';

/** 36 different one-token words: 36 × 36 scores per d_h. */
export const WORDS =
  'the cat sat on a mat and then it ran to see what was there in that old house by our tree when dog chased ball but could not catch bird flew over hill under sky';
export const D_IN = 64;
/**
 * lab.embed's seeded vectors are spread evenly over [0, 1]; centred and stretched by 6 they spread
 * over [−3, 3] with variance 3, so that nn.Linear's initial weights (variance 1 / (3 · d_in)) give
 * queries and keys whose numbers have a spread of about 1: the setting of the lecture's argument.
 */
export const STRETCH = 6;
export const DH_STEPS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
const DEFAULT_DH = 64;
const SHOWN_ROWS = 8;

/** The random inputs: (1, 36, 64), from the core's seeded token vectors. */
export function randomInputs(lab) {
  const { inputs, tokens } = lab.embed(WORDS, { dIn: D_IN, seed: 123 });
  return { inputs: inputs.map((v) => STRETCH * (v - 0.5)), tokens };
}

/** The standard deviation of a tensor's values (all of them: every query against every key). */
export function spread(data) {
  let mean = 0;
  for (const v of data) mean += v;
  mean /= data.length;
  let sq = 0;
  for (const v of data) sq += (v - mean) ** 2;
  return Math.sqrt(sq / data.length);
}

/** Per row of a (1, 1, T, T) weight tensor, its largest weight. */
export function largestPerRow({ shape, data }) {
  const T = shape.at(-1);
  return Array.from({ length: data.length / T }, (_, r) =>
    Math.max(...data.subarray(r * T, (r + 1) * T)),
  );
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** One d_h: the core's scores and weights both ways (no mask: every key counts). */
export function measure(lab, inputs, dh) {
  const run = (scale) =>
    lab.forward({ inputs, dIn: D_IN, dOut: dh, module: 'causal', causal: false, scale, seed: 123 })
      .trace;
  const raw = run(false);
  const scaled = run(true);
  return {
    dh,
    queryStd: spread(raw.queries.data),
    keyStd: spread(raw.keys.data),
    scoreStd: spread(raw.attentionScores.data),
    scaledStd: spread(scaled.scaledScores.data),
    largestRaw: largestPerRow(raw.attentionWeights),
    largestScaled: largestPerRow(scaled.attentionWeights),
  };
}

const value = (name, v, text = fmt(v)) =>
  h('span', { class: 'lab-value', dataset: { quantity: name, value: exact(v) } }, text);

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
      legend(h, spreadSeries),
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
      legend(h, peakSeries),
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
      rowLabels: tokens.slice(0, SHOWN_ROWS).map((t) => tokenLabel(t.text)),
      colLabels: ['not scaled', '÷ √d_h'],
      corner: 'query ↓',
      rows: point.largestRaw.slice(0, SHOWN_ROWS).map((v, r) => [v, point.largestScaled[r]]),
    }),
  ];
}

// The page's own sentence with scaling on and off: its head 1, first sentence of the batch.
function pagePart(lab, page, scaled) {
  const state = page();
  const on = pageForward(lab, state, { scale: true });
  const off = pageForward(lab, state, { scale: false });
  const note = weightsNote(h);
  note.update(state.result);
  const { shape } = on.trace.attentionWeights;
  const T = shape.at(-1);
  const dh = on.trace.queryHeads.shape.at(-1);
  const shown = (scaled ? on : off).trace.attentionWeights;
  const labels = on.tokens.map((t) => tokenLabel(t.text));
  const difference = maxAbsDifference(on.trace.attentionWeights, off.trace.attentionWeights);
  return [
    note.node,
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
      caption: `Attention weights of your sentence, head 1, ${scaled ? 'scaled by 1/√d_h' : 'not scaled'}`,
      name: 'page-weights',
      rowLabels: labels,
      colLabels: labels,
      corner: 'query ↓ key →',
      rows: matrixRows(shown, T),
      cellClass: (v) => (v === 0 ? 'masked' : ''),
    }),
  ];
}

export function mount(root, { lab, page, params, setParams }) {
  const asked = readInteger(params, 'sqrt-dh.dh', {
    min: 1,
    max: 256,
    fallback: DEFAULT_DH,
    meaning: 'd_h',
  });
  let dh = asked.value;
  let scaled = params.get('sqrt-dh.scale') !== 'off';
  const { inputs, tokens } = randomInputs(lab);
  const curve = DH_STEPS.map((d) => measure(lab, inputs, d));

  const slider = h('input', {
    type: 'range',
    id: 'sqrt-dh-dh',
    min: 1,
    max: 256,
    step: 1,
    value: dh,
    'aria-describedby': 'sqrt-dh-msg',
    oninput: () => show(Number(slider.value)),
  });
  const output = h('output', { for: 'sqrt-dh-dh', class: 'lab-result' }, String(dh));
  const message = h('p', { class: 'msg', id: 'sqrt-dh-msg', role: 'alert' }, asked.error ?? '');
  const plots = h('div');
  const now = h('div', { class: 'lab-body' });
  const randomNote = weightsNote(h, 'how the scores spread with the head size', 'This part');
  const pageView = h('div', { class: 'lab-body' });
  const toggle = ['on', 'off'].map((v) =>
    h(
      'label',
      {},
      h('input', {
        type: 'radio',
        name: 'sqrt-dh-scale',
        value: v,
        checked: scaled === (v === 'on'),
        onchange: () => {
          scaled = v === 'on';
          setParams({ scale: scaled ? null : 'off' });
          drawPage();
        },
      }),
      v === 'on' ? ' scaled by 1/√d_h' : ' not scaled',
    ),
  );

  function show(next) {
    dh = next;
    output.textContent = String(dh);
    setParams({ dh: dh === DEFAULT_DH ? null : dh });
    const point = measure(lab, inputs, dh);
    replace(plots, spreadPlots(curve, dh));
    replace(now, current(point, tokens));
  }
  function drawPage() {
    replace(pageView, pagePart(lab, page, scaled));
  }

  replace(
    root,
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
    randomNote.node,
    h(
      'div',
      { class: 'lab-controls' },
      h(
        'div',
        { class: 'lab-control' },
        h('label', { for: 'sqrt-dh-dh' }, 'Head size d_h'),
        h('div', { class: 'exp-row' }, slider, output),
        message,
      ),
    ),
    now,
    plots,
    h('h3', {}, 'Your sentence'),
    h(
      'fieldset',
      { class: 'lab-toggle' },
      h('legend', {}, 'The scores of the page’s model'),
      toggle,
    ),
    pageView,
  );
  show(dh);
  drawPage();
  randomNote.update(page().result);
  return {
    update() {
      randomNote.update(page().result);
      drawPage();
    },
    destroy() {},
  };
}
