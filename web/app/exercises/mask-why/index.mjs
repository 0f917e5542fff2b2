// Exercise: why the mask is −∞ before the softmax. Zeroing the future after the softmax leaves
// rows that no longer sum to 1 (the future's share was taken from them); −∞ before the softmax
// gives the future exactly 0 and the past the whole row.
export const slug = 'mask-why';
export const title = 'Why −∞ before the softmax';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'why −∞';
export const stage = 'mask';
export const lab = 'masking';
export const idea =
  'What a row of weights sums to when the future is zeroed after the softmax, and when it is −∞ before.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
