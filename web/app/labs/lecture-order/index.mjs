// Lab 1: the chapter's six classes in the lecture's order, each computed by the core for the
// notebook's sentence, vectors and seeds, with the numbers the notebook printed (4 decimals) and
// what each class changed. Every number comes from lab.forward; nothing here is a stored result.
export const slug = 'lecture-order';
export const title = 'From no weights to multi-head, in the lecture’s order';
export const stage = 'qkv';
export const summary =
  'The six classes of the chapter, one after another, with the numbers the notebook printed.';
export const params = {};

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
