// Sentence → GPT-2 tokens (byte-pair encoding, the r50k_base vocabulary of GPT-2 and GPT-3), via the
// gpt-tokenizer package. The build bundles this file into dist/tokenizer.mjs, so the npm package
// and the static page need no bare imports at run time.
import { encode } from 'gpt-tokenizer/encoding/r50k_base';
// The vocabulary itself: entry `id` is the token's text, or its bytes when they are not whole UTF-8
// characters. (The package's decode() cannot be used one token at a time: its UTF-8 decoder is
// shared and streaming, so a piece of a character left over by one call shows up in the next.)
import PIECES from 'gpt-tokenizer/bpeRanks/r50k_base';

const hex = (byte) => byte.toString(16).toUpperCase().padStart(2, '0');
const UTF8 = new TextDecoder('utf-8', { fatal: true });

// How many bytes the UTF-8 character starting with `lead` has (0: not a lead byte).
const charLength = (lead) =>
  lead < 0x80 ? 1 : lead >> 5 === 6 ? 2 : lead >> 4 === 14 ? 3 : lead >> 3 === 30 ? 4 : 0;

/**
 * A GPT-2 token's text: whole characters as themselves, and the bytes of a character that the
 * tokens before or after it complete (an emoji is often two or three tokens) in hex: " ⟨E2 9D⟩".
 */
export function tokenText(id) {
  const piece = PIECES[id];
  if (typeof piece === 'string') return piece;
  if (!piece) return `⟨token ${id}⟩`;
  let text = '';
  let loose = [];
  const flush = () => {
    if (loose.length) text += `⟨${loose.map(hex).join(' ')}⟩`;
    loose = [];
  };
  for (let i = 0; i < piece.length;) {
    const n = charLength(piece[i]);
    const char = n && i + n <= piece.length ? decodeChar(piece.slice(i, i + n)) : null;
    if (char === null) {
      loose.push(piece[i++]);
      continue;
    }
    flush();
    text += char;
    i += n;
  }
  flush();
  return text;
}

function decodeChar(bytes) {
  try {
    return UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return null; // not a valid character: its bytes are shown one by one
  }
}

// The limits and the vocabulary's name live in vocabulary.mjs, readable without these tables.
export { MAX_SENTENCE_CHARS, VOCABULARY } from './vocabulary.mjs';

// Text that looks like a special token ("<|endoftext|>") is ordinary text here, as in tiktoken's
// encode_ordinary: a student's sentence can never end the document or switch the model's mode.
const ORDINARY = { allowedSpecial: new Set(), disallowedSpecial: new Set() };

/** @returns {{ id: number, text: string }[]} */
export function tokenize(sentence) {
  return encode(sentence, ORDINARY).map((id) => ({ id, text: tokenText(id) }));
}

/** A whole text's GPT-2 ids (no token texts): what train() reads. */
export function encodeText(text) {
  return encode(text, ORDINARY);
}
