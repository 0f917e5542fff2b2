#!/usr/bin/env node
// A seeded fuzzer over attention-lab's public JS API (dist/index.mjs), on the single-threaded and the
// threaded WASM build. Same seed, same sequence of calls: each call is generated from (seed, index)
// alone, so any call can be replayed on its own (--from I --calls 1), or with the calls that ran
// before it in the same process (each failure's report prints both commands).
//
//   node tests/fuzz/api-fuzz.mjs --calls N --seed S --build single|threads|both [--report FILE.json]
//        (defaults: 2000 calls, seed 1, both builds)
//   node tests/fuzz/api-fuzz.mjs --soak [--build ...]   memory: 100,000 failing + 100,000 good calls
//   other flags: --from I (first call index), --package PATH (default: the repo's dist/index.mjs),
//                --hang-ms MS (watchdog, default 10000), --verbose (echo the child's stderr)
//
// Calls cover lab.forward, lab.createModel + model.forward / stateDict / dispose, lab.embed,
// lab.tokenize, lab.headExperiment, lab.terminate (then a new lab) and the lab's getters, with option
// values drawn from valid small values most of the time and from an "interesting" pool otherwise
// (NaN, ±Infinity, 2**32 + 2, 1048577, strings, Symbols, BigInts, Proxies whose getters throw a marker
// error or dispose the model or terminate the lab mid-call, own __proto__ keys, NaN-filled inputs,
// wrong lengths, "<|endoftext|>", sizes a correct library must refuse quickly, ...).
//
// Rules checked per call (a failure records seed, index and a rendering of the call):
//   (a) every thrown error is an AttentionLabError with a documented kind, or our own marker error;
//   (b) a returned result is well formed: shapes match the options and the data, and no non-finite
//       number (trace stage maskedScores may hold −∞); earlier results stay unchanged;
//   (c) after every error (and every 25 calls) a known-good call on a long-lived model and a fresh
//       lab.forward give the bits computed at the start;
//   (d) a watchdog: the calls run in a child process that reports each call before running it; the
//       parent kills it when a call takes longer than --hang-ms and restarts it at the next index;
//       a crashed child is restarted the same way;
//   (e) counts: calls, successes, AttentionLabErrors by kind and option, failures, hangs, crashes.
// Valid calls ("clean": every value valid and small) must also succeed. Exit status 0 only with no
// failure, hang or crash.
//
// tests/fuzz/api-fuzz.test.mjs runs a short fixed-seed run per build through runFuzz().
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const THIS_FILE = fileURLToPath(import.meta.url);
const REPO = path.resolve(path.dirname(THIS_FILE), '../..');
export const DEFAULT_PACKAGE = path.join(REPO, 'dist/index.mjs');
// The documented error kinds and option names; the child replaces them with the package's own
// (its index.d.ts ErrorKind type, its OPTION_NAMES) once it has loaded it.
let KINDS = new Set(['OptionError', 'InputError', 'MemoryError', 'NumericalError', 'Error']);
let PACKAGE_OPTIONS = new Set();
// The package's stage count: its exported STAGES (older packages: the 18 stages they had).
let PACKAGE_STAGE_COUNT = 18;
const SLOTS = 6; // models kept alive between calls
const HELD_MAX = 8; // earlier results re-checked after every call
const KNOWN_GOOD_EVERY = 25;
const SLOW_REFUSAL_MS = 2000;

// ---- Random numbers: mulberry32, one stream per (seed, index) -----------------------------------

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Mixes the run's seed and the call's index, so that a call does not depend on the calls before it.
function callSeed(seed, index) {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  // Picks a key of { key: weight }.
  weighted(table) {
    const total = Object.values(table).reduce((a, b) => a + b, 0);
    let x = this.next() * total;
    for (const [key, weight] of Object.entries(table)) if ((x -= weight) < 0) return key;
    return Object.keys(table)[0];
  }
}

// ---- Rendering values for failure reports (never through a Proxy's traps) ---------------------

const labels = new WeakMap(); // special values → how they were made
function label(value, text) {
  labels.set(value, text);
  return value;
}

export function render(value, depth = 0) {
  if (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    labels.has(value)
  ) {
    return labels.get(value);
  }
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'string':
      return value.length > 60
        ? `${JSON.stringify(value.slice(0, 40))}…(${value.length} chars)`
        : JSON.stringify(value);
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return String(value);
    case 'function':
      return `function ${value.name || '(anonymous)'}`;
    default:
  }
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) {
    const head = Array.from(value.slice(0, 4), (v) => render(v)).join(', ');
    return `${value.constructor.name}(${value.length})[${head}${value.length > 4 ? ', …' : ''}]`;
  }
  if (depth > 3) return '…';
  if (Array.isArray(value)) {
    const head = value.slice(0, 6).map((v) => render(v, depth + 1));
    return `[${head.join(', ')}${value.length > 6 ? `, …(${value.length})` : ''}]`;
  }
  const proto = Object.getPrototypeOf(value);
  const prefix =
    proto === null
      ? 'Object.create(null) '
      : proto === Object.prototype
        ? ''
        : `${proto.constructor?.name ?? '?'} `;
  const parts = Reflect.ownKeys(value).map((key) => {
    const d = Object.getOwnPropertyDescriptor(value, key);
    const shown = 'value' in d ? render(d.value, depth + 1) : '<getter>';
    return `${typeof key === 'symbol' ? `[${key.toString()}]` : JSON.stringify(key)}: ${shown}`;
  });
  return `${prefix}{ ${parts.join(', ')} }`;
}

// ---- The interesting values ----------------------------------------------------------------------

/** Thrown by our own Proxies and getters: a caller's error that the library must let through. */
export class FuzzMarkerError extends Error {
  constructor(message = 'marker thrown by the fuzzer') {
    super(message);
    this.name = 'FuzzMarkerError';
  }
}

const INTERESTING_NUMBERS = [
  0,
  -1,
  1.5,
  NaN,
  Infinity,
  -Infinity,
  -0,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 32 + 2,
  2 ** 53,
  65536,
  1048576,
  1048577,
  1e9,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -(2 ** 31),
];

