// The steps' explanations beside their maps in English: explain(ctx) of each step asks
// t('<step>.<key>', values) (stages/words.mjs), which is the mount's catalogue's
// "explain.<step>.<key>" (de-steps.mjs; an author's own words) or these. They live here, beside the
// steps, not in en.mjs, so that the labs' and exercises' bundles, which carry en.mjs, do not carry
// them too. `{name}` is a value filled in: a number, or maths drawn as code (m('…')). Numbers keep
// their decimal point in every language: students compare them with what PyTorch prints.

/** The explanations' English words, without their "explain." prefix. */
export const EXPLAIN = Object.freeze({
  'embeddings.lookup':
    'The network cannot compute with words, so each token is looked up in a table and replaced by its embedding, a list of numbers: one row per token, one column per number.',
  'embeddings.own':
    'These are the vectors this page passed in, row by row, as its own model sees them.',
  'embeddings.lecture':
    'These are the very vectors of the lecture notebook for “Your journey starts with one step”.',
  'embeddings.seeded':
    'A trained model learns these vectors. Here each token id gets a fixed pseudo-random vector drawn from the seed, so the same token always gets the same row.',
  'embeddings.batch':
    'The batch holds the sentence {B} times (B = {B}), as the lecture does: every sequence of a batch is processed on its own, so all copies give the same numbers unless dropout is on.',
  'embeddings.one': 'The batch holds one sequence (B = 1).',
  'qkv.three':
    'Every embedding is projected three times, by three learned matrices, into three roles:',
  'qkv.query': 'query',
  'qkv.key': 'key',
  'qkv.value': 'value',
  'qkv.bias':
    "Each is a plain linear layer: {formula} + a bias (qkv bias is on), and the same for K and V. Each token's {dIn} numbers become {D}.",
  'qkv.noBias':
    "Each is a plain linear layer: {formula} (no bias: qkv bias is off), and the same for K and V. Each token's {dIn} numbers become {D}.",
  'qkv.wrapper':
    'The wrapper keeps {h} separate heads, each with its own matrices of width d_out = {dOut}; side by side they are {D} columns wide.',
  'qkv.colours':
    'The coloured column headers show which of the {h} heads will own each column in the next step.',
  'split.mha':
    'Multi-head attention does not project again for each head: it cuts the columns it has.',
  'split.wrapper':
    "The wrapper's {h} heads each projected their own {dh} columns; stacking them gives the same layout as a split.",
  'split.causal':
    'A single CausalAttention module has just one head: the “split” keeps all columns together.',
  'split.view': '{view} {shape}: no number moves, each row is just read as h short pieces.',
  'split.transpose':
    '{transpose} {shape}: the head axis moves in front of the tokens, so each head becomes its own T × d_h matrix and all heads can be computed in parallel, like a batch.',
  'split.scale':
    'For scale: GPT-2 small splits 768 columns into 12 heads of 64; GPT-3 splits 12 288 into 96 heads of 128.',
  'split.thinEmbedded':
    'With d_h = 1 each head is a single column, so the pieces are hard to see; with d_out = {dOut} ({h} heads of 3 columns) the view cuts each row and the transpose stacks the pieces visibly.',
  'split.thin':
    'With d_h = 1 each head is a single column, so the pieces are hard to see: set d_out to {dOut} ({h} heads of 3 columns) to watch the view cut each row and the transpose stack the pieces.',
  'split.loop':
    'Layout “loop”: each head ran its own small projection; the page stacks their results, which is the same tensor.',
  'scores.table':
    'A dot product measures how well two vectors agree, so each head gets a {size} table of scores: {formula}.',
  'scores.row':
    'Read a row: it belongs to one token asking (its query) and says how well each token’s key answers it. Columns are the tokens being looked at. Red is a strong match, blue a poor one.',
  'scores.heads':
    'Different heads hold different slices of Q and K, so they can match tokens for different reasons.',
  'scores.hover':
    'Hover or focus a score: the query row and the key column it multiplies light up.',
  'scale.why':
    'A dot product adds up d_h products, so the longer the vectors, the larger the scores tend to get. Very large scores make the softmax of the next steps almost all-or-nothing, and then training barely changes anything.',
  'scale.divide':
    'Dividing by the square root of the head size, {dh}, undoes that growth: the pattern stays the same; only the spread shrinks.',
  'scale.gpt': 'GPT-2’s heads have d_h = 64 (divide by 8); GPT-3’s have 128.',
  'mask.encoder': 'That is how an encoder such as BERT reads: the later tokens are in view too.',
  'mask.future':
    'A language model writes one token after the other, so while reading token i it must not see the tokens that come after it. Those are the cells above the diagonal: column j > row i.',
  'mask.naive':
    'Naive masking: first a softmax over the whole row (future included), then the future cells are set to 0. Now the rows no longer sum to 1 (see Σ), so each row is divided by its sum: the third table, which the next step uses as the attention weights.',
  'mask.negInf':
    'So the future scores are replaced by {inf} before the softmax. Since {zero}, they will get exactly zero weight, and the softmax will share the whole weight among the visible tokens: one pass, nothing to repair.',
  'softmax.naiveSame':
    'When nothing underflowed, these are the same weights as with −∞ masking, up to rounding (see Σ).',
  'softmax.naiveEmbedded': 'Masking with −∞ gives them in one honest pass.',
  'softmax.naiveSwitch': 'Switch masking to −∞ to get them in one honest pass.',
  'softmax.rows':
    'The softmax turns each row of scores into weights: {formula}. A higher score gets a larger share, every unmasked weight is above 0, and each row adds up to 1 (the Σ column; in float32 the sum is 1 to within about 1e-7, the rounding of the last bits).',
  'softmax.masked':
    'The masked cells had {inf} and now hold exactly 0: the first token can only attend to itself, the last one to everybody.',
  'softmax.unmasked':
    'Without the causal mask every token spreads its weight over the whole sentence.',
  'softmax.trained':
    'These weights were trained: a head that learned to look at the previous token has its largest weights just left of the diagonal, one that looks at the token itself on the diagonal.',
  'softmax.random':
    'The weights of this model are random, not trained, so the rows are often close to even: the point is the mechanism, not the pattern.',
  'softmax.randomSwitch':
    'The weights of this model are random, not trained, so the rows are often close to even: the point is the mechanism, not the pattern. Switch the weights to “trained” to see heads that have learned something.',
  'dropout.evaluationHead': 'Evaluation mode: nothing is dropped in this pass.',
  'dropout.evaluation':
    '{head} Dropout only acts while a model is being trained. In evaluation mode this step is skipped: the next steps use the softmax weights as they are, with nothing zeroed and nothing rescaled.',
  'dropout.previewWhat': 'what training mode would do, with {p}',
  'dropout.preview':
    'So that there is something to see, the maps here show {what}: the same weights and seed, a share p of them dropped, the survivors multiplied by {factor}. Rows no longer sum to 1, and that is expected.',
  'dropout.previewZero':
    'So that there is something to see, the maps here show {what} (the lecture’s Dropout(0.5), since p is 0 here): the same weights and seed, a share p of them dropped, the survivors multiplied by {factor}. Rows no longer sum to 1, and that is expected.',
  'dropout.embedded': 'In training mode dropout is part of the pass itself.',
  'dropout.switch':
    'To make dropout part of the pass, switch the mode to training (the “mode” setting).',
  'dropout.zeroHead': 'p = 0: nothing is dropped.',
  'dropout.zero': '{head} Raise the dropout probability to see the mask.',
  'dropout.training':
    'While training, dropout switches off a random share of the attention weights, so the model cannot lean too much on any single connection. Each weight is dropped with probability {p}; the mask comes from the seed, so the same seed gives the same mask.',
  'dropout.scaled':
    'The survivors are multiplied by {factor}: in evaluation nothing is dropped or scaled, so the next layer gets weights of the same expected size in both modes.',
  'dropout.batch': 'Each sequence of the batch gets its own mask: compare the batch items.',
  'context.sum':
    'In the lecture’s symbols, {formula}. Row i of the result is a weighted sum of the value rows: token i takes a lot from the tokens it attends to strongly and little from the rest (without dropout the weights of a row add up to 1, so it is an average; with dropout the survivors are scaled by 1/(1 − p), so at p = 0.5 a weight of 1 becomes 2 and a row no longer sums to 1). That is the whole point of attention: every token’s new vector carries information from the tokens that matter to it.',
  'context.hover':
    'Hover or focus a cell of the context: the weight row and the value column it came from light up.',
  'context.dropped': 'The weights used are the ones after dropout.',
  'context.zero':
    'With p = 0 dropout drops nothing, so the weights used are the attention weights of the softmax step, unchanged.',
  'context.evaluation':
    'In evaluation mode dropout drops nothing, so the weights used are the attention weights of the softmax step, unchanged.',
  'merge.back':
    'The heads worked side by side; now their results are put back together. {transpose} brings the tokens in front again, {axes}, and merging the last two axes glues each token’s {h} head pieces into one row of {D} numbers: {shape}.',
  'merge.colours':
    'The colours mark where every column came from: head 1’s columns first, then head 2’s, and so on. No number changes in this step.',
  'output.none': 'There is no output projection for module “{module}”.',
  'output.noneWrapper':
    '{none} The merged tensor of the previous step is the output, unchanged: the head colours stay separate.',
  'output.mhaEmbedded': 'MultiHeadAttention (module “mha”) mixes the heads here.',
  'output.chooseMha': 'Choose module “mha” to see the heads being mixed.',
  'output.all': 'all',
  'output.layer':
    'The last layer, {outProj}, is a {size} linear layer with a bias. Every output number is a weighted sum of {all} merged columns, so every output column blends what all heads found.',
  'output.blend':
    'The colours show that blend: each cell is filled with the head colours, each as wide as that head’s share of the cell’s value (measured by the size of weight × input). The hover box lists the shares.',
  'output.values':
    'At d_out = {D} the cells show their values (red above 0, blue below); the hover box lists each head’s share of a cell (the size of weight × input).',
});
