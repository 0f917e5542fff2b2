// Lab 9, "The code": every step of the stepper beside the line(s) of the lecture's PyTorch that
// compute it, for the class the page runs (MultiHeadAttention, the wrapper or CausalAttention),
// and one "copy as PyTorch" for the whole pass: a runnable snippet that prints every stage on the
// page with its numbers (web/lib/pytorch.mjs builds it from the page's settings and vectors).
export const slug = 'code';
export const title = 'The code behind each step';
export const stage = null;
export const summary =
  'Every step beside the lecture’s PyTorch lines that compute it, and a snippet that reproduces the page’s numbers in PyTorch.';
export const params = {};

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
