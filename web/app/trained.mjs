// The page's pass with the trained weights (settings.weights = 'trained'): the sentence through
// the language model trained on the Brown Corpus (lab.loadWeights('trained').explain): its block's
// inputs and trace, in the same shape as the random weights' result, so every step draws the
// trained numbers; plus what only a trained model has: each head's measured role and the top-5
// next tokens per position.
import { PAGE_SETTINGS } from './store.mjs';

// The block's options that the steps read from result.settings (they describe what was computed:
// with trained weights, the block the file fixes, not the random weights' controls).
function blockSettings(settings, options) {
  const own = Object.fromEntries(PAGE_SETTINGS.map((name) => [name, settings[name]]));
  return { ...settings, ...options, ...own };
}

/**
 * The result of compute() for the trained weights: { settings (the block's), tokens, source:
 * 'trained', trace, output, weights() (the block's state_dict), sizes, trainingPreview(),
 * spareTraces(), trained: { next, roles, info } }. Throws the API's AttentionLabError for a sentence
 * it refuses. `spare`: as compute()'s; explain() makes its own arrays, so only the preview uses it.
 * `previewStages`: the stages the preview copies out (all when undefined).
 */
export function computeTrained(lab, settings, model, spare = null, previewStages = undefined) {
  if (!model) throw new Error('computeTrained: the trained weights are not loaded');
  const run = model.explain(settings.sentence);
  const { trace, output } = run.forward;
  const [B, h, T, dh] = trace.queryHeads.shape;
  const D = trace.queries.shape[2];
  const shown = blockSettings(settings, run.options);
  const result = {
    settings: shown,
    tokens: run.tokens,
    source: 'trained',
    trace,
    output,
    weights: () => model.stateDict(), // read once per model, then kept by it
    sizes: { B, h, T, dh, D, dIn: run.inputs.shape[2] },
    trained: { next: run.next, roles: model.roles(), info: model.info },
  };
  // The dropout step shows dropout in training mode: the trained block with the p it was trained
  // with, on the same inputs (computed only when that step is drawn, then kept).
  let preview;
  result.trainingPreview = () => {
    preview ??= trainingPass(lab, result, run, spare?.preview, previewStages);
    return preview;
  };
  result.spareTraces = () => ({ trace, preview: preview?.trace ?? null });
  return result;
}

function trainingPass(lab, result, run, spareTrace, stages) {
  const dropout = run.options.dropout > 0 ? run.options.dropout : 0.5;
  const options = { ...run.options, training: true, dropout, weights: result.weights() };
  const block = lab.createModel(options);
  try {
    const { trace, output } = block.forward(run.inputs.data, {
      trace: spareTrace ?? undefined,
      stages,
    });
    return {
      ...result,
      settings: { ...result.settings, training: true, dropout },
      trace,
      output,
      trainingPreview: () => null,
      spareTraces: () => ({ trace, preview: null }),
    };
  } finally {
    block.dispose();
  }
}
