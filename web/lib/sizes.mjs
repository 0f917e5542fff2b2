// The lectures' model sizes as ready-made options, in a module of their own so the page can
// bundle them without the loader (web/app/labs/sizes.mjs); index.mjs re-exports them.

/**
 * The lectures' sizes, for describe() and the page: the lecture's toy (d = 6, 2 heads), GPT-2
 * small's attention block (768 / 12 → 64, the chapter's exercise: no qkv bias) and GPT-3's
 * (12288 / 96 → 128), each with its context length and without a trace (whose (B,h,T,T) stages
 * would not fit at that length).
 */
export const SIZE_PRESETS = Object.freeze({
  lecture: Object.freeze({ module: 'mha', dIn: 6, dOut: 6, heads: 2, tokens: 6, batch: 1 }),
  gpt2: Object.freeze({
    module: 'mha',
    dIn: 768,
    dOut: 768,
    heads: 12,
    tokens: 1024,
    batch: 1,
    trace: false,
  }),
  gpt3: Object.freeze({
    module: 'mha',
    dIn: 12288,
    dOut: 12288,
    heads: 96,
    tokens: 2048,
    batch: 1,
    trace: false,
  }),
});
