// The lines a lab shows about what it computes with, beside a page that may show other weights or
// another class: never silently random numbers beside a page that says "trained".
import { h } from '../../render/h.mjs';
import { mhaOptions } from './page.mjs';

/**
 * The weights' line while the page shows the trained ones, or null with the random ones. With
 * `subject`, the lab (or `what` part of it) keeps the lecture's random weights because it is about
 * that subject; without it, the lab computes with the page's trained weights.
 */
export function weightsNote(trained, subject = null, what = 'This lab') {
  if (!trained) return null;
  return h(
    'p',
    { class: 'weights-note', dataset: { weightsNote: subject ? 'random' : 'trained' } },
    subject
      ? `${what} uses the lecture’s random weights: it is about ${subject}, not what was learned.`
      : 'With the page’s trained weights: the numbers below are the trained model’s, as on the page.',
  );
}

/** A line saying so when the page shows another class than MultiHeadAttention, or null. */
export function moduleNote(settings) {
  if (settings.module === 'mha') return null;
  const o = mhaOptions(settings);
  return h(
    'p',
    { class: 'help', dataset: { moduleNote: settings.module } },
    `The page shows ${settings.module === 'wrapper' ? 'the wrapper' : 'CausalAttention'}; `,
    `this lab uses MultiHeadAttention of the same width (d_out = ${o.dOut}, ${o.heads} ${o.heads === 1 ? 'head' : 'heads'}).`,
  );
}