// What a Proxy does when the library reads it. `H` is the child's harness (the current model/lab).
let H = null;
function proxyTraps(mode, description) {
  let fired = false;
  const act = () => {
    if (fired) return;
    fired = true;
    if (mode === 'throw') throw new FuzzMarkerError(`marker from a Proxy getter (${description})`);
    if (mode === 'dispose') H?.disposeCurrent();
    if (mode === 'terminate') H?.terminateCurrent();
  };
  return {
    get(target, key, receiver) {
      if (typeof key === 'string') act();
      const v = Reflect.get(target, key, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
    has(target, key) {
      act();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      act();
      return Reflect.ownKeys(target);
    },
  };
}

function proxyOf(target, mode) {
  const text = `Proxy(${render(target)}; on first read: ${mode === 'throw' ? 'throws a marker error' : mode === 'dispose' ? 'disposes the model' : 'terminates the lab'})`;
  return label(new Proxy(target, proxyTraps(mode, text)), text);
}

// A value of the wrong kind for any option.
function weirdValue(r) {
  switch (r.int(0, 17)) {
    case 0:
      return '2';
    case 1:
      return '';
    case 2:
      return null;
    case 3:
      return true;
    case 4:
      return [];
    case 5:
      return [1];
    case 6:
      return {};
    case 7:
      return label({ valueOf: () => 2 }, '{ valueOf() { return 2 } }');
    case 8:
      return Symbol('fuzz');
    case 9:
      return 12n;
    case 10:
      return proxyOf({}, 'throw');
    case 11:
      return label(new Number(2), 'new Number(2)');
    case 12:
      return label(() => 2, '() => 2');
    case 13:
      return label(
        Object.defineProperty({}, 'x', {
          get() {
            throw new FuzzMarkerError('getter');
          },
          enumerable: true,
        }),
        '{ get x() { throw marker } }',
      );
    case 14:
      return 'mha';
    case 15:
      return label(new Date(0), 'new Date(0)');
    case 16:
      return -0;
    default:
      return r.pick(INTERESTING_NUMBERS);
  }
}

function interestingInteger(r) {
  return r.chance(0.7) ? r.pick(INTERESTING_NUMBERS) : weirdValue(r);
}

// ---- Inputs (Float32Array and friends) -----------------------------------------------------------

function uniform(r, n) {
  const a = new Float32Array(n);
  for (let i = 0; i < n; ++i) a[i] = Math.round((r.next() * 2 - 1) * 100) / 100;
  return a;
}

// Inputs of n values: correct most of the time, else one of many wrong forms. Returns
// { value, text, clean, mode } (mode: 'dispose' / 'terminate' when a Proxy acts on read).
function genInputs(r, n) {
  const base = uniform(r, n);
  const ok = (value, text) => ({ value, text, clean: true });
  const bad = (value, text, mode) => ({ value, text, clean: false, mode });
  if (r.chance(0.78)) return ok(base, `Float32Array(${n}) uniform in [-1, 1]`);
  const at = n > 0 ? r.int(0, n - 1) : 0;
  switch (r.int(0, 22)) {
    case 0:
      return ok(Float64Array.from(base), `Float64Array(${n}) uniform`);
    case 1:
      return ok(Array.from(base), `number[${n}] uniform`);
    case 2:
      return bad(uniform(r, n + 1), `Float32Array(${n + 1}) (one too many)`);
    case 3:
      return bad(
        uniform(r, Math.max(0, n - 1)),
        `Float32Array(${Math.max(0, n - 1)}) (one too few)`,
      );
    case 4:
      return bad(new Float32Array(0), 'Float32Array(0)');
    case 5: {
      const v = base.slice();
      v[at] = NaN;
      return bad(v, `Float32Array(${n}) with [${at}] = NaN`);
    }
    case 6: {
      const v = base.slice();
      v[at] = r.pick([Infinity, -Infinity]);
      return bad(v, `Float32Array(${n}) with [${at}] = ${v[at]}`);
    }
    case 7: {
      const v = base.map(() => r.pick([3e38, -3e38]));
      return bad(v, `Float32Array(${n}) of ±3e38`);
    }
    case 8: {
      const v = base.map(() => 1e-40);
      return ok(v, `Float32Array(${n}) of subnormals 1e-40`);
    }
    case 9: {
      const v = Array.from(base);
      v[at] = String(v[at]);
      return bad(v, `number[${n}] with [${at}] a string`);
    }
    case 10: {
      const v = Array.from(base);
      delete v[at];
      return bad(v, `number[${n}] with a hole at ${at}`);
    }
    case 11:
      return bad(
        label({ length: n, 0: 1 }, `array-like { length: ${n} }`),
        `array-like { length: ${n} }`,
      );
    case 12:
      return bad(Int32Array.from(base), `Int32Array(${n})`);
    case 13:
      return bad(
        proxyOf(Array.from(base), 'throw'),
        `Proxy(number[${n}]) whose reads throw a marker`,
      );
    case 14:
      return bad(
        proxyOf(Array.from(base), 'dispose'),
        `Proxy(number[${n}]) whose first read disposes the model`,
        'dispose',
      );
    case 15:
      return bad(
        proxyOf(base.slice(), 'dispose'),
        `Proxy(Float32Array(${n})) whose first read disposes the model`,
        'dispose',
      );
    case 16:
      return bad(
        proxyOf(Array.from(base), 'terminate'),
        `Proxy(number[${n}]) whose first read terminates the lab`,
        'terminate',
      );
    case 17: {
      const v = Array.from(base);
      v[at] = 1e39;
      return bad(v, `number[${n}] with [${at}] = 1e39 (∞ in float32)`);
    }
    case 18:
      return bad(new Array(2 ** 31), 'new Array(2 ** 31) (empty slots)');
    case 19:
      return bad(weirdValue(r), 'a value of the wrong kind');
    case 20: {
      const v = Array.from(base);
      v[at] = 10n;
      return bad(v, `number[${n}] with [${at}] = 10n`);
    }
    case 21:
      return ok(
        new Float32Array(base.buffer.slice(0), 0, n),
        `Float32Array(${n}) on its own buffer`,
      );
    default:
      return bad(base.subarray(0, Math.max(0, n - 2)), `Float32Array(${n}).subarray(0, ${n - 2})`);
  }
}

// ---- Options of forward() / createModel() --------------------------------------------------------

// Valid small dimensions; heads divides dOut for mha, and is 1 for causal.
function genDims(r) {
  const module = r.pick(['mha', 'mha', 'mha', 'wrapper', 'causal']);
  const heads = module === 'causal' ? 1 : r.int(1, 4);
  const dOut = module === 'mha' ? heads * r.int(1, 3) : r.int(1, 4);
  return { batch: r.int(1, 3), tokens: r.int(1, 8), dIn: r.int(1, 8), dOut, heads, module };
}

const WEIRD_STRINGS = {
  module: ['MHA', '', 'wrapper ', 'mha\0', 'causal-attention'],
  masking: ['neginf', 'NEG-INF', ''],
  layout: ['Fused', 'loops', ''],
};

// The weights for `dims` under their state_dict names, correct or corrupted.
function genWeights(r, dims, qkvBias) {
  const { module, heads, dOut, dIn } = dims;
  const D = module === 'wrapper' ? heads * dOut : dOut;
  const keys = [];
  const qkv = (prefix, rows) => {
    for (const m of ['W_query', 'W_key', 'W_value']) {
      keys.push([`${prefix}${m}.weight`, rows * dIn]);
      if (qkvBias) keys.push([`${prefix}${m}.bias`, rows]);
    }
  };
  if (module === 'wrapper') for (let h = 0; h < heads; ++h) qkv(`heads.${h}.`, dOut);
  else qkv('', D);
  if (module === 'mha') keys.push(['out_proj.weight', D * D], ['out_proj.bias', D]);
  const weights = {};
  const notes = [];
  let clean = true;
  const corrupt = r.chance(0.5);
  for (const [key, n] of keys) {
    let v = uniform(r, n).map((x) => x * 0.5);
    if (corrupt && r.chance(0.25)) {
      const how = r.int(0, 8);
      if (how !== 3 && how !== 4) clean = false; // { data } and number[] are valid forms
      if (how === 0) {
        notes.push(`${key} missing`);
        continue;
      }
      if (how === 1) {
        v = uniform(r, n + 1);
        notes.push(`${key} one too long`);
      }
      if (how === 2) {
        v[r.int(0, n - 1)] = NaN;
        notes.push(`${key} holds NaN`);
      }
      if (how === 3) {
        v = label({ data: v }, `{ data: Float32Array(${n}) }`);
        notes.push(`${key} as { data }`);
      }
      if (how === 4) {
        v = Array.from(v);
        notes.push(`${key} as number[]`);
      }
      if (how === 5) {
        v = v.map(() => 3e38);
        notes.push(`${key} all 3e38`);
      }
      if (how === 6) {
        v = weirdValue(r);
        notes.push(`${key} = ${render(v)}`);
      }
      if (how === 7) {
        v = proxyOf(Array.from(v), 'throw');
        notes.push(`${key} a throwing Proxy`);
      }
      if (how === 8) {
        v = new Float32Array(0);
        notes.push(`${key} empty`);
      }
    }
    weights[key] = v;
  }
  let value = weights;
  if (corrupt && r.chance(0.2)) {
    const before = clean;
    clean = false;
    switch (r.int(0, 4)) {
      case 0:
        weights['W_extra.weight'] = [1];
        notes.push('an extra key');
        break;
      case 1:
        value = Object.assign(JSON.parse('{"__proto__": [1, 2, 3]}'), weights);
        notes.push('an own __proto__ key');
        break;
      case 2:
        value = proxyOf(weights, 'throw');
        notes.push('the object is a throwing Proxy');
        break;
      case 3:
        value = Object.assign(Object.create(null), weights);
        notes.push('Object.create(null)');
        clean = before;
        break;
      default:
        value = r.pick([[], 'weights', 5, null]);
        notes.push(`weights = ${render(value)}`);
        break;
    }
  }
  const text = `weights for ${module} (${keys.length} keys${notes.length ? `; ${notes.join(', ')}` : ''})`;
  return { value, text, clean };
}

// The options of one forward()/createModel() call. Returns { options, text, clean, expect, mode }:
// expect = the output shape and trace flag when the call is valid, mode = what a Proxy in it does.
function genOptions(r, { inputs: wantInputs }) {
  const dims = genDims(r);
  const o = {};
  let clean = true;
  let mode;
  const set = (key, value) => {
    o[key] = value;
  };
  // Dimensions: module, heads and dOut always (so the defaults cannot break divisibility).
  set('module', dims.module);
  set('heads', dims.heads);
  set('dOut', dims.dOut);
  if (r.chance(0.6)) set('batch', dims.batch);
  else dims.batch = 1;
  const giveTokens = !wantInputs || r.chance(0.6);
  const giveDIn = !wantInputs || !giveTokens || r.chance(0.6);
  if (giveTokens) set('tokens', dims.tokens);
  if (giveDIn) set('dIn', dims.dIn);
  const trace = r.chance(0.65);
  if (!trace || r.chance(0.3)) set('trace', trace);
  const training = r.chance(0.25);
  if (training) {
    set('training', true);
    set('dropout', r.pick([0, 0.1, 0.5, 0.9]));
  }
  if (r.chance(0.2)) set('qkvBias', r.chance(0.5));
  if (r.chance(0.15)) set('causal', r.chance(0.5));
  if (r.chance(0.2)) set('masking', r.pick(['neg-inf', 'naive']));
  if (r.chance(0.2)) set('layout', r.pick(['fused', 'loop']));
  if (r.chance(0.5)) set('seed', r.chance(0.8) ? r.int(0, 1000) : r.int(0, 2 ** 32 - 1));
  if (r.chance(0.05)) set('maxTraceBytes', r.pick([2 ** 28, 2 ** 40, 1e6]));
  // An option newer versions have: drawn always (the same calls for every version), set if known.
  const flops = r.chance(0.05) ? r.pick([1e11, Infinity, 1e9]) : undefined;
  if (flops !== undefined && PACKAGE_OPTIONS.has('maxFlops')) set('maxFlops', flops);
  if (r.chance(0.12)) {
    const w = genWeights(r, dims, o.qkvBias === true);
    set('weights', w.value);
    clean &&= w.clean;
    o.__weightsText = w.text;
  }
  const n = dims.batch * dims.tokens * dims.dIn;
  let inputsText;
  if (wantInputs) {
    const inp = genInputs(r, n);
    set('inputs', inp.value);
    inputsText = inp.text;
    clean &&= inp.clean;
    mode = inp.mode;
  }
  // Corrupt one to three options with interesting values.
  if (r.chance(0.35)) {
    clean = false;
    for (let k = r.int(1, 3); k > 0; --k) {
      let key = r.pick([
        'batch',
        'tokens',
        'dIn',
        'dOut',
        'heads',
        'seed',
        'dropout',
        'training',
        'trace',
        'qkvBias',
        'causal',
        'module',
        'masking',
        'layout',
        'maxTraceBytes',
        'inputs',
        'maxFlops',
      ]);
      if (key === 'maxFlops' && !PACKAGE_OPTIONS.has('maxFlops')) key = 'maxTraceBytes';
      if (key === 'inputs') {
        const inp = genInputs(r, n);
        set('inputs', inp.value);
        inputsText = inp.text;
        mode = inp.mode;
        continue;
      }
      if (key in WEIRD_STRINGS && r.chance(0.5)) {
        set(key, r.pick(WEIRD_STRINGS[key]));
        continue;
      }
      if (key === 'dropout' && r.chance(0.5)) {
        set(key, r.pick([NaN, 1, -0, 0.9999999, -1, Infinity, '0.1', 1 - 2 ** -53]));
        continue;
      }
      set(key, interestingInteger(r));
    }
  }
  // Unknown keys, and objects that are not plain.
  if (r.chance(0.04)) {
    clean = false;
    set(r.pick(['head', 'dout', 'constructor', 'toString', 'hasOwnProperty', 'output', ' ']), 1);
  }
  const weightsText = o.__weightsText;
  delete o.__weightsText;
  let options = o;
  let containerText = '';
  if (r.chance(0.06)) {
    const before = clean;
    clean = false;
    switch (r.int(0, 7)) {
      case 0:
        options = Object.assign(JSON.parse('{"__proto__": {"dOut": 3}}'), o);
        containerText = 'with an own __proto__ key, ';
        break;
      case 1:
        options = Object.assign(Object.create(null), o);
        containerText = 'Object.create(null), ';
        clean = before;
        break;
      case 2:
        options = proxyOf(o, 'throw');
        break;
      case 3:
        options = proxyOf(o, 'terminate');
        mode = 'terminate';
        break;
      case 4:
        options = Object.freeze({ ...o });
        containerText = 'frozen, ';
        clean = before;
        break;
      case 5:
        options = Object.assign(Object.create({ batch: 2 }), o);
        containerText = 'inheriting { batch: 2 }, ';
        break;
      case 6:
        options = r.pick([null, undefined, 'options', [o], 7]);
        break;
      default:
        options = Object.defineProperty({ ...o }, 'dIn', {
          get() {
            throw new FuzzMarkerError('dIn getter');
          },
          enumerable: true,
        });
        containerText = 'dIn getter throws, ';
        break;
    }
  }
  const shown = { ...o };
  if ('inputs' in shown) shown.inputs = label({}, inputsText);
  if ('weights' in shown) shown.weights = label({}, weightsText);
  const text =
    options === o || Object.isFrozen(options) || containerText
      ? `${containerText}${render(shown)}`
      : render(options);
  const width = dims.module === 'wrapper' ? dims.heads * dims.dOut : dims.dOut;
  const expect = clean ? { shape: [dims.batch, dims.tokens, width], trace, dims } : null;
  return { options, text, clean, expect, mode, dims, n };
}

// ---- Sentences -----------------------------------------------------------------------------------

const WORDS = [
  'the',
  'dog',
  'chased',
  'ball',
  'Your',
  'journey',
  'starts',
  'with',
  'one',
  'step',
  'attention',
  'é',
  '日本',
  '🙂',
  'naïve',
  '\t',
  'x',
];

function genSentence(r) {
  if (r.chance(0.7)) {
    const words = Array.from({ length: r.int(1, 12) }, () => r.pick(WORDS));
    return { value: words.join(' '), clean: words.some((w) => w.trim() !== '') };
  }
  switch (r.int(0, 13)) {
    case 0:
      return { value: 'Your journey starts with one step', clean: true };
    // Special tokens: read as plain text or refused with an AttentionLabError, both fine.
    case 1:
      return { value: 'hello <|endoftext|> world', clean: false };
    case 2:
      return { value: '<|endoftext|>', clean: false };
    case 3:
      return { value: 'word '.repeat(r.int(1000, 1100)), clean: false }; // around the 1024-token limit
    case 4:
      return { value: 'a'.repeat(20000), clean: false };
    case 5:
      return { value: '   ', clean: false };
    case 6:
      return { value: '', clean: false };
    case 7:
      return { value: '\uD800 lone surrogate', clean: true };
    case 8:
      return {
        value: label(new String('a boxed string'), "new String('a boxed string')"),
        clean: false,
      };
    case 9:
      return { value: '<|endoftext|>'.repeat(3) + ' <|fim_prefix|>', clean: false };
    case 10:
      return { value: '\0\u0001\u007f', clean: true };
    case 11:
      return {
        value: label({ toString: () => 'the dog' }, "{ toString() { return 'the dog' } }"),
        clean: false,
      };
    default:
      return { value: weirdValue(r), clean: false };
  }
}

// ---- The calls -----------------------------------------------------------------------------------
// A plan: { kind, text, clean, run(H) → value (or a promise), check(H, value) → problems[],
// mustRefuse, hold(value) → arrays to re-check later }. run() throws what the library throws;
// check() lists what is wrong with a returned value.

function product(shape) {
  return shape.reduce((a, b) => a * b, 1);
}

function isFloat32(a) {
  return a instanceof Float32Array;
}

// Rule (b) for { output, trace }: well formed, expected shape, finite (maskedScores may hold −∞).
function checkForward(res, expect, into) {
  const problems = [];
  if (res === null || typeof res !== 'object' || !res.output || !res.trace)
    return ['the result is not { output, trace }'];
  const { shape, data } = res.output;
  if (!Array.isArray(shape) || !shape.every((d) => Number.isInteger(d) && d >= 1))
    problems.push(`output.shape = ${render(shape)}`);
  if (!isFloat32(data)) problems.push(`output.data is ${render(data)}`);
  else {
    if (Array.isArray(shape) && data.length !== product(shape)) {
      problems.push(
        `output.data has ${data.length} values but output.shape is ${JSON.stringify(shape)} (${product(shape)})`,
      );
    }
    const bad = data.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) problems.push(`output.data[${bad}] = ${data[bad]}`);
  }
  if (into && data !== into) problems.push('output.data is not the array passed as { output }');
  if (expect?.shape && JSON.stringify(shape) !== JSON.stringify(expect.shape)) {
    problems.push(
      `output.shape = ${JSON.stringify(shape)}, expected ${JSON.stringify(expect.shape)}`,
    );
  }
  const names = Object.keys(res.trace);
  if (expect && expect.trace === false && names.length > 0)
    problems.push('trace: false, but the trace has stages');
  if (expect && expect.trace === true && names.length === 0)
    problems.push('trace: true, but the trace is empty');
  for (const name of names) {
    const t = res.trace[name];
    if (!t || !Array.isArray(t.shape) || !isFloat32(t.data)) {
      problems.push(`trace.${name} is not { shape, data: Float32Array }`);
      continue;
    }
    if (t.data.length !== product(t.shape))
      problems.push(
        `trace.${name}.data has ${t.data.length} values for shape ${JSON.stringify(t.shape)}`,
      );
    const bad = t.data.findIndex(
      (v) => !(Number.isFinite(v) || (name === 'maskedScores' && v === -Infinity)),
    );
    if (bad >= 0) problems.push(`trace.${name}.data[${bad}] = ${t.data[bad]}`);
  }
  return problems;
}

function checkStateDict(sd) {
  if (sd === null || typeof sd !== 'object') return ['stateDict() is not an object'];
  const problems = [];
  for (const [key, t] of Object.entries(sd)) {
    if (!t || !Array.isArray(t.shape) || !isFloat32(t.data) || t.data.length !== product(t.shape))
      problems.push(`stateDict()['${key}'] is malformed`);
    else if (!t.data.every(Number.isFinite))
      problems.push(`stateDict()['${key}'] holds a non-finite value`);
  }
  if (Object.keys(sd).length === 0) problems.push('stateDict() is empty');
  return problems;
}

function checkEmbed(e, batchWanted, dInWanted) {
  if (!e || !isFloat32(e.inputs) || !Array.isArray(e.tokens) || !Array.isArray(e.shape))
    return ['embed() result is malformed'];
  const problems = [];
  const [B, T, d] = e.shape;
  if (T !== e.tokens.length) problems.push(`embed shape T = ${T} but ${e.tokens.length} tokens`);
  if (batchWanted !== undefined && B !== batchWanted)
    problems.push(`embed shape B = ${B}, asked ${batchWanted}`);
  if (dInWanted !== undefined && d !== dInWanted)
    problems.push(`embed shape d_in = ${d}, asked ${dInWanted}`);
  if (e.inputs.length !== product(e.shape))
    problems.push(
      `embed inputs has ${e.inputs.length} values for shape ${JSON.stringify(e.shape)}`,
    );
  if (!e.inputs.every((v) => v >= 0 && v <= 1))
    problems.push('embed inputs hold a value outside [0, 1]');
  return problems.concat(checkTokens(e.tokens));
}

function checkTokens(tokens) {
  if (!Array.isArray(tokens) || tokens.length === 0)
    return ['tokenize() did not return a non-empty array'];
  const bad = tokens.find(
    (t) => !t || !Number.isInteger(t.id) || t.id < 0 || t.id > 50256 || typeof t.text !== 'string',
  );
  return bad ? [`a token is malformed: ${render(bad)}`] : [];
}

function checkExperiment(rows, count) {
  if (!Array.isArray(rows)) return ['headExperiment() did not return an array'];
  const problems = [];
  if (count !== undefined && rows.length !== count)
    problems.push(`headExperiment() returned ${rows.length} rows for ${count} head counts`);
  for (const row of rows) {
    if (
      !row ||
      !Number.isInteger(row.heads) ||
      !(row.loopMs >= 0) ||
      !(row.fusedMs >= 0) ||
      !(row.maxDifference >= 0 && row.maxDifference <= 1e-3)
    ) {
      problems.push(`headExperiment() row ${render(row)}`);
    }
  }
  return problems;
}

// A small valid model for a slot that is empty when a call needs one.
function fallbackModelOptions(r) {
  const d = genDims(r);
  return {
    options: {
      tokens: d.tokens,
      dIn: d.dIn,
      dOut: d.dOut,
      heads: d.heads,
      module: d.module,
      batch: d.batch,
      trace: r.chance(0.6),
      seed: r.int(0, 99),
    },
    dims: d,
  };
}

function planLabForward(r) {
  const g = genOptions(r, { inputs: true });
  return {
    kind: 'lab.forward',
    text: `lab.forward(${g.text})`,
    clean: g.clean,
    mode: g.mode,
    run: (h) => h.lab.forward(g.options),
    check: (h, res) => checkForward(res, g.expect),
    hold: (res) => [res.output.data, res.trace.attentionWeights?.data],
  };
}

function planCreateModel(r) {
  const slot = r.int(0, SLOTS - 1);
  const g = genOptions(r, { inputs: r.chance(0.2) });
  return {
    kind: 'lab.createModel',
    text: `slot ${slot} = lab.createModel(${g.text})`,
    clean: g.clean,
    mode: g.mode,
    run: (h) => {
      h.evict(slot);
      const model = h.lab.createModel(g.options);
      h.slots[slot] = Slot.of(model, h.labId, g.clean);
      return model;
    },
    check: (h, model) =>
      model && typeof model.forward === 'function' && typeof model.options === 'object'
        ? []
        : ['createModel() did not return a model'],
  };
}

// The output option of model.forward: none mostly, else a right or wrong array or object.
function genOutputOption(r) {
  if (r.chance(0.7)) return { make: () => undefined, text: '', clean: true };
  switch (r.int(0, 8)) {
    case 0:
    case 1:
      return {
        make: (n) => ({ output: new Float32Array(n) }),
        text: '{ output: Float32Array(B·T·D) }',
        clean: true,
        into: true,
      };
    case 2:
      return {
        make: (n) => ({ output: new Float32Array(n + 1) }),
        text: '{ output: Float32Array(B·T·D + 1) }',
        clean: false,
      };
    case 3:
      return {
        make: (n) => ({ output: new Float64Array(n) }),
        text: '{ output: Float64Array(B·T·D) }',
        clean: false,
      };
    case 4:
      return { make: () => ({ output: null }), text: '{ output: null }', clean: false };
    case 5:
      return { make: () => ({ outptu: 1 }), text: '{ outptu: 1 }', clean: false };
    case 6:
      return {
        make: () => JSON.parse('{"__proto__": {"output": 1}}'),
        text: 'an own __proto__ key',
        clean: false,
      };
    case 7:
      return {
        make: () => proxyOf({ output: undefined }, 'dispose'),
        text: 'a Proxy that disposes the model',
        clean: false,
        mode: 'dispose',
      };
    default:
      return { make: () => 'output', text: "'output'", clean: false };
  }
}

function planModelForward(r) {
  const slot = r.int(0, SLOTS - 1);
  const fallback = fallbackModelOptions(r);
  const inputSeed = r.int(0, 2 ** 31);
  const out = genOutputOption(r);
  let detail = '';
  let clean = out.clean;
  let inputsMode;
  return {
    kind: 'model.forward',
    get text() {
      return `slot ${slot}.forward(${detail || 'inputs'}${out.text ? `, ${out.text}` : ''})`;
    },
    get clean() {
      return clean;
    },
    get mode() {
      return inputsMode ?? out.mode;
    },
    run: (h) => {
      const s = h.slotOrCreate(slot, fallback);
      const inp = genInputs(new Rng(inputSeed), s.n);
      detail = `${inp.text}${s.note ? `; the slot's model ${s.note}` : ''}`;
      clean = clean && inp.clean && s.clean && s.alive();
      inputsMode = inp.mode;
      h.rebeat(); // the watchdog's record now names the inputs and the slot's state
      h.currentModel = s.model;
      s.used = true;
      const extra = out.make(s.outputCount);
      const res =
        extra === undefined ? s.model.forward(inp.value) : s.model.forward(inp.value, extra);
      return { res, into: out.into ? extra.output : undefined, s };
    },
    check: (h, { res, into, s }) => {
      const problems = checkForward(res, s.expect, into);
      if (inputsMode === 'dispose' || out.mode === 'dispose') {
        problems.push(
          'forward returned a result although its model was disposed during the call (use after free)',
        );
      }
      if (s.disposed) problems.push('a disposed model computed a result');
      return problems;
    },
    hold: ({ res, into }) => (into ? [] : [res.output.data]),
  };
}

function planStateDict(r) {
  const slot = r.int(0, SLOTS - 1);
  const fallback = fallbackModelOptions(r);
  return {
    kind: 'model.stateDict',
    text: `slot ${slot}.stateDict()`,
    clean: true,
    run: (h) => {
      const s = h.slotOrCreate(slot, fallback);
      h.lastClean = s.alive();
      return { sd: s.model.stateDict(), s };
    },
    check: (h, { sd, s }) =>
      checkStateDict(sd).concat(s.disposed ? ['a disposed model returned its stateDict'] : []),
    hold: ({ sd }) =>
      Object.values(sd)
        .slice(0, 2)
        .map((t) => t.data),
  };
}

function planDispose(r) {
  const slot = r.int(0, SLOTS - 1);
  const twice = r.chance(0.2);
  const clear = r.chance(0.5);
  return {
    kind: 'model.dispose',
    text: `slot ${slot}.dispose()${twice ? ' twice' : ''}${clear ? ', then the slot is emptied' : ''}`,
    clean: true,
    run: (h) => {
      const s = h.slots[slot];
      if (!s) return null;
      s.model.dispose();
      if (twice) s.model.dispose();
      s.disposed = true;
      s.note = 'was disposed';
      if (clear) h.slots[slot] = null;
      return null;
    },
    check: () => [],
  };
}

// A model rebuilt from another's stateDict() computes the same bits on the same inputs.
function planRoundTrip(r) {
  const slot = r.int(0, SLOTS - 1);
  const fallback = fallbackModelOptions(r);
  const inputSeed = r.int(0, 2 ** 31);
  return {
    kind: 'round trip',
    text: `lab.createModel({ ...slot ${slot}.options, weights: slot ${slot}.stateDict() }), same inputs, same bits`,
    clean: true,
    run: (h) => {
      const s = h.slotOrCreate(slot, fallback);
      const options = s.model.options;
      // A used model in training mode has moved its dropout stream on: its twin would differ.
      if (!s.alive() || !s.clean || (options.training && options.dropout > 0 && s.used)) {
        h.lastClean = false;
        return null;
      }
      const twin = h.lab.createModel({ ...options, weights: s.model.stateDict() });
      try {
        const x = uniform(new Rng(inputSeed), s.n);
        s.used = true;
        return { a: s.model.forward(x).output.data, b: twin.forward(x).output.data };
      } finally {
        twin.dispose();
      }
    },
    check: (h, v) =>
      v && !sameBits(v.a, v.b) ? ['the model rebuilt from stateDict() computed other bits'] : [],
  };
}

function planEmbed(r) {
  const sentence = genSentence(r);
  let options;
  let clean = sentence.clean;
  const choice = r.int(0, 9);
  let batch = 1;
  let dIn = 3;
  if (choice <= 5) {
    options = { dIn: r.int(1, 8), seed: r.int(0, 999), batch: r.int(1, 3) };
    ({ batch, dIn } = options);
  } else if (choice === 6) options = undefined;
  else if (choice === 7) {
    options = { dIn: r.int(1, 4) };
    dIn = options.dIn;
  } else {
    clean = false;
    const key = r.pick(['dIn', 'seed', 'batch', 'dim', '__proto__']);
    options =
      key === '__proto__'
        ? JSON.parse('{"__proto__": {"dIn": 2}}')
        : {
            dIn: 3,
            [key]: r.chance(0.5) ? interestingInteger(r) : r.pick([65536, 2 ** 31, 1e9, 1048576]),
          };
    if (r.chance(0.2)) options = r.pick([null, 'x', [], proxyOf({ dIn: 2 }, 'throw')]);
  }
  return {
    kind: 'lab.embed',
    text: `lab.embed(${render(sentence.value)}, ${render(options)})`,
    clean,
    run: (h) => h.lab.embed(sentence.value, options),
    check: (h, e) => checkEmbed(e, clean ? batch : undefined, clean ? dIn : undefined),
    hold: (e) => [e.inputs],
  };
}

function planTokenize(r) {
  const sentence = genSentence(r);
  return {
    kind: 'lab.tokenize',
    text: `lab.tokenize(${render(sentence.value)})`,
    clean: sentence.clean,
    run: (h) => h.lab.tokenize(sentence.value),
    check: (h, tokens) => checkTokens(tokens),
  };
}

function planHeadExperiment(r) {
  let options;
  let clean = true;
  if (r.chance(0.75)) {
    options = {
      heads: Array.from({ length: r.int(1, 3) }, () => r.int(1, 8)),
      repeats: r.int(1, 2),
      headSize: r.int(1, 4),
      tokens: r.int(1, 6),
      batch: r.int(1, 2),
      dIn: r.int(1, 4),
    };
  } else {
    clean = false;
    options = { heads: [2], repeats: 1 };
    const key = r.pick([
      'heads',
      'heads',
      'repeats',
      'headSize',
      'tokens',
      'batch',
      'dIn',
      'seed',
      'extra',
    ]);
    if (key === 'heads')
      options.heads = r.pick([
        [],
        [0],
        [-1],
        [1.5],
        [NaN],
        [2 ** 31],
        [1e9],
        [1n],
        [Symbol('h')],
        'abc',
        null,
        proxyOf([2], 'throw'),
        [2 ** 32 + 2],
      ]);
    else if (key === 'repeats') options.repeats = r.pick([0, -1, 1001, 1e9, 1.5, 2 ** 32 + 1, NaN]);
    else options[key] = interestingInteger(r);
  }
  const count =
    Array.isArray(options.heads) && !labels.has(options.heads) ? options.heads.length : undefined;
  if (!clean && r.chance(0.1)) options = r.pick([null, 'x', proxyOf({ heads: [2] }, 'throw')]);
  return {
    kind: 'lab.headExperiment',
    text: `lab.headExperiment(${render(options)})`,
    clean,
    run: (h) => h.lab.headExperiment(options),
    check: (h, rows) => checkExperiment(rows, count),
  };
}

// How long the event loop runs after lab.terminate(), as it would in an application: the threaded
// build stops its workers over the next event-loop turns, so 0 ms disposes while they are still
// stopping and 400 ms after they have stopped.
function eventLoopPause(r) {
  return r.pick([0, 10, 100, 400]);
}

function planTerminate(r) {
  const twice = r.chance(0.3);
  const pause = eventLoopPause(r);
  return {
    kind: 'lab.terminate',
    text: `lab.terminate()${twice ? ' twice' : ''}, ${pause} ms of event loop (the next call gets a new lab)`,
    clean: true,
    run: async (h) => {
      h.terminateCurrent();
      if (twice) h.deadLab.terminate();
      await new Promise((resolve) => setTimeout(resolve, pause));
      return null;
    },
    check: () => [],
  };
}

// The order an application may well use when it shuts down: terminate the lab, let the event loop
// run, then dispose every model it still holds (the last one frees what the models share).
function planTerminateThenDispose(r) {
  const g = fallbackModelOptions(r);
  const forward = r.chance(0.7);
  const pause = eventLoopPause(r);
  return {
    kind: 'terminate, then dispose',
    text:
      `model = lab.createModel(${render(g.options)})${forward ? ', model.forward(inputs)' : ''}, lab.terminate(), ` +
      `${pause} ms of event loop, model.dispose(), then dispose every other model of that lab (the slots', the known-good one)`,
    clean: true,
    run: async (h) => {
      const model = h.lab.createModel(g.options);
      if (forward) model.forward(new Float32Array(g.dims.batch * g.dims.tokens * g.dims.dIn));
      const labId = h.labId;
      h.terminateCurrent();
      await new Promise((resolve) => setTimeout(resolve, pause));
      model.dispose();
      h.slots.forEach((s, i) => {
        if (s && s.labId === labId) {
          if (!s.disposed) s.model.dispose();
          h.slots[i] = null;
        }
      });
      h.refModel?.dispose(); // the known-good model belongs to the terminated lab too
      h.refModel = null;
      return null;
    },
    check: () => [],
  };
}

function planUseDeadLab(r) {
  const what = r.pick([
    'forward',
    'createModel',
    'headExperiment',
    'embed',
    'terminate',
    'tokenize',
  ]);
  const d = genDims(r);
  const inputs = uniform(r, d.batch * d.tokens * d.dIn);
  return {
    kind: 'terminated lab',
    text: `a terminated lab's ${what}()`,
    clean: false,
    run: (h) => {
      const lab = h.deadLab;
      if (!lab) return { skipped: true };
      const opts = {
        batch: d.batch,
        tokens: d.tokens,
        dIn: d.dIn,
        dOut: d.dOut,
        heads: d.heads,
        module: d.module,
      };
      switch (what) {
        case 'forward':
          return { res: lab.forward({ ...opts, inputs }), computes: true };
        case 'createModel':
          return { res: lab.createModel(opts), computes: true };
        case 'headExperiment':
          return { res: lab.headExperiment({ heads: [2], repeats: 1 }), computes: true };
        case 'embed':
          return { res: lab.embed('the dog') };
        case 'tokenize':
          return { res: lab.tokenize('the dog') };
        default:
          return { res: lab.terminate() };
      }
    },
    check: (h, v) => (v.computes ? [`a terminated lab's ${what}() succeeded`] : []),
  };
}

function planGetters() {
  return {
    kind: 'lab getters',
    text: 'lab.build, lab.threads, lab.simd, lab.stages, lab.presets, lab.memoryBytes()',
    clean: true,
    run: (h) => ({
      build: h.lab.build,
      threads: h.lab.threads,
      simd: h.lab.simd,
      stages: h.lab.stages,
      presets: h.lab.presets,
      memory: h.lab.memoryBytes(),
    }),
    check: (h, g) => {
      const problems = [];
      if (g.build !== h.build) problems.push(`lab.build = ${render(g.build)}`);
      if (!Number.isInteger(g.threads) || g.threads < 1)
        problems.push(`lab.threads = ${render(g.threads)}`);
      if (g.simd !== true) problems.push(`lab.simd = ${render(g.simd)}`);
      if (!Array.isArray(g.stages) || g.stages.length !== PACKAGE_STAGE_COUNT)
        problems.push(`lab.stages is not the package's ${PACKAGE_STAGE_COUNT} stages`);
      if (!Array.isArray(g.presets) || g.presets.length === 0)
        problems.push('lab.presets is empty');
      if (!(g.memory > 0) || !Number.isFinite(g.memory))
        problems.push(`lab.memoryBytes() = ${render(g.memory)}`);
      return problems;
    },
  };
}

// What a user does with results: transfers one's buffer to a worker, or writes into it. The other
// results must not change.
function planTouchHeld(r) {
  const transfer = r.chance(0.5);
  const pick = r.next();
  return {
    kind: transfer ? 'transfer a result' : 'write into a result',
    text: transfer
      ? 'structuredClone(an earlier result, { transfer: [its buffer] })'
      : 'an earlier result.fill(12345)',
    clean: true,
    run: (h) => {
      if (h.held.length === 0) return null;
      const index = Math.floor(pick * h.held.length);
      const entry = h.held[index];
      if (transfer) {
        h.held.splice(index, 1);
        structuredClone(entry.array.buffer, { transfer: [entry.array.buffer] });
      } else {
        entry.array.fill(12345);
        entry.bits = new Uint32Array(
          entry.array.buffer,
          entry.array.byteOffset,
          entry.array.length,
        ).slice();
      }
      return null;
    },
    check: () => [],
  };
}

// createModel(options), then forward(inputs) on it; the model is disposed either way.
function modelThenForward(lab, options, inputs) {
  const model = lab.createModel(options);
  try {
    return model.forward(inputs);
  } finally {
    model.dispose();
  }
}

// Sizes a correct library must refuse, quickly and with an AttentionLabError.
const REFUSALS = [
  [
    'wrapper heads 65536 × dOut 65536',
    (lab) =>
      modelThenForward(
        lab,
        { tokens: 1, dIn: 1, dOut: 65536, heads: 65536, module: 'wrapper', trace: false },
        new Float32Array(1),
      ),
  ],
  [
    'dOut 2**32 + 2',
    (lab) => lab.forward({ inputs: new Float32Array(6), tokens: 2, dIn: 3, dOut: 2 ** 32 + 2 }),
  ],
  [
    'dOut 2**32 + 2, trace false',
    (lab) =>
      lab.forward({
        inputs: new Float32Array(6),
        tokens: 2,
        dIn: 3,
        dOut: 2 ** 32 + 2,
        trace: false,
      }),
  ],
  ['heads 2**32 + 1', (lab) => lab.createModel({ tokens: 2, dIn: 3, dOut: 2, heads: 2 ** 32 + 1 })],
  ['dIn 2**32 + 3', (lab) => lab.createModel({ tokens: 1, dIn: 2 ** 32 + 3 })],
  ['tokens 2**31', (lab) => lab.createModel({ tokens: 2 ** 31, dIn: 1 })],
  ['batch 1e9', (lab) => lab.createModel({ batch: 1e9, tokens: 1, dIn: 1 })],
  [
    'batch 1e9 with inputs',
    (lab) => lab.forward({ batch: 1e9, inputs: new Float32Array(3), dIn: 3 }),
  ],
  [
    'tokens 1048576, trace false, forward',
    (lab) =>
      modelThenForward(lab, { tokens: 1048576, dIn: 1, trace: false }, new Float32Array(1048576)),
  ],
  ['tokens 1048576 with trace', (lab) => lab.createModel({ tokens: 1048576, dIn: 1 })],
  [
    'heads 65536, dOut 65536 (mha)',
    (lab) => lab.createModel({ tokens: 1, dIn: 1, dOut: 65536, heads: 65536 }),
  ],
  [
    'dIn 1048576, dOut 1048576',
    (lab) => lab.createModel({ tokens: 1, dIn: 1048576, dOut: 1048576 }),
  ],
  ['embed batch 1e9', (lab) => lab.embed('Your journey starts with one step', { batch: 1e9 })],
  ['embed batch 2**31', (lab) => lab.embed('the dog', { batch: 2 ** 31 })],
  ['headExperiment heads [2**31]', (lab) => lab.headExperiment({ heads: [2 ** 31], repeats: 1 })],
  [
    'headExperiment headSize 2**32 + 3',
    (lab) => lab.headExperiment({ heads: [2], headSize: 2 ** 32 + 3, repeats: 1 }),
  ],
];

function planRefusal(r, which) {
  const [name, call] = which === undefined ? r.pick(REFUSALS) : REFUSALS[which % REFUSALS.length];
  return {
    kind: 'must refuse',
    text: `must refuse: ${name} (${call
      .toString()
      .replace(/\s+/g, ' ')
      .replace(/^\(lab\) => /, '')})`,
    clean: false,
    mustRefuse: true,
    run: (h) => call(h.lab),
    check: (h, v) => [
      `${name}: returned ${v && v.output ? `a result of shape ${JSON.stringify(v.output.shape)} with ${v.output.data?.length} values` : 'instead of refusing'}`,
    ],
    cleanup: (v) => v?.dispose?.(),
  };
}

const CALL_WEIGHTS = {
  labForward: 24,
  createModel: 10,
  modelForward: 24,
  stateDict: 4,
  dispose: 4,
  roundTrip: 3,
  embed: 8,
  tokenize: 4,
  headExperiment: 2,
  terminate: 0.6,
  terminateThenDispose: 0.3,
  useDeadLab: 0.4,
  getters: 2,
  touchHeld: 3,
  refusal: 1,
  drop: 1.5,
  collect: 1,
};
// A model dropped without dispose(): documented as freed by a FinalizationRegistry, later.
function planDrop(r) {
  const slot = r.int(0, SLOTS - 1);
  return {
    kind: 'drop a model',
    text: `slot ${slot} = null (its model is dropped without dispose(); a FinalizationRegistry frees it)`,
    clean: true,
    run: (h) => {
      h.slots[slot] = null;
      return null;
    },
    check: () => [],
  };
}

// Garbage collection, then a turn of the event loop: the finalizers of dropped models run now,
// so that what they do is attributed to this call rather than to a random later one.
function planCollect() {
  return {
    kind: 'garbage collection',
    text: 'gc() and one event-loop turn: finalizers of dropped models run',
    clean: true,
    run: async () => {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return null;
    },
    check: () => [],
  };
}

const PLANNERS = {
  labForward: planLabForward,
  createModel: planCreateModel,
  modelForward: planModelForward,
  stateDict: planStateDict,
  dispose: planDispose,
  roundTrip: planRoundTrip,
  embed: planEmbed,
  tokenize: planTokenize,
  headExperiment: planHeadExperiment,
  terminate: planTerminate,
  terminateThenDispose: planTerminateThenDispose,
  useDeadLab: planUseDeadLab,
  getters: planGetters,
  touchHeld: planTouchHeld,
  drop: planDrop,
  collect: planCollect,
  refusal: planRefusal,
};

/** The call number `index` of the run with `seed`: the same for the same (seed, index). */
export function generateCall(seed, index) {
  const r = new Rng(callSeed(seed, index));
  // Call 50 of every hundred is a refusal case, taken in turn, so that a short run meets them all.
  if (index % 100 === 50) return planRefusal(r, Math.floor(index / 100) + seed);
  return PLANNERS[r.weighted(CALL_WEIGHTS)](r);
}

// ---- The child: runs calls, checks them, reports each over IPC ----------------------------------

function sameBits(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < x.length; ++i) if (x[i] !== y[i]) return false;
  return true;
}

