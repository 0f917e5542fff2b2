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

/** @returns {{ id: number, text: string }[]} */
export function tokenize(sentence) {
  return encode(sentence).map((id) => ({ id, text: tokenText(id) }));
}

export const VOCABULARY = 'gpt2 (r50k_base, 50257 tokens)';
