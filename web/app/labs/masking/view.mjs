// The masking lab's page: the page's sentence through both routes, then one row whose future score
// dominates by a gap the student chooses (presets reach where float32 breaks the naive route), and
// the plots of both routes over the gaps.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { value } from '../kit/format.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { denominatorGrid, gapRow, limitsPlot } from './plots.mjs';
import { maskingStory } from '../../../lib/stage-text.mjs';
import { drawn } from '../kit/memo.mjs';

function drawOrdinaryView(o, t) {
  const labels = o.tokens.map(tokenLabel);
  const grid = (caption, name, rows) =>
    denominatorGrid(caption, name, labels, (i, j) => rows[i][j]);
  return [
    weightsNote(t, o.trained),
    h(
      'p',
      { class: 'lab-result' },
      'Your sentence through both routes: the attention weights differ by at most ',
      value('weightsDifference', o.weightsDifference),
      ' and the context vectors by ',
      value('outputDifference', o.outputDifference),
      o.causal
        ? `: ${o.weightsDifference === 0 ? 'bit for bit the same' : 'float32 rounding'}, so on ordinary rows the naive route leaks nothing.`
        : '. (The page’s model has the mask switched off, so neither route hides anything.)',
    ),
    h(
      'p',
      {},
      'The results agree, but the sums behind them do not. Each softmax divides by a sum of exponentials, its denominator. ',
      'The naive route sums over every key, the future included, and only afterwards throws the future’s weights away; ',
      'with −∞ the future contributes e',
      h('sup', {}, '−∞'),
      ' = 0, so only the keys a token may see are in its sum.',
    ),
    h(
      'div',
      { class: 'lab-tables' },
      grid('Naive: in the softmax’s denominator', 'denominator-naive', o.naive),
      grid('−∞: in the softmax’s denominator', 'denominator-neg-inf', o.negInf),
    ),
    o.T > labels.length
      ? h('p', { class: 'help' }, `The first ${labels.length} of ${o.T} tokens, head 1.`)
      : null,
  ];
}

// Drawn again only when the compute's kept part changed (a drag moves other parts).
const ordinaryView = drawn(drawOrdinaryView);

// Why −∞ all the same: the sentence the mask step says too (web/lib/stage-text.mjs).
const WHY_NEG_INF = maskingStory(true, 0)[2];

// An empty field reads as NaN, so that the core's message says what a gap must be.
const readGap = (text) => (text.trim() === '' ? NaN : Number(text));

function controls(points, params, actions, error) {
  const preset = (label, gap, name) =>
    h(
      'button',
      { type: 'button', dataset: { preset: name }, onclick: () => actions.setParams({ gap }) },
      label,
    );
  return h(
    'div',
    { class: 'lab-controls' },
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'masking-gap' }, 'Gap'),
      h('input', {
        type: 'number',
        id: 'masking-gap',
        step: 'any',
        inputmode: 'decimal',
        value: String(params.gap),
        'aria-describedby': 'masking-gap-help masking-gap-msg',
        'aria-invalid': error ? 'true' : null,
        oninput: (e) => actions.setParams({ gap: readGap(e.target.value) }),
      }),
      h('span', { class: 'help', id: 'masking-gap-help' }, 'A number from −1000 to 1000.'),
      h('p', { class: 'msg', id: 'masking-gap-msg', role: 'alert' }, error?.message ?? ''),
    ),
    h(
      'div',
      { class: 'lab-presets', role: 'group', 'aria-label': 'Presets' },
      preset('Ordinary (gap 10)', 10, 'ordinary'),
      points.errors !== undefined
        ? preset(`Errors begin (gap ${points.errors})`, points.errors, 'errors')
        : null,
      points.fails !== undefined
        ? preset(`The breaking point (gap ${points.fails})`, points.fails, 'breaking')
        : null,
    ),
  );
}

const INTRO = [
  'A causal model must not let a token look ahead. The lecture’s first try takes the softmax over every key, sets the future’s weights to 0 and divides each row by what is left, so that it sums to 1 again. ',
  'Its final version writes −∞ into the future’s scores before the softmax instead. Both give the same weights on ordinary rows; ',
  'the difference is what went into the softmax’s sum.',
];

/** The lab's nodes; `error`: the core's message for a refused gap (the last good row stays). */
export function view({ row, rows, points, ordinary }, params, actions, error, progress, t) {
  return [
    h('p', {}, INTRO),
    h('h3', {}, 'Ordinary rows'),
    h('div', { class: 'lab-body' }, ordinaryView(ordinary, t)),
    h('h3', {}, 'A future score that dominates'),
    h(
      'p',
      {},
      'Take one query with two past keys, scored 0 and 1, and a future key scored 1 + gap. In the naive route the future’s e',
      h('sup', {}, '1+gap'),
      ' sits in the denominator, so the past’s shares shrink like e',
      h('sup', {}, '−gap'),
      '. Renormalising recovers them exactly while float32 can still hold them; in its subnormal range they lose digits, then they become 0 and there is nothing left to divide.',
    ),
    controls(points, params, actions, error),
    h('div', { class: 'lab-body' }, gapRow(row)),
    h(
      'p',
      { class: 'lab-result' },
      'Measured on the plots’ gaps: the past’s smaller share is subnormal from a gap of ',
      value('subnormal', points.subnormal, String(points.subnormal)),
      ', the naive route is off by more than 1e−6 from ',
      value('errors', points.errors, String(points.errors)),
      ' and has nothing left to renormalise (0 / 0) from ',
      value('fails', points.fails, String(points.fails)),
      '.',
    ),
    h('div', {}, limitsPlot(rows, points, row.gap)),
    h(
      'p',
      { class: 'help' },
      'The row: the core’s ',
      m('lab.maskingLimits'),
      `; the plots: ${rows.length} gaps from 0 to 110. In a trained model such gaps are rare, but the −∞ route never depends on them: the future is simply not in the sum.`,
    ),
    h('p', { class: 'lab-why' }, WHY_NEG_INF),
  ];
}
