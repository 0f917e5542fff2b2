// The tokenizer, loaded when a sentence needs it. Its tables (tokenizer.mjs) are half a megabyte,
// and the sentences a page shows first (the default, the presets) carry their tokens with them
// (known-tokens.mjs, written by the real tokenizer): a page can draw those without it. Every async
// entry point that tokenises (createAttentionLab unless told otherwise, loadWeights, train) loads
// it first, so the synchronous calls (tokenize, embed, explain) find it there.
import { AttentionLabError } from './errors.mjs';
import { KNOWN_TOKENS } from './known-tokens.mjs';

let tokenizer = null; // the module, once loaded
let loading = null; // its promise while it loads

/** createAttentionLab's `tokenizer` option: 'eager' (the default) or 'lazy'. */
export function tokenizerMode({ tokenizer = 'eager' } = {}) {
  if (tokenizer === 'eager' || tokenizer === 'lazy') return tokenizer;
  throw new AttentionLabError(`tokenizer = ${String(tokenizer)}: allowed are 'eager' or 'lazy'`, {
    option: 'tokenizer',
  });
}

/** Loads the tokenizer (once); resolves when tokenize() can take any sentence. */
export function loadTokenizer() {
  loading ??= import('./tokenizer.mjs').then(
    (module) => (tokenizer = module),
    (cause) => {
      loading = null; // a failed load can be tried again
      throw new AttentionLabError(
        `the tokenizer (tokenizer.mjs) could not be loaded: ${cause?.message ?? cause}`,
        { option: 'sentence', kind: 'Error', cause },
      );
    },
  );
  return loading;
}

/** Whether tokenize(sentence) can answer now: the tokenizer is loaded, or the sentence is known. */
export const canTokenize = (sentence) =>
  tokenizer !== null || Object.hasOwn(KNOWN_TOKENS, sentence);

function loaded() {
  if (tokenizer !== null) return tokenizer;
  throw new AttentionLabError(
    'the tokenizer is not loaded yet: await lab.loadTokenizer() first (createAttentionLab loads ' +
      "it unless given tokenizer: 'lazy')",
    { option: 'sentence', kind: 'Error' },
  );
}

/** GPT-2 tokens of a sentence: [{ id, text }] (see tokenizer.mjs). */
export function tokenize(sentence) {
  if (Object.hasOwn(KNOWN_TOKENS, sentence))
    return KNOWN_TOKENS[sentence].map(([id, text]) => ({ id, text }));
  return loaded().tokenize(sentence);
}

/** A token's text (see tokenizer.mjs). */
export const tokenText = (id) => loaded().tokenText(id);

/** A whole text's GPT-2 ids (see tokenizer.mjs). */
export const encodeText = (text) => loaded().encodeText(text);
