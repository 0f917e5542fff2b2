// Step 5: scaling by 1/√d_h.
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';

export const slug = 'scale';
export const title = EN['step.scale.title'];
export const short = EN['step.scale.short'];
export const perHead = true;
export const traceStages = ['scaledScores'];
export const main = () => 'scaledScores';

export function explain(ctx) {
  const { dh } = ctx.result.sizes;
  return [
    h(
      'p',
      {},
      'A dot product adds up d_h products, so the longer the vectors, the larger the scores tend to get. Very large scores make the softmax of the next steps almost all-or-nothing, and then training barely changes anything.',
    ),
    h(
      'p',
      {},
      'Dividing by the square root of the head size, ',
      m(`d_h = ${dh}`),
      ', undoes that growth: the pattern stays the same; only the spread shrinks.',
    ),
    h('p', { class: 'aside' }, 'GPT-2’s heads have d_h = 64 (divide by 8); GPT-3’s have 128.'),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  return tensorFigure(ctx, 'scaledScores', {
    label: S['map.scaled'],
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
  });
}
