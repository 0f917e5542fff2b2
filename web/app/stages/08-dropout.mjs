// Step 8: dropout on the attention weights (training only): the seeded mask drops cells, the
// survivors are scaled by 1/(1−p).
import { h, m } from '../ui/dom.mjs';
import { fmt } from '../ui/format.mjs';
import { tensorFigure } from '../ui/tensor.mjs';

export const slug = 'dropout';
export const title = 'Dropout';
export const short = 'Dropout';
export const perHead = true;
export const traceStages = ['droppedWeights', 'dropoutMask'];
export const main = () => 'droppedWeights';

const active = (s) => s.training && s.dropout > 0;

export function explain(ctx) {
  const { settings } = ctx;
  const p = settings.dropout;
  if (!settings.training) {
    return [
      h(
        'p',
        { class: 'note' },
        h('strong', {}, 'Evaluation mode: nothing is dropped.'),
        ' Dropout only acts while a model is being trained; when it is used, every weight passes through unchanged, so the mask is all ones.',
      ),
      h(
        'p',
        {},
        'In training mode (the “mode” setting; in an embedded view, its ',
        m('training'),
        ' attribute) dropout acts with ',
        m(`p = ${p}`),
        '.',
      ),
    ];
  }
  if (!active(settings)) {
    return [
      h(
        'p',
        { class: 'note' },
        h('strong', {}, 'p = 0: nothing is dropped.'),
        ' Raise the dropout probability to see the mask.',
      ),
    ];
  }
  return [
    h(
      'p',
      {},
      'While training, dropout switches off a random share of the attention weights, so the model cannot lean too much on any single connection. Each weight is dropped with probability ',
      m(`p = ${p}`),
      '; the mask comes from the seed, so the same seed gives the same mask.',
    ),
    h(
      'p',
      {},
      'The survivors are multiplied by ',
      m(`1/(1−p) = ${fmt(1 / (1 - p))}`),
      ': on average the weights then keep the size they have without dropout. Rows no longer sum to 1, and that is expected.',
    ),
    ctx.result.sizes.B > 1
      ? h('p', {}, 'Each sequence of the batch gets its own mask: compare the batch items.')
      : null,
  ];
}

export function render(ctx) {
  const { trace, sizes } = ctx.result;
  const mask = trace.dropoutMask.data;
  const b = Math.min(ctx.view.item, sizes.B - 1);
  const dropped = (r, c, head) => mask[((b * sizes.h + head) * sizes.T + r) * sizes.T + c] === 0;
  const common = {
    columns: 'tokens',
    rowRole: 'query',
    columnRole: 'key',
    corner: 'query ↓ key →',
  };
  return h(
    'div',
    { class: 'figure-row' },
    tensorFigure(ctx, 'dropoutMask', {
      ...common,
      label: 'Dropout mask',
      kind: 'mask',
      cellClass: (v, r, c, head) => (dropped(r, c, head) ? 'dropped' : undefined),
    }),
    tensorFigure(ctx, 'droppedWeights', {
      ...common,
      label: 'Weights after dropout',
      kind: 'dropped',
      rowSums: true,
      cellClass: (v, r, c, head) =>
        dropped(r, c, head) ? 'dropped' : ctx.settings.causal && c > r ? 'future' : undefined,
    }),
  );
}
