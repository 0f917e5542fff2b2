// Lab: sizes. The lecture's toy, GPT-2 small and GPT-3 described by the core (every stage's shape,
// every matrix's parameters, nothing allocated), and GPT-2's attention block run for real on the
// page's sentence, with its time.
export const slug = 'sizes';
export const title = 'Sizes';
export const stage = 'split';
export const summary =
  'The toy, GPT-2 and GPT-3: every stage’s shape and every matrix’s parameters, and GPT-2 run here.';

/** The three presets of SIZE_PRESETS in the order the lecture meets them (named in words.mjs). */
export const SIZE_NAMES = Object.freeze(['lecture', 'gpt2', 'gpt3']);

/** preset: the size described; run: how often GPT-2 was asked to run (0: not yet; not in the URL). */
export const params = {
  preset: {
    default: 'gpt2',
    read: (text) => (SIZE_NAMES.includes(text) ? text : 'gpt2'),
  },
  run: { default: 0, url: false },
};
/** The view says what the run is doing, beside its button. */
export const ownProgress = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
