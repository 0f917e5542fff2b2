// Step 7: softmax — each row becomes weights that sum to 1 (naive masking: the renormalisation).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { headRoles } from '../ui/trained-notes.mjs';
import { explainWords } from './words.mjs';

export const slug = 'softmax';
export const title = EN['step.softmax.title'];
export const short = EN['step.softmax.short'];
export const perHead = true;
export const traceStages = ['attentionWeights'];
export const main = () => 'attentionWeights';

export function explain(ctx) {
  const { settings } = ctx;
  const t = explainWords(ctx);
  if (settings.masking === 'naive') {
    return [
      h('p', {}, t('softmax.naiveSame')),
      h('p', {}, t(ctx.embedded ? 'softmax.naiveEmbedded' : 'softmax.naiveSwitch')),
    ];
  }
  const aside = ctx.result.trained
    ? 'softmax.trained'
    : ctx.embedded
      ? 'softmax.random'
      : 'softmax.randomSwitch';
  return [
    headRoles(ctx),
    h('p', {}, t('softmax.rows', { formula: m('w_j = e^(s_j) / Σ_k e^(s_k)') })),
    h('p', {}, settings.causal ? t('softmax.masked', { inf: m('−∞') }) : t('softmax.unmasked')),
    h('p', { class: 'aside' }, t(aside)),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  return tensorFigure(ctx, 'attentionWeights', {
    label: S['map.weights'],
    kind: 'weights',
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
    rowSums: true,
    cellClass: (v, r, c) => (ctx.settings.causal && c > r ? 'future' : undefined),
  });
}
