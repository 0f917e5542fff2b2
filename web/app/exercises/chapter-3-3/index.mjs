// The chapter's exercise 3.3: MultiHeadAttention of GPT-2's size, 768 → 768 with 12 heads and a
// context of 1,024 tokens: 64 numbers a head and 2,360,064 parameters.
export const slug = 'chapter-3-3';
export const title = 'Exercise 3.3: a GPT-2-sized block';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = '3.3';
export const stage = 'output';
export const lab = 'sizes';
export const idea =
  'For GPT-2’s MultiHeadAttention (768 → 768, 12 heads, context 1,024): head size and parameters.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