function digest(a) {
  let h = 0x811c9dc5;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  for (let i = 0; i < x.length; ++i) h = Math.imul(h ^ x[i], 0x01000193) >>> 0;
  return `${a.length}:${h.toString(16)}`;
}

// The known-good calls of rule (c): one long-lived model without trace (big enough for two threads
// to share its work) and one fresh lab.forward with trace.
const REF_MODEL = {
  batch: 1,
  tokens: 128,
  dIn: 64,
  dOut: 64,
  heads: 4,
  qkvBias: true,
  seed: 11,
  trace: false,
};
const REF_INPUTS = Float32Array.from({ length: 128 * 64 }, (_, i) => Math.sin(i * 0.37) * 0.5);
const REF_FORWARD = { batch: 2, tokens: 6, dIn: 3, dOut: 4, heads: 2, seed: 123 };
const REF_FORWARD_INPUTS = Float32Array.from(
  { length: 36 },
  (_, i) => Math.round(Math.abs(Math.cos(i)) * 100) / 100,
);

function errorSummary(error) {
  if (error === null || (typeof error !== 'object' && typeof error !== 'function'))
    return { name: typeof error, message: String(error) };
  let message;
  try {
    message = String(error.message);
  } catch {
    message = '(unreadable message)';
  }
  const stack =
    typeof error.stack === 'string'
      ? error.stack
          .split('\n')
          .slice(1, 6)
          .map((l) => l.trim())
          .join(' | ')
      : '';
  return {
    name: error.constructor?.name ?? error.name ?? '?',
    errorName: String(error.name ?? ''),
    message,
    stack,
    option: error.option,
    kind: error.kind,
  };
}

