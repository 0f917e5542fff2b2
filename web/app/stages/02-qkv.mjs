// Step 2: queries, keys and values (B,T,d_out).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { explainWords } from './words.mjs';
import { stageWords } from './lead.mjs';

export const slug = 'qkv';
export const title = EN['step.qkv.title'];
export const short = EN['step.qkv.short'];
export const traceStages = ['queries', 'keys', 'values'];
export const main = () => 'queries';

export function explain(ctx) {
  const { sizes } = ctx.result;
  const { settings } = ctx;
  const t = explainWords(ctx);
  const purpose = stageWords(ctx);
  const role = (name, end) =>
    h('li', {}, h('strong', {}, t(`qkv.${name}`)), ` — ${purpose(`purpose.${name}`)}${end}`);
  return [
    h('p', {}, t('qkv.three')),
    h('ul', {}, role('query', ';'), role('key', ';'), role('value', '.')),
    h(
      'p',
      {},
      t(settings.qkvBias ? 'qkv.bias' : 'qkv.noBias', {
        formula: m('Q = X · W_queryᵀ'),
        dIn: sizes.dIn,
        D: sizes.D,
      }),
    ),
    settings.module === 'wrapper'
      ? h('p', {}, t('qkv.wrapper', { h: sizes.h, dOut: settings.dOut, D: sizes.D }))
      : sizes.h > 1
        ? h('p', {}, t('qkv.colours', { h: sizes.h }))
        : null,
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  const opts = {
    columns: 'features',
    headColumns: ctx.result.sizes.h > 1,
    corner: S['axis.token'],
  };
  return h(
    'div',
    { class: 'figure-row' },
    tensorFigure(ctx, 'queries', { ...opts, label: S['map.queries'] }),
    tensorFigure(ctx, 'keys', { ...opts, label: S['map.keys'] }),
    tensorFigure(ctx, 'values', { ...opts, label: S['map.values'] }),
  );
}
