// Lab 3: masking the future, naive (softmax over every key, zero the future, divide by the new row
// sums) against −∞ (set the future's scores to −∞ before the softmax). On ordinary rows both give
// the same weights; the lecture prefers −∞ because in the naive route the future keys sit in the
// softmax's denominator, and a dominating future score can push the past's share into float32's
// subnormal range and below, where renormalising no longer recovers it. All numbers are the core's
// (lab.forward with masking 'naive' / 'neg-inf', lab.maskingLimits).
import { h, m, replace } from '../ui/dom.mjs';
import { tokenLabel } from '../ui/format.mjs';
import { pageForward, weightsNote } from './page.mjs';
import { maxAbsDifference } from './tensor-ops.mjs';
import { SMALLEST_NORMAL, value, denominatorGrid, gapRow, limitsPlot } from './masking-draw.mjs';

export { SMALLEST_NORMAL };

export const slug = 'masking';
export const title = 'Masking the future: naive or −∞';
export const stage = 'mask';
export const summary =
  'The same weights on ordinary rows; then one future score dominates and float32 breaks the naive route.';

/** The gaps of the plot: 0 to 110 in quarters (maskingLimits takes at most 1000). */
export const PLOT_GAPS = Array.from({ length: 441 }, (_, i) => i / 4);
/** An error this large is beyond float32 rounding of weights near 0.3 and 0.7. */
export const ERROR_THRESHOLD = 1e-6;
const DEFAULT_GAP = 10;
const DRAWN_TOKENS = 10;

/** Where float32 breaks the naive route, read from maskingLimits' rows. */
export function breakingPoints(rows) {
  return {
    subnormal: rows.find((r) => Math.min(r.unmasked[0], r.unmasked[1]) < SMALLEST_NORMAL)?.gap,
    errors: rows.find((r) => r.failure || r.maxDifference > ERROR_THRESHOLD)?.gap,
    fails: rows.find((r) => r.failure)?.gap,
  };
}

function ordinaryRows(lab, page) {
  const state = page();
  const settings = state.result?.trained ? state.result.settings : state.settings;
  const naive = pageForward(lab, state, { masking: 'naive' });
  const negInf = pageForward(lab, state, { masking: 'neg-inf' });
  const weights = maxAbsDifference(naive.trace.attentionWeights, negInf.trace.attentionWeights);
  const output = maxAbsDifference(naive.output, negInf.output);
  const T = naive.trace.attentionWeights.shape.at(-1);
  const n = Math.min(T, DRAWN_TOKENS);
  const labels = naive.tokens.slice(0, n).map((t) => tokenLabel(t.text));
  // Head 1 of the first sentence: a key entered the denominator when the route's softmax gave
  // it a share (e^score > 0); −∞ gives e^−∞ = 0.
  const unmasked = naive.trace.unmaskedWeights.data;
  const masked = negInf.trace.attentionWeights.data;
  const note = weightsNote(h);
  note.update(state.result);
  return [
    note.node,
    h(
      'p',
      { class: 'lab-result' },
      'Your sentence through both routes: the attention weights differ by at most ',
      value('weightsDifference', weights),
      ' and the context vectors by ',
      value('outputDifference', output),
      settings.causal
        ? ': float32 rounding, nothing more.'
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
      denominatorGrid(
        'Naive: in the softmax’s denominator',
        'denominator-naive',
        labels,
        (i, j) => unmasked[i * T + j] > 0,
      ),
      denominatorGrid(
        '−∞: in the softmax’s denominator',
        'denominator-neg-inf',
        labels,
        (i, j) => masked[i * T + j] > 0,
      ),
    ),
    T > n ? h('p', { class: 'help' }, `The first ${n} of ${T} tokens, head 1.`) : null,
  ];
}

export function mount(root, { lab, page, params, setParams }) {
  const rows = lab.maskingLimits({ gaps: PLOT_GAPS });
  const points = breakingPoints(rows);
  let gap = DEFAULT_GAP;

  const input = h('input', {
    type: 'number',
    id: 'masking-gap',
    step: 'any',
    inputmode: 'decimal',
    value: String(gap),
    'aria-describedby': 'masking-gap-help masking-gap-msg',
    oninput: () => show(input.value),
  });
  const message = h('p', { class: 'msg', id: 'masking-gap-msg', role: 'alert' });
  const preset = (label, target, name) =>
    h(
      'button',
      {
        type: 'button',
        dataset: { preset: name },
        onclick: () => ((input.value = String(target)), show(input.value)),
      },
      label,
    );
  const rowView = h('div', { class: 'lab-body' });
  const plotView = h('div');
  const ordinary = h('div', { class: 'lab-body' });

  // A gap the core refuses keeps the last good one drawn, with the core's message.
  function show(text, { write = true } = {}) {
    let row;
    try {
      [row] = lab.maskingLimits({ gaps: [text.trim() === '' ? NaN : Number(text)] });
    } catch (err) {
      if (err?.name !== 'AttentionLabError') throw err;
      message.textContent = err.message;
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    gap = row.gap;
    if (write) setParams({ gap: gap === DEFAULT_GAP ? null : gap });
    replace(rowView, gapRow(row));
    replace(plotView, limitsPlot(rows, points, gap));
  }

  replace(
    root,
    h(
      'p',
      {},
      'A causal model must not let a token look ahead. The lecture’s first try takes the softmax over every key, sets the future’s weights to 0 and divides each row by what is left, so that it sums to 1 again. ',
      'Its final version writes −∞ into the future’s scores before the softmax instead. Both give the same weights on ordinary rows; ',
      'the difference is what went into the softmax’s sum.',
    ),
    h('h3', {}, 'Ordinary rows'),
    ordinary,
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
    h(
      'div',
      { class: 'lab-controls' },
      h(
        'div',
        { class: 'lab-control' },
        h('label', { for: 'masking-gap' }, 'Gap'),
        input,
        h('span', { class: 'help', id: 'masking-gap-help' }, 'A number from −1000 to 1000.'),
        message,
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
    ),
    rowView,
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
    plotView,
    h(
      'p',
      { class: 'help' },
      'The row: the core’s ',
      m('lab.maskingLimits'),
      `; the plots: ${PLOT_GAPS.length} gaps from 0 to 110. In a trained model such gaps are rare, but the −∞ route never depends on them: the future is simply not in the sum.`,
    ),
  );
  const asked = params.get('masking.gap');
  if (asked !== null) input.value = asked;
  show(input.value, { write: false });
  const drawOrdinary = () => replace(ordinary, ordinaryRows(lab, page));
  drawOrdinary();
  return { update: drawOrdinary, destroy() {} };
}
