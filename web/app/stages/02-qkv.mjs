// Step 2: queries, keys and values (B,T,d_out).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { ROLE_PURPOSE } from '../../lib/stage-text.mjs';

export const slug = 'qkv';
export const title = EN['step.qkv.title'];
export const short = EN['step.qkv.short'];
export const traceStages = ['queries', 'keys', 'values'];
export const main = () => 'queries';

export function explain(ctx) {
  const { sizes } = ctx.result;
  const { settings } = ctx;
  return [
    h(
      'p',
      {},
      'Every embedding is projected three times, by three learned matrices, into three roles:',
    ),
    h(
      'ul',
      {},
      h('li', {}, h('strong', {}, 'query'), ` — ${ROLE_PURPOSE.query};`),
      h('li', {}, h('strong', {}, 'key'), ` — ${ROLE_PURPOSE.key};`),
      h('li', {}, h('strong', {}, 'value'), ` — ${ROLE_PURPOSE.value}.`),
    ),
    h(
      'p',
      {},
      'Each is a plain linear layer: ',
      m('Q = X · W_queryᵀ'),
      settings.qkvBias ? ' + a bias (qkv bias is on)' : ' (no bias: qkv bias is off)',
      `, and the same for K and V. Each token's ${sizes.dIn} numbers become ${sizes.D}.`,
    ),
    settings.module === 'wrapper'
      ? h(
          'p',
          {},
          `The wrapper keeps ${sizes.h} separate heads, each with its own matrices of width d_out = ${settings.dOut}; side by side they are ${sizes.D} columns wide.`,
        )
      : sizes.h > 1
        ? h(
            'p',
            {},
            `The coloured column headers show which of the ${sizes.h} heads will own each column in the next step.`,
          )
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
