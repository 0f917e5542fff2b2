// Exercise: one attention score by hand. A score is the dot product of a query row and a key row;
// the scaled score divides it by √d_k, the head size.
export const slug = 'score-by-hand';
export const title = 'One score by hand';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'a score by hand';
export const stage = 'scores';
export const lab = 'sqrt-dh';
export const idea = 'Compute one attention score from a row of Q and a row of K, then scale it.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
