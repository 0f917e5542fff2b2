// The chapter's exercise 3.2: MultiHeadAttentionWrapper concatenates its heads, so its context
// vectors are num_heads × d_out wide; for 2-dimensional ones with 2 heads, each head has d_out = 1.
export const slug = 'chapter-3-2';
export const title = 'Exercise 3.2: 2-dimensional context vectors';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = '3.2';
export const stage = 'merge';
export const lab = 'lecture-order';
export const idea =
  'Choose d_out for MultiHeadAttentionWrapper so that its context vectors have the width asked for.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
