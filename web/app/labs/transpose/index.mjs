// Lab: view, then transpose, and the forgotten transpose. The queries of the page's sentence go
// through the lecture's four shapes, each axis in one colour all the way; beside the right scores
// (B, h, T, T) the core's "forgotten transpose" (B, T, h, h), where heads attend to heads; and the
// notebook's surprise of a transpose cell run twice, redone on the core's context vectors.
export const slug = 'transpose';
export const title = 'View, then transpose, and the forgotten transpose';
export const stage = 'split';
export const summary =
  'The four shapes from queries to scores, axis by axis, and what Q·Kᵀ gives without transpose(1, 2).';

/** The lecture's pipeline: each step's trace stage and the PyTorch line that makes it. */
export const PIPELINE = Object.freeze([
  { stage: 'queries', code: 'queries = self.W_query(x)' },
  {
    stage: 'queryView',
    code: 'queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)',
  },
  { stage: 'queryHeads', code: 'queries = queries.transpose(1, 2)' },
  { stage: 'attentionScores', code: 'attn_scores = queries @ keys.transpose(2, 3)' },
]);

/** head: the head whose T × T scores are shown (0-based; a head the model lacks shows its last). */
export const params = { head: { default: 0, read: (text) => Number(text) || 0 } };

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
