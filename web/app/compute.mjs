// One recomputation: sentence → tokens → embeddings → the core's forward pass with its full trace,
// plus what the shown step needs besides (the module's weights, the dropout step's training-mode
// preview). The result is plain data: numbers and text, no functions, and no array that a later
// pass writes into. Invalid settings throw an error whose .option names the control to show the
// message at: the core's own messages, plus the limits of this page (so the grids stay readable).
import {
  SETTINGS,
  WEIGHTS_SETTING,
  LIMITS,
  pageMax,
  coreOptions,
  previewDropout,
} from './state/settings.mjs';
import { PREVIEW_STAGES } from './state/needs.mjs';
import { computeTrained, trainedPreview } from './compute-trained.mjs';
import { withModel } from './compute-models.mjs';
import { maskRoutesDifference } from '../lib/stage-text.mjs';

// What the limit of each size counts, for the message.
const COUNTS = {
  dIn: 'embedding numbers per token',
  dOut: 'columns',
  heads: 'heads',
  batch: 'copies of the sentence',
};

export class PageError extends Error {
  constructor(option, message) {
    super(message);
    this.name = 'PageError';
    this.option = option;
  }
}

/** The messages a student can act on: the core's (AttentionLabError) and the page's (PageError). */
export const isInputError = (err) => err?.name === 'AttentionLabError' || err?.name === 'PageError';

// Before the pass: an emptied number field, and sizes this page cannot draw. Every other value goes
// to the core as it is, so the message is the core's.
function checkPageLimits(settings) {
  for (const spec of SETTINGS) {
    const { name } = spec;
    const value = settings[name];
    if ((spec.type === 'integer' || spec.type === 'number') && value === '') {
      throw new PageError(name, `${spec.meaning}: enter a number`);
    }
    const max = pageMax(name);
    if (max !== undefined && Number.isInteger(value) && value > max) {
      throw new PageError(
        name,
        `${name} = ${value}: this page draws at most ${max} ${COUNTS[name]}`,
      );
    }
  }
}

// After the pass: D as the trace reports it (for the wrapper, its heads side by side).
function checkWidth(settings, D) {
  if (D <= LIMITS.width) return;
  throw new PageError(
    'dOut',
    `the queries, keys and values are D = ${D} columns wide ` +
      `(${settings.heads} heads of d_out = ${settings.dOut} side by side); this page draws at most ${LIMITS.width}`,
  );
}

// The sentence's tokens, within what the page draws.
function checkTokens(tokens) {
  if (tokens.length > LIMITS.tokens) {
    throw new PageError(
      'sentence',
      `The sentence has ${tokens.length} tokens; this page shows at most ${LIMITS.tokens}, so that ` +
        'every token-by-token map stays readable. Please shorten it.',
    );
  }
  return tokens;
}

// The sentence embedded, tokenised once: embed() returns its tokens, so the page's limit is
// checked on them. Only when embed() refuses the sentence (e.g. its own limit of 1,024 tokens) is
// it tokenised again, so that the page's limit, the smaller one, is the message shown.
function embedSentence(lab, settings) {
  const { dIn, seed, batch } = settings;
  let embedded;
  try {
    embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  } catch (err) {
    // Trimmed as embed() trims it, so both count the same tokens.
    if (err?.option === 'sentence' && typeof settings.sentence === 'string')
      checkTokens(lab.tokenize(settings.sentence.trim()));
    throw err;
  }
  checkTokens(embedded.tokens);
  return embedded;
}

// The stages a pass reads its sizes from.
const SIZE_STAGES = ['queries', 'queryHeads'];

/** Nothing beyond the pass: no weights, no preview, no second masking route. */
export const NO_NEEDS = Object.freeze({ weights: false, preview: false, routes: false });

/**
 * The result of `settings`: { settings, tokens, source, trace, output, sizes, trained, weights?,
 * trainingPreview? }, plain data, or throws (AttentionLabError / PageError). sizes: { B, h, T, dh,
 * D, dIn }, named in camelCase as the JS API's options are (dIn); the CLI's output keeps the
 * contract's dimension names (d_in, d_h: present.mjs sizesOf), as the lecture writes them.
 * `trained`: the TrainedModel, loaded (by the controller) when settings.weights is 'trained'.
 * `needs`: what the shown step or lab reads besides the pass (state/needs.mjs); see withNeeds(),
 * as `previous`.
 */
export function compute(lab, settings, trained = null, needs = NO_NEEDS, previous = null) {
  if (!WEIGHTS_SETTING.choices.includes(settings.weights)) {
    throw new PageError(
      'weights',
      `weights = '${String(settings.weights).slice(0, 40)}': allowed are ${WEIGHTS_SETTING.choices.join(', ')}`,
    );
  }
  if (onlyDropoutMoved(previous, settings)) {
    // Only p is new. Where the preview's pass takes it (p > 0, the dropout step shown), the core
    // checks it there; any other p is checked by describing the model, half a millisecond more.
    if (needs.preview && settings.dropout > 0) checkPageLimits(settings);
    else checkWaitingSettings(lab, settings);
    return withNeeds(lab, { ...passOf(previous), settings }, needs, previous);
  }
  // The trained model tokenises the sentence itself (explain), refusing more than its context.
  let result;
  if (settings.weights === 'trained') {
    checkWaitingSettings(lab, settings);
    result = computeTrained(settings, trained);
    checkTokens(result.tokens);
  } else result = computeRandom(lab, settings);
  return withNeeds(lab, result, needs, previous);
}

