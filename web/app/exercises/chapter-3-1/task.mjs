// Exercise 3.1's task: the sentence embedded with d_in = 3, SelfAttention_v2 (d_out = 2) built by
// the core, SelfAttention_v1 run with v2's weights transposed, and v1 with its own seeded
// matrices; the largest differences of their outputs decide the answers.
import { variantSettings, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';
import { readable } from '../../ui/format.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

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

/** The choices, in t's words: { same, different }. */
export const sameChoices = (t) => ({ same: t('same'), different: t('different') });

// What the core's difference says: the same below 1e-5 (float32 rounding of one sum).
const verdictOf = (difference) => (difference < 1e-5 ? 'same' : 'different');

/** response: { transferred, own }: keys of sameChoices. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const same = sameChoices(t);
  const tr = verdictOf(task.transferred);
  const o = verdictOf(task.own);
  const parts = [
    part(
      'transferred',
      t('transferredPart'),
      response.transferred === tr,
      same[response.transferred] ?? '',
      same[tr],
    ),
    part('own', t('ownPart'), response.own === o, same[response.own] ?? '', same[o]),
  ];
  return verdict(
    parts,
    t('explain', { transferred: readable(task.transferred), own: readable(task.own) }),
  );
}
