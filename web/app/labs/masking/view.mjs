// The masking lab's page: the page's sentence through both routes, then one row whose future score
// dominates by a gap the student chooses (presets reach where float32 breaks the naive route), and
// the plots of both routes over the gaps.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { value } from '../kit/format.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { denominatorGrid, gapRow, limitsPlot } from './plots.mjs';
import { maskingStory } from '../../../lib/stage-text.mjs';
import { TYPESET } from '../../../lib/present.mjs';
import { stageWords } from '../../stages/lead.mjs';
import { drawn } from '../kit/memo.mjs';

function drawOrdinaryView(o, t) {
  const labels = o.tokens.map(tokenLabel);
  const grid = (caption, name, rows) =>
    denominatorGrid(t, caption, name, labels, (i, j) => rows[i][j]);
  const same = o.weightsDifference === 0 ? 'ordinary.same' : 'ordinary.rounding';
  return [
    weightsNote(t, o.trained),
    h(
      'p',
      { class: 'lab-result' },
      t('ordinary.result', {
        weights: value('weightsDifference', o.weightsDifference),
        output: value('outputDifference', o.outputDifference),
        end: t(o.causal ? same : 'ordinary.noMask'),
      }),
    ),
    h('p', {}, t('ordinary.sums', { zero: ['e', h('sup', {}, '−∞')] })),
    h(
      'div',
      { class: 'lab-tables' },
      grid(t('grid.naive'), 'denominator-naive', o.naive),
      grid(t('grid.negInf'), 'denominator-neg-inf', o.negInf),
    ),
    o.T > labels.length
      ? h('p', { class: 'help' }, t('grid.first', { n: labels.length, T: o.T }))
      : null,
  ];
}

// Drawn again only when the compute's kept part changed (a drag moves other parts).
const ordinaryView = drawn(drawOrdinaryView);

// Why −∞ all the same: the sentence the mask step says too (web/lib/stage-text.mjs), in the
// page's words.
const whyNegInf = (t) => maskingStory(true, 0, TYPESET, stageWords({ strings: t.page }))[2];

// An empty field reads as NaN, so that the core's message says what a gap must be.
const readGap = (text) => (text.trim() === '' ? NaN : Number(text));

function controls(points, params, actions, error, t) {
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
      h('label', { for: 'masking-gap' }, t('gap.label')),
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
      h('span', { class: 'help', id: 'masking-gap-help' }, t('gap.help')),
      h('p', { class: 'msg', id: 'masking-gap-msg', role: 'alert' }, error?.message ?? ''),
    ),
    h(
      'div',
      { class: 'lab-presets', role: 'group', 'aria-label': t('presets') },
      preset(t('preset.ordinary'), 10, 'ordinary'),
      points.errors !== undefined
        ? preset(t('preset.errors', { gap: points.errors }), points.errors, 'errors')
        : null,
      points.fails !== undefined
        ? preset(t('preset.breaking', { gap: points.fails }), points.fails, 'breaking')
        : null,
    ),
  );
}

/** The lab's nodes; `error`: the core's message for a refused gap (the last good row stays). */
export function view({ row, rows, points, ordinary }, params, actions, error, progress, t) {
  return [
    h('p', {}, t('intro')),
    h('h3', {}, t('ordinary.heading')),
    h('div', { class: 'lab-body' }, ordinaryView(ordinary, t)),
    h('h3', {}, t('dominates.heading')),
    h(
      'p',
      {},
      t('dominates.text', {
        future: ['e', h('sup', {}, '1+gap')],
        shrink: ['e', h('sup', {}, '−gap')],
      }),
    ),
    controls(points, params, actions, error, t),
    h('div', { class: 'lab-body' }, gapRow(row, t)),
    h(
      'p',
      { class: 'lab-result' },
      t('measured', {
        subnormal: value('subnormal', points.subnormal, String(points.subnormal)),
        errors: value('errors', points.errors, String(points.errors)),
        fails: value('fails', points.fails, String(points.fails)),
      }),
    ),
    h('div', {}, limitsPlot(rows, points, row.gap, t)),
    h('p', { class: 'help' }, t('plots.help', { call: m('lab.maskingLimits'), n: rows.length })),
    h('p', { class: 'lab-why' }, whyNegInf(t)),
  ];
}
