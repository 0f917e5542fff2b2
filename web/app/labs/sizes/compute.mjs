// The sizes lab's numbers: a preset described by the core (shapes and parameter counts, nothing
// allocated, so GPT-3 works too), and GPT-2's block run for real on the page's sentence.
import { SIZE_PRESETS } from '../../../lib/sizes.mjs';
import { translator } from '../../strings/words.mjs';
import WORDS from './words.mjs';

// The lab's English words, for a compute called without the harness's t (as the tests do).
const english = translator(null, 'lab.sizes.', WORDS);

/** describe() of a preset, with the sizes the lab prints. */
export function describePreset(core, preset) {
  const d = core.describe(preset);
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

// Lets the status paint before the core takes the thread.
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/** { trained, preset, run, described, gpt2 (null until asked: GPT-2 on the page's sentence, timed) }. */
export async function compute(core, page, { preset, run }, context = {}) {
  const { signal, progress, previous, t = english } = context;
  const data = {
    trained: page.trained,
    preset,
    run,
    described: describePreset(core, SIZE_PRESETS[preset]),
    gpt2: null,
  };
  if (!run) return data;
  // Run on request only: another preset or a change of the page keeps the last run.
  if (previous?.run === run && previous.gpt2) return { ...data, gpt2: previous.gpt2 };
  progress?.(t('gpt2.progress'));
  await pause();
  if (signal?.aborted) return data;
  const { sentence, seed } = page.settings;
  const r = runGpt2(core, SIZE_PRESETS.gpt2, sentence, { seed });
  data.gpt2 = { sentence, ...r, tokens: r.tokens.length, output: { shape: r.output.shape } };
  return data;
}
