// What each trace stage is, in one sentence of the lecture's words, for one configuration: the one
// home of that sentence. The command line prints it under each stage (`attention-lab explain`) and
// the teaching page leads each step with it, so the two cannot drift apart. No DOM and no Node.
import { MODULE_CLASSES, TYPESET } from './present.mjs';

/**
 * The English words of every sentence below, as templates: `{name}` is a value filled in. The
 * page's catalogues hold the same keys under "lead." (web/app/strings/), so that the teaching page
 * says the same sentences in the reader's language; the command line speaks English.
 */
export const STAGE_WORDS = Object.freeze({
  inputs: 'the input embeddings x: one vector of d_in = {d_in} numbers per token',
  'purpose.query': 'what each token is looking for',
  'purpose.key': 'what each token offers to the queries',
  'purpose.value': 'what each token passes on when attended to',
  'projection.wrapper': "each head's {product}, side by side (D = h·d_out = {D}): {purpose}",
  'projection.whole': '{product} (D = d_out = {D} columns): {purpose}',
  'projection.split':
    '{whole}; each of the {h} heads gets its own {d_in} × {d_h} = d_in × d_h of W_{role}ᵀ',
  queryView:
    'the queries viewed as (B,T,h,d_h) = ({B},{T},{h},{d_h}): no number moves, each row is read as h pieces; the transpose comes next',
  keyView: 'the keys viewed the same way: (B,T,h,d_h)',
  valueView: 'the values viewed the same way: (B,T,h,d_h)',
  'name.queries': 'queries',
  'name.keys': 'keys',
  'name.values': 'values',
  'heads.wrapper':
    "each head's own {what}, d_h = d_out = {d_h} wide: nothing is split (every head has its own W_{role})",
  'heads.one': 'the {what} as one head: {class} has h = 1, d_h = d_out = {d_h}',
  'heads.split':
    '{what} split into h = {h} heads of d_h = d_out / h = {d_h} columns: view, then transpose',
  'scores.simplified':
    "x · xᵀ: row i = token i's input dotted with every input (no weights: queries, keys and values are the inputs)",
  'scores.one': "queries · keysᵀ: row i = token i's query dotted with every key",
  'scores.heads': "queryHeads · keyHeadsᵀ per head: row i = token i's query dotted with every key",
  forgottenTranspose:
    "the transpose forgotten: queryView · keyViewᵀ multiplies over the heads, (B,T,h,h) = ({B},{T},{h},{h}): each token's heads against its own heads, not tokens against tokens",
  scaledScores:
    'scores ÷ √d_h, here ÷ {divisor}: large scores would make the softmax all-or-nothing',
  'scaledScores.one': '√1 = 1 (no change when d_h = 1)',
  'mask.causal':
    '{inf} above the diagonal: no token may attend to a later one (the softmax turns {inf} into a weight of 0)',
  'mask.off': 'not causal: nothing is masked, every token may attend to every token',
  unmaskedWeights:
    'naive masking, step 1: the softmax of each row over all tokens, the future included',
  'zeroed.causal': "naive masking, step 2: the future's weights set to 0; rows no longer sum to 1",
  'zeroed.off': 'naive masking, step 2: not causal, nothing to zero',
  'weights.unscaled':
    'softmax of each row without scaling (scale off): rows sum to 1, but sharper than scaled',
  'weights.softmax':
    'softmax of each row: how much token i attends to token j; every row sums to 1',
  'weights.naive': 'naive masking, step 3: each row divided by its sum, so rows sum to 1 again',
  'weights.naiveOff':
    'naive masking, step 3: each row divided by its sum (already 1: nothing was zeroed)',
  sumNormalisedWeights:
    'the notebook first tries dividing each row by its sum: rows sum to 1 too, but the largest score does not stand out and negative scores would give negative weights: softmax instead',
  'dropoutMask.dropping':
    'dropout with p = {p}: 1 = weight kept, 0 = dropped. Drawn from seed {seed}: the same seed gives the same mask; a model re-draws it on each forward pass',
  'dropoutMask.zero': 'p = 0: dropout drops nothing, every weight is kept (a mask of 1s)',
  'dropoutMask.evaluation': 'evaluation mode: dropout is off, every weight is kept (a mask of 1s)',
  'dropoutMask.evaluationP':
    'evaluation mode: dropout is off, every weight is kept (a mask of 1s); p = {p} acts only in training',
  'dropped.dropping':
    'kept weights × 1/(1−p) = × {factor}: on average the weights keep their size; rows no longer sum to 1',
  'dropped.none': 'the attention weights unchanged (no dropout)',
  'context.dropping':
    "droppedWeights · valueHeads: each token's context vector per head, a mix of the values weighted by its attention weights after dropout",
  'context.zero':
    "attentionWeights · valueHeads: each token's context vector per head, a mix of the values weighted by its attention weights (p = 0: no dropout)",
  'context.evaluation':
    "attentionWeights · valueHeads: each token's context vector per head, a mix of the values weighted by its attention weights (evaluation mode: no dropout)",
  'merge.wrapper':
    "the heads' context vectors concatenated side by side (torch.cat): h·d_out = D = {D} columns",
  'merge.causal': "the one head's context vectors: nothing to merge",
  'merge.split': 'the heads transposed back and concatenated: h·d_h = {h}·{d_h} = D = {D} columns',
  'output.class':
    "the context vectors: attentionWeights · values, one per token (the class's output)",
  'output.wrapper':
    "the context vectors: the wrapper's output is the concatenation itself (no out_proj)",
  'output.causal': 'the context vectors: CausalAttention returns them as they are (no out_proj)',
  'output.mha':
    'out_proj(mergedHeads): a d_out × d_out = {D} × {D} linear layer that mixes the heads: the context vectors',
  'story.off': 'The causal mask is off: neither route hides a key, so there is nothing to compare.',
  'story.naive':
    'the naive route (softmax over every key, zero the future, divide each row by its sum)',
  'story.broken':
    "On this sentence {naive} breaks: a row's kept weights all underflowed to 0, so renormalising divided 0 by 0 (NaN).",
  'story.same':
    "On this sentence {naive} gives the same attention weights as {inf} before the softmax: max |Δ| = {difference}{how}. So on ordinary rows it leaks nothing: dividing by the new row sum cancels the future's part of the first softmax's sum.",
  'story.exact': ', bit for bit',
  'story.rounding': ', float32 rounding',
  'story.breaks':
    "Where it breaks: when a later score dominates a row so strongly that the kept probabilities fall into float32's subnormal range (below 2⁻¹²⁶ ≈ 1.2e{minus}38), they lose digits, then become 0; the row's sum is then 0 and renormalising computes 0 / 0 = NaN.",
  'story.why':
    "Why {inf} before the softmax is still the right construction: one pass instead of three; the masked weights are exactly 0 by construction (e^{inf} = 0), not set to 0 afterwards; and no division by a sum that can be 0: each row's largest visible score gives e⁰ = 1 to it.",
});

