// Sentence → GPT-2 tokens (byte-pair encoding, the r50k_base vocabulary of GPT-2 and GPT-3), via the
// gpt-tokenizer package. The build bundles this file into dist/tokenizer.mjs, so the npm package
// and the static page need no bare imports at run time.
import { encode, decode } from 'gpt-tokenizer/encoding/r50k_base';

const REPLACEMENT = '\uFFFD';

// A token can be part of a multi-byte character (an emoji is often two tokens): show those as
// their byte values rather than as a broken glyph.
function tokenText(id) {
  const text = decode([id]);
  if (text === '' || text.includes(REPLACEMENT)) return `⟨token ${id}⟩`;
  return text;
}

/**
 * The longest sentence, in UTF-16 code units, that is tokenised. Byte-pair encoding takes quadratic
 * time within one run of letters (a Chinese sentence has no spaces: the whole of it is one run),
 * so callers check the length first. At this cap the worst case measured here (4,096 CJK
 * characters, or Arabic letters, in one run) takes about 0.15 s; 100,000 characters took 7 s.
 * 4,096 characters are about 900 tokens of English prose, and 8,000 of Chinese.
 */
export const MAX_SENTENCE_CHARS = 4096;

// Text that looks like a special token ("<|endoftext|>") is ordinary text here, as in tiktoken's
// encode_ordinary: a student's sentence can never end the document or switch the model's mode.
const ORDINARY = { allowedSpecial: new Set(), disallowedSpecial: new Set() };

/** @returns {{ id: number, text: string }[]} */
export function tokenize(sentence) {
  return encode(sentence, ORDINARY).map((id) => ({ id, text: tokenText(id) }));
}

export const VOCABULARY = 'gpt2 (r50k_base, 50257 tokens)';
