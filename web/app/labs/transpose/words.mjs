// The transpose lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.transpose.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'right.label': 'with the transpose',
  'right.heading': 'With transpose(1, 2): {shape}',
  'right.head': 'Head shown ',
  head: 'head {n}',
  'right.caption': 'Right: attn_scores[0, head {n}], tokens against tokens (T × T)',
  'wrong.q': 'q head {n}',
  'wrong.k': 'k head {n}',
  'wrong.qTitle': 'q head of head {n}',
  'wrong.kTitle': 'k head of head {n}',
  'wrong.caption': 'token {n} ({token}): heads against heads',
  'wrong.label': 'without the transpose',
  'wrong.heading': 'Forgotten: {code} → {shape}',
  'wrong.text':
    'Without the transpose the last two axes are (h, d_h), so the product pairs heads with heads inside one token: no token ever looks at another, and the "attention" is an h × h grid per token. Each number here is token t’s query in head i times the same token’s key in head j: recomputed from the views, the largest difference from the core’s is {check}. PyTorch raises no error, because the shapes still multiply.',
  'wrong.first': 'The first {n} of {T} tokens.',
  intro:
    'MultiHeadAttention computes all heads with one matmul, so its queries come out as one wide row per token. To give each head its own T × T scores, the width is first read as h blocks of d_h (view: no number moves), then the head axis is brought in front of the token axis (transpose(1, 2): the numbers move). Only then does Q · Kᵀ, which multiplies the last two axes, pair tokens with tokens inside each head. Each axis keeps its colour from step to step.',
  'pipeline.heading': 'Four shapes, one pipeline',
  checked:
    'Checked on the core’s numbers: the view is the queries read with a new shape (largest difference {view}), the transpose moves them (recomputed here, largest difference {transpose}).',
  'twice.cellTitle': 'head {head}, token {token}',
  'twice.row': 'row {n}',
  'twice.label': 'the transpose cell run twice',
  'twice.heading': 'The transpose cell, run twice',
  'twice.intro':
    'In the lecture, the cell that turns the context vectors back from heads-first to tokens-first was run a second time by accident, and the printed shape was the old one again. Swapping axes 1 and 2 twice swaps them back. Nothing complains: the merge that follows only needs the right number of values.',
  'twice.context': 'context_vec (from the core): {shape}',
  'twice.once':
    'after one run: {shape}, merged it equals the core’s mergedHeads (largest difference {check})',
  'twice.twice':
    'after two runs: {shape}, the very numbers it started from (largest difference {check})',
  'twice.merged':
    'Merged after two runs, row 1 is no longer token 1 of every head: it holds head 1’s first tokens one after another. Each cell says which head (h) and token (t) its number came from.',
  'twice.onceCaption': 'Run once: row t = token t of head 1, head 2, …',
  'twice.twiceCaption': 'Run twice: rows mix tokens',
});