// A model kept between calls, with what the library says its options are (so that inputs of the
// right size can be made for it, and its output shape checked).
class Slot {
  static of(model, labId, clean) {
    const s = new Slot();
    const o = model.options;
    const int = (v) => (Number.isSafeInteger(v) && v > 0 ? v : NaN);
    const width = o.module === 'wrapper' ? int(o.heads) * int(o.dOut) : int(o.dOut);
    const n = int(o.batch) * int(o.tokens) * int(o.dIn);
    Object.assign(s, {
      model,
      labId,
      clean,
      disposed: false,
      note: '',
      used: false,
      // Inputs are made for n values; a model too large for that gets 16 (and refuses them).
      n: n <= 1 << 16 ? n : 16,
      outputCount:
        int(o.batch) * int(o.tokens) * width <= 1 << 20 ? int(o.batch) * int(o.tokens) * width : 16,
      expect: { shape: [o.batch, o.tokens, width], trace: o.trace },
    });
    return s;
  }
  alive() {
    return !this.disposed && this.labId === H.labId && !H.labDead;
  }
}

class Harness {
  constructor(api, build) {
    this.api = api;
    this.build = build;
    this.lab = null;
    this.labId = 0;
    this.labDead = true;
    this.deadLab = null;
    this.slots = new Array(SLOTS).fill(null);
    this.held = [];
    this.graveyard = []; // models of terminated labs, kept so that no finalizer runs on them
    this.currentModel = null;
    this.sinceCheck = 0;
    this.rebeat = () => {};
  }

