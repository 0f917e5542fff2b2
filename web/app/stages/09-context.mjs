// Step 9: context vectors = weights · V, per head.
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { headRoles } from '../ui/trained-notes.mjs';
import { linkBand } from '../ui/maps.mjs';
import { equationBlock } from '../ui/equation.mjs';

export const slug = 'context';
export const title = EN['step.context.title'];
export const short = EN['step.context.short'];
export const perHead = true;
export const traceStages = ['contextHeads', 'droppedWeights', 'attentionWeights', 'valueHeads'];
export const main = () => 'contextHeads';

export function explain(ctx) {
  return [
    headRoles(ctx),
    h(
      'p',
      {},
      'In the lecture’s symbols, ',
      m('context_h = weights_h · V_h'),
      '. Row i of the result is a weighted sum of the value rows: token i takes a lot from the tokens it attends to strongly and little from the rest (without dropout the weights of a row add up to 1, so it is an average; with dropout the survivors are scaled by 1/(1 − p), so at p = 0.5 a weight of 1 becomes 2 and a row no longer sums to 1). That is the whole point of attention: every token’s new vector carries information from the tokens that matter to it.',
    ),
    h(
      'p',
      { class: 'aside' },
      'Hover or focus a cell of the context: the weight row and the value column it came from light up.',
    ),
    dropping(ctx.settings)
      ? h('p', {}, 'The weights used are the ones after dropout.')
      : h(
          'p',
          {},
          ctx.settings.training ? 'With p = 0' : 'In evaluation mode',
          ' dropout drops nothing, so the weights used are the attention weights of the softmax step, unchanged.',
        ),
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
