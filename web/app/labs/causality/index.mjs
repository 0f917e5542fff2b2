// Lab: why the mask is there. A language model is trained on whole sentences but generates one
// token at a time, so the row of token t must not depend on the tokens after it: then what it
// learned in training is what it computes at inference. The student changes a later token of the
// page's sentence (or appends one) and compares the two passes: with the causal mask every earlier
// row of the attention weights and every earlier context vector is the same bit for bit; without
// it they change. The trained model's next-token prediction at t is the same for any continuation.
export const slug = 'causality';
export const title = 'Causality: later tokens cannot change earlier rows';
export const stage = 'mask';
export const summary =
  'Change or append a later token: with the mask every earlier row of the weights and context vectors stays bit for bit; without it they change.';

/** "4" (token 4 of the page's sentence), "last" (its last token) or "append" (one more). */
export function readAt(text) {
  const value = String(text).trim();
  if (value === 'last' || value === 'append') return value;
  if (/^[1-9][0-9]*$/.test(value)) return value;
  // The message is the lab's words' (words.mjs), in the reader's language once it opens.
  throw Object.assign(new Error('read.at'), { words: 'read.at' });
}

/** at: which token of the page's sentence changes; word: what replaces it (or is appended). */
export const params = {
  at: { default: 'last', read: readAt },
  word: { default: 'play' },
};
/** The view shows a refused position or word at its field. */
export const ownErrors = true;
/** Its prediction panel reads the trained model, whatever the page's weights (a lesson file carries them). */
export const trainedWeights = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
