// Step 9: context vectors = weights · V, per head.
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { headRoles } from '../ui/trained-notes.mjs';
import { linkBand } from '../ui/maps.mjs';
import { equationBlock } from '../ui/equation.mjs';
import { explainWords } from './words.mjs';

export const slug = 'context';
export const title = EN['step.context.title'];
export const short = EN['step.context.short'];
export const perHead = true;
export const traceStages = ['contextHeads', 'droppedWeights', 'attentionWeights', 'valueHeads'];
export const main = () => 'contextHeads';

export function explain(ctx) {
  const t = explainWords(ctx);
  const used = dropping(ctx.settings)
    ? 'context.dropped'
    : ctx.settings.training
      ? 'context.zero'
      : 'context.evaluation';
  return [
    headRoles(ctx),
    h('p', {}, t('context.sum', { formula: m('context_h = weights_h · V_h') })),
    h('p', { class: 'aside' }, t('context.hover')),
    h('p', {}, t(used)),
  ];
}

// Whether dropout acts: only then are the weights used the dropped ones.
const dropping = (settings) => settings.training && settings.dropout > 0;

// One head's equation at a time, weights · V = context side by side on one screen: with all
// heads, twelve equations of 64 tokens would be a scroll of their own.
export function render(ctx) {
  const S = wordsOf(ctx);
  const head = ctx.view.head === 'all' ? 0 : Number(ctx.view.head);
  const links = {};
  const common = { heads: [head], legend: false };
  // Without dropout the trace's droppedWeights are the attention weights themselves: named so.
  const dropped = dropping(ctx.settings);
  const weights = tensorFigure(ctx, dropped ? 'droppedWeights' : 'attentionWeights', {
    ...common,
    label: dropped ? S['map.dropped'] : S['map.weights'],
    kind: 'dropped',
    columns: 'tokens',
    corner: S['axis.queryKey'],
    cellClass: (v, r, c) => (ctx.settings.causal && c > r ? 'future' : undefined),
    onMap: (el) => (links.weights = el),
  });
  const values = tensorFigure(ctx, 'valueHeads', {
    ...common,
    label: S['map.timesValues'],
    columns: 'features',
    headTint: true,
    corner: S['axis.token'],
    onMap: (el) => (links.values = el),
  });
  const context = tensorFigure(ctx, 'contextHeads', {
    ...common,
    label: S['map.isContext'],
    columns: 'features',
    headTint: true,
    corner: S['axis.token'],
    onInspect: () => (r, c, on) => {
      linkBand(links.weights, { row: r }, on);
      linkBand(links.values, { col: c }, on);
    },
  });
  return equationBlock(ctx, head, 'equation', [weights, values, context]);
}
