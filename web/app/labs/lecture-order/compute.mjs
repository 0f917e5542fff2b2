// The lecture-order lab's numbers: each class of the chapter run by the core as the notebook ran
// it, and the rows of the tensors the notebook printed. The notebook's inputs are fixed, so the
// page's pass changes nothing here but whether the page shows trained weights (the lab says it
// keeps the random ones).
import { matrixRow, matrixRows } from '../kit/table.mjs';

/** The notebook's sentence: with d_in 3, lab.embed gives its own hand-written vectors. */
export const SENTENCE = 'Your journey starts with one step';
const D_IN = 3;

/**
 * The classes in the lecture's order: the options the notebook built each with (its seed, d_out,
 * heads, the batch of two for the last three) and which of its tensors the notebook printed; what
 * changed since the class before is in the lab's words ("changed.<module>").
 */
export const CLASSES = Object.freeze([
  {
    module: 'simplified',
    name: null, // no class of its own: the lab's words name it
    options: {},
    printed: ['scoresOfJourney', 'sumNormalisedOfJourney', 'weightsOfJourney', 'context'],
  },
  {
    module: 'sa_v1',
    name: 'SelfAttention_v1',
    options: { dOut: 2, seed: 123 },
    printed: ['context'],
  },
  {
    module: 'sa_v2',
    name: 'SelfAttention_v2',
    options: { dOut: 2, seed: 789 },
    printed: ['weights', 'context'],
  },
  {
    module: 'causal',
    name: 'CausalAttention',
    options: { dOut: 2, seed: 123, batch: 2 },
    // The notebook masked SelfAttention_v2's weights (seed 789) before it built the class.
    printed: [['weights', { seed: 789, batch: 1 }], 'context'],
  },
  {
    module: 'wrapper',
    name: 'MultiHeadAttentionWrapper',
    options: { dOut: 2, heads: 2, seed: 123, batch: 2 },
    printed: ['context'],
  },
  {
    module: 'mha',
    name: 'MultiHeadAttention',
    options: { dOut: 2, heads: 2, seed: 123, batch: 2 },
    printed: ['context'],
  },
]);

// The tensors the notebook printed, as tables: row 2 ("journey", the notebook's x⁽²⁾) of the first
// class's steps, the attention weights, the context vectors.
// Each table's caption is the lab's words' "caption.<key>" ("caption.contextBatch" for a batch).
const SHOWN = {
  scoresOfJourney: () => ({ stage: 'attentionScores', rows: [1] }),
  sumNormalisedOfJourney: () => ({ stage: 'sumNormalisedWeights', rows: [1] }),
  weightsOfJourney: () => ({ stage: 'attentionWeights', rows: [1] }),
  weights: (r) => ({ stage: 'attentionWeights', rows: r.T }),
  context: (r) => ({ stage: 'output', rows: r.T }),
};

/** The class's forward pass, as the notebook ran it (`options` as the notebook built it). */
export function runClass(core, { module }, options) {
  const { inputs, tokens } = core.embed(SENTENCE, { dIn: D_IN, batch: options.batch ?? 1 });
  const result = core.forward({ inputs, dIn: D_IN, module, trace: true, ...options });
  return { ...result, tokens, B: options.batch ?? 1, T: tokens.length };
}

// The largest |difference| between the two copies of the sentence in a batch of two.
function batchGap({ data }) {
  const half = data.length / 2;
  let gap = 0;
  for (let i = 0; i < half; ++i) gap = Math.max(gap, Math.abs(data[i] - data[half + i]));
  return gap;
}

/**
 * One printed tensor: { name, key (its caption's), seed (its own, or null), batched, stage,
 * options, rowTokens, columns (null: the tokens), rows, masked, gap }.
 */
function printedTable(core, cls, entry) {
  const [key, own] = Array.isArray(entry) ? entry : [entry, {}];
  const run = runClass(core, cls, { ...cls.options, ...own });
  const spec = SHOWN[key](run);
  const output = spec.stage === 'output';
  const tensor = output ? run.output : run.trace[spec.stage];
  const rows = Array.isArray(spec.rows) ? spec.rows : [...Array(spec.rows).keys()];
  return {
    name: `${cls.module}.${key}`,
    stage: spec.stage,
    options: { ...cls.options, ...own },
    key,
    seed: own.seed ?? null,
    batched: run.B > 1,
    tokens: run.tokens.map((t) => t.text),
    rowIndices: rows,
    columns: output ? tensor.shape.at(-1) : null,
    rows: Array.isArray(spec.rows)
      ? rows.map((r) => matrixRow(tensor, r))
      : matrixRows(tensor, rows.length),
    masked: spec.stage === 'attentionWeights',
    batchGap: run.B === 1 ? null : batchGap(run.output),
  };
}

// The call that computes the class, as the lab shows it.
function callOf(cls) {
  const set = Object.entries({ module: cls.module, ...cls.options })
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`)
    .join(', ');
  return `lab.forward({ ${set} })`;
}

/** { trained, sentence, classes: [{ ...class, call, tables }] }: every class's printed tensors. */
export function compute(core, page) {
  return {
    trained: page.trained,
    sentence: SENTENCE,
    classes: CLASSES.map((cls) => ({
      ...cls,
      call: callOf(cls),
      tables: cls.printed.map((entry) => printedTable(core, cls, entry)),
    })),
  };
}
