// One recomputation: sentence → tokens → embeddings → the core's forward pass with its full trace.
// Invalid settings throw an error whose .option names the control to show the message at: the
// core's own messages, plus the limits of this page (so the grids stay readable).
import { SETTINGS, PAGE_SETTINGS, WEIGHTS_SETTING } from './store.mjs';
import { computeTrained } from './trained.mjs';

/**
 * What this page can draw readably, a fact of the page, not of the core: the most tokens of a
 * sentence, the largest d_in, h and B, and the widest tensor in columns (D, the width of queries,
 * keys, values and the output, as the trace reports it).
 *
 * 64 tokens: every T × T map is drawn whole, and on a 320 px phone a map has about 200 px for its
 * cells, so 64 tokens keep 3 px a cell: any more and a cell would be narrower than a fingertip's
 * aim can tell apart even with the zoom of the hover box. It is also GPT-2's context of 1,024
 * tokens cut to what one screen can hold, and leaves room for non-English sentences, which take
 * two to four times the tokens of an English one.
 *
 * 768 columns (d_in and D): GPT-2 small's width, with its 12 heads of 64, can be tried. Maps wider
 * than their space are drawn in bands (ui/heatmap.mjs), with every exact number on hover and in
 * the table; the T × T maps per head stay exact, cell for cell.
 */
export const LIMITS = Object.freeze({ tokens: 64, dIn: 768, heads: 12, batch: 4, width: 768 });

/**
 * The page's upper limit of a size option, or undefined. d_out is never wider than D, so the width
 * bounds it before the pass; D itself is checked on the trace.
 */
export const pageMax = (name) =>
  name === 'dOut' ? LIMITS.width : name in LIMITS ? LIMITS[name] : undefined;

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

// The settings the core takes: every one but the page's own (the core takes the sentence's
// embeddings, and the weights are chosen here).
const coreOptions = (settings) =>
  Object.fromEntries(
    SETTINGS.filter((s) => !PAGE_SETTINGS.includes(s.name)).map((s) => [s.name, settings[s.name]]),
  );

// The sentence's tokens, within what the page draws.
function checkTokens(tokens) {
  if (tokens.length > LIMITS.tokens) {
    throw new PageError(
      'sentence',
      `The sentence has ${tokens.length} tokens; this page shows at most ${LIMITS.tokens}. Please shorten it.`,
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

/** The dropout probability the evaluation-mode preview of the dropout step uses. */
export const previewDropout = (settings) => (settings.dropout > 0 ? settings.dropout : 0.5);

/**
 * The stages the dropout step's training preview draws; the preview copies out only these (a
 * third of the trace at 64 tokens and 12 heads, which keeps an edit on that step within a frame).
 */
export const PREVIEW_STAGES = Object.freeze(['dropoutMask', 'droppedWeights']);

// The stages a pass reads its sizes from.
const SIZE_STAGES = ['queries', 'queryHeads'];

/**
 * { settings, tokens, source, trace, output, weights(), sizes, trainingPreview(), spareTraces(),
 * trained? } or throws (AttentionLabError / PageError). `trained`: the TrainedModel, loaded (by the
 * controller) when settings.weights is 'trained'. `spare`: the spareTraces() of a result no longer
 * shown ({ trace, preview }), or null; their arrays of the right length receive this pass's stages
 * and its preview's (fresh ones cost more than the pass). weights(): the module's state_dict (mha),
 * else null, read on the first call.
 */
export function compute(lab, settings, trained = null, spare = null) {
  if (!WEIGHTS_SETTING.choices.includes(settings.weights)) {
    throw new PageError(
      'weights',
      `weights = '${String(settings.weights).slice(0, 40)}': allowed are ${WEIGHTS_SETTING.choices.join(', ')}`,
    );
  }
  // The trained model tokenises the sentence itself (explain), refusing more than its context.
  if (settings.weights === 'trained') {
    checkWaitingSettings(lab, settings);
    const result = computeTrained(lab, settings, trained, spare, PREVIEW_STAGES);
    checkTokens(result.tokens);
    return result;
  }
  return computeRandom(lab, settings, spare);
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
function computeRandom(lab, settings, spare, stages) {
  checkPageLimits(settings);
  const embedded = embedSentence(lab, settings);
  const { dIn } = settings;
  const model = lab.createModel({ ...coreOptions(settings), inputs: embedded.inputs, trace: true });
  try {
    const { output, trace } = model.forward(embedded.inputs, {
      trace: spare?.trace ?? undefined,
      stages: stages && [...SIZE_STAGES, ...stages],
    });
    const [B, h, T, dh] = trace.queryHeads.shape;
    const D = trace.queries.shape[2];
    checkWidth(settings, D);
    // out_proj's weight, for the output step's head shares: read when a step asks for it, not
    // with every pass (at GPT-2's width the state_dict is 9.4 MB to copy out of the heap, 25–40 ms
    // of a 75 ms edit on a 2-vCPU VM, and the output step asks only on hover there). The seeded
    // weights do not depend on the pass, so a model built again gives them.
    let state;
    const weights = () =>
      settings.module === 'mha' ? (state ??= seededStateDict(lab, settings, T)) : null;
    // The dropout step teaches dropout even in evaluation mode, where it does nothing: it shows the
    // same pass in training mode (the user's p, or the lecture's 0.5 when p = 0), computed only
    // when that step is drawn and then kept.
    let preview;
    const trainingPreview = () => {
      if (settings.training) return null;
      const training = { ...settings, training: true, dropout: previewDropout(settings) };
      preview ??= computeRandom(lab, training, { trace: spare?.preview }, PREVIEW_STAGES);
      return preview;
    };
    return {
      trainingPreview,
      spareTraces: () => ({ trace, preview: preview?.trace ?? null }),
      settings,
      tokens: embedded.tokens,
      source: embedded.source,
      trained: null,
      trace,
      output,
      weights,
      sizes: { B, h, T, dh, D, dIn },
    };
  } finally {
    model.dispose();
  }
}
