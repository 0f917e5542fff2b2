// Step 8: dropout on the attention weights (training only): the seeded mask drops cells, the
// survivors are scaled by 1/(1−p).
import EN from '../strings/en.mjs';
import { wordsOf, format } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { fmt } from '../ui/format.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { previewDropout } from '../state/settings.mjs';

export const slug = 'dropout';
export const title = EN['step.dropout.title'];
export const short = EN['step.dropout.short'];
export const perHead = true;
export const traceStages = ['droppedWeights', 'dropoutMask'];
export const main = () => 'droppedWeights';

const active = (s) => s.training && s.dropout > 0;

export function explain(ctx) {
  const { settings } = ctx;
  if (!settings.training) return evaluationMode(settings, ctx.embedded);
  if (!active(settings)) return nothingDropped();
  return whileTraining(ctx);
}

// Evaluation mode drops nothing: the maps show what training mode would do, and say so.
function evaluationMode(settings, embedded) {
  const p = settings.dropout;
  const shown = previewDropout(settings.dropout);
  return [
    h(
      'p',
      { class: 'note' },
      h('strong', {}, 'Evaluation mode: nothing is dropped in this pass.'),
      ' Dropout only acts while a model is being trained. In evaluation mode this step is skipped: the next steps use the softmax weights as they are, with nothing zeroed and nothing rescaled.',
    ),
    h(
      'p',
      {},
      'So that there is something to see, the maps here show ',
      h('strong', {}, `what training mode would do, with `, m(`p = ${shown}`)),
      p > 0 ? '' : ' (the lecture’s Dropout(0.5), since p is 0 here)',
      ': the same weights and seed, a share p of them dropped, the survivors multiplied by ',
      m(`1/(1−p) = ${fmt(1 / (1 - shown))}`),
      '. Rows no longer sum to 1, and that is expected.',
    ),
    // An embedded view has no mode setting to point to (its author sets the `training` attribute).
    embedded
      ? h('p', { class: 'aside' }, 'In training mode dropout is part of the pass itself.')
      : h(
          'p',
          { class: 'aside' },
          'To make dropout part of the pass, switch the mode to training (the “mode” setting).',
        ),
  ];
}

function nothingDropped() {
  return [
    h(
      'p',
      { class: 'note' },
      h('strong', {}, 'p = 0: nothing is dropped.'),
      ' Raise the dropout probability to see the mask.',
    ),
  ];
}

// Training with p > 0: which weights are dropped, and why the survivors are scaled up.
function whileTraining(ctx) {
  const p = ctx.settings.dropout;
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
      ': in evaluation nothing is dropped or scaled, so the next layer gets weights of the same expected size in both modes.',
    ),
    ctx.result.sizes.B > 1
      ? h('p', {}, 'Each sequence of the batch gets its own mask: compare the batch items.')
      : null,
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  // In evaluation mode: the training-mode pass (computed with the result, since this step reads
  // it), marked as such (data-trace="training").
  const preview = ctx.settings.training ? null : ctx.result.trainingPreview;
  const shown = preview ? { ...ctx, result: preview, settings: preview.settings } : ctx;
  const { trace, sizes } = shown.result;
  const mask = trace.dropoutMask.data;
  const b = Math.min(ctx.view.item, sizes.B - 1);
  const dropped = (r, c, head) => mask[((b * sizes.h + head) * sizes.T + r) * sizes.T + c] === 0;
  const common = {
    columns: 'tokens',
    rowRole: S['axis.query'],
    columnRole: S['axis.key'],
    corner: S['axis.queryKey'],
    trace: preview ? 'training' : undefined,
  };
  const titled = (label) =>
    preview ? format(S['map.training'], { label, p: preview.settings.dropout }) : label;
  return h(
    'div',
    { class: 'figure-row' },
    tensorFigure(shown, 'dropoutMask', {
      ...common,
      label: titled(S['map.dropoutMask']),
      kind: 'mask',
      cellClass: (v, r, c, head) => (dropped(r, c, head) ? 'dropped' : undefined),
    }),
    tensorFigure(shown, 'droppedWeights', {
      ...common,
      label: titled(S['map.dropped']),
      kind: 'dropped',
      rowSums: true,
      cellClass: (v, r, c, head) =>
        dropped(r, c, head) ? 'dropped' : ctx.settings.causal && c > r ? 'future' : undefined,
    }),
  );
}
