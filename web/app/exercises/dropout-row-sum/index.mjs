// Exercise: a row after dropout. In training, dropout zeroes each weight with probability p and
// multiplies the kept ones by 1/(1−p), so a row no longer sums to 1, only on average.
export const slug = 'dropout-row-sum';
export const title = 'A row after dropout';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'a row after dropout';
export const stage = 'dropout';
export const lab = 'dropout';
export const idea =
  'With p = 0.5 in training: what a row of weights sums to after dropout, and what a kept weight becomes.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
