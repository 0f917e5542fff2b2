// Shared by the JS tests: a small training corpus in scripts/prepare_corpus.mjs's "ATCP" format,
// "the <noun> <verb> it ." sentences drawn from a fixed sequence, each token with its word class.
// And `refused`, the check that a promise rejects with an AttentionLabError naming an option.
import assert from 'node:assert/strict';

/** "ATCP", u32 version 1, u32 count, then per token: u16 GPT-2 id, u8 word class, u8 flags. */
export function corpusBytes(tokens) {
  const buffer = Buffer.alloc(12 + 4 * tokens.length);
  buffer.write('ATCP', 0, 'latin1');
  buffer.writeUInt32LE(1, 4);
  buffer.writeUInt32LE(tokens.length, 8);
  tokens.forEach(([id, cls], i) => {
    buffer.writeUInt16LE(id, 12 + 4 * i);
    buffer.writeUInt8(cls, 14 + 4 * i);
  });
  return buffer;
}

/** [GPT-2 id, word class] pairs: determiner, noun, verb, pronoun, punctuation per sentence. */
export function sentences(count, seed) {
  const nouns = [3290, 3797, 5044, 1097, 2156];
  const verbs = [2497, 8288, 3114, 2497, 4499];
  const tokens = [];
  let x = seed;
  for (let s = 0; s < count; ++s) {
    x = (x * 1103515245 + 12345) % 2147483648;
    tokens.push([262, 3], [nouns[x % 5], 2], [verbs[(x >> 8) % 5], 5], [340, 1], [13, 6]);
  }
  return tokens;
}

/** Rejects with an AttentionLabError whose option is `option` and whose message matches. */
export async function refused(promise, option, pattern) {
  await assert.rejects(promise, (e) => {
    assert.equal(e?.name, 'AttentionLabError', String(e));
    assert.equal(e.option, option);
    assert.match(e.message, pattern);
    return true;
  });
}
