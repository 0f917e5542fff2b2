// What a lab needs of the page: the forward pass of the page's sentence and settings, with some
// options changed (scale off, another masking), computed the way the stepper computes it
// (web/app/compute.mjs): the sentence's embeddings, then every setting but the page's own (the
// sentence, the weights: a lab shows the lecture's seeded random weights).
import { SETTINGS, PAGE_SETTINGS } from '../store.mjs';

/** lab.forward for the page's settings with `overrides`; returns { tokens, trace, output }. */
export function pageForward(lab, settings, overrides = {}) {
  const { dIn, seed, batch } = settings;
  const embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  const options = Object.fromEntries(
    SETTINGS.filter((s) => !PAGE_SETTINGS.includes(s.name)).map((s) => [s.name, settings[s.name]]),
  );
  const result = lab.forward({ ...options, inputs: embedded.inputs, trace: true, ...overrides });
  return { tokens: embedded.tokens, ...result };
}

/** The largest |a − b| over two tensors' values (−∞ against −∞ counts as equal). */
export function maxAbsDifference(a, b) {
  let max = 0;
  for (let i = 0; i < a.length; ++i) {
    if (a[i] === b[i]) continue;
    max = Math.max(max, Math.abs(a[i] - b[i]));
  }
  return max;
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
