// The lines a lab shows about what it computes with, beside a page that may show other weights or
// another class: never silently random numbers beside a page that says "trained".
import { h } from '../../render/h.mjs';
import { mhaOptions } from './page.mjs';

/**
 * The weights' line while the page shows the trained ones, or null with the random ones. With
 * `subject` (in the lab's words), the lab (or `what` part of it) keeps the lecture's random
 * weights because it is about that subject; without it, the lab computes with the page's trained
 * weights. t: the lab's words (its t.kit: the kit's).
 */
export function weightsNote(t, trained, subject = null, what = null) {
  if (!trained) return null;
  return h(
    'p',
    { class: 'weights-note', dataset: { weightsNote: subject ? 'random' : 'trained' } },
    subject
      ? t.kit('weights.random', { what: what ?? t.kit('weights.thisLab'), subject })
      : t.kit('weights.trained'),
  );
}

/** A line saying so when the page shows another class than MultiHeadAttention, or null. */
export function moduleNote(t, settings) {
  if (settings.module === 'mha') return null;
  const o = mhaOptions(settings);
  return h(
    'p',
    { class: 'help', dataset: { moduleNote: settings.module } },
    t.kit('module.shows', {
      module: t.kit(settings.module === 'wrapper' ? 'module.wrapper' : 'module.causal'),
    }),
    t.kit('module.uses', {
      dOut: o.dOut,
      heads: t.kit(o.heads === 1 ? 'module.head' : 'module.heads', { n: o.heads }),
    }),
  );
}
