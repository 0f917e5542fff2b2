// Exercise 3.1's task: the sentence embedded with d_in = 3, SelfAttention_v2 (d_out = 2) built by
// the core, SelfAttention_v1 run with v2's weights transposed, and v1 with its own seeded
// matrices; the largest differences of their outputs decide the answers.
import { variantSettings, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';
import { readable } from '../../ui/format.mjs';

const D_IN = 3;
const D_OUT = 2;
const NAMES = ['W_query', 'W_key', 'W_value'];

// A (rows, cols) matrix transposed.
function transposed({ shape: [rows, cols], data }) {
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; ++r)
    for (let c = 0; c < cols; ++c) out[c * rows + r] = data[r * cols + c];
  return out;
}

const maxDifference = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

/** { sentence, seed, v2, transferred, own (the largest differences), settings }. */
export function makeTask(core, page, variant) {
  const settings = variantSettings(page, variant);
  const seed = 789 + variant;
  const { inputs, tokens } = core.embed(settings.sentence, { dIn: D_IN, seed: settings.seed });
  const base = { dIn: D_IN, dOut: D_OUT, inputs, trace: false };
  const v2Model = core.createModel({
    module: 'sa_v2',
    dIn: D_IN,
    dOut: D_OUT,
    tokens: tokens.length,
    seed,
  });
  let state;
  try {
    state = v2Model.stateDict();
  } finally {
    v2Model.dispose();
  }
  const v2 = core.forward({ ...base, module: 'sa_v2', seed }).output;
  const weights = Object.fromEntries(NAMES.map((n) => [n, transposed(state[`${n}.weight`])]));
  const transferred = core.forward({ ...base, module: 'sa_v1', weights }).output;
  const own = core.forward({ ...base, module: 'sa_v1', seed }).output;
  return {
    variant,
    settings: { ...reported(settings), dIn: D_IN, dOut: D_OUT, seed },
    sentence: settings.sentence,
    T: tokens.length,
    seed,
    transferred: maxDifference(transferred.data, v2.data),
    own: maxDifference(own.data, v2.data),
  };
}

export const SAME = Object.freeze({
  same: 'the same output (up to float rounding)',
  different: 'a different output',
});

// What the core's difference says: the same below 1e-5 (float32 rounding of one sum).
const verdictOf = (difference) => (difference < 1e-5 ? 'same' : 'different');

/** response: { transferred, own }: keys of SAME. */
export function check(task, response) {
  const t = verdictOf(task.transferred);
  const o = verdictOf(task.own);
  const parts = [
    part(
      'transferred',
      'v1 with W = v2’s weight.T',
      response.transferred === t,
      SAME[response.transferred] ?? '',
      SAME[t],
    ),
    part(
      'own',
      'v1 with its own random matrices',
      response.own === o,
      SAME[response.own] ?? '',
      SAME[o],
    ),
  ];
  return verdict(
    parts,
    'Both classes compute queries = x · W_query, keys = x · W_key, values = x · W_value, then the ' +
      'same scaled softmax. nn.Linear stores its weight as (d_out, d_in) and computes x · weightᵀ, ' +
      'while v1 keeps W as (d_in, d_out) and computes x · W: so v1 with W = weight.T multiplies by ' +
      `the very same numbers. The core ran both: the largest difference is ${readable(task.transferred)}. ` +
      'Without the transfer, v1 draws its matrices with torch.rand and v2 with nn.Linear’s own ' +
      `initialisation, so they differ (largest difference ${readable(task.own)}).`,
  );
}
