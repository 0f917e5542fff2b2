// Reads the options of forward() / createModel() once into plain objects before they reach the
// core. Names and defaults come from the core's option table (contract.mjs); every type, range and
// rule is checked by the core (options.cpp, config.cpp), so each fact lives once.
import { AttentionLabError } from './errors.mjs';
import { OPTIONS } from './contract.mjs';

/**
 * The defaults of every option, from the core's option table. tokens and dIn have none here: they
 * are inferred from the inputs' length (and required without inputs). dropoutSeed has no default
 * at all and is left out.
 */
export const DEFAULTS = Object.freeze(
  Object.fromEntries(
    OPTIONS.filter((o) => !o.optional).map((o) => [o.name, o.inferred ? undefined : o.default]),
  ),
);

/** Every name forward() and createModel() accept: the core's options, then the data. */
export const OPTION_NAMES = Object.freeze([...OPTIONS.map((o) => o.name), 'inputs', 'weights']);

const fail = (option, message, kind = 'OptionError') => {
  throw new AttentionLabError(message, { option, kind });
};
const show = (v) =>
  typeof v === 'string'
    ? `'${v.length > 40 ? `${v.slice(0, 40)}…` : v}'`
    : Array.isArray(v)
      ? `[${v.length} items]`
      : v === null
        ? 'null'
        : typeof v === 'object' || typeof v === 'symbol' || typeof v === 'function'
          ? `a ${typeof v}`
          : String(v);

/** A short, safe description of any value for a message (never calls the value's own methods). */
export function describe(value) {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol')
    return `a ${typeof value}`;
  return String(value);
}

export function isNumberArray(v) {
  return v instanceof Float32Array || v instanceof Float64Array || Array.isArray(v);
}

/**
 * The caller's options object read once into a plain object (own enumerable keys only; getters
 * run here, once), refusing anything but a plain object and keys outside `allowed`.
 */
export function readPlainOptions(options, allowed, what, option) {
  if (
    options === null ||
    typeof options !== 'object' ||
    Array.isArray(options) ||
    ArrayBuffer.isView(options)
  ) {
    fail(
      option,
      `${what} must be an object such as { ${allowed.slice(0, 3).join(', ')} }, not ${show(options)}`,
    );
  }
  const out = {};
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key))
      fail(key, `unknown option '${key}'; the options are: ${allowed.join(', ')}`);
    const value = options[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * { config, inputs, weights }: the options the caller gave, with tokens and dIn inferred from the
 * inputs (a plain object the core reads; the core applies the defaults, the module's own
 * included), and the data options as given. `check(name, value)` is the core's check of one option
 * (undefined or an error object); the core checks every other value when it reads config.
 */
export function normalizeOptions(options, check) {
  const { inputs, weights, ...given } = readPlainOptions(
    options,
    OPTION_NAMES,
    'options',
    'options',
  );
  const config = { ...given };
  // The sizes used to read the inputs as (B,T,d_in) must be valid before any arithmetic on them.
  for (const key of ['batch', 'tokens', 'dIn']) {
    if (config[key] === undefined) continue;
    const error = check(key, config[key]);
    if (error !== undefined) fail(error.option, error.message);
  }
  if (inputs !== undefined && !isNumberArray(inputs)) toFloat32(inputs, 'inputs'); // names the problem
  inferSizes(config, inputs?.length, config.batch ?? DEFAULTS.batch);
  return { config, inputs, weights };
}

// tokens and dIn follow from the number of inputs when one of them is given.
function inferSizes(o, count, batch) {
  if (count === undefined) {
    if (o.tokens === undefined) fail('tokens', 'tokens is required when no inputs are given');
    if (o.dIn === undefined) fail('dIn', 'dIn is required when no inputs are given');
    return;
  }
  if (o.dIn === undefined && o.tokens === undefined) {
    fail(
      'dIn',
      `give dIn (the embedding size) or tokens, so that the ${count} inputs can be read as (B,T,d_in)`,
    );
  }
  if (o.dIn === undefined) o.dIn = count / (batch * o.tokens);
  if (o.tokens === undefined) o.tokens = count / (batch * o.dIn);
  const needed = batch * o.tokens * o.dIn;
  if (!Number.isInteger(o.dIn) || !Number.isInteger(o.tokens) || needed !== count) {
    fail(
      'inputs',
      `inputs has ${count} values; batch × tokens × dIn must equal that ` +
        `(row-major (B,T,d_in)), but batch = ${batch}, tokens = ${show(o.tokens)}, dIn = ${show(o.dIn)}`,
      'InputError',
    );
  }
}

/**
 * A Float32Array of the values (the same array when it already is one), read in one pass, or an
 * error naming what is wrong. `limit` bounds the length before anything is allocated.
 */
export function toFloat32(value, option, limit = Infinity) {
  if (!isNumberArray(value)) {
    fail(
      option,
      `${option} must be a Float32Array or an array of numbers, not ${show(value)}`,
      'InputError',
    );
  }
  if (value instanceof Float32Array) return value;
  const length = value.length;
  if (!(length <= limit))
    fail(option, `${option} has ${length} values; at most ${limit} are allowed`, 'MemoryError');
  const out = new Float32Array(length);
  for (let i = 0; i < length; ++i) {
    const v = value[i];
    if (typeof v !== 'number')
      fail(option, `${option}[${i}] = ${show(v)}: every value must be a number`, 'InputError');
    out[i] = v;
  }
  return out;
}

/**
 * The core wants [[key, Float32Array], ...]; accept { key: number[] | Float32Array | { data } }.
 * A list of pairs, not an object: an own "__proto__" key stays a key (and the core refuses it).
 */
export function normalizeWeights(weights, limit = Infinity) {
  if (weights === undefined || weights === null) return undefined;
  if (typeof weights !== 'object' || Array.isArray(weights) || ArrayBuffer.isView(weights)) {
    fail(
      'weights',
      'weights must be an object keyed by PyTorch state_dict names, e.g. { "W_query.weight": [...] }',
    );
  }
  return Object.keys(weights).map((key) => {
    const value = weights[key];
    const data = value && !isNumberArray(value) && typeof value === 'object' ? value.data : value;
    const array = toFloat32(data, `weights['${key}']`, limit);
    return [key, array === data ? array.slice() : array];
  });
}
