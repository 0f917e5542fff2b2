// Step 9: context vectors = weights · V, per head.
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';

export const slug = 'context';
export const title = 'Context vectors';
export const short = 'Context';
export const perHead = true;
export const traceStages = ['contextHeads', 'droppedWeights', 'valueHeads'];
export const main = () => 'contextHeads';

export function explain(ctx) {
  return [
    h(
      'p',
      {},
      'Now each head mixes the value vectors with its weights: ',
      m('context_h = weights_h · V_h'),
      '.',
    ),
    h(
      'p',
      {},
      'Row i of the result is a weighted average of the value rows: token i takes a lot from the tokens it attends to strongly and little from the rest. That is the whole point of attention: every token’s new vector carries information from the tokens that matter to it.',
    ),
    h(
      'p',
      { class: 'aside' },
      'Hover or focus a cell of the context: the weight row and the value column it came from light up.',
    ),
    ctx.settings.training && ctx.settings.dropout > 0
      ? h('p', {}, 'The weights used are the ones after dropout.')
      : null,
  ];
}

export function render(ctx) {
  const rows = ctx.heads.map((head) => {
    const links = {};
    const mark = (table, selector, on) =>
      table?.querySelectorAll(selector).forEach((el) => el.classList.toggle('linked', on));
    const common = { heads: [head], legend: false };
    const weights = tensorFigure(ctx, 'droppedWeights', {
      ...common,
      label: 'Weights',
      kind: 'dropped',
      columns: 'tokens',
      corner: 'query ↓ key →',
      cellClass: (v, r, c) => (ctx.settings.causal && c > r ? 'future' : undefined),
      onTable: (table) => (links.weights = table),
    });
    const values = tensorFigure(ctx, 'valueHeads', {
      ...common,
      label: '· Values V',
      columns: 'features',
      headTint: true,
      corner: 'token',
      onTable: (table) => (links.values = table),
    });
    const context = tensorFigure(ctx, 'contextHeads', {
      ...common,
      label: '= Context',
      columns: 'features',
      headTint: true,
      corner: 'token',
      onInspect: () => (r, c, on) => {
        mark(links.weights, `tbody tr:nth-child(${r + 1}) td[data-i]`, on);
        mark(links.values, `tbody td[data-i]:nth-child(${c + 2})`, on);
      },
    });
    return h('div', { class: 'equation' }, weights, values, context);
  });
  return h('div', { class: 'equations' }, rows);
}
