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

/** The result's field that holds each need (compute.mjs withNeeds writes them). */
const FIELDS = Object.freeze({
  weights: 'weights',
  preview: 'trainingPreview',
  routes: 'maskRoutes',
});

// { weights, preview, routes }: each true where one of `list` needs it.
const anyOf = (list) =>
  Object.fromEntries(Object.keys(FIELDS).map((need) => [need, list.some((n) => Boolean(n[need]))]));

/** { weights, preview, routes }: what the view `view` ({ step, lab }) reads besides the pass. */
export const needsOf = (view) => anyOf([STEP_NEEDS[view.step] ?? {}, LAB_NEEDS[view.lab] ?? {}]);

/**
 * Whether a change of the store brings a new pass: a new result, but not the same pass with the
 * extras of the steps next to the shown one, which the controller adds after the frame (source
 * 'ahead'): a lab or an exercise has nothing to compute again then.
 */
export const newPass = (changed, meta) => changed.has('result') && meta?.source !== 'ahead';

/**
 * What the view `view` reads, and the steps next to its step in `order` (the slugs of the steps
 * shown): added after the frame that shows a chosen step, so that the page can draw its
 * neighbours ahead.
 */
export function needsAround(view, order) {
  const at = order.indexOf(view.step);
  const near = at < 0 ? [] : [order[at - 1], order[at + 1]].filter(Boolean);
  return anyOf([needsOf(view), ...near.map((step) => STEP_NEEDS[step] ?? {})]);
}

/** Whether `result` holds all that step `slug` reads besides the pass (it can be drawn now). */
export function holdsNeeds(result, slug) {
  const needs = STEP_NEEDS[slug] ?? {};
  return Object.keys(needs).every((need) => result[FIELDS[need]] !== undefined);
}

/**
 * Whether step `slug` drawn from result `drawn` shows what it would from `current`: the same pass
 * and settings, and the same extras where the step reads them (what a step does not read, such
 * as the output step's weights on the softmax step, may come or go).
 */
export function drawsAlike(drawn, current, slug) {
  if (drawn === current) return true;
  const needs = STEP_NEEDS[slug] ?? {};
  const unread = new Set(
    Object.entries(FIELDS)
      .filter(([need]) => !needs[need])
      .map(([, field]) => field),
  );
  const keys = new Set([...Object.keys(drawn), ...Object.keys(current)]);
  return [...keys].every((key) => unread.has(key) || Object.is(drawn[key], current[key]));
}
