// Step 10: merge the heads — transpose back to (B,T,h,d_h) and concatenate to (B,T,d_out).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { headColour, tintRgb } from '../ui/colour.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { explainWords } from './words.mjs';

export const slug = 'merge';
export const title = EN['step.merge.title'];
export const short = EN['step.merge.short'];
export const traceStages = ['mergedHeads', 'contextHeads'];
export const main = () => 'mergedHeads';

export function explain(ctx) {
  const { sizes } = ctx.result;
  const t = explainWords(ctx);
  return [
    h(
      'p',
      {},
      t('merge.back', {
        transpose: m('transpose(1, 2)'),
        axes: m('(B,h,T,d_h) → (B,T,h,d_h)'),
        h: sizes.h,
        D: sizes.D,
        shape: m('(B,T,d_out)'),
      }),
    ),
    h('p', {}, t('merge.colours')),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  const all = Array.from({ length: ctx.result.sizes.h }, (_, i) => i);
  return h(
    'div',
    { class: 'figure-row' },
    tensorFigure(ctx, 'contextHeads', {
      label: S['map.contextPerHead'],
      columns: 'features',
      kind: 'heads',
      heads: all,
      headTint: true,
      rgb: (v, r, c, head) => tintRgb(headColour(head), 0.62),
      corner: S['axis.token'],
      legend: false,
    }),
    tensorFigure(ctx, 'mergedHeads', {
      label: S['map.merged'],
      columns: 'features',
      kind: 'heads',
      headColumns: true,
      corner: S['axis.token'],
    }),
  );
}
