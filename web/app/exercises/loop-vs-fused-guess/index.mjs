// Exercise: guess before timing. The lecture timed a Python loop over per-head modules against one
// weight-split matmul; here the student predicts the winner and the gap at thousands of heads, and
// Check runs the core's own timing of the two forms.
export const slug = 'loop-vs-fused-guess';
export const title = 'Loop or fused: guess, then time it';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'guess the timing';
export const stage = 'merge';
export const lab = 'loop-vs-fused';
export const idea =
  'Before the timing runs: which form wins at 4,000 heads, a loop over heads or one fused matmul, and by how much?';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
