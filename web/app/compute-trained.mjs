// The page's pass with the trained weights (settings.weights = 'trained'): the sentence through
// the language model trained on the Brown Corpus (lab.loadWeights('trained').explain): its block's
// inputs and trace, in the same shape as the random weights' result, so every step draws the
// trained numbers; plus what only a trained model has: each head's measured role and the top-5
// next tokens per position. Plain data, like compute.mjs's results.
import { PAGE_SETTINGS, previewDropout } from './state/settings.mjs';

// The block's options that the steps read from result.settings (they describe what was computed:
// with trained weights, the block the file fixes, not the random weights' controls).
function blockSettings(settings, options) {
  const own = Object.fromEntries(PAGE_SETTINGS.map((name) => [name, settings[name]]));
  return { ...settings, ...options, ...own };
}

/**
 * The pass of compute() for the trained weights: { settings (the block's), tokens, source:
 * 'trained', trace, output, weights (the block's state_dict, which the model reads once and
 * keeps), sizes, trained: { next, roles, info, options (the block's, as the core resolved them) } }.
 * Throws the API's AttentionLabError for a sentence it refuses.
 */
export function computeTrained(settings, model) {
  if (!model) throw new Error('computeTrained: the trained weights are not loaded');
  const run = model.explain(settings.sentence);
  const { trace, output } = run.forward;
  const [B, h, T, dh] = trace.queryHeads.shape;
  const D = trace.queries.shape[2];
  return {
    settings: blockSettings(settings, run.options),
    tokens: run.tokens,
    source: 'trained',
    trace,
    output,
    weights: model.stateDict(),
    sizes: { B, h, T, dh, D, dIn: run.inputs.shape[2] },
    trained: { next: run.next, roles: model.roles(), info: model.info, options: run.options },
  };
}

/**
 * The dropout step's training-mode pass of a trained result: the trained block with the p it was
 * trained with (the lecture's 0.5 when that is 0), on the same inputs. `stages`: the stages it
 * copies out (all when undefined).
 */
export function trainedPreview(lab, result, stages = undefined) {
  const { options } = result.trained;
  const dropout = previewDropout(options.dropout);
  const block = lab.createModel({ ...options, training: true, dropout, weights: result.weights });
  try {
    const { trace, output } = block.forward(result.trace.inputs.data, { stages });
    return {
      ...result,
      settings: { ...result.settings, training: true, dropout },
      trace,
      output,
      trainingPreview: null,
    };
  } finally {
    block.dispose();
  }
}
