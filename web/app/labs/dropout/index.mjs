// Lab 4: dropout. The notebook's 6 × 6 ones through nn.Dropout(0.5) with seed 123, as both kinds of
// PyTorch build draw it; the share kept in each draw; and the running mean of many dropped copies
// of the page's attention weights, which approaches the undropped weights because the survivors
// are scaled by 1/(1 − p).
export const slug = 'dropout';
export const title = 'Dropout: what 1/(1 − p) buys';
export const stage = 'dropout';
export const summary =
  'The notebook’s 6 × 6 mask on both kinds of PyTorch build, the share kept per draw, and the mean of many draws.';

/** This lab's limit on draws: the page stays responsive (the API takes up to 100,000). */
export const MAX_DRAWS = 5000;

/** p, draws, seed: lab.dropoutStatistics' (the core says what it refuses); rng: whose generator. */
export const params = {
  p: { default: 0.5 },
  draws: { default: 1000 },
  seed: { default: 123 },
  rng: { default: 'cpu', read: (text) => (text === 'mkl' ? 'mkl' : 'cpu') },
};
/** The view shows a refused value's message at its field. */
export const ownErrors = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
