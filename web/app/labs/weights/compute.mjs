// The weights lab's numbers, all from the core: the page's MultiHeadAttention and its state
// dict; the loop layout against the fused one (the core promises the same numbers); the wrapper, a
// loop over h CausalAttention modules, given the split's slices as its per-head matrices (its
// context vectors then equal the split's merged heads); and W_o = identity against the seeded W_o.
import { mhaOptions } from '../kit/page.mjs';
import { maxAbsDifference, identity } from '../kit/tensor.mjs';

const PROJECTIONS = ['W_query', 'W_key', 'W_value'];

/** Rows [head·d_h, (head+1)·d_h) of an nn.Linear weight (d_out, d_in): the head's own matrix. */
export function headSlice({ shape: [, dIn], data }, head, dh) {
  return { shape: [dh, dIn], data: data.slice(head * dh * dIn, (head + 1) * dh * dIn) };
}

/** The wrapper's state dict made of the split's slices: heads.<i>.W_query.weight = slice i. */
export function wrapperStateFromSplit(state, heads, dh) {
  const out = {};
  for (let i = 0; i < heads; ++i)
    for (const p of PROJECTIONS) {
      out[`heads.${i}.${p}.weight`] = headSlice(state[`${p}.weight`], i, dh).data;
      const bias = state[`${p}.bias`];
      if (bias) out[`heads.${i}.${p}.bias`] = bias.data.slice(i * dh, (i + 1) * dh);
    }
  return out;
}

/**
 * For output column j, the share of each head in out_proj's row j (Σ |W_o[j, c]| over head i's
 * columns c, divided by the row's Σ |W_o[j, c]|): how much of each head that output column mixes in.
 */
export function headShares({ shape: [D], data }, heads) {
  const dh = D / heads;
  return Array.from({ length: D }, (_, j) => {
    const shares = new Array(heads).fill(0);
    for (let c = 0; c < D; ++c) shares[Math.floor(c / dh)] += Math.abs(data[j * D + c]);
    const total = shares.reduce((a, b) => a + b, 0) || 1;
    return shares.map((s) => s / total);
  });
}

/**
 * Everything the lab shows, for the page's settings and inputs; with the trained weights on the
 * page, for the trained block (its state_dict).
 */
export function compute(lab, page) {
  const { settings, tokens, weights } = page;
  const inputs = page.inputs.data;
  const options = { ...mhaOptions(settings), inputs, ...(weights ? { weights } : {}) };
  const model = lab.createModel(options);
  let state, seeded;
  try {
    state = model.stateDict();
    seeded = model.forward(inputs);
  } finally {
    model.dispose();
  }
  const [, heads, , dh] = seeded.trace.queryHeads.shape;
  const D = heads * dh;

  // The core's promise: one projection per head (loop) gives the fused layout's numbers.
  const loop = lab.forward({ ...options, layout: 'loop' });
  const layoutCheck = Math.max(
    ...['queryHeads', 'keyHeads', 'valueHeads', 'output'].map((name) =>
      maxAbsDifference(loop.trace[name], seeded.trace[name]),
    ),
  );

  // The lecture's loop: h CausalAttention modules of size d_h, each given its slice.
  const wrapper = lab.forward({
    ...options,
    module: 'wrapper',
    dOut: dh,
    weights: wrapperStateFromSplit(state, heads, dh),
  });
  const sliceCheck = maxAbsDifference(wrapper.output, seeded.trace.mergedHeads);

  // With the same seed the wrapper draws its matrices head by head, the split matrix by matrix:
  // the same random stream cut in another order, so only the first numbers drawn coincide.
  // Trained weights were not drawn from a seed: there is nothing to compare (null).
  const sameSeed = weights ? null : seededWrapper(lab, options, state, heads, dh);

  // W_o = identity (and no bias): the output is the merged heads, each column one head's.
  const plain = Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v.data]));
  const unmixed = lab.forward({
    ...options,
    weights: { ...plain, 'out_proj.weight': identity(D), 'out_proj.bias': new Float32Array(D) },
  });
  return {
    settings,
    trained: Boolean(weights),
    tokens,
    state,
    heads,
    dh,
    D,
    seeded,
    unmixed,
    layoutCheck,
    sliceCheck,
    sameSeed,
    identityCheck: maxAbsDifference(unmixed.output, seeded.trace.mergedHeads),
    shares: {
      seeded: headShares(state['out_proj.weight'], heads),
      identity: headShares({ shape: [D, D], data: identity(D) }, heads),
    },
  };
}

// The wrapper built from the page's seed: which of its per-head matrices equal the split's slices.
function seededWrapper(lab, options, state, heads, dh) {
  const ownWrapper = lab.createModel({ ...options, module: 'wrapper', dOut: dh });
  try {
    const own = ownWrapper.stateDict();
    return PROJECTIONS.flatMap((p) =>
      Array.from({ length: heads }, (_, i) => ({
        head: i,
        projection: p,
        maxDifference: maxAbsDifference(
          own[`heads.${i}.${p}.weight`],
          headSlice(state[`${p}.weight`], i, dh),
        ),
      })),
    );
  } finally {
    ownWrapper.dispose();
  }
}
