// Lab 3: masking the future, naive (softmax over every key, zero the future, divide by the new row
// sums) against −∞ (set the future's scores to −∞ before the softmax). On ordinary rows both give
// the same weights; the lecture prefers −∞ because in the naive route the future keys sit in the
// softmax's denominator, and a dominating future score can push the past's share into float32's
// subnormal range and below, where renormalising no longer recovers it.
export const slug = 'masking';
export const title = 'Masking the future: naive or −∞';
export const stage = 'mask';
export const summary =
  'The same weights on ordinary rows; then one future score dominates and float32 breaks the naive route.';

/** float32's smallest normal number, 2⁻¹²⁶: below it, numbers lose precision (subnormal). */
export const SMALLEST_NORMAL = 2 ** -126;

/** gap: how far the future key's score is ahead of the past's (the core takes −1000 to 1000). */
export const params = { gap: { default: 10 } };
/** The view shows a refused gap's message at the gap's field. */
export const ownErrors = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
