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

// The tokenizer's module is imported by its URL, beside this module, not by a name bundlers read:
// an app that passes its own token ids or inputs never needs its tables, and a bundler would put
// them in the app's bundle (esbuild does so for every import() it can read unless it splits).
// Vite and webpack copy the file beside their output, as they do the .wasm files; with other
// bundlers, serve dist/tokenizer.mjs beside the bundle (docs/API.md, "Bundlers").
const tokenizerUrl = () => new URL('./tokenizer.mjs', import.meta.url).href;
let givenUrl = null; // where createAttentionLab's baseUrl puts it, when one was given

/** The tokenizer's URL in the folder a createAttentionLab({ baseUrl }) names (undefined: none). */
export function tokenizerAt(url) {
  if (url !== undefined) givenUrl = url;
}

/** Loads the tokenizer (once); resolves when tokenize() can take any sentence. */
export function loadTokenizer() {
  loading ??= import(/* webpackIgnore: true */ /* @vite-ignore */ givenUrl ?? tokenizerUrl()).then(
    (module) => (tokenizer = module),
    (cause) => {
      loading = null; // a failed load can be tried again
      throw new AttentionLabError(
        `the tokenizer (${givenUrl ?? tokenizerUrl()}) could not be loaded: ` +
          `${cause?.message ?? cause}. Serve the package's dist/tokenizer.mjs there, or pass ` +
          'createAttentionLab({ baseUrl }) the address of the folder that holds it',
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
