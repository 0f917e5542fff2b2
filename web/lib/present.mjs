// How attention-lab shows a run to people: numbers, token labels, shapes and a plain-text
// explanation of every trace stage, in the lecture's words. One module for the command line and
// the teaching page, so both say the same thing. No DOM and no Node: it runs anywhere.
import { STAGES } from './contract.mjs';

/** How a sign and the non-finite values are written: PLAIN for terminals, TYPESET for the page. */
export const PLAIN = Object.freeze({ minus: '-', infinity: 'inf', nan: 'nan' });
export const TYPESET = Object.freeze({ minus: '\u2212', infinity: '∞', nan: 'NaN' });

/** The lecture's classes, by the module option's values. */
export const MODULE_CLASSES = Object.freeze({
  simplified: 'attention without trainable weights',
  sa_v1: 'SelfAttention_v1',
  sa_v2: 'SelfAttention_v2',
  causal: 'CausalAttention',
  wrapper: 'MultiHeadAttentionWrapper',
  mha: 'MultiHeadAttention',
});

/** A number with fixed decimals; −0 (and what rounds to it) as 0; ±∞ and NaN spelled out. */
export function formatNumber(value, decimals = 4, spelling = TYPESET) {
  if (Number.isNaN(value)) return spelling.nan;
  if (value === Infinity) return spelling.infinity;
  if (value === -Infinity) return spelling.minus + spelling.infinity;
  const text = value.toFixed(decimals);
  // "-0.0000" reads as a sign error to students.
  if (/^-0\.?0*$/.test(text)) return text.slice(1);
  return text.replace('-', spelling.minus);
}

// Control characters (ESC, BEL, …), the line separators and the bidirectional embeddings,
// overrides and isolates, as \u001b escapes: text a user typed must never drive a terminal, break a
// line or reorder the text around it. Right-to-left letters themselves are left alone.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeChar = (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with every control character escaped. */
export function printable(text) {
  return text.replace(CONTROL, escapeChar);
}

const SHORT_ESCAPES = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };
const visibleWhitespace = (ch) => (ch === ' ' ? '␣' : (SHORT_ESCAPES[ch] ?? escapeChar(ch)));

/**
 * A token as a row or column label: GPT-2's leading space trimmed; a token of whitespace only
 * shown with ␣ and escapes (it would be an invisible label); other whitespace and control
 * characters inside a token escaped, so a label is one visible line.
 */
export function tokenLabel(text) {
  const trimmed = text.trim();
  if (trimmed === '') return [...text].map(visibleWhitespace).join('');
  return printable(trimmed.replace(/[^\S ]/g, visibleWhitespace));
}

/** A stage's shape with its dimension names, e.g. "(B=1, h=2, T=6, d_h=1)". */
export function namedShape(dims, shape) {
  const names = dims.split(',');
  return `(${shape.map((size, i) => `${names[i] ?? `dim${i}`}=${size}`).join(', ')})`;
}

/**
 * The sizes of a run, { B, T, d_in, D, h, d_h }, read from its trace's shapes through the stage
 * list's dimension names: the shapes are the core's word for D and d_h, whatever the module.
 */
export function sizesOf(trace) {
  const sizes = {};
  for (const { name, dims } of STAGES) {
    const shape = trace[name]?.shape;
    if (shape) dims.split(',').forEach((dim, i) => (sizes[dim] ??= shape[i]));
  }
  return sizes;
}

/**
 * What a trace stage is, in one or two lines of plain text, for this configuration (the model's
 * options: module, causal, masking, qkvBias, dropout, training, seed) and these sizes (sizesOf).
 */
export function explainStage(name, config, sizes, spelling = TYPESET) {
  return STAGE_TEXT[name]?.(config, sizes, spelling) ?? '';
}

const STAGE_TEXT = {
  inputs: (c, s) => `the input embeddings x: one vector of d_in = ${s.d_in} numbers per token`,
  queries: (c, s) => projection(c, s, 'query', 'what each token is looking for'),
  keys: (c, s) => projection(c, s, 'key', 'what each token offers to the queries'),
  values: (c, s) => projection(c, s, 'value', 'what each token passes on when attended to'),
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
};

const round = (v) => +v.toFixed(4);
const dropping = (c) => c.training && c.dropout > 0;

// queries, keys, values: the wrapper's heads each project x with their own matrix, side by side.
function projection(c, s, role, purpose) {
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

/**
 * What the trained model's shared id (every token outside its cut vocabulary) is called when it
 * is predicted: it stands for many rare tokens at once, so it has no text of its own.
 */
export const SHARED_TOKEN = '(a rare token)';

/** A token of the trained model (read or predicted) as a label. */
export function trainedTokenLabel(token) {
  return token.id < 0 ? SHARED_TOKEN : tokenLabel(token.text);
}

/** A probability or a share as a percentage: "64 %", or "0.4 %" below one per cent. */
/**
 * The head roles' short names, for a map's caption or a table cell (the API's descriptions are
 * written for a sentence: "the same token (itself)"), and one word each for narrower places.
 */
export const ROLE_NAMES = Object.freeze({
  previous: 'previous token',
  first: 'first token',
  self: 'itself',
  punctuation: 'punctuation',
  'pronoun-noun': 'pronoun → noun',
  'noun-determiner': 'noun → determiner',
});
export const ROLE_WORDS = Object.freeze({
  previous: 'previous',
  first: 'first',
  'pronoun-noun': 'pronoun',
  'noun-determiner': 'noun',
});

export function percent(p) {
  const value = 100 * p;
  return `${value >= 1 || value === 0 ? Math.round(value) : value.toFixed(1)} %`;
}
