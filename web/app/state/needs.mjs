// What the shown step or lab reads besides the pass, decided from the state alone, so that the
// controller computes it before the store changes and no view calls the core: the module's
// weights (the output step's head shares), the dropout step's training-mode preview (also
// printed and exported with every stage by the code labs) and the other masking route's weights
// (the mask step measures how far naive masking is from −∞ on the sentence at hand).

/**
 * The stages the dropout step's training preview draws; the preview copies out only these (a
 * third of the trace at 64 tokens and 12 heads, which keeps an edit on that step within a frame).
 */
export const PREVIEW_STAGES = Object.freeze(['dropoutMask', 'droppedWeights']);

/** What each step reads besides the pass, by slug. */
const STEP_NEEDS = Object.freeze({
  dropout: { preview: true }, // evaluation mode shows training mode's mask
  output: { weights: true }, // out_proj's weight gives each head's share of a cell
  mask: { routes: true }, // the measured max |Δ| between naive masking and −∞
});

/** The labs that print or export every stage, the dropout step's training preview included. */
const LAB_NEEDS = Object.freeze({
  code: { preview: true },
  export: { preview: true },
});

/** { weights, preview, routes }: what the view `view` ({ step, lab }) reads besides the pass. */
export function needsOf(view) {
  const step = STEP_NEEDS[view.step] ?? {};
  const lab = LAB_NEEDS[view.lab] ?? {};
  return {
    weights: Boolean(step.weights || lab.weights),
    preview: Boolean(step.preview || lab.preview),
    routes: Boolean(step.routes || lab.routes),
  };
}
