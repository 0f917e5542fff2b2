// The lectures' experiments through the core, for the lab and the labs of the page: the
// loop-versus-fused timing, a model described without building it (GPT-3's sizes included),
// dropout on its own and what 1/(1−p) buys, and where float32 tells the two masking routes apart.
// Each reads the caller's options once, checks them, and hands plain values to the core.
import { AttentionLabError } from './errors.mjs';
import { normalizeOptions, readPlainOptions, toFloat32, describe } from './options.mjs';
import { OPTIONS, LIMITS } from './contract.mjs';
import { unwrap } from './model.mjs';

/** The loop over per-head modules against one weight-split matmul: [{ heads, loopMs, fusedMs, maxDifference }]. */
export function headExperiment(engine, options = {}) {
  const keys = ['heads', 'headSize', 'tokens', 'batch', 'dIn', 'repeats', 'seed'];
  const given = readPlainOptions(options, keys, 'headExperiment() options', 'options');
  const {
    heads = [2, 400, 4000],
    headSize = 3,
    tokens = 6,
    batch = 2,
    dIn = 3,
    repeats = 15,
    seed = 123,
  } = given;
  if (
    !Array.isArray(heads) ||
    heads.length === 0 ||
    heads.some((h) => !Number.isInteger(h) || h < 1)
  ) {
    throw new AttentionLabError(
      `heads must be a list of positive integers such as [2, 400, 4000], not ${describe(heads)}`,
      { option: 'heads' },
    );
  }
  for (const [key, value] of Object.entries({ headSize, tokens, batch, dIn, repeats, seed })) {
    if (!Number.isInteger(value)) {
      throw new AttentionLabError(`${key} = ${describe(value)}: must be an integer`, {
        option: key,
      });
    }
  }
  const plain = { heads: [...heads], headSize, tokens, batch, dIn, repeats, seed };
  return unwrap(engine.headExperiment(plain));
}

/** describe(): shapes and parameters of a model, nothing allocated. */
export function describeModel(core, options) {
  const { config, inputs, weights } = normalizeOptions(options, (name, value) =>
    core.checkOption(name, value),
  );
  if (inputs !== undefined || weights !== undefined) {
    throw new AttentionLabError(
      'describe() takes the options of a model, not its inputs or weights',
      {
        option: inputs !== undefined ? 'inputs' : 'weights',
      },
    );
  }
  return unwrap(core.describe(config));
}

/** torch.manual_seed(seed); nn.Dropout(p)(input): { output, mask }, each { shape, data }. */
export function dropout(core, options) {
  const { input, shape, p, seed, rng } = dropoutOptions(options, [
    'input',
    'shape',
    'p',
    'seed',
    'rng',
  ]);
  const { output, mask } = unwrap(core.dropout(input, p, seed, rng));
  return {
    output: { shape: shape.slice(), data: output },
    mask: { shape: shape.slice(), data: mask },
  };
}

/** `draws` dropouts, draw k seeded with seed + k: kept shares, the running mean's errors, the mean. */
export function dropoutStatistics(core, options) {
  const { input, shape, p, seed, rng, draws } = dropoutOptions(options, [
    'input',
    'shape',
    'p',
    'seed',
    'rng',
    'draws',
  ]);
  const s = unwrap(core.dropoutStatistics(input, p, draws, seed, rng));
  return {
    keptShare: s.keptShare,
    maxError: s.maxError,
    meanAbsError: s.meanAbsError,
    mean: { shape, data: s.mean },
  };
}

/** The naive and the −∞ route on one row, gap by gap. */
export function maskingLimits(core, options) {
  const { gaps } = readPlainOptions(options, ['gaps'], 'maskingLimits() options', 'options');
  if (!Array.isArray(gaps) || gaps.some((g) => typeof g !== 'number')) {
    throw new AttentionLabError(
      `gaps must be a list of numbers such as [0, 50, 100], not ${describe(gaps)}`,
      {
        option: 'gaps',
      },
    );
  }
  return unwrap(core.maskingLimits([...gaps]));
}

const RNGS = OPTIONS.find((o) => o.name === 'dropoutRng').choices;

// dropout()'s options, read once and checked: the notebook's p 0.5 and seed 123 by default.
function dropoutOptions(options, allowed) {
  const given = readPlainOptions(options, allowed, 'dropout options', 'options');
  const { p = 0.5, seed = 123, rng = 'cpu', draws = 1000 } = given;
  if (given.input === undefined) {
    throw new AttentionLabError(
      'input is required: the tensor to drop, a Float32Array or number[]',
      {
        option: 'input',
        kind: 'InputError',
      },
    );
  }
  const input = toFloat32(given.input, 'input', LIMITS.maxTensorElements);
  const shape = given.shape ?? [input.length];
  const product = Array.isArray(shape) ? shape.reduce((a, b) => a * b, 1) : NaN;
  if (
    !Array.isArray(shape) ||
    shape.some((n) => !Number.isInteger(n) || n < 1) ||
    product !== input.length
  ) {
    throw new AttentionLabError(
      `shape must list positive integers whose product is the input's ${input.length} values, not ${describe(shape)}`,
      { option: 'shape' },
    );
  }
  for (const [key, value] of Object.entries({ p, seed, draws })) {
    if (typeof value !== 'number') {
      throw new AttentionLabError(`${key} must be a number, not ${describe(value)}`, {
        option: key,
      });
    }
  }
  if (!RNGS.includes(rng)) {
    throw new AttentionLabError(
      `rng = ${describe(rng)}: allowed are ${RNGS.map((r) => `'${r}'`).join(', ')}`,
      {
        option: 'rng',
      },
    );
  }
  return { input, shape: [...shape], p, seed, rng, draws };
}
