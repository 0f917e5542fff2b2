// Each step's lead sentence, under its stage's name and shape: what the stage the step is about
// (its main stage) is, for this pass, in the very words `attention-lab explain` prints under the
// same name and shape (web/lib/stage-text.mjs), or the same sentence in the mount's language (the
// catalogue's "lead." keys). The step's own paragraphs then teach it at length; the one-line fact
// has a single home.
import { h } from '../render/h.mjs';
import { TYPESET, sizesOf } from '../../lib/present.mjs';
import { explainStage, STAGE_WORDS } from '../../lib/stage-text.mjs';
import { wordsOf, format } from '../strings/index.mjs';

/** The words of lib/stage-text.mjs in the catalogue of ctx (its keys under "lead."), or English. */
export const stageWords = (ctx) => {
  const S = wordsOf(ctx);
  return (key, params) => format(S[`lead.${key}`] ?? STAGE_WORDS[key], params);
};

/**
 * The lead of `step` for ctx ({ settings, result, strings }) as a plain node, or null if it has
 * none.
 */
export function stageLead(step, ctx) {
  const stage = step.main(ctx.settings);
  const sizes = sizesOf(ctx.result.trace);
  const text = explainStage(stage, ctx.settings, sizes, TYPESET, stageWords(ctx));
  return text ? h('p', { class: 'stage-lead', dataset: { stageText: stage } }, text) : null;
}
