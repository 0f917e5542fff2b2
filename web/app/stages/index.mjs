// The lecture's steps, in order. Each module exports: slug (for the URL), title, short (for the
// step list), traceStages (every trace stage it may show), main(settings) (the stage it is about,
// its section's data-stage), explain(ctx) and render(ctx) → nodes, and optionally mount(ctx, node).
import * as embeddings from './01-embeddings.mjs';
import * as qkv from './02-qkv.mjs';
import * as split from './03-split-heads.mjs';
import * as scores from './04-scores.mjs';
import * as scale from './05-scale.mjs';
import * as mask from './06-mask.mjs';
import * as softmax from './07-softmax.mjs';
import * as dropout from './08-dropout.mjs';
import * as context from './09-context.mjs';
import * as merge from './10-merge.mjs';
import * as output from './11-output.mjs';
import { choicesOf } from '../state/settings.mjs';
import { STEP_STAGES, findStep } from '../../lib/steps.mjs';

export const STEPS = Object.freeze([
  embeddings,
  qkv,
  split,
  scores,
  scale,
  mask,
  softmax,
  dropout,
  context,
  merge,
  output,
]);

// The mask step shows another stage for each way of masking (the core's choices of `masking`).
const MASKINGS = choicesOf('masking');

// The step modules against the one vocabulary (lib/steps.mjs) that the element's `stage`
// attribute and the CLI's --stage also read: same slugs, same stages, same main stage.
function checkVocabulary() {
  STEPS.forEach((step, i) => {
    const named = STEP_STAGES[i];
    const same =
      named?.slug === step.slug &&
      named.traceStages.join() === step.traceStages.join() &&
      MASKINGS.every((masking) => named.main(masking) === step.main({ masking }));
    if (!same) throw new Error(`step '${step.slug}' differs from lib/steps.mjs's step ${i + 1}`);
  });
  if (STEP_STAGES.length !== STEPS.length)
    throw new Error(`lib/steps.mjs has ${STEP_STAGES.length} steps, the page ${STEPS.length}`);
}

/**
 * Checks the steps against the core's stage list: every stage a step shows must exist, and the
 * steps' main stages must come in the core's (lecture) order. Throws if the two ever drift apart.
 */
export function checkSteps(coreStages) {
  checkVocabulary();
  const order = new Map(coreStages.map((s, i) => [s.name, i]));
  for (const step of STEPS) {
    for (const name of step.traceStages) {
      if (!order.has(name))
        throw new Error(`step '${step.slug}' shows '${name}', which the core does not trace`);
    }
  }
  for (const masking of MASKINGS) {
    const positions = STEPS.map((s) => order.get(s.main({ masking })));
    positions.forEach((p, i) => {
      if (i > 0 && p < positions[i - 1]) {
        throw new Error(
          `step '${STEPS[i].slug}' comes before '${STEPS[i - 1].slug}' in the core's order`,
        );
      }
    });
  }
  return STEPS;
}

/** The step for a URL value: a slug, or the name of a trace stage a step shows. */
export { findStep };
