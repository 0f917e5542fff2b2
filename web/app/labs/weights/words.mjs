// The weights lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.weights.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'wo.seeded': 'the seeded W_o',
  'wo.trained': 'the trained W_o',
  'wo.identity': 'W_o = identity',
  head: 'head {n}',
  out: 'out {n}',
  'column.title': 'column {n}: head {head}',
  clipped: 'The first {rows} rows and {cols} columns.',
  'shares.caption': '{name}: each head’s share of every output column',
  'shares.label': '{name}: each head’s share',
  'output.caption': 'The output with {name} (batch item 1)',
  'mixing.label': 'what W_o mixes',
  'mixing.heading': 'W_o mixes the heads',
  'mixing.legend': 'Output projection',
  'mixing.seeded':
    'With W_o = identity and no bias the output is the merged heads (largest difference {check}): output column j is one head’s, its colour pure. With the seeded W_o every output column draws on every head, and its colour is their blend.',
  'mixing.trained':
    'With W_o = identity and no bias the output is the merged heads (largest difference {check}): output column j is one head’s, its colour pure. With the trained W_o every output column draws on every head, and its colour is their blend.',
  'check.layout':
    'The core’s loop layout (one projection per head, W[i·d_h:(i+1)·d_h]) against the fused one: largest difference in the heads and the output {check}.',
  'check.wrapper':
    'The wrapper ({heads} CausalAttention modules, d_in = {dIn}, d_out = {dh}) given the slices as its heads.<i>.W_query/W_key/W_value: its output equals the split’s merged heads (largest difference {check}).',
  'check.seed':
    'Built from the same seed instead, the wrapper draws the same random numbers in another order (head by head, not matrix by matrix): {n} of its {all} matrices happen to equal a slice{which}, the others do not.',
  'check.which': ' ({list})',
  'check.one': 'head {n}’s {projection}',
  intro:
    'MultiHeadAttention keeps one query matrix for all heads. Multiplying x by it gives d_out columns, and the split only decides which columns each head reads: head 1 the first d_h, head 2 the next, and so on. So the loop’s small per-head matrices are not something else: they are these column blocks. The output projection out_proj (W_o) then takes every head’s columns and mixes them.',
  'split.heading': 'The split: {heads} heads of d_h = {dh} (d_out = {D})',
  'row.head': 'head {head}·{n}',
  'slices.heading': 'The loop’s matrices are the split’s slices',
});
