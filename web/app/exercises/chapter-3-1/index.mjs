// The chapter's exercise 3.1: SelfAttention_v1 (nn.Parameter matrices, x @ W) and SelfAttention_v2
// (nn.Linear layers, x @ weight.T) compute the same thing; with v1's matrices set to v2's weights
// transposed, their outputs are the same.
export const slug = 'chapter-3-1';
export const title = 'Exercise 3.1: v1 and v2 agree';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = '3.1';
export const stage = 'qkv';
export const lab = 'lecture-order';
export const idea =
  'Predict whether SelfAttention_v1 gives SelfAttention_v2’s output once W = Linear.weight.T, and without it.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
