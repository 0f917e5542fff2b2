// The benchmark shapes. d_in = d_out = d everywhere.
export const SHAPES = {
  S1: { batch: 1, tokens: 6, dIn: 6, dOut: 6, heads: 2, title: 'lecture toy, µs per JS call' },
  S2: { batch: 1, tokens: 128, dIn: 768, dOut: 768, heads: 12, title: 'GPT-2 small dims, T=128' },
  S3: { batch: 1, tokens: 1024, dIn: 768, dOut: 768, heads: 12, title: 'GPT-2 small dims, T=1024' },
  S4: {
    title: 'heads experiment: loop over heads vs fused split, d_h=3, T=6, B=2 (lab.headExperiment)',
  },
  S5: {
    batch: 1,
    tokens: 4096,
    dIn: 768,
    dOut: 768,
    heads: 12,
    title: 'T=4096, time and peak WASM memory',
  },
};

export const HEAD_EXPERIMENT = { heads: [2, 400, 4000], headSize: 3, tokens: 6, batch: 2 };

/** Shapes whose times are shown in µs. */
export const MICRO = new Set(['S1']);

/** The S4 model for h heads (d_in = d_out = 3·h). */
export function headShape(h) {
  const { headSize, tokens, batch } = HEAD_EXPERIMENT;
  return { batch, tokens, dIn: headSize * h, dOut: headSize * h, heads: h };
}

/** Deterministic inputs in [-1, 1) (mulberry32). */
export function seededInputs(count, seed) {
  let a = seed >>> 0;
  const out = new Float32Array(count);
  for (let i = 0; i < count; ++i) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  }
  return out;
}
