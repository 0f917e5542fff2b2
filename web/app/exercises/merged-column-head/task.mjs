// The merge exercise's task: a column of the merged tensor, the head whose context column the core
// put there (found by comparing the numbers of the merged tensor with every head's), and what an
// output projection of W_o = identity and bias 0 does (the core run with those weights).
import { mhaOptions } from '../../labs/kit/page.mjs';
import { variantPass, variantSettings, coreOptions, reported } from '../kit/variant.mjs';
import { part, verdict } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

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

/** The choices of what W_o = I does, in t's words. */
export const identityChoices = (t) => ({ same: t('same'), mix: t('mix'), sum: t('sum') });

/** response: { head (1-based, typed), identity (a key of identityChoices) }. */
export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const identity = identityChoices(t);
  const { column, D, h, dh, head, headColumn, identitySame } = task;
  const given = Number(String(response.head ?? '').trim());
  const truth = identitySame ? 'same' : 'mix';
  const parts = [
    part(
      'head',
      t('headPart', { column: column + 1 }),
      given === head + 1,
      response.head,
      head + 1,
    ),
    part(
      'identity',
      t('identityPart'),
      response.identity === truth,
      identity[response.identity] ?? '',
      identity[truth],
    ),
  ];
  return verdict(
    parts,
    t('explain', {
      dh,
      column: column + 1,
      D,
      headColumn: headColumn + 1,
      head: head + 1,
      index: column,
      head0: head,
      heads: h,
      output: t(identitySame ? 'outputSame' : 'outputDiffers'),
    }),
  );
}
