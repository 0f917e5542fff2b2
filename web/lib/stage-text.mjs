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
  contextHeads: (c) =>
    dropping(c)
      ? "droppedWeights · valueHeads: each token's context vector per head, a mix of the values " +
        'weighted by its attention weights after dropout'
      : "attentionWeights · valueHeads: each token's context vector per head, a mix of the " +
        `values weighted by its attention weights (${c.training ? 'p = 0' : 'evaluation mode'}: ` +
        'no dropout)',
  mergedHeads: (c, s) => merge(c, s),
  output: (c, s) => output(c, s),
});

const round = (v) => +v.toFixed(4);
const dropping = (c) => c.training && c.dropout > 0;

// queries, keys, values: the wrapper's heads each project x with their own matrix, side by side.
function projection(c, s, role) {
  const purpose = ROLE_PURPOSE[role];
  const product = `x · W_${role}ᵀ${c.qkvBias ? ` + b_${role}` : ''}`;
  if (c.module === 'wrapper')
    return `each head's ${product}, side by side (D = h·d_out = ${s.D}): ${purpose}`;
  const whole = `${product} (D = d_out = ${s.D} columns): ${purpose}`;
  // MultiHeadAttention's one d_in × d_out matrix is h matrices of d_in × d_h side by side.
  return c.module === 'mha' && s.h > 1
    ? `${whole}; each of the ${s.h} heads gets its own ${s.d_in} × ${s.d_h} = d_in × d_h of W_${role}ᵀ`
    : whole;
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

function output(c, s) {
  if (c.module === 'simplified' || c.module === 'sa_v1' || c.module === 'sa_v2') {
    return "the context vectors: attentionWeights · values, one per token (the class's output)";
  }
  if (c.module === 'wrapper') {
    return "the context vectors: the wrapper's output is the concatenation itself (no out_proj)";
  }
  if (c.module === 'causal') {
    return 'the context vectors: CausalAttention returns them as they are (no out_proj)';
  }
  return (
    `out_proj(mergedHeads): a d_out × d_out = ${s.D} × ${s.D} linear layer that mixes the heads: ` +
    'the context vectors'
  );
}

/**
 * The largest |naive − (−∞)| between two routes' attention weights, NaN when either has a NaN (a
 * naive row whose kept weights all underflowed: 0 / 0). Equal entries count 0, so −0 and +0 agree.
 */
export function maskRoutesDifference(a, b) {
  let d = 0;
  for (let i = 0; i < a.length; ++i) {
    if (Number.isNaN(a[i]) || Number.isNaN(b[i])) return NaN;
    if (a[i] !== b[i]) d = Math.max(d, Math.abs(a[i] - b[i]));
  }
  return d;
}

/** A measured difference as the story prints it: 0, NaN, or three digits ("5.96e−8"). */
export function formatDifference(difference, spelling = TYPESET) {
  if (Number.isNaN(difference)) return spelling.nan;
  if (difference === 0) return '0';
  return difference.toExponential(2).replace('e-', `e${spelling.minus}`).replace('e+', 'e');
}

/**
 * Masking the future, naive (softmax over every key, zero the future, divide each row by its new
 * sum) against −∞ before the softmax, in three plain sentences: what the two routes measured on
 * the sentence at hand (`difference`: maskRoutesDifference of their attention weights), where the
 * naive route breaks, and why −∞ is the construction to use all the same. The mask step and the
 * masking lab both say it, so they cannot tell a student two stories.
 */
export function maskingStory(causal, difference, spelling = TYPESET) {
  const inf = `${spelling.minus}${spelling.infinity}`;
  if (!causal)
    return ['The causal mask is off: neither route hides a key, so there is nothing to compare.'];
  const naive =
    'the naive route (softmax over every key, zero the future, divide each row by its sum)';
  const measured = Number.isNaN(difference)
    ? `On this sentence ${naive} breaks: a row's kept weights all underflowed to 0, so renormalising divided 0 by 0 (NaN).`
    : `On this sentence ${naive} gives the same attention weights as ${inf} before the softmax: ` +
      `max |Δ| = ${formatDifference(difference, spelling)}` +
      `${difference === 0 ? ', bit for bit' : ', float32 rounding'}. So on ordinary rows it leaks ` +
      "nothing: dividing by the new row sum cancels the future's part of the first softmax's sum.";
  return [
    measured,
    'Where it breaks: when a later score dominates a row so strongly that the kept probabilities ' +
      `fall into float32's subnormal range (below 2⁻¹²⁶ ≈ 1.2e${spelling.minus}38), they lose ` +
      "digits, then become 0; the row's sum is then 0 and renormalising computes 0 / 0 = NaN.",
    `Why ${inf} before the softmax is still the right construction: one pass instead of three; ` +
      `the masked weights are exactly 0 by construction (e^${inf} = 0), not set to 0 afterwards; ` +
      "and no division by a sum that can be 0: each row's largest visible score gives e⁰ = 1 to it.",
  ];
}
