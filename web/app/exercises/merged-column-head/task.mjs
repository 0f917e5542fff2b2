// The merge exercise's task: a column of the merged tensor, the head whose context column the core
// put there (found by comparing the numbers of the merged tensor with every head's), and what an
// output projection of W_o = identity and bias 0 does (the core run with those weights).
import { mhaOptions } from '../../labs/kit/page.mjs';
import { variantPass, variantSettings, coreOptions, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';

// The head and column of contextHeads (item 0) whose numbers are column c of mergedHeads.
function sourceOf({ mergedHeads, contextHeads }, c) {
  const [, T, D] = mergedHeads.shape;
  const [, H, , dh] = contextHeads.shape;
  for (let k = 0; k < H; ++k)
    for (let j = 0; j < dh; ++j) {
      let equal = true;
      for (let t = 0; t < T && equal; ++t)
        equal = mergedHeads.data[t * D + c] === contextHeads.data[(k * T + t) * dh + j];
      if (equal) return { head: k, column: j };
    }
  throw new Error(`column ${c} of the merged tensor matches no head`);
}

// The weights of the variant's module with out_proj set to the identity and its bias to 0.
function identityOut(core, page, variant, options, T) {
  let weights = variant ? null : page.weights;
  if (!weights) {
    const model = core.createModel({ ...options, tokens: T, trace: false });
    try {
      weights = model.stateDict();
    } finally {
      model.dispose();
    }
  }
  const D = options.dOut;
  const eye = new Float32Array(D * D);
  for (let i = 0; i < D; ++i) eye[i * D + i] = 1;
  return { ...weights, 'out_proj.weight': eye, 'out_proj.bias': new Float32Array(D) };
}

const maxDifference = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

/** { column, D, h, dh, head, headColumn, identitySame, settings }. */
export function makeTask(core, page, variant) {
  const settings = variantSettings(page, variant);
  const mha = mhaOptions(settings);
  const { tokens, trace } = variantPass(core, page, variant, mha);
  const [, T, D] = trace.mergedHeads.shape;
  const [, H, , dh] = trace.contextHeads.shape;
  const column = (D - 1 + variant * (dh + 1)) % D;
  const source = sourceOf(trace, column);
  const options = { ...coreOptions(settings), ...mha };
  const weights = identityOut(core, page, variant, options, T);
  const eye = variantPass(core, page, variant, { ...mha, weights });
  const difference = maxDifference(eye.trace.output.data, eye.trace.mergedHeads.data);
  return {
    variant,
    settings: reported({ ...settings, ...mha }),
    tokens: tokens.map((t) => t.text),
    column,
    D,
    h: H,
    dh,
    head: source.head,
    headColumn: source.column,
    identitySame: difference === 0,
    difference,
  };
}

/** The choices of what W_o = I does. */
export const IDENTITY = Object.freeze({
  same: 'The output equals the merged tensor: the heads stay side by side, unmixed.',
  mix: 'Each output column becomes a mix of every head’s columns.',
  sum: 'The heads are added up into one d_h-wide vector.',
});

/** response: { head (1-based, typed), identity (a key of IDENTITY) }. */
export function check(task, response) {
  const { column, D, h, dh, head, headColumn, identitySame } = task;
  const given = Number(String(response.head ?? '').trim());
  const truth = identitySame ? 'same' : 'mix';
  const parts = [
    part('head', `The head of column ${column + 1}`, given === head + 1, response.head, head + 1),
    part(
      'identity',
      'What W_o = identity does',
      response.identity === truth,
      IDENTITY[response.identity] ?? '',
      IDENTITY[truth],
    ),
  ];
  return verdict(
    parts,
    `Merging transposes the context vectors back to (B, T, h, d_h) and views them as (B, T, ` +
      `d_out): head 1's ${dh} columns come first, then head 2's, and so on. Column ${column + 1} of ` +
      `${D} is column ${headColumn + 1} of head ${head + 1}, since ${column} ÷ d_h = ${column} ÷ ` +
      `${dh} rounds down to ${head} (counting from 0). The output projection multiplies by W_o, ` +
      `whose every output column weighs all ${D} merged columns: that is what mixes the ${h} heads. ` +
      `With W_o = identity and bias 0, each output column takes only its own merged column, so the ` +
      `output ${identitySame ? 'is exactly the merged tensor' : 'still differs from the merged tensor'} ` +
      '(the core ran it with those weights): nothing is mixed.',
  );
}
