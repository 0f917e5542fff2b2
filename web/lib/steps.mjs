// The one vocabulary for naming a stage from outside: the lecture's steps (the page's URL, the
// element's `stage` attribute, the CLI's --stage) and the core's trace stage names. A step is named
// by its slug ('softmax') or by any trace stage it shows ('attentionWeights'); its main stage is
// the one it is about, which for the mask step depends on how the mask is applied. The page's step
// modules (web/app/stages) are checked against this table when the page starts.
import { OPTIONS } from './contract.mjs';

/** The steps in lecture order: slug, the trace stages each shows, its main stage per masking. */
export const STEP_STAGES = Object.freeze(
  [
    ['embeddings', ['inputs'], 'inputs'],
    ['qkv', ['queries', 'keys', 'values'], 'queries'],
    ['split', ['queryHeads', 'keyHeads', 'valueHeads'], 'queryHeads'],
    ['scores', ['attentionScores', 'queryHeads', 'keyHeads'], 'attentionScores'],
    ['scale', ['scaledScores'], 'scaledScores'],
    [
      'mask',
      ['maskedScores', 'unmaskedWeights', 'zeroedWeights', 'attentionWeights'],
      { 'neg-inf': 'maskedScores', naive: 'zeroedWeights' },
    ],
    ['softmax', ['attentionWeights'], 'attentionWeights'],
    ['dropout', ['droppedWeights', 'dropoutMask'], 'droppedWeights'],
    [
      'context',
      ['contextHeads', 'droppedWeights', 'attentionWeights', 'valueHeads'],
      'contextHeads',
    ],
    ['merge', ['mergedHeads', 'contextHeads'], 'mergedHeads'],
    ['output', ['output', 'mergedHeads'], 'output'],
  ].map(([slug, traceStages, main]) =>
    Object.freeze({
      slug,
      traceStages: Object.freeze(traceStages),
      main: (masking = 'neg-inf') => (typeof main === 'string' ? main : main[masking]),
    }),
  ),
);

// The core's ways of masking: each step's main stage is known under every one of them.
const MASKINGS = OPTIONS.find((o) => o.name === 'masking').choices;

/**
 * The index of the step a name means: a slug, a step's main stage (under either masking), or any
 * trace stage a step shows (the first such step); -1 for none.
 */
export function findStep(value) {
  const bySlug = STEP_STAGES.findIndex((s) => s.slug === value);
  if (bySlug >= 0) return bySlug;
  const byMain = STEP_STAGES.findIndex((s) => MASKINGS.some((m) => s.main(m) === value));
  if (byMain >= 0) return byMain;
  return STEP_STAGES.findIndex((s) => s.traceStages.includes(value));
}

/**
 * The trace stage a name means in a run with `masking`: a trace stage name is itself; a step's
 * slug is the step's main stage. undefined for a name that is neither.
 */
export function stageNamed(value, traceNames, masking = 'neg-inf') {
  if (traceNames.includes(value)) return value;
  const step = STEP_STAGES.find((s) => s.slug === value);
  return step?.main(masking);
}
