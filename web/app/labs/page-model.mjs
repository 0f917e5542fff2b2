// What the labs that build their own MultiHeadAttention take from the page: its last valid
// settings turned into the options of a MultiHeadAttention of the same width, and the sentence's
// embeddings for them (with the trained weights: the trained block's own inputs and state_dict).
// The wrapper's d_out is each head's size, so its width is h · d_out; CausalAttention is one head.
import { tokenLabel } from '../ui/format.mjs';

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

/** The settings of the page's last valid result (a control being edited may hold a bad value). */
export function pageSettings(ctx) {
  const { settings, result } = ctx.page();
  return result?.settings ?? settings;
}

/** A line saying so when the page shows another class than MultiHeadAttention, or null. */
export function moduleNote(h, settings) {
  if (settings.module === 'mha') return null;
  const o = mhaOptions(settings);
  return h(
    'p',
    { class: 'help', dataset: { moduleNote: settings.module } },
    `The page shows ${settings.module === 'wrapper' ? 'the wrapper' : 'CausalAttention'}; `,
    `this lab uses MultiHeadAttention of the same width (d_out = ${o.dOut}, ${o.heads} ${o.heads === 1 ? 'head' : 'heads'}).`,
  );
}

/** The page's sentence as (B, T, d_in) inputs, embedded as the page embeds it. */
export const embedPage = (lab, settings) =>
  lab.embed(settings.sentence, { dIn: settings.dIn, seed: settings.seed, batch: settings.batch });

/**
 * The page's sentence and weights as this lab's block takes them: { inputs, tokens, weights }.
 * With the trained weights on the page (`result` is the trained model's): the trained model's
 * inputs (its token and position embeddings) and its block's state_dict; otherwise the sentence
 * embedded as the page embeds it, and no weights (the block draws them from settings.seed).
 */
export function pageInputs(lab, settings, result = null) {
  if (result?.trained)
    return { inputs: result.trace.inputs.data, tokens: result.tokens, weights: result.weights };
  const { inputs, tokens } = embedPage(lab, settings);
  return { inputs, tokens, weights: null };
}

/** Table labels for tokens: text and 1-based position. */
export const tokenLabels = (tokens) =>
  tokens.map((t, i) => ({
    text: tokenLabel(t.text),
    note: String(i + 1),
    title: `token ${i + 1}: “${t.text}”`,
  }));

/** The error a student can act on (the API's own message), or rethrow a real bug. */
export function apiMessage(err) {
  if (err?.name === 'AttentionLabError' || err?.name === 'PageError') return err.message;
  throw err;
}

/** "12,345,678" */
export const grouped = (n) => n.toLocaleString('en-US');
