// Step 4: attention scores per head, Q_h · K_hᵀ (B,h,T,T).
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';

export const slug = 'scores';
export const title = 'Attention scores';
export const short = 'Scores';
export const perHead = true;
export const traceStages = ['attentionScores'];
export const main = () => 'attentionScores';

export function explain(ctx) {
  const { sizes } = ctx.result;
  return [
    h(
      'p',
      {},
      'In every head, each query is compared with every key by a dot product: ',
      m('scores = Q_h · K_hᵀ'),
      `, a ${sizes.T} × ${sizes.T} table per head.`,
    ),
    h(
      'p',
      {},
      'Read a row: it belongs to one token asking (its query) and says how well each token’s key answers it. Columns are the tokens being looked at. Red is a strong match, blue a poor one.',
    ),
    h(
      'p',
      {},
      'Different heads hold different slices of Q and K, so they can match tokens for different reasons.',
    ),
  ];
}

export function render(ctx) {
  return tensorFigure(ctx, 'attentionScores', {
    label: 'Scores',
    columns: 'tokens',
    rowRole: 'query',
    columnRole: 'key',
    corner: 'query ↓ key →',
  });
}
