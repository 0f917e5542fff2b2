// The page's one state store: the settings the core computes with, plus the view (step, head,
// batch item, numbers on/off). The URL query string mirrors the whole state, so a teacher can share
// "the softmax step of this sentence with 4 heads" and the link restores it.

/** Every setting of a forward pass, under the JS API's own option names. */
export const SETTINGS = Object.freeze([
  { key: 'sentence', type: 'string', def: 'Your journey starts with one step' },
  { key: 'dIn', type: 'int', def: 3 },
  { key: 'dOut', type: 'int', def: 2 },
  { key: 'heads', type: 'int', def: 2 },
  { key: 'batch', type: 'int', def: 2 },
  { key: 'dropout', type: 'number', def: 0.5 },
  { key: 'training', type: 'bool', def: false },
  { key: 'seed', type: 'int', def: 123 },
  { key: 'qkvBias', type: 'bool', def: false },
  { key: 'causal', type: 'bool', def: true },
  { key: 'masking', type: 'enum', values: ['neg-inf', 'naive'], def: 'neg-inf' },
  { key: 'layout', type: 'enum', values: ['fused', 'loop'], def: 'fused' },
  { key: 'module', type: 'enum', values: ['mha', 'wrapper', 'causal'], def: 'mha' },
]);

/** What is looked at: the step (its slug), one head or all, which batch item, numbers in cells. */
export const VIEW = Object.freeze([
  { key: 'step', type: 'string', def: '' },
  { key: 'head', type: 'string', def: 'all' },
  { key: 'item', type: 'int', def: 0 },
  { key: 'numbers', type: 'bool', def: true },
]);

const defaults = (list) => Object.fromEntries(list.map((s) => [s.key, s.def]));
export const DEFAULT_SETTINGS = Object.freeze(defaults(SETTINGS));
export const DEFAULT_VIEW = Object.freeze(defaults(VIEW));

// Reads one URL value; anything unreadable keeps its raw text so the control can show it and the
// core can say what is wrong with it.
function readValue(spec, raw) {
  switch (spec.type) {
    case 'int':
    case 'number':
      return raw.trim() === '' ? raw : Number(raw);
    case 'bool':
      if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
      if (['0', 'false', 'off', 'no'].includes(raw)) return false;
      return spec.def;
    default:
      return raw;
  }
}

function writeValue(spec, value) {
  if (spec.type === 'bool') return value ? 'true' : 'false';
  return String(value);
}

/**
 * { settings, view } from a query string such as location.search; missing keys get defaults.
 * `stage` is accepted for `step` (a step id or a trace stage name, as the custom element's
 * attribute).
 */
export function parseUrl(search) {
  const params = new URLSearchParams(search);
  if (!params.has('step') && params.has('stage')) params.set('step', params.get('stage'));
  const read = (list) =>
    Object.fromEntries(
      list.map((spec) => [spec.key, params.has(spec.key) ? readValue(spec, params.get(spec.key)) : spec.def]),
    );
  return { settings: read(SETTINGS), view: read(VIEW) };
}

/** The query string ("?sentence=…&dIn=3…") holding the whole state. */
export function toUrl({ settings, view }) {
  const params = new URLSearchParams();
  for (const spec of SETTINGS) params.set(spec.key, writeValue(spec, settings[spec.key]));
  for (const spec of VIEW) params.set(spec.key, writeValue(spec, view[spec.key]));
  return `?${params}`;
}

/**
 * A tiny observable store. `set({ settings?, view? })` merges, notifies subscribers with the new
 * state and what changed, and mirrors the state into the URL (replaceState: no history spam).
 */
export function createStore(initial, { history = globalThis.history, location = globalThis.location } = {}) {
  let state = { settings: { ...initial.settings }, view: { ...initial.view } };
  const listeners = new Set();

  const syncUrl = () => {
    if (!history || !location) return;
    const url = `${location.pathname}${toUrl(state)}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
  };

  return {
    get: () => state,
    set(patch) {
      const changed = new Set();
      const next = { settings: { ...state.settings }, view: { ...state.view } };
      for (const part of ['settings', 'view']) {
        for (const [key, value] of Object.entries(patch[part] ?? {})) {
          if (!Object.is(next[part][key], value)) changed.add(key);
          next[part][key] = value;
        }
      }
      if (changed.size === 0) return;
      state = next;
      syncUrl();
      for (const fn of listeners) fn(state, changed);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    syncUrl,
  };
}
