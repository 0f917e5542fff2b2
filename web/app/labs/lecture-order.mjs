// Lab 1: the chapter's six classes in the lecture's order, each computed by the core for the
// notebook's sentence, vectors and seeds, with the numbers the notebook printed (4 decimals) and
// what each class changed. Every number comes from lab.forward; nothing here is a stored result.
import { append, h, m } from '../ui/dom.mjs';
import { tokenLabel } from '../ui/format.mjs';
import { numberTable, matrixRow, matrixRows } from './table.mjs';
import { weightsNote } from './page.mjs';

export const slug = 'lecture-order';
export const title = 'From no weights to multi-head, in the lecture’s order';
export const stage = 'qkv';
export const summary =
  'The six classes of the chapter, one after another, with the numbers the notebook printed.';

/** The notebook's sentence: with d_in 3, lab.embed gives its own hand-written vectors. */
export const SENTENCE = 'Your journey starts with one step';
const D_IN = 3;

/**
 * The classes in the lecture's order: the options the notebook built each with (its seed, d_out,
 * heads, the batch of two for the last three), what changed since the class before, and which of
 * its tensors the notebook printed.
 */
export const CLASSES = Object.freeze([
  {
    module: 'simplified',
    name: 'Attention without trainable weights',
    options: {},
    changed:
      'The starting point: every token is its own query, key and value; the scores are x · xᵀ, and the weights their softmax.',
    printed: ['scoresOfJourney', 'sumNormalisedOfJourney', 'weightsOfJourney', 'context'],
  },
  {
    module: 'sa_v1',
    name: 'SelfAttention_v1',
    options: { dOut: 2, seed: 123 },
    changed:
      'Three trainable matrices (torch.rand) turn each token into a query, a key and a value of size d_out = 2, and the scores are divided by √d_k.',
    printed: ['context'],
  },
  {
    module: 'sa_v2',
    name: 'SelfAttention_v2',
    options: { dOut: 2, seed: 789 },
    changed:
      'The same attention, but the matrices are nn.Linear layers: a better initialisation, so other numbers for the same idea.',
    printed: ['weights', 'context'],
  },
  {
    module: 'causal',
    name: 'CausalAttention',
    options: { dOut: 2, seed: 123, batch: 2 },
    changed:
      'A mask hides the future (−∞ before the softmax, so each row’s weights end at its own token), dropout is available, and a batch of two sentences goes through at once.',
    // The notebook masked SelfAttention_v2's weights (seed 789) before it built the class.
    printed: [['weights', { seed: 789, batch: 1 }], 'context'],
  },
  {
    module: 'wrapper',
    name: 'MultiHeadAttentionWrapper',
    options: { dOut: 2, heads: 2, seed: 123, batch: 2 },
    changed:
      'Two CausalAttention heads side by side, each with its own weights; their context vectors are concatenated, so each token gets 2 · 2 = 4 numbers.',
    printed: ['context'],
  },
  {
    module: 'mha',
    name: 'MultiHeadAttention',
    options: { dOut: 2, heads: 2, seed: 123, batch: 2 },
    changed:
      'One weight matrix split into 2 heads of d_out / h = 1 column each (view, then transpose), and an output projection mixes the heads: d_out stays 2.',
    printed: ['context'],
  },
]);

// The tensors the notebook printed, as tables: row 2 ("journey", the notebook's x⁽²⁾) of the first
// class's steps, the attention weights, the context vectors.
const SHOWN = {
  scoresOfJourney: () => ({
    caption: 'attn_scores_2: x⁽²⁾ · xᵀ, the scores of “journey”',
    stage: 'attentionScores',
    rows: [1],
  }),
  sumNormalisedOfJourney: () => ({
    caption: 'The first try: scores ÷ their sum',
    stage: 'sumNormalisedWeights',
    rows: [1],
  }),
  weightsOfJourney: () => ({
    caption: 'attn_weights_2: the softmax of the scores',
    stage: 'attentionWeights',
    rows: [1],
  }),
  weights: (r) => ({ caption: 'The attention weights', stage: 'attentionWeights', rows: r.T }),
  context: (r) => ({
    caption:
      r.B > 1 ? 'The context vectors (the first sentence of the batch)' : 'The context vectors',
    stage: 'output',
    rows: r.T,
  }),
};

