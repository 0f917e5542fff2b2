// Exercise: the shape after transpose(1, 2). The heads move in front of the tokens, so that each
// head's (T, d_h) block is one matrix for the batched matmul.
export const slug = 'transpose-shape';
export const title = 'The shape after transpose(1, 2)';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'transpose';
export const stage = 'split';
export const lab = 'transpose';
export const idea = 'Give the shape of the viewed queries after .transpose(1, 2).';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
