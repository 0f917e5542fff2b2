// Lab: loop vs fused, honestly. The lecture timed a Python loop over per-head modules against one
// weight-split matmul. Here the same heads are computed three ways (forms.mjs) with the same
// operations, each timed until its reading spans many ticks of the clock (timing.mjs), and any
// time or ratio the clock cannot resolve is said to be so, never printed as a number.
export const slug = 'loop-vs-fused';
export const title = 'Loop vs fused, honestly';
export const stage = 'merge';
export const summary =
  'The lecture’s 2/400/4000-heads timing redone with resolvable times, and what its gap was made of.';

export const DEFAULT_HEADS = '2, 20, 200, 400, 4000';

/** heads: the head counts as typed; clock: '' (the browser's) or a tick in ms; run: runs asked for. */
export const params = {
  heads: { default: DEFAULT_HEADS },
  clock: { default: '' },
  run: { default: 0, url: false },
};
/** The view shows a refused head list at its field, and the run's progress beside its button. */
export const ownErrors = true;
export const ownProgress = true;

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