  async ensureLab() {
    if (this.lab && !this.labDead) return;
    this.lab = await this.api.createAttentionLab({ threads: this.build === 'threads' ? 2 : 1 });
    this.labId += 1;
    this.labDead = false;
    if (this.refModel) this.graveyard.push(this.refModel);
    this.refModel = null;
    if (this.graveyard.length > 64) this.graveyard.splice(0, this.graveyard.length - 64);
  }

  // The known-good bits, computed once at the start (rule c compares against them).
  async start() {
    await this.ensureLab();
    this.refModel = this.lab.createModel(REF_MODEL);
    const forward = this.lab.forward({ ...REF_FORWARD, inputs: REF_FORWARD_INPUTS });
    // Copies: a result's own array may be changed by a later call (what rule b looks for).
    this.reference = {
      model: this.refModel.forward(REF_INPUTS).output.data.slice(),
      output: forward.output.data.slice(),
      weights: forward.trace.attentionWeights.data.slice(),
    };
    return {
      model: digest(this.reference.model),
      forward: digest(this.reference.output),
      weights: digest(this.reference.weights),
    };
  }

  // Rule (c): returns a list of problems (empty when both known-good calls give the reference bits).
  async knownGood() {
    this.sinceCheck = 0;
    const problems = [];
    try {
      await this.ensureLab();
      if (!this.refModel) this.refModel = this.lab.createModel(REF_MODEL);
      const out = this.refModel.forward(REF_INPUTS).output.data;
      if (!sameBits(out, this.reference.model))
        problems.push('the long-lived known-good model computed other bits than at the start');
      const res = this.lab.forward({ ...REF_FORWARD, inputs: REF_FORWARD_INPUTS });
      if (!sameBits(res.output.data, this.reference.output))
        problems.push(
          'a fresh known-good lab.forward computed other output bits than at the start',
        );
      if (!sameBits(res.trace.attentionWeights?.data, this.reference.weights))
        problems.push(
          'a fresh known-good lab.forward traced other attention weights than at the start',
        );
    } catch (error) {
      const e = errorSummary(error);
      problems.push(`the known-good calls threw ${e.name}: ${e.message}`);
    }
    return problems;
  }

