// The numbers of the sizes lab: a preset described by the core (shapes and parameter counts,
// nothing allocated, so GPT-3 works too), and GPT-2's block run for real on the page's sentence.
import { grouped } from './page-model.mjs';

/** The lecture's names for the three presets of SIZE_PRESETS, in the order the lecture meets them. */
export const SIZE_NAMES = Object.freeze({
  lecture: 'The lecture’s toy (d = 6, 2 heads)',
  gpt2: 'GPT-2 small (768, 12 heads of 64)',
  gpt3: 'GPT-3 (12288, 96 heads of 128)',
});

/** describe() of a preset, with the sizes the lab prints. */
export function describePreset(lab, preset) {
  const d = lab.describe(preset);
  return {
    ...d,
    sizes: {
      d_in: preset.dIn,
      d_out: preset.dOut,
      h: preset.heads,
      d_h: d.headSize,
      T: preset.tokens,
      B: preset.batch,
    },
  };
}

/** "(B = 1, T = 1024, d_out = 768)": a shape with the core's dimension names. */
export function namedShapeText(dims, shape) {
  const names = dims.split(',').map((d) => (d === 'D' ? 'd_out' : d));
  return `(${shape.map((n, i) => `${names[i]} = ${grouped(n)}`).join(', ')})`;
}

/**
 * GPT-2's attention block built and run on the page's sentence: the weights drawn as PyTorch would,
 * then one forward pass without a trace. Times come from `clock` (ms). Returns the output, the
 * times and the parameters counted from the model's own state dict.
 */
export function runGpt2(
  lab,
  preset,
  sentence,
  { clock = () => performance.now(), seed = 123 } = {},
) {
  const { inputs, tokens } = lab.embed(sentence, { dIn: preset.dIn, seed });
  const options = { ...preset, tokens: tokens.length, inputs };
  const t0 = clock();
  const model = lab.createModel(options);
  const t1 = clock();
  try {
    const { output } = model.forward(inputs);
    const t2 = clock();
    model.forward(inputs); // again: the first call also packs the weights for the fast kernels
    const t3 = clock();
    const state = model.stateDict();
    const counted = Object.values(state).reduce((n, p) => n + p.data.length, 0);
    return {
      tokens,
      output,
      counted,
      buildMs: t1 - t0,
      firstMs: t2 - t1,
      secondMs: t3 - t2,
      flops: lab.describe({ ...preset, tokens: tokens.length }).flops,
    };
  } finally {
    model.dispose();
  }
}
