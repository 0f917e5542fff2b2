// What each trace stage is, in one sentence of the lecture's words, for one configuration: the one
// home of that sentence. The command line prints it under each stage (`attention-lab explain`) and
// the teaching page leads each step with it, so the two cannot drift apart. No DOM and no Node.
import { MODULE_CLASSES, TYPESET } from './present.mjs';

/**
 * What a trace stage is, in one or two lines of plain text, for this configuration (the model's
 * options: module, causal, masking, qkvBias, dropout, training, seed) and these sizes (sizesOf).
 */
export function explainStage(name, config, sizes, spelling = TYPESET) {
  return STAGE_TEXT[name]?.(config, sizes, spelling) ?? '';
}

/** What each of the three projections is for, in the queries', keys' and values' sentences. */
export const ROLE_PURPOSE = Object.freeze({
  query: 'what each token is looking for',
  key: 'what each token offers to the queries',
  value: 'what each token passes on when attended to',
});

/** Per trace stage, its sentence: (config, sizes, spelling) → text. */
export const STAGE_TEXT = Object.freeze({
  inputs: (c, s) => `the input embeddings x: one vector of d_in = ${s.d_in} numbers per token`,
  queries: (c, s) => projection(c, s, 'query'),
  keys: (c, s) => projection(c, s, 'key'),
  values: (c, s) => projection(c, s, 'value'),
  queryView: (c, s) =>
    `the queries viewed as (B,T,h,d_h) = (${s.B},${s.T},${s.h},${s.d_h}): no number moves, each ` +
    'row is read as h pieces; the transpose comes next',
  keyView: () => 'the keys viewed the same way: (B,T,h,d_h)',
  valueView: () => 'the values viewed the same way: (B,T,h,d_h)',
  queryHeads: (c, s) => heads(c, s, 'queries', 'query'),
  keyHeads: (c, s) => heads(c, s, 'keys', 'key'),
  valueHeads: (c, s) => heads(c, s, 'values', 'value'),
  attentionScores: (c) =>
    c.module === 'simplified'
      ? "x · xᵀ: row i = token i's input dotted with every input (no weights: queries, keys and " +
        'values are the inputs)'
      : c.module === 'sa_v1' || c.module === 'sa_v2'
        ? "queries · keysᵀ: row i = token i's query dotted with every key"
        : "queryHeads · keyHeadsᵀ per head: row i = token i's query dotted with every key",
  forgottenTranspose: (c, s) =>
    `the transpose forgotten: queryView · keyViewᵀ multiplies over the heads, (B,T,h,h) = ` +
    `(${s.B},${s.T},${s.h},${s.h}): each token's heads against its own heads, not tokens against tokens`,
  scaledScores: (c, s) => scaling(s.d_h ?? s.D), // one head: d_h is the whole width
  maskedScores: (c, s, sp) =>
    c.causal
      ? `${sp.minus}${sp.infinity} above the diagonal: no token may attend to a later one ` +
        `(the softmax turns ${sp.minus}${sp.infinity} into a weight of 0)`
      : 'not causal: nothing is masked, every token may attend to every token',
  unmaskedWeights: () =>
    'naive masking, step 1: the softmax of each row over all tokens, the future included',
  zeroedWeights: (c) =>
    c.causal
      ? "naive masking, step 2: the future's weights set to 0; rows no longer sum to 1"
      : 'naive masking, step 2: not causal, nothing to zero',
  attentionWeights: (c) => attentionWeights(c),
  sumNormalisedWeights: () =>
    'the notebook first tries dividing each row by its sum: rows sum to 1 too, but the largest ' +
    'score does not stand out and negative scores would give negative weights: softmax instead',
  dropoutMask: (c) => dropoutMask(c),
  droppedWeights: (c) =>
    dropping(c)
      ? `kept weights × 1/(1−p) = × ${round(1 / (1 - c.dropout))}: on average the weights ` +
        'keep their size; rows no longer sum to 1'
      : 'the attention weights unchanged (no dropout)',
  contextHeads: () =>
    "droppedWeights · valueHeads: each token's context vector per head, a mix of the values " +
    'weighted by its attention weights',
  mergedHeads: (c, s) => merge(c, s),
  output: (c) => output(c),
});