  // What a Proxy does on its first read: dispose the model being called (or a slot's, in lab calls).
  disposeCurrent() {
    const model = this.currentModel ?? this.slots.find((s) => s)?.model;
    model?.dispose();
    for (const s of this.slots)
      if (s && s.model === model) {
        s.disposed = true;
        s.note = 'was disposed by a Proxy';
      }
  }

  terminateCurrent() {
    if (!this.lab || this.labDead) return;
    this.lab.terminate();
    this.deadLab = this.lab;
    this.labDead = true;
    for (const s of this.slots)
      if (s && s.labId === this.labId) s.note = 'belongs to a terminated lab';
  }

  evict(slot) {
    const s = this.slots[slot];
    this.slots[slot] = null;
    if (s && !s.disposed) s.model.dispose(); // explicitly, so a hang here is attributed to this call
  }

  slotOrCreate(slot, fallback) {
    if (!this.slots[slot])
      this.slots[slot] = Slot.of(this.lab.createModel(fallback.options), this.labId, true);
    return this.slots[slot];
  }

  hold(arrays, label) {
    for (const array of arrays) {
      if (!isFloat32(array) || array.length > 4096) continue;
      this.held.push({
        array,
        label,
        bits: new Uint32Array(array.buffer, array.byteOffset, array.length).slice(),
      });
    }
    if (this.held.length > HELD_MAX) this.held.splice(0, this.held.length - HELD_MAX);
  }

  // Rule (b), second half: results returned earlier still hold what they held.
  checkHeld() {
    const problems = [];
    for (const entry of this.held) {
      const { array, bits } = entry;
      const now =
        array.length === bits.length
          ? new Uint32Array(array.buffer, array.byteOffset, array.length)
          : null;
      if (!now || !now.every((v, i) => v === bits[i])) {
        problems.push(
          `a result returned by an earlier call (${entry.label}) changed${array.length !== bits.length ? ` (its length is now ${array.length}: its buffer was detached)` : ''}`,
        );
        entry.bits = now ? now.slice() : new Uint32Array(0);
        entry.array = array.length ? array : new Float32Array(0);
      }
    }
    this.held = this.held.filter((e) => e.array.length > 0);
    return problems;
  }

  // Runs one plan and applies the rules. Returns { outcome, key, failures, ms, restart }.
  async run(plan, index) {
    await this.ensureLab(); // slots of an earlier lab stay: calls on them test models of terminated labs
    this.currentModel = null;
    this.lastClean = true;
    const failures = [];
    const fail = (rule, message, error) =>
      failures.push({ rule, message, error: error ? errorSummary(error) : undefined });
    const t0 = performance.now();
    let outcome = 'ok';
    let key = '';
    let value;
    let threw = false;
    try {
      value = await plan.run(this);
    } catch (error) {
      threw = true;
      if (error instanceof this.api.AttentionLabError) {
        outcome = 'error';
        key = `${error.kind}:${error.option}`;
        if (
          !KINDS.has(error.kind) ||
          typeof error.option !== 'string' ||
          typeof error.message !== 'string' ||
          error.message === '' ||
          error.name !== 'AttentionLabError'
        ) {
          fail(
            'a',
            `an AttentionLabError with kind ${render(error.kind)}, option ${render(error.option)}, name ${render(error.name)}`,
            error,
          );
        } else if (error.option === '') {
          // Every documented error names its option; none means an untyped C++ exception got through.
          fail(
            'a',
            'an AttentionLabError that names no option (an untyped C++ exception got through)',
            error,
          );
        }
        if (plan.clean && this.lastClean) fail('valid-call-refused', 'a valid call threw', error);
      } else if (error instanceof FuzzMarkerError || error?.cause instanceof FuzzMarkerError) {
        outcome = 'error';
        key = 'marker';
      } else {
        outcome = 'error';
        key = `not an AttentionLabError: ${errorSummary(error).name}`;
        fail('a', 'threw an error that is not an AttentionLabError', error);
      }
    }
    const ms = performance.now() - t0;
    if (!threw) {
      let problems;
      try {
        problems = plan.check(this, value) ?? [];
        if (plan.hold && value)
          this.hold(plan.hold(value).filter(Boolean), `#${index} ${plan.kind}`);
      } catch (error) {
        problems = [
          `checking the result threw ${errorSummary(error).name}: ${errorSummary(error).message}`,
        ];
      }
      for (const p of problems) fail(plan.mustRefuse ? 'must-refuse' : 'b', p);
      try {
        plan.cleanup?.(value);
      } catch {
        /* a refused cleanup is not this call's result */
      }
    } else if (plan.mustRefuse && ms > SLOW_REFUSAL_MS) {
      fail('slow-refusal', `took ${Math.round(ms)} ms to refuse (more than ${SLOW_REFUSAL_MS} ms)`);
    }
    for (const p of this.checkHeld()) fail('b', p);
    // Rule (c): after an error, after a failure, and every so often.
    let restart = false;
    if (
      threw ||
      failures.length > 0 ||
      ++this.sinceCheck >= KNOWN_GOOD_EVERY ||
      plan.kind.startsWith('transfer') ||
      plan.kind.startsWith('write')
    ) {
      const problems = await this.knownGood();
      for (const p of problems) fail('c', p);
      // A broken known-good call means this WASM instance is corrupted: start over in a new process.
      restart = problems.length > 0;
    }
    if (
      failures.some((f) =>
        /RuntimeError|memory access out of bounds|unreachable/i.test(
          `${f.error?.name} ${f.error?.message}`,
        ),
      )
    )
      restart = true;
    if (outcome === 'ok' && failures.length > 0) outcome = 'failure';
    return { outcome, key, failures, ms, restart };
  }
}

function writeBeat(fd, record) {
  const text = JSON.stringify(record);
  const buffer = Buffer.from(text.padEnd(Math.max(4096, text.length + 1), ' '));
  fs.writeSync(fd, buffer, 0, buffer.length, 0);
}

function send(message) {
  return new Promise((resolve) => process.send(message, resolve));
}

// What the package under test documents: its error kinds (index.d.ts) and its option names.
function learnPackage(api, packagePath) {
  if (Array.isArray(api.OPTION_NAMES)) PACKAGE_OPTIONS = new Set(api.OPTION_NAMES);
  if (Array.isArray(api.STAGES)) PACKAGE_STAGE_COUNT = api.STAGES.length;
  try {
    // The package's one declaration file (index.d.mts); older packages named it index.d.ts.
    const dir = path.dirname(packagePath);
    const file = ['index.d.mts', 'index.d.ts'].find((f) => fs.existsSync(path.join(dir, f)));
    const types = fs.readFileSync(path.join(dir, file ?? 'index.d.mts'), 'utf8');
    const union = /export type ErrorKind\s*=\s*([^;]+);/.exec(types)?.[1];
    const kinds = union ? [...union.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]) : [];
    if (kinds.length) KINDS = new Set(kinds);
  } catch {
    // no declaration file beside it: keep the kinds of the API reference
  }
}

async function childMain(config) {
  const api = await import(pathToFileURL(config.package).href);
  learnPackage(api, config.package);
  H = new Harness(api, config.build);
  const references = await H.start();
  process.send({ t: 'ready', references });
  const beat = fs.openSync(config.beatFile, 'w');
  if (config.soak) return soakMain(api, beat);
  for (let i = config.from; i < config.end; ++i) {
    if (i % 16 === 0) await new Promise(setImmediate); // lets timers (terminate) and IPC run
    let plan;
    try {
      plan = generateCall(config.seed, i);
    } catch (error) {
      // A bug of this fuzzer, not of the library: stop rather than blame the library.
      await send({ t: 'harness-error', i, error: errorSummary(error) });
      process.exit(4);
    }
    H.rebeat = () => writeBeat(beat, { i, kind: plan.kind, text: plan.text });
    H.rebeat();
    process.send({ t: 'b', i });
    const result = await H.run(plan, i);
    const message = { t: 'r', i, kind: plan.kind, text: plan.text, ...result };
    if (result.restart) {
      await send(message);
      process.exit(3);
    }
    process.send(message);
  }
  await send({ t: 'done' });
  process.exit(0);
}

// ---- Soak: memory after 100,000 failing and 100,000 succeeding calls -----------------------------

const SOAK_CALLS = 100_000;
const SOAK_LIMIT = 5 * 1024 * 1024;