/** The class's forward pass, as the notebook ran it (`options` as the notebook built it). */
export function runClass(lab, { module }, options) {
  const { inputs, tokens } = lab.embed(SENTENCE, { dIn: D_IN, batch: options.batch ?? 1 });
  const result = lab.forward({ inputs, dIn: D_IN, module, trace: true, ...options });
  return { ...result, tokens, B: options.batch ?? 1, T: tokens.length };
}

// The largest |difference| between the two copies of the sentence in a batch of two.
function batchGap({ data }) {
  const half = data.length / 2;
  let gap = 0;
  for (let i = 0; i < half; ++i) gap = Math.max(gap, Math.abs(data[i] - data[half + i]));
  return gap;
}

function tables(lab, cls) {
  return cls.printed.map((entry) => {
    const [key, own] = Array.isArray(entry) ? entry : [entry, {}];
    const options = { ...cls.options, ...own };
    const run = runClass(lab, cls, options);
    const labels = run.tokens.map((t) => tokenLabel(t.text));
    const spec = SHOWN[key](run);
    const tensor = spec.stage === 'output' ? run.output : run.trace[spec.stage];
    const rows = Array.isArray(spec.rows) ? spec.rows : [...Array(spec.rows).keys()];
    const cols = tensor.shape.at(-1);
    const table = numberTable({
      caption: `${spec.caption}${own.seed ? ` (seed ${own.seed})` : ''}`,
      name: `${cls.module}.${key}`,
      rowLabels: rows.map((r) => labels[r]),
      colLabels: spec.stage === 'output' ? [...Array(cols).keys()].map((c) => `${c + 1}`) : labels,
      rows: Array.isArray(spec.rows)
        ? rows.map((r) => matrixRow(tensor, r))
        : matrixRows(tensor, rows.length),
      corner: spec.stage === 'output' ? 'token ↓' : 'query ↓ key →',
      cellClass: (v) => (v === 0 && spec.stage === 'attentionWeights' ? 'masked' : ''),
    });
    if (run.B === 1) return table;
    return [
      table,
      h(
        'p',
        { class: 'help' },
        `The second copy of the sentence in the batch gets the same rows (largest difference ${batchGap(run.output)}).`,
      ),
    ];
  });
}

function section(lab, cls, index) {
  const set = Object.entries({ module: cls.module, ...cls.options })
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`)
    .join(', ');
  return h(
    'section',
    { class: 'lab-class', dataset: { module: cls.module } },
    h('h3', {}, `${index + 1}. `, h('code', {}, cls.name)),
    h(
      'p',
      { class: 'lab-changed' },
      h('strong', {}, index ? 'What changed: ' : 'Start: '),
      cls.changed,
    ),
    h('p', { class: 'help' }, 'Computed by ', m(`lab.forward({ ${set} })`), '.'),
    h('div', { class: 'lab-tables' }, tables(lab, cls)),
  );
}

export function mount(root, { lab, page }) {
  const note = weightsNote(h, 'the lecture’s classes on the notebook’s own inputs');
  note.update(page().result);
  append(root, [
    note.node,
    h(
      'p',
      {},
      'The lecture builds self-attention up one class at a time. Each block below runs one class on the notebook’s sentence “',
      SENTENCE,
      '” with its own six 3-number vectors and the seed the notebook used, and shows what the notebook printed, to its 4 decimals. Each step changes one idea; the line above the numbers says which.',
    ),
    CLASSES.map((cls, i) => section(lab, cls, i)),
  ]);
  // The notebook's inputs are fixed: the page's sentence and settings do not change this lab, only
  // whether it says that it keeps the random weights.
  return { update: () => note.update(page().result), destroy() {} };
}
