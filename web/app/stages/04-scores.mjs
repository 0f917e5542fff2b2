// Step 4: attention scores per head, Q_h · K_hᵀ (B,h,T,T).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { headRoles } from '../ui/trained-notes.mjs';
import { linkBand } from '../ui/maps.mjs';
import { equationBlock } from '../ui/equation.mjs';
import { explainWords } from './words.mjs';

export const slug = 'scores';
export const title = EN['step.scores.title'];
export const short = EN['step.scores.short'];
export const perHead = true;
export const traceStages = ['attentionScores', 'queryHeads', 'keyHeads'];
export const main = () => 'attentionScores';

export function explain(ctx) {
  const { sizes } = ctx.result;
  const t = explainWords(ctx);
  return [
    headRoles(ctx),
    h(
      'p',
      {},
      t('scores.table', {
        size: m(`${sizes.T} × ${sizes.T}`),
        formula: m('scores = Q_h · K_hᵀ'),
      }),
    ),
    h('p', {}, t('scores.row')),
    h('p', {}, t('scores.heads')),
    h('p', { class: 'aside' }, t('scores.hover')),
  ];
}

// Q_h · K_hᵀ = scores for one head, side by side on one screen: hovering a score rings the query
// row and the key column it is the dot product of. With all heads, the first one (choose another
// above); the next steps show every head's scores side by side.
export function render(ctx) {
  const S = wordsOf(ctx);
  const head = ctx.view.head === 'all' ? 0 : Number(ctx.view.head);
  const links = {};
  const common = { heads: [head], legend: false };
  const queries = tensorFigure(ctx, 'queryHeads', {
    ...common,
    label: S['map.queries'],
    columns: 'features',
    headTint: true,
    corner: S['axis.token'],
    onMap: (el) => (links.queries = el),
  });
  const keys = tensorFigure(ctx, 'keyHeads', {
    ...common,
    label: S['map.timesKeys'],
    transpose: true,
    corner: S['axis.featureKey'],
    onMap: (el) => (links.keys = el),
  });
  const scores = tensorFigure(ctx, 'attentionScores', {
    heads: [head],
    label: S['map.isScores'],
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
    onInspect: () => (r, c, on) => {
      linkBand(links.queries, { row: r }, on);
      linkBand(links.keys, { col: c }, on);
    },
  });
  return equationBlock(ctx, head, 'equation qk', [queries, keys, scores]);
}
