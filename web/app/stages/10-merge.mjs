// Step 10: merge the heads — transpose back to (B,T,h,d_h) and concatenate to (B,T,d_out).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { headColour, tintRgb } from '../ui/colour.mjs';
import { tensorFigure } from '../ui/tensor.mjs';

export const slug = 'merge';
export const title = EN['step.merge.title'];
export const short = EN['step.merge.short'];
export const traceStages = ['mergedHeads', 'contextHeads'];
export const main = () => 'mergedHeads';

export function explain(ctx) {
  const { sizes } = ctx.result;
  return [
    h(
      'p',
      {},
      'The heads worked side by side; now their results are put back together. ',
      m('transpose(1, 2)'),
      ' brings the tokens in front again, ',
      m('(B,h,T,d_h) → (B,T,h,d_h)'),
      ', and merging the last two axes glues each token’s ',
      `${sizes.h} head pieces into one row of ${sizes.D} numbers: `,
      m('(B,T,d_out)'),
      '.',
    ),
    h(
      'p',
      {},
      'The colours mark where every column came from: head 1’s columns first, then head 2’s, and so on. No number changes in this step.',
    ),
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
