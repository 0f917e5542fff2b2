// The three ways the loop-vs-fused lab computes the lecture's MultiHeadAttentionWrapper (h heads
// of size 3 on the lecture's batch of two 6-token sentences, d_in = 3), each ready to be timed:
//  - fused: one weight-split matmul for all heads inside the core (layout 'fused');
//  - loop: one projection per head, still inside one core call (layout 'loop');
//  - per-head calls: h CausalAttention modules called one by one from JavaScript, as the lecture's
//    Python loop calls one nn.Module per head, then concatenated (torch.cat) here.
// All three get the same weights (the wrapper's state dict) and give the same numbers.
import { maxAbsDifference } from '../kit/tensor.mjs';

export const LECTURE_BATCH = Object.freeze({
  sentence: 'Your journey starts with one step',
  dIn: 3,
  batch: 2,
  headSize: 3,
});

/** The lecture's PyTorch times (its loop over heads, one forward pass); the lab's words say them as the lecture did ("said.<heads>"). */
export const LECTURE_TIMES = Object.freeze([
  { heads: 2, seconds: 0.003 },
  { heads: 400, seconds: 0.03 },
  { heads: 4000, seconds: 0.63 },
]);

/** The lecture's cost per extra head: (t(4000) − t(2)) / 3998, in ms. */
export function lecturePerHeadMs() {
  const first = LECTURE_TIMES[0];
  const last = LECTURE_TIMES.at(-1);
  return ((last.seconds - first.seconds) * 1000) / (last.heads - first.heads);
}

/** The three forms (named in the lab's words: "form.<key>"). */
export const FORMS = Object.freeze([{ key: 'fused' }, { key: 'loop' }, { key: 'calls' }]);

const headKeys = (i) => ['W_query', 'W_key', 'W_value'].map((p) => `heads.${i}.${p}.weight`);

// One CausalAttention per head, given that head's slice of the wrapper's weights; each is pushed on
// `models` as it is made, so that a failure part way disposes of what was built.
async function perHeadModules(lab, base, state, heads, { models, pause, chunk }) {
  const perHead = [];
  for (let i = 0; i < heads; ++i) {
    const [q, k, v] = headKeys(i);
    const weights = {
      'W_query.weight': state[q],
      'W_key.weight': state[k],
      'W_value.weight': state[v],
    };
    const m = lab.createModel({ ...base, heads: 1, module: 'causal', weights });
    perHead.push(m);
    models.push(m);
    if ((i + 1) % chunk === 0) await pause();
  }
  return perHead;
}

/**
 * Builds the three forms for `heads` heads. Building thousands of per-head modules takes a while,
 * so it awaits `pause()` every `chunk` modules. Returns { calls: { fused, loop, calls }, flops,
 * maxDifference, dispose() }.
 */
export async function buildForms(lab, heads, { pause = async () => {}, chunk = 250 } = {}) {
  const { sentence, dIn, batch, headSize } = LECTURE_BATCH;
  const { inputs, tokens } = lab.embed(sentence, { dIn, batch });
  const T = tokens.length;
  const D = heads * headSize;
  const base = { batch, dIn, tokens: T, dOut: headSize, heads, module: 'wrapper', trace: false };
  const models = [];
  try {
    const fused = lab.createModel({ ...base, layout: 'fused' });
    models.push(fused);
    const loop = lab.createModel({ ...base, layout: 'loop' });
    models.push(loop);
    const state = fused.stateDict();
    await pause();
    const perHead = await perHeadModules(lab, base, state, heads, { models, pause, chunk });
    const out = { fused: new Float32Array(batch * T * D), loop: new Float32Array(batch * T * D) };
    const headOut = perHead.map(() => new Float32Array(batch * T * headSize));
    const cat = new Float32Array(batch * T * D);
    const calls = {
      fused: () => fused.forward(inputs, { output: out.fused }),
      loop: () => loop.forward(inputs, { output: out.loop }),
      calls: () => {
        for (let i = 0; i < heads; ++i) perHead[i].forward(inputs, { output: headOut[i] });
        // torch.cat(..., dim=-1): row r of head i goes to columns [i·3, i·3 + 3) of row r.
        for (let i = 0; i < heads; ++i)
          for (let r = 0; r < batch * T; ++r)
            for (let c = 0; c < headSize; ++c)
              cat[r * D + i * headSize + c] = headOut[i][r * headSize + c];
      },
    };
    for (const call of Object.values(calls)) call(); // warm-up: packs weights, sizes buffers
    const shape = [batch, T, D];
    const maxDifference = Math.max(
      maxAbsDifference({ shape, data: out.loop }, { shape, data: out.fused }),
      maxAbsDifference({ shape, data: cat }, { shape, data: out.fused }),
    );
    const describe = (extra) => lab.describe({ ...base, ...extra }).flops;
    const flops = {
      fused: describe({ layout: 'fused' }),
      loop: describe({ layout: 'loop' }),
      calls: heads * describe({ heads: 1, module: 'causal' }),
    };
    const owned = models.splice(0);
    return {
      heads,
      calls,
      flops,
      maxDifference,
      dispose: () => owned.forEach((m) => m.dispose()),
    };
  } catch (err) {
    models.forEach((m) => m.dispose());
    throw err;
  }
}