/** STAGE_WORDS[key] with its `{values}` filled: the English words (the command line's). */
export const ENGLISH = (key, params = {}) =>
  STAGE_WORDS[key].replace(/\{(\w+)\}/g, (all, name) =>
    name in params ? String(params[name]) : all,
  );

/**
 * What a trace stage is, in one or two lines of plain text, for this configuration (the model's
 * options: module, causal, masking, qkvBias, dropout, training, seed) and these sizes (sizesOf).
 * words(key, values): the sentence of STAGE_WORDS's key in the reader's language (ENGLISH).
 */
export function explainStage(name, config, sizes, spelling = TYPESET, words = ENGLISH) {
  return STAGE_TEXT[name]?.(config, sizes, spelling, words) ?? '';
}

/** Per trace stage, its sentence: (config, sizes, spelling, words) → text. */
export const STAGE_TEXT = Object.freeze({
  inputs: (c, s, sp, w) => w('inputs', dims(s)),
  queries: (c, s, sp, w) => projection(c, s, 'query', w),
  keys: (c, s, sp, w) => projection(c, s, 'key', w),
  values: (c, s, sp, w) => projection(c, s, 'value', w),
  queryView: (c, s, sp, w) => w('queryView', dims(s)),
  keyView: (c, s, sp, w) => w('keyView'),
  valueView: (c, s, sp, w) => w('valueView'),
  queryHeads: (c, s, sp, w) => heads(c, s, 'queries', 'query', w),
  keyHeads: (c, s, sp, w) => heads(c, s, 'keys', 'key', w),
  valueHeads: (c, s, sp, w) => heads(c, s, 'values', 'value', w),
  attentionScores: (c, s, sp, w) =>
    w(
      c.module === 'simplified'
        ? 'scores.simplified'
        : c.module === 'sa_v1' || c.module === 'sa_v2'
          ? 'scores.one'
          : 'scores.heads',
    ),
  forgottenTranspose: (c, s, sp, w) => w('forgottenTranspose', dims(s)),
  scaledScores: (c, s, sp, w) => scaling(s.d_h ?? s.D, w), // one head: d_h is the whole width
  maskedScores: (c, s, sp, w) =>
    c.causal ? w('mask.causal', { inf: `${sp.minus}${sp.infinity}` }) : w('mask.off'),
  unmaskedWeights: (c, s, sp, w) => w('unmaskedWeights'),
  zeroedWeights: (c, s, sp, w) => w(c.causal ? 'zeroed.causal' : 'zeroed.off'),
  attentionWeights: (c, s, sp, w) => w(attentionWeights(c)),
  sumNormalisedWeights: (c, s, sp, w) => w('sumNormalisedWeights'),
  dropoutMask: (c, s, sp, w) => dropoutMask(c, w),
  droppedWeights: (c, s, sp, w) =>
    dropping(c) ? w('dropped.dropping', { factor: round(1 / (1 - c.dropout)) }) : w('dropped.none'),
  contextHeads: (c, s, sp, w) =>
    w(dropping(c) ? 'context.dropping' : c.training ? 'context.zero' : 'context.evaluation'),
  mergedHeads: (c, s, sp, w) =>
    w(
      c.module === 'wrapper'
        ? 'merge.wrapper'
        : c.module === 'causal'
          ? 'merge.causal'
          : 'merge.split',
      dims(s),
    ),
  output: (c, s, sp, w) => w(outputKey(c), dims(s)),
});

