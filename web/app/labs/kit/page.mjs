// Everything a lab takes from the page, in one place: the settings of the page's last valid pass,
// its tokens, inputs, weights and training preview as plain data, the page's settings as the
// core's options, and the forward pass of the page's inputs with some options changed (scale off,
// another masking), so that a lab shows the numbers the page does. With the trained weights on the
// page (its result is the trained model's), the inputs are the trained model's (its token and
// position embeddings) and the weights its block's state_dict; with the random ones the weights are
// null (the core draws them from settings.seed, as the page's pass did).
import { coreOptions } from '../../state/settings.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { allStages, snippetFor } from '../../ui/code-actions.mjs';
import { exportData } from '../../ui/export.mjs';

export { coreOptions };

/**
 * The page's state ({ settings, result }, as the stepper holds it) as a lab's compute takes it:
 * { settings, trained, tokens, inputs: { shape, data }, weights, controls, result }, or null before
 * the page has a pass. settings: those the pass computed with (with the trained weights, the
 * trained block's); controls: the page's settings as its controls hold them. The page's result is
 * plain data that no later pass writes into, so a lab reads its arrays as they are (and, being
 * pure, never writes into them).
 */
export function readPage({ settings, result }) {
  if (!result) return null;
  return {
    settings: result.settings ?? settings,
    trained: Boolean(result.trained),
    tokens: result.tokens,
    inputs: result.trace.inputs,
    weights: result.trained ? result.weights : null,
    controls: { ...settings },
    result,
  };
}

/** A stage of the page's own pass, as the page shows it: { shape, data }. */
export const pageStage = (page, name) => page.result.trace[name];

/** The dropout step's training-mode pass of the page ({ settings, trace, … }), or null in training. */
export const trainingPreview = (page) => page.result.trainingPreview;

/** Every stage of the page's pass, and of its training preview: [{ name, pass, shape }]. */
export const pageStages = (page) =>
  allStages(page.result).map(({ name, pass }) => {
    const from = pass === 'training' ? trainingPreview(page) : page.result;
    return { name, pass, shape: [...from.trace[name].shape] };
  });

/** The runnable PyTorch snippet that prints every stage of the page's pass. */
export const pageSnippet = (page, title) => snippetFor(page.result, allStages(page.result), title);

/** Every stage of the page's pass as one export ({ settings, tokens, tensors, preview? }). */
export const pageExport = (page, dims) =>
  exportData({
    what: 'all-stages',
    title: 'every stage',
    result: page.result,
    shown: allStages(page.result),
    dims,
  });

/** lab.forward of the page's inputs and weights with `overrides`: { tokens, trace, output }. */
export function pageForward(core, page, overrides = {}) {
  const options = { ...coreOptions(page.settings), inputs: page.inputs.data, trace: true };
  if (page.weights) options.weights = page.weights;
  return { tokens: page.tokens, ...core.forward({ ...options, ...overrides }) };
}

/** The page's settings as MultiHeadAttention options (no inputs): same width, heads, seed, batch. */
export function mhaOptions(settings) {
  const { module, dIn, dOut, heads, seed, batch, qkvBias } = settings;
  return {
    module: 'mha',
    dIn,
    dOut: module === 'wrapper' ? dOut * heads : dOut,
    heads: module === 'causal' ? 1 : heads,
    seed,
    batch,
    qkvBias,
  };
}

/** Table labels for tokens: text and 1-based position; t: the lab's words. */
export const tokenLabels = (t, tokens) =>
  tokens.map((token, i) => ({
    text: tokenLabel(token.text),
    note: String(i + 1),
    title: t.kit('token.title', { n: i + 1, text: token.text }),
  }));