async function soakMain(api, beatFd) {
  const lab = H.lab;
  const inputs = Float32Array.from({ length: 12 }, (_, i) => (i % 5) / 5);
  const nan = inputs.slice();
  nan[3] = NaN;
  const shortWeights = {
    'W_query.weight': [1],
    'W_key.weight': [1],
    'W_value.weight': [1],
    'out_proj.weight': [1],
    'out_proj.bias': [1],
  };
  // Failing calls that reach the core (the errors the core raises, not the JS checks), by name.
  const failing = {
    'heads not dividing dOut': () => lab.forward({ inputs, tokens: 4, dIn: 3, dOut: 4, heads: 3 }),
    'NaN input': () => lab.forward({ inputs: nan, tokens: 4, dIn: 3 }),
    'weights of the wrong length': () =>
      lab.forward({ inputs, tokens: 4, dIn: 3, weights: shortWeights }),
    'causal with 2 heads': () =>
      lab.forward({ inputs, tokens: 4, dIn: 3, module: 'causal', heads: 2 }),
    'trace over maxTraceBytes': () => lab.forward({ inputs, tokens: 4, dIn: 3, maxTraceBytes: 16 }),
  };
  const model = lab.createModel({ tokens: 4, dIn: 3, dOut: 2, heads: 2 });
  const output = new Float32Array(8);
  const succeeding = {
    'lab.forward with trace': () => lab.forward({ inputs, tokens: 4, dIn: 3, dOut: 2, heads: 2 }),
    'lab.forward without trace': () =>
      lab.forward({ inputs, tokens: 4, dIn: 3, dOut: 2, trace: false }),
    'model.forward': () => model.forward(inputs),
    'model.forward into { output }': () => model.forward(inputs, { output }),
    'createModel, forward, dispose': () => {
      const m = lab.createModel({ tokens: 4, dIn: 3, module: 'wrapper', heads: 2 });
      m.forward(inputs);
      m.dispose();
    },
  };
  const measure = async () => {
    for (let i = 0; i < 3; ++i) {
      globalThis.gc?.();
      await new Promise(setImmediate);
    }
    // lab.diagnostics(): live Embind handles and malloc'd WASM bytes (older builds lack it).
    const diagnostics = typeof lab.diagnostics === 'function' ? lab.diagnostics() : {};
    const usage = process.memoryUsage();
    return {
      rss: usage.rss,
      heap: usage.heapUsed + usage.external,
      wasm: lab.memoryBytes(),
      handles: diagnostics.handles,
      heapInUse: diagnostics.heapBytesInUse,
    };
  };
  let beats = 0;
  const runCalls = async (name, call, count, expectErrors) => {
    let unexpected = 0;
    for (let i = 0; i < count; ++i) {
      if (i % 1000 === 0) {
        writeBeat(beatFd, { i: beats, kind: 'soak', text: `soak: ${name}, call ${i}` });
        process.send({ t: 'b', i: beats++ });
        await new Promise(setImmediate);
      }
      try {
        call();
        if (expectErrors) unexpected += 1;
      } catch (error) {
        if (!expectErrors || !(error instanceof api.AttentionLabError)) unexpected += 1;
      }
    }
    return unexpected;
  };
  // Each phase: a warm-up of each kind (one-time growth is not a leak), then SOAK_CALLS calls shared
  // out among its kinds, measured after each kind too, so that a leak can be traced to the call
  // that leaks. (The soak child runs with V8's young generation at its full size from the start:
  // its growth, 16 MB of RSS, would otherwise land in whichever kind runs when it happens.)
  const phase = async (name, calls, expectErrors) => {
    const entries = Object.entries(calls);
    for (const [kind, call] of entries) await runCalls(kind, call, 5000, expectErrors);
    const before = await measure();
    const kinds = [];
    let unexpected = 0;
    let last = before;
    for (const [kind, call] of entries) {
      unexpected += await runCalls(kind, call, SOAK_CALLS / entries.length, expectErrors);
      const now = await measure();
      kinds.push({
        kind,
        calls: SOAK_CALLS / entries.length,
        rss: now.rss - last.rss,
        heap: now.heap - last.heap,
        wasm: now.wasm - last.wasm,
      });
      last = now;
    }
    process.send({ t: 'soak', name, calls: SOAK_CALLS, before, after: last, unexpected, kinds });
  };
  await phase('failing calls', failing, true);
  await phase('succeeding calls', succeeding, false);
  await send({ t: 'done' });
  process.exit(0);
}

// ---- The parent: watchdog, restarts, counts ------------------------------------------------------

function signature(failure) {
  const text = `${failure.rule} ${failure.error ? `${failure.error.name}: ${failure.error.message}` : failure.message}`;
  return text
    .replace(/\d+(\.\d+)?(e[+-]?\d+)?/g, 'N')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 160);
}

function emptyStats(build) {
  return {
    build,
    calls: 0,
    successes: 0,
    attentionLabErrors: 0,
    markerErrors: 0,
    otherErrors: 0,
    errorsByKind: {},
    failures: [],
    hangs: [],
    crashes: [],
    restarts: 0,
    slow: [],
    references: null,
  };
}

// The command that replays call `index` alone, and the one that replays it with the history of the
// child process it ran in (which started fresh at call `start`): the exact same sequence of calls.
function reproduction(config, index, start) {
  const rel = path.relative(process.cwd(), THIS_FILE) || THIS_FILE;
  const pkg = config.package !== DEFAULT_PACKAGE ? ` --package ${config.package}` : '';
  const base = `node ${rel} --build ${config.build} --seed ${config.seed}`;
  const alone = `${base} --from ${index} --calls 1${pkg}`;
  return start === index
    ? alone
    : `${alone}   (with its history: --from ${start} --calls ${index - start + 1})`;
}

