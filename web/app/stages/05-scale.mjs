// Step 5: scaling by 1/√d_h.
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { explainWords } from './words.mjs';

export const slug = 'scale';
export const title = EN['step.scale.title'];
export const short = EN['step.scale.short'];
export const perHead = true;
export const traceStages = ['scaledScores'];
export const main = () => 'scaledScores';

export function explain(ctx) {
  const { dh } = ctx.result.sizes;
  const t = explainWords(ctx);
  return [
    h('p', {}, t('scale.why')),
    h('p', {}, t('scale.divide', { dh: m(`d_h = ${dh}`) })),
    h('p', { class: 'aside' }, t('scale.gpt')),
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
