// Exercise: which head a merged column came from. Merging puts the heads' context vectors side by
// side, head 1's d_h columns first; the output projection W_o then mixes them (unless W_o = I).
export const slug = 'merged-column-head';
export const title = 'Which head made this column';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'which head';
export const stage = 'merge';
export const lab = 'weights';
export const idea =
  'Name the head a column of the merged tensor comes from, and what W_o = identity would do to it.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
