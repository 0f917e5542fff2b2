// Exercise: the shape after view. The (B, T, d_out) queries are read as (B, T, h, d_h): the same
// numbers, each token's row cut into h heads of d_h = d_out / h.
export const slug = 'view-shape';
export const title = 'The shape after view';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'view';
export const stage = 'split';
export const lab = 'transpose';
export const idea = 'Give the shape of queries.view(B, T, h, d_h) for the sizes shown.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
