// Step 6: the causal mask. Masking 'neg-inf': −∞ above the diagonal before the softmax. Masking
// 'naive': softmax over everything, then zero the future (renormalised in the next step).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { maskingStory } from '../../lib/stage-text.mjs';
import { TYPESET } from '../../lib/present.mjs';
import { explainWords } from './words.mjs';
import { stageWords } from './lead.mjs';

export const slug = 'mask';
export const title = EN['step.mask.title'];
export const short = EN['step.mask.short'];
export const perHead = true;
export const traceStages = ['maskedScores', 'unmaskedWeights', 'zeroedWeights', 'attentionWeights'];
export const main = (settings) => (settings.masking === 'naive' ? 'zeroedWeights' : 'maskedScores');

const future = (settings) => (v, r, c) => (settings.causal && c > r ? 'future' : undefined);

export function explain(ctx) {
  const { settings } = ctx;
  const t = explainWords(ctx);
  const parts = [h('p', {}, t(settings.causal ? 'mask.future' : 'mask.encoder'))];
  if (settings.masking === 'naive') parts.push(h('p', {}, t('mask.naive')));
  else if (settings.causal)
    parts.push(h('p', {}, t('mask.negInf', { inf: m('−∞'), zero: m('e^−∞ = 0') })));
  if (settings.causal) parts.push(...routesCompared(ctx.result.maskRoutes, stageWords(ctx)));
  return parts;
}

// The two routes as the numbers show them: measured on this input (the controller computes the
// other route for this step), where the naive one breaks, and why −∞ all the same.
function routesCompared(routes, words) {
  const difference = routes?.difference ?? NaN;
  const [measured, breaks, why] = maskingStory(true, difference, TYPESET, words);
  return [
    routes
      ? h(
          'p',
          {
            class: 'mask-routes',
            dataset: { quantity: 'maskDifference', value: String(routes.difference) },
          },
          measured,
        )
      : null,
    h('p', { class: 'aside' }, breaks),
    h('p', { class: 'aside' }, why),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  const { settings } = ctx;
  const common = {
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
    cellClass: future(settings),
  };
  if (settings.masking === 'naive') {
    return h(
      'div',
      { class: 'figure-row' },
      tensorFigure(ctx, 'unmaskedWeights', {
        ...common,
        label: S['map.softmaxAll'],
        kind: 'weights',
        rowSums: true,
        cellClass: undefined,
      }),
      tensorFigure(ctx, 'zeroedWeights', {
        ...common,
        label: S['map.futureZero'],
        kind: 'weights',
        rowSums: true,
      }),
      tensorFigure(ctx, 'attentionWeights', {
        ...common,
        label: S['map.renormalised'],
        kind: 'weights',
        rowSums: true,
      }),
    );
  }
  return tensorFigure(ctx, 'maskedScores', { ...common, label: S['map.masked'] });
}
