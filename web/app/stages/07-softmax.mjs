// Step 7: softmax — each row becomes weights that sum to 1 (naive masking: the renormalisation).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { headRoles } from '../ui/trained-notes.mjs';

export const slug = 'softmax';
export const title = EN['step.softmax.title'];
export const short = EN['step.softmax.short'];
export const perHead = true;
export const traceStages = ['attentionWeights'];
export const main = () => 'attentionWeights';

export function explain(ctx) {
  const { settings } = ctx;
  if (settings.masking === 'naive') {
    return [
      h(
        'p',
        {},
        'When nothing underflowed, these are the same weights as with −∞ masking, up to rounding (see Σ).',
      ),
      h(
        'p',
        {},
        ctx.embedded
          ? 'Masking with −∞ gives them in one honest pass.'
          : 'Switch masking to −∞ to get them in one honest pass.',
      ),
    ];
  }
  return [
    headRoles(ctx),
    h(
      'p',
      {},
      'The softmax turns each row of scores into weights: ',
      m('w_j = e^(s_j) / Σ_k e^(s_k)'),
      '. A higher score gets a larger share, every unmasked weight is above 0, and each row adds up to 1 (the Σ column; in float32 the sum is 1 to within about 1e-7, the rounding of the last bits).',
    ),
    settings.causal
      ? h(
          'p',
          {},
          'The masked cells had ',
          m('−∞'),
          ' and now hold exactly 0: the first token can only attend to itself, the last one to everybody.',
        )
      : h(
          'p',
          {},
          'Without the causal mask every token spreads its weight over the whole sentence.',
        ),
    h(
      'p',
      { class: 'aside' },
      ctx.result.trained
        ? 'These weights were trained: a head that learned to look at the previous token has its largest weights just left of the diagonal, one that looks at the token itself on the diagonal.'
        : 'The weights of this model are random, not trained, so the rows are often close to even: the point is the mechanism, not the pattern.' +
            (ctx.embedded
              ? ''
              : ' Switch the weights to “trained” to see heads that have learned something.'),
    ),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  return tensorFigure(ctx, 'attentionWeights', {
    label: S['map.weights'],
    kind: 'weights',
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
    rowSums: true,
    cellClass: (v, r, c) => (ctx.settings.causal && c > r ? 'future' : undefined),
  });
}
