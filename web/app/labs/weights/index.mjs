// Lab: the weights. W_query, W_key, W_value and out_proj of the page's MultiHeadAttention as the
// matrices x · Wᵀ multiplies by, with the weight split drawn on them (head i owns d_h columns);
// the loop's per-head matrices shown to be the split's slices (by running both); and what W_o
// does: with W_o = identity each output column is one head's, with the seeded W_o it mixes them.
export const slug = 'weights';
export const title = 'The weights';
export const stage = 'qkv';
export const summary =
  'W_q, W_k, W_v and W_o as matrices: which columns are which head, the loop’s matrices as slices, and how W_o mixes heads.';

/** wo: the output projection shown, the page's own ('seeded', trained with the trained weights) or 'identity'. */
export const params = {
  wo: { default: 'seeded', read: (text) => (text === 'identity' ? 'identity' : 'seeded') },
};

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
