// One recomputation: sentence → tokens → embeddings → the core's forward pass with its full trace.
// Invalid settings throw an error whose .option names the control to show the message at: the
// core's own messages, plus a few limits of this page (so the grids stay readable).

export const LIMITS = Object.freeze({ tokens: 32, dIn: 64, width: 96, heads: 12, batch: 4 });

const LABELS = { dIn: 'd_in', dOut: 'd_out', heads: 'heads', batch: 'batch', dropout: 'dropout p', seed: 'seed' };

export class PageError extends Error {
  constructor(option, message) {
    super(message);
    this.name = 'PageError';
    this.option = option;
  }
}

function checkPageLimits(s) {
  for (const key of Object.keys(LABELS)) {
    if (s[key] === '' || s[key] === undefined) throw new PageError(key, `${LABELS[key]}: enter a number`);
  }
  const over = (key, limit, what) => {
    if (Number.isInteger(s[key]) && s[key] > limit) {
      throw new PageError(key, `${LABELS[key]} = ${s[key]}: this page draws at most ${limit} ${what}`);
    }
  };
  over('dIn', LIMITS.dIn, 'embedding numbers per token');
  over('heads', LIMITS.heads, 'heads');
  over('batch', LIMITS.batch, 'copies of the sentence');
  const width = s.module === 'wrapper' && Number.isInteger(s.heads) ? s.heads * s.dOut : s.dOut;
  if (Number.isInteger(s.dOut) && width > LIMITS.width) {
    throw new PageError('dOut', s.module === 'wrapper'
      ? `heads × d_out = ${width}: the wrapper's heads side by side may be at most ${LIMITS.width} columns wide on this page`
      : `d_out = ${s.dOut}: this page draws at most ${LIMITS.width} columns`);
  }
}

/** { settings, tokens, source, trace, output, weights, sizes } or throws (AttentionLabError / PageError). */
export function compute(lab, settings) {
  const tokens = lab.tokenize(settings.sentence); // the API's message for an empty sentence
  if (tokens.length > LIMITS.tokens) {
    throw new PageError('sentence', `The sentence has ${tokens.length} tokens; this page shows at most ${LIMITS.tokens}. Please shorten it.`);
  }
  checkPageLimits(settings);
  const { dIn, seed, batch } = settings;
  const embedded = lab.embed(settings.sentence, { dIn, seed, batch });
  const model = lab.createModel({
    inputs: embedded.inputs, batch, dIn,
    dOut: settings.dOut, heads: settings.heads, qkvBias: settings.qkvBias, causal: settings.causal,
    dropout: settings.dropout, training: settings.training, seed, module: settings.module,
    masking: settings.masking, layout: settings.layout, trace: true,
  });
  try {
    const { output, trace } = model.forward(embedded.inputs);
    const weights = settings.module === 'mha' ? model.stateDict() : null;
    const [B, h, T, dh] = trace.queryHeads.shape;
    const D = trace.queries.shape[2];
    return { settings, tokens: embedded.tokens, source: embedded.source, trace, output, weights, sizes: { B, h, T, dh, D, dIn } };
  } finally {
    model.dispose();
  }
}