/**
 * `result` with what `needs` asks for and it lacks, as a new result (or `result` itself when it
 * has it all):
 * - weights: the module's state_dict (MultiHeadAttention's; null for the other classes), read
 *   only when asked for: at GPT-2's width it is 9.4 MB to copy out of the heap, and only the
 *   output step reads it (its head shares). The seeded weights depend on the options alone, not on
 *   the sentence, so those of `previous` (the result replaced) are taken when its options are the
 *   same: typing on the output step copies them once. The trained block's are always there: the
 *   model keeps them, so they cost nothing.
 * - preview: the dropout step's training-mode pass (null in training mode, which shows dropout
 *   itself): evaluation mode skips dropout, so the step shows the same pass in training mode (the
 *   user's p, or the lecture's 0.5 when p = 0); it holds only the stages that step draws.
 * - routes: { difference }, the largest |Δ| between the attention weights of naive masking and
 *   of −∞ on this very input (the pass gives one route, a second pass the other), which the mask
 *   step prints.
 */
export function withNeeds(lab, result, needs, previous = null) {
  const extra = {};
  if (needs.weights && result.weights === undefined)
    extra.weights = sameWeights(previous, result) ? previous.weights : weightsOf(lab, result);
  if (needs.preview && result.trainingPreview === undefined)
    extra.trainingPreview = previewOf(lab, result);
  if (needs.routes && result.maskRoutes === undefined) extra.maskRoutes = routesOf(lab, result);
  return Object.keys(extra).length ? { ...result, ...extra } : result;
}

/**
 * Whether `settings` differ from those of `previous` in dropout p alone, in evaluation mode with
 * the seeded weights: the pass skips dropout then, so it is the same pass, and only what depends on
 * p (the dropout step's training-mode preview) is computed again. Dragging p costs the preview.
 */
function onlyDropoutMoved(previous, settings) {
  if (!previous || previous.source === 'trained' || settings.weights !== 'random') return false;
  const before = previous.settings;
  if (settings.training !== false || before.training !== false) return false;
  return SETTINGS.every(
    ({ name }) => name === 'dropout' || Object.is(before[name], settings[name]),
  );
}

// A result without what depends on dropout p: the pass, its weights and masking routes.
function passOf(result) {
  const { trainingPreview, ...pass } = result;
  return pass;
}

// Whether `previous` holds the seeded weights of `result`: read, and drawn with the same options.
function sameWeights(previous, result) {
  if (!previous || previous.weights === undefined || previous.source === 'trained') return false;
  if (result.source === 'trained') return false;
  const [a, b] = [coreOptions(previous.settings), coreOptions(result.settings)];
  return Object.keys(b).every((name) => Object.is(a[name], b[name]));
}

function weightsOf(lab, result) {
  if (result.source === 'trained') return result.weights;
  return result.settings.module === 'mha'
    ? seededStateDict(lab, result.settings, result.sizes.T)
    : null;
}

function previewOf(lab, result) {
  const { settings } = result;
  if (settings.training) return null;
  if (result.source === 'trained') return trainedPreview(lab, result, PREVIEW_STAGES);
  const training = { ...settings, training: true, dropout: previewDropout(settings.dropout) };
  // The same sentence, embedded as for the pass: its inputs, not a second tokenising.
  const embedded = {
    tokens: result.tokens,
    source: result.source,
    inputs: result.trace.inputs.data,
  };
  return computeRandom(lab, training, PREVIEW_STAGES, embedded);
}

// The same block and input through the other masking route, up to its attention weights.
function routesOf(lab, result) {
  const trained = result.source === 'trained';
  const options = trained
    ? { ...result.trained.options, weights: result.weights }
    : { ...coreOptions(result.settings), inputs: result.trace.inputs.data };
  const other = options.masking === 'naive' ? 'neg-inf' : 'naive';
  const block = lab.createModel({ ...options, masking: other, trace: true });
  try {
    const { trace } = block.forward(result.trace.inputs.data, { stages: ['attentionWeights'] });
    const [mine, theirs] = [result.trace.attentionWeights.data, trace.attentionWeights.data];
    return { difference: maskRoutesDifference(mine, theirs) };
  } finally {
    block.dispose();
  }
}

// With the trained weights drawn, the random weights' settings wait in the state for the switch
// back; they are checked all the same (the core describes them, nothing is built), so that the
// state never holds a value the page would refuse.
function checkWaitingSettings(lab, settings) {
  checkPageLimits(settings);
  const { width } = lab.describe({ ...coreOptions(settings), tokens: 1 });
  checkWidth(settings, width);
}

// The state_dict of the seeded random weights that `settings` describe, for `tokens` tokens: the
// same in a model built again without the pass, since they depend on the seed and sizes only.
function seededStateDict(lab, settings, tokens) {
  const model = lab.createModel({ ...coreOptions(settings), tokens, trace: false });
  try {
    return model.stateDict();
  } finally {
    model.dispose();
  }
}

// The random weights' pass; with `stages`, its trace holds only those (and the sizes' stages).
// `embedded`: the sentence's tokens and inputs when already known.
function computeRandom(lab, settings, stages, embedded = null) {
  checkPageLimits(settings);
  embedded ??= embedSentence(lab, settings);
  const { dIn } = settings;
  const options = { ...coreOptions(settings), trace: true };
  const { output, trace } = withModel(lab, options, embedded.inputs, embedded.tokens.length, (m) =>
    m.forward(embedded.inputs, { stages: stages && [...SIZE_STAGES, ...stages] }),
  );
  const [B, h, T, dh] = trace.queryHeads.shape;
  const D = trace.queries.shape[2];
  checkWidth(settings, D);
  return {
    settings,
    tokens: embedded.tokens,
    source: embedded.source,
    trained: null,
    trace,
    output,
    sizes: { B, h, T, dh, D, dIn },
  };
}
