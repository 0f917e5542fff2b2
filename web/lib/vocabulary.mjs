// What the tokenizer promises, without the tokenizer: its vocabulary's name and the longest
// sentence it takes. Small, so that the library can check a sentence and name the vocabulary
// before (or without) loading the tokenizer's tables (tokenizer.mjs, half a megabyte).

/**
 * The longest sentence, in UTF-16 code units, that is tokenised. Byte-pair encoding takes quadratic
 * time within one run of letters (a Chinese sentence has no spaces: the whole of it is one run),
 * so callers check the length first. At this cap the worst case measured here (4,096 CJK
 * characters, or Arabic letters, in one run) takes about 0.15 s; 100,000 characters took 7 s.
 * 4,096 characters are about 900 tokens of English prose, and 8,000 of Chinese.
 */
export const MAX_SENTENCE_CHARS = 4096;

export const VOCABULARY = 'gpt2 (r50k_base, 50257 tokens)';