const round = (v) => +v.toFixed(4);
const dropping = (c) => c.training && c.dropout > 0;

// queries, keys, values: the wrapper's heads each project x with their own matrix, side by side.
function projection(c, s, role) {
  const purpose = ROLE_PURPOSE[role];
  const product = `x · W_${role}ᵀ${c.qkvBias ? ` + b_${role}` : ''}`;
  return c.module === 'wrapper'
    ? `each head's ${product}, side by side (D = h·d_out = ${s.D}): ${purpose}`
    : `${product} (D = d_out = ${s.D} columns): ${purpose}`;
}

// Only MultiHeadAttention splits its queries; the wrapper's heads have their own, CausalAttention
// has one head.
function heads(c, s, what, role) {
  if (c.module === 'wrapper') {
    return (
      `each head's own ${what}, d_h = d_out = ${s.d_h} wide: nothing is split ` +
      `(every head has its own W_${role})`
    );
  }
  if (c.module !== 'mha') {
    return `the ${what} as one head: ${MODULE_CLASSES[c.module]} has h = 1, d_h = d_out = ${s.d_h}`;
  }
  return (
    `${what} split into h = ${s.h} heads of d_h = d_out / h = ${s.d_h} columns: view, ` +
    'then transpose'
  );
}

// Why ÷ √d_h: without it, long head vectors give large scores and an all-or-nothing softmax.
function scaling(dH) {
  const root = Math.sqrt(dH);
  const divisor =
    dH === 1
      ? '√1 = 1 (no change when d_h = 1)'
      : `√${dH} ${Number.isInteger(root) ? '=' : '≈'} ${round(root)}`;
  return `scores ÷ √d_h, here ÷ ${divisor}: large scores would make the softmax all-or-nothing`;
}

function attentionWeights(c) {
  if (c.scale === false && c.module !== 'simplified') {
    return 'softmax of each row without scaling (scale off): rows sum to 1, but sharper than scaled';
  }
  if (c.masking !== 'naive') {
    return 'softmax of each row: how much token i attends to token j; every row sums to 1';
  }
  return c.causal
    ? 'naive masking, step 3: each row divided by its sum, so rows sum to 1 again'
    : 'naive masking, step 3: each row divided by its sum (already 1: nothing was zeroed)';
}

// The mask comes from the seeded random stream: a model re-draws it on every forward pass, but a
// fresh run with the same seed draws the same mask again.
function dropoutMask(c) {
  if (dropping(c)) {
    return (
      `dropout with p = ${c.dropout}: 1 = weight kept, 0 = dropped. Drawn from seed ` +
      `${c.seed}: the same seed gives the same mask; a model re-draws it on each forward pass`
    );
  }
  if (c.training) return 'p = 0: dropout drops nothing, every weight is kept (a mask of 1s)';
  return (
    'evaluation mode: dropout is off, every weight is kept (a mask of 1s)' +
    (c.dropout > 0 ? `; p = ${c.dropout} acts only in training` : '')
  );
}

function merge(c, s) {
  if (c.module === 'wrapper') {
    return (
      `the heads' context vectors concatenated side by side (torch.cat): ` +
      `h·d_out = D = ${s.D} columns`
    );
  }
  if (c.module === 'causal') return "the one head's context vectors: nothing to merge";
  return `the heads transposed back and concatenated: h·d_h = ${s.h}·${s.d_h} = D = ${s.D} columns`;
}

function output(c) {
  if (c.module === 'simplified' || c.module === 'sa_v1' || c.module === 'sa_v2') {
    return "the context vectors: attentionWeights · values, one per token (the class's output)";
  }
  if (c.module === 'wrapper') {
    return "the context vectors: the wrapper's output is the concatenation itself (no out_proj)";
  }
  if (c.module === 'causal') {
    return 'the context vectors: CausalAttention returns them as they are (no out_proj)';
  }
  return 'out_proj(mergedHeads): a linear layer that mixes the heads: the context vectors';
}
