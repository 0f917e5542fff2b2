// Exercise: which cells the causal mask hides. Each query may look at its own token and those
// before it, never at a later one, so the hidden cells are those above the diagonal.
export const slug = 'mask-cells';
export const title = 'Pick the cells the mask hides';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'pick the hidden cells';
export const stage = 'mask';
export const lab = 'masking';
export const idea = 'Click every cell of the scores that the causal mask sets to −∞.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
