// What a lab needs of the page: the forward pass of the page's sentence and settings, with some
// options changed (scale off, another masking), computed the way the stepper computes it
// (web/app/compute.mjs): with the seeded random weights, the sentence's embeddings and every
// setting but the page's own; with the trained weights (the page's result is the trained model's),
// the trained block's inputs, options and state_dict, so that a lab shows the numbers the page does.
import { coreOptions } from '../state/settings.mjs';

/**
 * lab.forward for the page's pass with `overrides`; state is the page's { settings, result }.
 * Returns { tokens, trace, output, trained } (trained: whether the trained weights computed it).
 */
export function pageForward(lab, { settings, result }, overrides = {}) {
  if (result?.trained) {
    const options = {
      ...coreOptions(result.settings),
      inputs: result.trace.inputs.data,
      weights: result.weights,
    };
    const run = lab.forward({ ...options, trace: true, ...overrides });
    return { tokens: result.tokens, ...run, trained: true };
  }
  const { dIn, seed, batch } = settings;
  const embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  const options = coreOptions(settings);
  const run = lab.forward({ ...options, inputs: embedded.inputs, trace: true, ...overrides });
  return { tokens: embedded.tokens, ...run, trained: false };
}

/**
 * The one line a lab shows about its weights while the page shows the trained ones (never
 * silently random numbers beside a page that says "trained"): `subject` given, the lab (or `what`
 * part of it) keeps the lecture's random weights because it is about that subject; without it, it
 * computes with the page's trained weights. { node, update(result) }: hidden with the random ones.
 */
export function weightsNote(h, subject = null, what = 'This lab') {
  const node = h('p', { class: 'weights-note', hidden: true });
  node.dataset.weightsNote = subject ? 'random' : 'trained';
  node.textContent = subject
    ? `${what} uses the lecture’s random weights: it is about ${subject}, not what was learned.`
    : 'With the page’s trained weights: the numbers below are the trained model’s, as on the page.';
  return {
    node,
    update(result) {
      node.hidden = !result?.trained;
    },
  };
}

/** The trained weights' line (weightsNote) for a lab that redraws itself, or null. */
export function trainedNote(h, trained) {
  if (!trained) return null;
  const note = weightsNote(h);
  note.update({ trained });
  return note.node;
}

/** A lab's integer URL key: the value, or the fallback with a message when it is not in range. */
export function readInteger(params, key, { min, max, fallback, meaning }) {
  const raw = params.get(key);
  if (raw === null) return { value: fallback };
  const value = Number(raw);
  if (Number.isInteger(value) && value >= min && value <= max) return { value };
  return {
    value: fallback,
    error: `${key} = '${raw}': ${meaning} must be a whole number from ${min} to ${max}; showing ${fallback}.`,
  };
}