// Runs calls [from, end) of one build in child processes, restarting after a crash, a hang or a
// corrupted instance. Resolves to the build's stats.
function runBuild(config, onEvent = () => {}) {
  const stats = emptyStats(config.build);
  let next = config.from;
  let startFailures = 0;
  const beatFile = path.join(
    os.tmpdir(),
    `api-fuzz-${process.pid}-${config.build}-${Date.now()}.beat`,
  );
  const readBeat = () => {
    try {
      return JSON.parse(fs.readFileSync(beatFile, 'utf8').trim());
    } catch {
      return null;
    }
  };
  const runChild = () =>
    new Promise((resolve) => {
      const childConfig = { ...config, from: next, beatFile };
      const child = fork(THIS_FILE, ['--child', JSON.stringify(childConfig)], {
        execArgv: config.soak
          ? ['--expose-gc', '--min-semi-space-size=16', '--max-semi-space-size=16']
          : ['--expose-gc'],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      let stderr = '';
      const keep = (chunk) => {
        stderr = (stderr + chunk).slice(-4000);
        if (config.verbose) process.stderr.write(chunk);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      let current = null; // the call that has begun and not yet reported
      let lastActivity = Date.now();
      let ready = false;
      let done = false;
      let killedForHang = false;
      const watchdog = setInterval(() => {
        // Once killed, the child may take a moment to exit: record the hang once.
        if (killedForHang || Date.now() - lastActivity <= config.hangMs) return;
        killedForHang = true;
        const beat = readBeat();
        const index = current ?? beat?.i ?? next;
        const hang = {
          index,
          kind: beat?.kind,
          description: beat?.i === index ? beat.text : '(before the first call: loading the lab)',
          ms: Date.now() - lastActivity,
          reproduce: reproduction(config, index, childConfig.from),
        };
        stats.hangs.push(hang);
        onEvent({ type: 'hang', build: config.build, ...hang });
        child.kill('SIGKILL');
      }, 250);
      child.on('message', (m) => {
        lastActivity = Date.now();
        if (m.t === 'ready') {
          ready = true;
          stats.references ??= m.references;
        } else if (m.t === 'b') current = m.i;
        else if (m.t === 'r') {
          current = null;
          next = m.i + 1;
          stats.calls += 1;
          if (m.outcome === 'ok') stats.successes += 1;
          if (m.outcome === 'error') {
            if (m.key === 'marker') stats.markerErrors += 1;
            else if (m.key.startsWith('not an AttentionLabError')) stats.otherErrors += 1;
            else {
              stats.attentionLabErrors += 1;
              stats.errorsByKind[m.key] = (stats.errorsByKind[m.key] ?? 0) + 1;
            }
          }
          if (m.ms > SLOW_REFUSAL_MS)
            stats.slow.push({ index: m.i, ms: Math.round(m.ms), description: m.text });
          for (const f of m.failures) {
            const failure = {
              build: config.build,
              seed: config.seed,
              index: m.i,
              kind: m.kind,
              description: m.text,
              ...f,
              reproduce: reproduction(config, m.i, childConfig.from),
            };
            stats.failures.push(failure);
            onEvent({ type: 'failure', ...failure });
          }
          if (config.progress && stats.calls % config.progress === 0)
            onEvent({ type: 'progress', build: config.build, calls: stats.calls });
        } else if (m.t === 'soak') {
          (stats.soak ??= []).push(m);
          onEvent({ type: 'soak', build: config.build, ...m });
        } else if (m.t === 'harness-error') {
          stats.fatal = `the fuzzer itself failed generating call ${m.i}: ${m.error.name}: ${m.error.message} (${m.error.stack})`;
        } else if (m.t === 'done') done = true;
      });
      child.on('exit', (code, signal) => {
        clearInterval(watchdog);
        if (done) return resolve('done');
        if (!ready) startFailures += 1;
        if (killedForHang) {
          next = (current ?? readBeat()?.i ?? next) + 1;
          stats.restarts += 1;
          return resolve('restart');
        }
        if (code === 3) {
          stats.restarts += 1;
          return resolve('restart');
        }
        if (code === 4) return resolve('fatal');
        // A crash: the call that had begun gets the blame (an earlier call may have corrupted memory).
        const beat = readBeat();
        const index = current ?? beat?.i ?? next;
        const crash = {
          index,
          kind: beat?.kind,
          description: beat?.i === index ? beat.text : '(while loading the lab)',
          exit: signal ?? code,
          // What killed it: the last error line the child printed (an uncaught RuntimeError, ...).
          error: stderr
            .split('\n')
            .filter((l) => /(Error|Aborted|abort)\b/.test(l) && !/^\s+at /.test(l))
            .pop()
            ?.trim(),
          stderr: stderr
            .split('\n')
            .filter((l) => l.trim())
            .slice(-8)
            .join('\n'),
          earlierFailures: stats.failures.slice(-3).map((f) => f.index),
          reproduce: reproduction(config, index, childConfig.from),
        };
        stats.crashes.push(crash);
        onEvent({ type: 'crash', build: config.build, ...crash });
        next = index + 1;
        stats.restarts += 1;
        resolve(ready ? 'restart' : 'start-failed');
      });
    });
  const loop = async () => {
    while (next < config.end) {
      const how = await runChild();
      if (how === 'done' || how === 'fatal') break;
      if (how === 'start-failed' && startFailures >= 3) {
        stats.fatal = 'the child could not load the lab three times in a row';
        break;
      }
      if (config.soak) break;
    }
    try {
      fs.unlinkSync(beatFile);
    } catch {
      /* already gone */
    }
    return stats;
  };
  return loop();
}

/**
 * Runs the fuzzer: { calls, seed, build: 'single' | 'threads' | 'both', from, package, hangMs,
 * soak, verbose, onEvent }. Resolves to { ok, builds: { single?, threads? }, ... }.
 */
export async function runFuzz(options = {}) {
  const base = {
    calls: options.calls ?? 2000,
    seed: (options.seed ?? 1) >>> 0,
    from: options.from ?? 0,
    package: path.resolve(options.package ?? DEFAULT_PACKAGE),
    hangMs: options.hangMs ?? 10_000,
    soak: Boolean(options.soak),
    verbose: Boolean(options.verbose),
    progress: options.progress ?? 0,
  };
  base.end = base.soak ? 1 : base.from + base.calls;
  const builds =
    options.build === 'both' || options.build === undefined
      ? ['single', 'threads']
      : [options.build];
  const summary = {
    seed: base.seed,
    from: base.from,
    calls: base.calls,
    package: base.package,
    soak: base.soak,
    builds: {},
  };
  for (const build of builds)
    summary.builds[build] = await runBuild({ ...base, build }, options.onEvent);
  // Both builds compute the same numbers: their known-good references must agree.
  const refs = Object.values(summary.builds).map((s) => JSON.stringify(s.references));
  summary.buildsAgree = refs.length < 2 || refs.every((r) => r === refs[0]);
  summary.soakProblems = [];
  for (const s of Object.values(summary.builds)) {
    for (const p of s.soak ?? []) {
      const rss = p.after.rss - p.before.rss;
      const wasm = p.after.wasm - p.before.wasm;
      if (rss > SOAK_LIMIT || wasm > SOAK_LIMIT)
        summary.soakProblems.push(
          `${s.build}, ${p.name}: RSS +${mb(rss)}, WASM memory +${mb(wasm)} (limit 5 MB)`,
        );
      if (p.unexpected > 0)
        summary.soakProblems.push(
          `${s.build}, ${p.name}: ${p.unexpected} calls did not end as expected`,
        );
      if (p.before.handles !== undefined && p.after.handles > p.before.handles + 100)
        summary.soakProblems.push(
          `${s.build}, ${p.name}: Embind handles ${p.before.handles} → ${p.after.handles}`,
        );
    }
    if (base.soak && !(s.soak?.length === 2))
      summary.soakProblems.push(`${s.build}: the soak did not finish`);
  }
  const all = Object.values(summary.builds);
  summary.failures = all.reduce((n, s) => n + s.failures.length, 0);
  summary.hangs = all.reduce((n, s) => n + s.hangs.length, 0);
  summary.crashes = all.reduce((n, s) => n + s.crashes.length, 0);
  summary.ok =
    summary.failures === 0 &&
    summary.hangs === 0 &&
    summary.crashes === 0 &&
    summary.buildsAgree &&
    summary.soakProblems.length === 0 &&
    all.every((s) => !s.fatal);
  return summary;
}

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** A human-readable report of runFuzz()'s summary. */
export function formatSummary(summary) {
  const lines = [];
  for (const s of Object.values(summary.builds)) {
    if (summary.soak) {
      lines.push(`api-fuzz soak, ${s.build} build:`);
      for (const p of s.soak ?? []) {
        lines.push(
          `  ${p.name} (${p.calls} calls): RSS ${mb(p.before.rss)} → ${mb(p.after.rss)} (${mb(p.after.rss - p.before.rss)}), ` +
            `WASM memory ${mb(p.before.wasm)} → ${mb(p.after.wasm)} (${mb(p.after.wasm - p.before.wasm)}), Embind handles: ` +
            `${p.before.handles === undefined ? 'not exposed by the lab' : `${p.before.handles} → ${p.after.handles}`}${p.unexpected ? `, ${p.unexpected} unexpected outcomes` : ''}`,
        );
        for (const k of p.kinds ?? [])
          lines.push(
            `    ${k.kind} (${k.calls}): RSS ${k.rss >= 0 ? '+' : ''}${mb(k.rss)} (V8 heap + external ${k.heap >= 0 ? '+' : ''}${mb(k.heap)}), WASM memory +${mb(k.wasm)}`,
          );
      }
      for (const c of s.crashes)
        lines.push(`  CRASH: exit ${c.exit}: ${c.stderr.split('\n').slice(-2).join(' | ')}`);
      for (const h of s.hangs) lines.push(`  HANG: ${h.description}`);
      continue;
    }
    lines.push(
      `api-fuzz ${s.build} build, seed ${summary.seed}, calls ${summary.from}…${summary.from + summary.calls - 1}: ` +
        `${s.calls} calls: ${s.successes} succeeded, ${s.attentionLabErrors} threw an AttentionLabError, ${s.markerErrors} let our marker error through, ` +
        `${s.otherErrors} threw another error; ${s.failures.length} failures, ${s.hangs.length} hangs, ` +
        `${s.crashes.length} crashes, ${s.restarts} restarts${s.fatal ? `; STOPPED: ${s.fatal}` : ''}`,
    );
    const kinds = Object.entries(s.errorsByKind).sort((a, b) => b[1] - a[1]);
    if (kinds.length)
      lines.push(
        `  AttentionLabErrors by kind:option: ${kinds
          .slice(0, 16)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}${kinds.length > 16 ? `, … (${kinds.length} in all)` : ''}`,
      );
    const groups = new Map();
    for (const f of s.failures) {
      const key = signature(f);
      if (!groups.has(key)) groups.set(key, { count: 0, first: f, others: new Map() });
      const group = groups.get(key);
      group.count += 1;
      // Other kinds of call that met the same failure, one example each.
      const what = f.description.slice(0, 50);
      if (f.kind !== group.first.kind && !group.others.has(f.kind))
        group.others.set(f.kind, `#${f.index} ${what}…`);
    }
    for (const { count, first, others } of groups.values()) {
      const what = first.error
        ? `${first.message}: ${first.error.name}: ${first.error.message.slice(0, 200)}`
        : first.message;
      lines.push(`  FAIL [rule ${first.rule}] ×${count}: ${what}`);
      lines.push(`      first at call ${first.index}: ${first.description.slice(0, 300)}`);
      lines.push(`      reproduce: ${first.reproduce}`);
      if (others.size)
        lines.push(`      also from: ${[...others.values()].slice(0, 4).join('; ')}`);
    }
    for (const h of s.hangs) {
      lines.push(
        `  HANG at call ${h.index} (no progress for ${Math.round(h.ms / 1000)} s): ${String(h.description).slice(0, 300)}`,
      );
      lines.push(`      reproduce: ${h.reproduce}`);
    }
    for (const c of s.crashes) {
      lines.push(
        `  CRASH at call ${c.index} (exit ${c.exit}; earlier failures at ${c.earlierFailures.join(', ') || 'none'}): ${String(c.description).slice(0, 300)}`,
      );
      if (c.error) lines.push(`      killed by: ${c.error.slice(0, 300)}`);
      if (c.stderr)
        lines.push(`      stderr: ${c.stderr.split('\n').slice(-4).join(' | ').slice(0, 400)}`);
      lines.push(`      reproduce: ${c.reproduce}`);
    }
    if (s.slow.length)
      lines.push(
        `  slow calls (> ${SLOW_REFUSAL_MS} ms): ${s.slow
          .slice(0, 5)
          .map((x) => `#${x.index} ${x.ms} ms`)
          .join(', ')}`,
      );
  }
  if (!summary.buildsAgree)
    lines.push('FAIL: the single-threaded and threaded builds computed different known-good bits');
  for (const p of summary.soakProblems) lines.push(`FAIL (soak): ${p}`);
  if (summary.buildsAgree && Object.keys(summary.builds).length > 1 && !summary.soak)
    lines.push('api-fuzz: both builds computed the same known-good bits');
  const soak = summary.soak ? `, ${summary.soakProblems.length} soak problems` : '';
  lines.push(
    summary.ok
      ? 'api-fuzz: no failures'
      : `api-fuzz: ${summary.failures} failures, ${summary.hangs} hangs, ${summary.crashes} crashes${soak}`,
  );
  return lines.join('\n');
}

function parseArgs(argv) {
  const options = { build: 'both' };
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    const int = () => {
      const v = Number(value());
      if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${arg} needs a non-negative integer`);
      return v;
    };
    switch (arg) {
      case '--calls':
        options.calls = int();
        break;
      case '--seed':
        options.seed = int();
        break;
      case '--from':
        options.from = int();
        break;
      case '--build':
        options.build = value();
        break;
      case '--report':
        options.report = value();
        break;
      case '--package':
        options.package = value();
        break;
      case '--hang-ms':
        options.hangMs = int();
        break;
      case '--soak':
        options.soak = true;
        break;
      case '--verbose':
        options.verbose = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown argument ${arg}`);
    }
  }
  if (!['single', 'threads', 'both'].includes(options.build))
    throw new Error(`--build must be single, threads or both, not ${options.build}`);
  return options;
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--child') return childMain(JSON.parse(argv[1]));
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error(`api-fuzz: ${error.message} (see --help)`);
    process.exit(2);
  }
  if (options.help) {
    console.log(
      fs
        .readFileSync(THIS_FILE, 'utf8')
        .split('\n')
        .slice(1, 11)
        .map((l) => l.replace(/^\/\/ ?/, ''))
        .join('\n'),
    );
    return;
  }
  const started = Date.now();
  const summary = await runFuzz({
    ...options,
    progress: 500,
    onEvent: (e) => {
      if (e.type === 'progress') console.error(`api-fuzz: ${e.build}: ${e.calls} calls`);
      else if (e.type === 'failure')
        console.error(
          `api-fuzz: ${e.build} #${e.index} FAIL [${e.rule}] ${e.error ? `${e.error.name}: ${e.error.message}` : e.message}`.slice(
            0,
            300,
          ),
        );
      else if (e.type === 'hang')
        console.error(
          `api-fuzz: ${e.build} #${e.index} HANG: ${String(e.description).slice(0, 200)}`,
        );
      else if (e.type === 'crash')
        console.error(
          `api-fuzz: ${e.build} #${e.index} CRASH (exit ${e.exit}): ${String(e.description).slice(0, 200)}`,
        );
      else if (e.type === 'soak')
        console.error(`api-fuzz: ${e.build}: soak phase '${e.name}' done`);
    },
  });
  summary.seconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(formatSummary(summary));
  console.log(`api-fuzz: ${summary.seconds} s`);
  if (options.report) {
    fs.mkdirSync(path.dirname(path.resolve(options.report)), { recursive: true });
    fs.writeFileSync(options.report, JSON.stringify(summary, null, 2));
    console.log(`api-fuzz: report written to ${options.report}`);
  }
  process.exit(summary.ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === THIS_FILE) {
  main().catch((error) => {
    console.error(error);
    process.exit(2);
  });
}
