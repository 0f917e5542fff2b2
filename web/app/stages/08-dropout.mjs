// Step 8: dropout on the attention weights (training only): the seeded mask drops cells, the
// survivors are scaled by 1/(1−p).
import EN from '../strings/en.mjs';
import { wordsOf, format } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { fmt } from '../ui/format.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { previewDropout } from '../state/settings.mjs';
import { explainWords } from './words.mjs';

export const slug = 'dropout';
export const title = EN['step.dropout.title'];
export const short = EN['step.dropout.short'];
export const perHead = true;
export const traceStages = ['droppedWeights', 'dropoutMask'];
export const main = () => 'droppedWeights';

const active = (s) => s.training && s.dropout > 0;

export function explain(ctx) {
  const { settings } = ctx;
  const t = explainWords(ctx);
  if (!settings.training) return evaluationMode(settings, ctx.embedded, t);
  if (!active(settings)) return nothingDropped(t);
  return whileTraining(ctx, t);
}

// Evaluation mode drops nothing: the maps show what training mode would do, and say so.
function evaluationMode(settings, embedded, t) {
  const shown = previewDropout(settings.dropout);
  const what = h('strong', {}, t('dropout.previewWhat', { p: m(`p = ${shown}`) }));
  const factor = m(`1/(1−p) = ${fmt(1 / (1 - shown))}`);
  return [
    h(
      'p',
      { class: 'note' },
      t('dropout.evaluation', { head: h('strong', {}, t('dropout.evaluationHead')) }),
    ),
    h(
      'p',
      {},
      t(settings.dropout > 0 ? 'dropout.preview' : 'dropout.previewZero', { what, factor }),
    ),
    // An embedded view has no mode setting to point to (its author sets the `training` attribute).
    h('p', { class: 'aside' }, t(embedded ? 'dropout.embedded' : 'dropout.switch')),
  ];
}

function nothingDropped(t) {
  return [
    h('p', { class: 'note' }, t('dropout.zero', { head: h('strong', {}, t('dropout.zeroHead')) })),
  ];
}

// Training with p > 0: which weights are dropped, and why the survivors are scaled up.
function whileTraining(ctx, t) {
  const p = ctx.settings.dropout;
  return [
    h('p', {}, t('dropout.training', { p: m(`p = ${p}`) })),
    h('p', {}, t('dropout.scaled', { factor: m(`1/(1−p) = ${fmt(1 / (1 - p))}`) })),
    ctx.result.sizes.B > 1 ? h('p', {}, t('dropout.batch')) : null,
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
