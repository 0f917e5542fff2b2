// The lecture-order lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.lecture-order.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'name.simplified': 'Attention without trainable weights',
  'changed.simplified':
    'The starting point: every token is its own query, key and value; the scores are x · xᵀ, and the weights their softmax.',
  'changed.sa_v1':
    'Three trainable matrices (torch.rand) turn each token into a query, a key and a value of size d_out = 2, and the scores are divided by √d_k.',
  'changed.sa_v2':
    'The same attention, but the matrices are nn.Linear layers: a better initialisation, so other numbers for the same idea.',
  'changed.causal':
    'A mask hides the future (−∞ before the softmax, so each row’s weights end at its own token), dropout is available, and a batch of two sentences goes through at once.',
  'changed.wrapper':
    'Two CausalAttention heads side by side, each with its own weights; their context vectors are concatenated, so each token gets 2 · 2 = 4 numbers.',
  'changed.mha':
    'One weight matrix split into 2 heads of d_out / h = 1 column each (view, then transpose), and an output projection mixes the heads: d_out stays 2.',
  'caption.scoresOfJourney': 'attn_scores_2: x⁽²⁾ · xᵀ, the scores of “journey”',
  'caption.sumNormalisedOfJourney': 'The first try: scores ÷ their sum',
  'caption.weightsOfJourney': 'attn_weights_2: the softmax of the scores',
  'caption.weights': 'The attention weights',
  'caption.context': 'The context vectors',
  'caption.contextBatch': 'The context vectors (the first sentence of the batch)',
  'caption.seed': '{caption} (seed {seed})',
  'corner.token': 'token ↓',
  'corner.queryKey': 'query ↓ key →',
  batchGap:
    'The second copy of the sentence in the batch gets the same rows (largest difference {gap}).',
  whatChanged: 'What changed: ',
  start: 'Start: ',
  computedBy: 'Computed by {call}.',
  subject: 'the lecture’s classes on the notebook’s own inputs',
  intro:
    'The lecture builds self-attention up one class at a time. Each block below runs one class on the notebook’s sentence “{sentence}” with its own six 3-number vectors and the seed the notebook used, and shows what the notebook printed, to its 4 decimals. Each step changes one idea; the line above the numbers says which.',
});
