// What an exercise computes on: variant 0 is the page's own pass (its sentence, settings and
// weights, so the task's numbers are the ones the steps show); a variant N > 0 is a seeded other
// one: another of the lectures' sentences and the seed moved by N, with the page's sizes and
// random weights, so "New numbers" always gives a task the student has not solved yet.
import { coreOptions } from '../../state/settings.mjs';
import { pageForward } from '../../labs/kit/page.mjs';

export { coreOptions };

/** The sentences a variant takes in turn (the lectures' and the labs' examples). */
export const SENTENCES = Object.freeze([
  'dream big and work for it',
  'Your journey starts with one step',
  'the dog chased the ball but it could not catch it',
  'every effort moves you forward',
  'a cat sat on the warm mat',
]);

/** The largest variant a URL may ask for (any whole number from 0 to this). */
export const MAX_VARIANT = 9999;

/** "3" → 3; anything else (not a whole number in range) → 0, the page's own numbers. */
export function readVariant(text) {
  const n = Number(text);
  return text !== null && text !== '' && Number.isInteger(n) && n >= 0 && n <= MAX_VARIANT ? n : 0;
}

/** Picks the variant's entry of a list: variant 0 the first, then in turn. */
export const pick = (list, variant) => list[variant % list.length];

/** The settings of variant `variant` of the page `page` (readPage's). */
export function variantSettings(page, variant) {
  const settings = { ...page.settings, weights: page.trained ? 'trained' : 'random' };
  if (!variant) return settings;
  const others = SENTENCES.filter((s) => s.trim() !== String(page.settings.sentence).trim());
  return {
    ...settings,
    weights: 'random',
    sentence: others[(variant - 1) % others.length],
    seed: (Number(page.settings.seed) + variant) % 4294967296,
  };
}

/**
 * The forward pass of the variant, with `overrides` (core options): { settings, tokens, trace,
 * output }. Variant 0 reruns the page's inputs and weights; another embeds its own sentence.
 */
export function variantPass(core, page, variant, overrides = {}) {
  const settings = variantSettings(page, variant);
  if (!variant) return { settings, ...pageForward(core, page, overrides) };
  const { dIn, seed, batch } = settings;
  const { inputs, tokens } = core.embed(settings.sentence, { dIn, seed, batch });
  const options = { ...coreOptions(settings), inputs, trace: true, ...overrides };
  return { settings, tokens, ...core.forward(options) };
}

/** The plain settings an exercise's result reports (what a course page records). */
export const reported = (settings) => ({
  sentence: settings.sentence,
  weights: settings.weights,
  ...coreOptions(settings),
});

/** Row `r` of head `k` of item 0 of a (B, h, T, X) tensor, as a plain array. */
export function headRow({ shape, data }, k, r) {
  const [, h, T, X] = shape;
  const start = (k * T + r) * X;
  void h;
  return Array.from(data.subarray(start, start + X));
}