const round = (v) => +v.toFixed(4);
// The sizes a sentence may name, every key present (a size the pass did not trace is undefined).
const dims = (s) => ({ B: s.B, T: s.T, h: s.h, d_h: s.d_h, D: s.D, d_in: s.d_in });
const dropping = (c) => c.training && c.dropout > 0;

// queries, keys, values: the wrapper's heads each project x with their own matrix, side by side.
function projection(c, s, role, w) {
  const purpose = w(`purpose.${role}`);
  const product = `x · W_${role}ᵀ${c.qkvBias ? ` + b_${role}` : ''}`;
  if (c.module === 'wrapper') return w('projection.wrapper', { product, D: s.D, purpose });
  const whole = w('projection.whole', { product, D: s.D, purpose });
  // MultiHeadAttention's one d_in × d_out matrix is h matrices of d_in × d_h side by side.
  return c.module === 'mha' && s.h > 1 ? w('projection.split', { ...dims(s), whole, role }) : whole;
}

// Only MultiHeadAttention splits its queries; the wrapper's heads have their own, CausalAttention
// has one head.
function heads(c, s, what, role, w) {
  const named = { ...dims(s), what: w(`name.${what}`), role };
  if (c.module === 'wrapper') return w('heads.wrapper', named);
  if (c.module !== 'mha') return w('heads.one', { ...named, class: MODULE_CLASSES[c.module] });
  return w('heads.split', named);
}

// Why ÷ √d_h: without it, long head vectors give large scores and an all-or-nothing softmax.
function scaling(dH, w) {
  const root = Math.sqrt(dH);
  const divisor =
    dH === 1
      ? w('scaledScores.one')
      : `√${dH} ${Number.isInteger(root) ? '=' : '≈'} ${round(root)}`;
  return w('scaledScores', { divisor });
}

function attentionWeights(c) {
  if (c.scale === false && c.module !== 'simplified') return 'weights.unscaled';
  if (c.masking !== 'naive') return 'weights.softmax';
  return c.causal ? 'weights.naive' : 'weights.naiveOff';
}

// The mask comes from the seeded random stream: a model re-draws it on every forward pass, but a
// fresh run with the same seed draws the same mask again.
function dropoutMask(c, w) {
  if (dropping(c)) return w('dropoutMask.dropping', { p: c.dropout, seed: c.seed });
  if (c.training) return w('dropoutMask.zero');
  return c.dropout > 0
    ? w('dropoutMask.evaluationP', { p: c.dropout })
    : w('dropoutMask.evaluation');
}

function outputKey(c) {
  if (c.module === 'simplified' || c.module === 'sa_v1' || c.module === 'sa_v2')
    return 'output.class';
  if (c.module === 'wrapper') return 'output.wrapper';
  if (c.module === 'causal') return 'output.causal';
  return 'output.mha';
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
 * masking lab both say it, so they cannot tell a student two stories. words: as explainStage's.
 */
export function maskingStory(causal, difference, spelling = TYPESET, words = ENGLISH) {
  const inf = `${spelling.minus}${spelling.infinity}`;
  if (!causal) return [words('story.off')];
  const naive = words('story.naive');
  const measured = Number.isNaN(difference)
    ? words('story.broken', { naive })
    : words('story.same', {
        naive,
        inf,
        difference: formatDifference(difference, spelling),
        how: words(difference === 0 ? 'story.exact' : 'story.rounding'),
      });
  return [measured, words('story.breaks', { minus: spelling.minus }), words('story.why', { inf })];
}
