// Each step's lead sentence, under its stage's name and shape: what the stage the step is about
// (its main stage) is, for this pass, in the very words `attention-lab explain` prints under the
// same name and shape (web/lib/stage-text.mjs). The step's own paragraphs then teach it at length;
// the one-line fact has a single home.
import { h } from '../render/h.mjs';
import { TYPESET, sizesOf } from '../../lib/present.mjs';
import { explainStage } from '../../lib/stage-text.mjs';

/** The lead of `step` for ctx ({ settings, result }) as a plain node, or null if it has none. */
export function stageLead(step, ctx) {
  const stage = step.main(ctx.settings);
  const text = explainStage(stage, ctx.settings, sizesOf(ctx.result.trace), TYPESET);
  return text ? h('p', { class: 'stage-lead', dataset: { stageText: stage } }, text) : null;
}
