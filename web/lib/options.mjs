// Checks and fills in the options of forward() / createModel() before they reach the core: names,
// types and defaults here; ranges and divisibility in C++ (config.cpp), so each rule lives once.
import { AttentionLabError } from './errors.mjs';

export const DEFAULTS = Object.freeze({
  batch: 1,
  dIn: undefined, // inferred from inputs and tokens when omitted
  tokens: undefined, // inferred from inputs and dIn when omitted
  dOut: 2,
  heads: 1,
  qkvBias: false,
  causal: true,
  dropout: 0,
  training: false,
  seed: 123,
  module: 'mha',
  masking: 'neg-inf',
  layout: 'fused',
  trace: true,
  maxTraceBytes: 256 * 1024 * 1024,
});

const INTEGERS = ['batch', 'tokens', 'dIn', 'dOut', 'heads', 'seed'];
const BOOLEANS = ['qkvBias', 'causal', 'training', 'trace'];
const STRINGS = { module: ['mha', 'wrapper', 'causal'], masking: ['neg-inf', 'naive'], layout: ['fused', 'loop'] };
const OTHERS = ['inputs', 'weights'];
export const OPTION_NAMES = Object.freeze([...Object.keys(DEFAULTS), ...OTHERS]);

const fail = (option, message) => {
  throw new AttentionLabError(message, { option, kind: 'OptionError' });
};
const show = (v) => (typeof v === 'string' ? `'${v}'` : Array.isArray(v) ? `[${v.length} items]` : String(v));

export function isNumberArray(v) {
  return v instanceof Float32Array || v instanceof Float64Array || Array.isArray(v);
}

/** Model options (everything but inputs) with defaults applied; `inputCount` helps infer sizes. */
export function normalizeOptions(options, inputCount) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    fail('options', `options must be an object such as { inputs, dIn, dOut, heads }, not ${show(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTION_NAMES.includes(key)) {
      fail(key, `unknown option '${key}'; the options are: ${OPTION_NAMES.join(', ')}`);
    }
  }
  const o = { ...DEFAULTS };
  for (const [key, value] of Object.entries(options)) if (value !== undefined) o[key] = value;
  for (const key of INTEGERS) {
    if (o[key] !== undefined && !Number.isInteger(o[key])) {
      fail(key, `${key} = ${show(o[key])}: must be an integer`);
    }
  }
  for (const key of BOOLEANS) {
    if (typeof o[key] !== 'boolean') fail(key, `${key} = ${show(o[key])}: must be true or false`);
  }
  if (typeof o.dropout !== 'number') fail('dropout', `dropout = ${show(o.dropout)}: must be a number in [0, 1)`);
  if (typeof o.maxTraceBytes !== 'number' || Number.isNaN(o.maxTraceBytes)) {
    fail('maxTraceBytes', `maxTraceBytes = ${show(o.maxTraceBytes)}: must be a number of bytes`);
  }
  for (const [key, allowed] of Object.entries(STRINGS)) {
    if (!allowed.includes(o[key])) {
      fail(key, `${key} = ${show(o[key])}: allowed are ${allowed.map((a) => `'${a}'`).join(', ')}`);
    }
  }
  if (!(o.dropout >= 0 && o.dropout < 1)) {
    fail('dropout', `dropout = ${show(o.dropout)}: the dropout probability p must be a number in [0, 1)`);
  }
  for (const key of ['batch', 'tokens', 'dIn']) {
    if (o[key] !== undefined && o[key] < 1) fail(key, `${key} = ${o[key]}: must be an integer from 1 to 1048576`);
  }
  if (o.module === 'causal' && options.heads === undefined) o.heads = 1;
  inferSizes(o, inputCount);
  return o;
}

// tokens and dIn follow from the number of inputs when one of them is given.
function inferSizes(o, count) {
  if (count === undefined) {
    if (o.tokens === undefined) fail('tokens', 'tokens is required when no inputs are given');
    if (o.dIn === undefined) fail('dIn', 'dIn is required when no inputs are given');
    return;
  }
  if (o.dIn === undefined && o.tokens === undefined) {
    fail('dIn', `give dIn (the embedding size) or tokens, so that the ${count} inputs can be read as (B,T,d_in)`);
  }
  if (o.dIn === undefined) o.dIn = count / (o.batch * o.tokens);
  if (o.tokens === undefined) o.tokens = count / (o.batch * o.dIn);
  const needed = o.batch * o.tokens * o.dIn;
  if (!Number.isInteger(o.dIn) || !Number.isInteger(o.tokens) || needed !== count) {
    fail('inputs', `inputs has ${count} values; batch × tokens × dIn must equal that ` +
      `(row-major (B,T,d_in)), but batch = ${o.batch}, tokens = ${show(o.tokens)}, dIn = ${show(o.dIn)}`);
  }
}

/** A Float32Array of the inputs, or an error naming what is wrong. */
export function toFloat32(value, option) {
  if (!isNumberArray(value)) {
    fail(option, `${option} must be a Float32Array or an array of numbers, not ${show(value)}`);
  }
  if (value instanceof Float32Array) return value;
  for (let i = 0; i < value.length; ++i) {
    if (typeof value[i] !== 'number') {
      fail(option, `${option}[${i}] = ${show(value[i])}: every value must be a number`);
    }
  }
  return Float32Array.from(value);
}

/** The core wants { key: Float32Array }; accept { key: number[] | Float32Array | {data} }. */
export function normalizeWeights(weights) {
  if (weights === undefined || weights === null) return undefined;
  if (typeof weights !== 'object' || Array.isArray(weights)) {
    fail('weights', 'weights must be an object keyed by PyTorch state_dict names, e.g. { "W_query.weight": [...] }');
  }
  const out = {};
  for (const [key, value] of Object.entries(weights)) {
    const data = value && !isNumberArray(value) && typeof value === 'object' ? value.data : value;
    out[key] = toFloat32(data, `weights['${key}']`);
  }
  return out;
}
