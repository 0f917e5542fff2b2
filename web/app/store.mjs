// The page's one state store: the settings the core computes with, the view (step, head, batch
// item, numbers on/off), the result those settings gave and the messages of refused inputs. The
// URL query string mirrors settings and view, so a teacher can share "the softmax step of this
// sentence with 4 heads" and the link restores it. The settings are the core's own options
// (web/lib/contract.mjs): their names, types, defaults and choices are read from its table here.
import { OPTIONS } from '../lib/contract.mjs';

/** The core's options this page does not offer, each with the reason. */
export const HIDDEN_OPTIONS = Object.freeze({
  tokens: 'T follows from the sentence: it is the number of its tokens',
  trace: 'the page shows every stage, so it always asks for the trace',
  maxTraceBytes: "the page's own limits (LIMITS in compute.mjs) keep a pass far below it",
  maxFlops: "the page's own limits (LIMITS in compute.mjs) keep a pass far below it",
  scale: 'the stepper always shows the ÷ √d_h step; turning it off is a lab of its own',
  dropoutSeed: "the stepper draws one model's dropout; the notebook's re-seeded dropout is a lab",
  dropoutRng: "the stepper shows the notebook's (CPU) mask; the other platform's is a lab",
  forgottenTranspose: 'the stepper shows the transpose done right; forgetting it is a lab',
});

/**
 * Choices the stepper offers where it offers fewer than the core: it walks the classes that have
 * every step (a mask, heads, a merge); the notebook's earlier classes are drawn by the labs.
 */
export const PAGE_CHOICES = Object.freeze({
  module: Object.freeze(['causal', 'wrapper', 'mha']),
});

/**
 * The page's teaching defaults where they differ from the API's. The API starts from the smallest
 * model; the page starts from the lecture's own set-up, so the first view is the lecture's example.
 */
export const PAGE_DEFAULTS = Object.freeze({
  heads: 2, // the lecture's MultiHeadAttention(…, num_heads=2): two heads to compare
  batch: 2, // the lecture stacks its sentence twice: torch.stack((inputs, inputs))
  dropout: 0.5, // the lecture's dropout example, Dropout(0.5); it acts only in training mode
});

/** The text the page tokenizes: not an option of the core, which takes embeddings. */
const SENTENCE = Object.freeze({
  name: 'sentence',
  type: 'text',
  default: 'Your journey starts with one step',
});

/**
 * Which weights the block computes with: the lecture's seeded random ones (every setting below
 * applies), or the language model trained on the Brown Corpus (lab.loadWeights('trained'), read
 * only when asked for; its block is fixed by the weights file). Not an option of the core either.
 */
export const WEIGHTS_SETTING = Object.freeze({
  name: 'weights',
  type: 'choice',
  choices: Object.freeze(['random', 'trained']),
  default: 'random',
  meaning: 'the weights',
  help:
    "which weights the block computes with; random: the lecture's seeded weights (every pattern " +
    'is noise); trained: a small language model trained on the Brown Corpus, whose heads have ' +
    'measured roles',
});

/** The settings that are the page's own, not options of the core. */
export const PAGE_SETTINGS = Object.freeze(['sentence', 'weights']);

/**
 * Every setting of a forward pass, under the JS API's own option names: the sentence and the
 * weights, then the core's options in its (lecture) order, with the page's defaults.
 */
export const SETTINGS = Object.freeze([
  SENTENCE,
  WEIGHTS_SETTING,
  ...OPTIONS.filter((o) => !(o.name in HIDDEN_OPTIONS)).map((o) =>
    Object.freeze({
      ...o,
      default: o.name in PAGE_DEFAULTS ? PAGE_DEFAULTS[o.name] : o.default,
      ...(o.name in PAGE_CHOICES ? { choices: PAGE_CHOICES[o.name] } : {}),
    }),
  ),
]);

/**
 * What is looked at: the step (its slug), one head or all, which batch item, numbers in cells, and
 * the open lab (its slug, '' for none; the full page draws it, web/app/labs/).
 */
export const VIEW = Object.freeze([
  { name: 'step', type: 'text', default: '' },
  { name: 'head', type: 'text', default: 'all' },
  { name: 'item', type: 'integer', default: 0 },
  { name: 'numbers', type: 'boolean', default: true },
  { name: 'lab', type: 'text', default: '' },
]);

const SETTING = new Map(SETTINGS.map((s) => [s.name, s]));
// Store listeners get one set of changed names, so a view key must never shadow a setting.
for (const v of VIEW)
  if (SETTING.has(v.name)) throw new Error(`view key '${v.name}' is also a setting`);

/** The setting's description (the core's table entry, or the sentence's). */
export const setting = (name) => SETTING.get(name);

/** The allowed values of a choice option, from the core's table. */
export const choicesOf = (name) => SETTING.get(name).choices;

const defaults = (list) => Object.fromEntries(list.map((s) => [s.name, s.default]));
export const DEFAULT_SETTINGS = Object.freeze(defaults(SETTINGS));
export const DEFAULT_VIEW = Object.freeze(defaults(VIEW));

const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no'];

/**
 * One value as text (a URL value, an attribute) → the setting's type. What does not read as its
 * type stays as the text given, so the core's message names it ("heads = 'two': … an integer").
 */
export function readValue(spec, raw) {
  const text = raw.trim();
  if (spec.type === 'integer' || spec.type === 'number') {
    if (text === '') return '';
    return Number.isNaN(Number(text)) ? raw : Number(text);
  }
  if (spec.type === 'boolean') {
    if (TRUE_WORDS.includes(text.toLowerCase())) return true;
    if (FALSE_WORDS.includes(text.toLowerCase())) return false;
  }
  return raw;
}

const writeValue = (spec, value) =>
  spec.type === 'boolean' ? String(value === true) : String(value);

/**
 * { settings, view } from a query string such as location.search; missing keys get defaults, keys
 * that are not settings (the hidden options among them) are ignored. `stage` is accepted for
 * `step` (a step id or a trace stage name, as the custom element's attribute).
 */
export function parseUrl(search) {
  const params = new URLSearchParams(search);
  if (!params.has('step') && params.has('stage')) params.set('step', params.get('stage'));
  const read = (list) =>
    Object.fromEntries(
      list.map((spec) => [
        spec.name,
        params.has(spec.name) ? readValue(spec, params.get(spec.name)) : spec.default,
      ]),
    );
  return { settings: read(SETTINGS), view: read(VIEW) };
}

/**
 * The query string ("?sentence=…&batch=2…") holding settings and view. `lab` only when one is
 * open, so a link without a lab reads as before the labs existed.
 */
export function toUrl({ settings, view }) {
  const params = new URLSearchParams();
  for (const spec of SETTINGS) params.set(spec.name, writeValue(spec, settings[spec.name]));
  for (const spec of VIEW) {
    if (spec.name === 'lab' && !view.lab) continue;
    params.set(spec.name, writeValue(spec, view[spec.name]));
  }
  return `?${params}`;
}

/**
 * The open lab's own URL keys ("sqrt-dh.dh"), from a query string: the lab writes them
 * (ctx.setParams), the store keeps them while that lab stays open.
 */
export function labParams(search, lab) {
  const own = new URLSearchParams();
  if (!lab) return own;
  for (const [key, value] of new URLSearchParams(search))
    if (key.startsWith(`${lab}.`)) own.append(key, value);
  return own;
}

/** No refused input: the messages part of a fresh state. */
export const NO_ERRORS = Object.freeze({ settings: null, step: null });

/**
 * The store. State: { settings, view } (the last valid ones), result (the forward pass of those
 * settings, null until the core is loaded) and errors ({ settings, step }: the refused input of
 * each kind with its message, or null). `set(patch, meta)` merges settings, view and errors key by
 * key and replaces the result, then tells every subscriber (state, changed, meta): `changed` holds
 * the setting and view keys that changed, plus 'result' and 'errors' when those did. With
 * history and location, settings and view are mirrored into the URL (replaceState: no history
 * spam; a typed sentence after the frame is painted). Only the controller calls set(); the views
 * subscribe.
 */
export function createStore(
  initial,
  { history = globalThis.history, location = globalThis.location } = {},
) {
  let state = Object.freeze({
    settings: { ...DEFAULT_SETTINGS, ...initial.settings },
    view: { ...DEFAULT_VIEW, ...initial.view },
    result: null,
    errors: NO_ERRORS,
  });
  const listeners = new Set();

  let urlLater = null;
  const syncUrl = () => {
    urlLater = null;
    if (!history || !location) return;
    const own = labParams(location.search, state.view.lab).toString();
    const url = `${location.pathname}${toUrl(state)}${own ? `&${own}` : ''}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`)
      history.replaceState(null, '', url);
  };
  // Writing the address bar costs Chromium 1 to 10 ms with a 64-token sentence: while a student
  // types, it waits until the new maps are painted (an earlier set() writes it first).
  const syncUrlAfterPaint = () => {
    if (urlLater !== null || !history || !location) return;
    const frame = globalThis.requestAnimationFrame ?? ((fn) => setTimeout(fn, 0));
    const ticket = (urlLater = {});
    frame(() => setTimeout(() => ticket === urlLater && syncUrl(), 0));
  };

  // A part of the state merged key by key; the keys whose value changed go into `changed`.
  const merge = (before, patch, changed, name = null) => {
    const after = { ...before, ...patch };
    for (const key of Object.keys(patch ?? {})) {
      if (!Object.is(before[key], after[key])) changed.add(name ?? key);
    }
    return after;
  };

  return {
    get: () => state,
    set(patch, meta = {}) {
      const changed = new Set();
      const next = {
        settings: merge(state.settings, patch.settings, changed),
        view: merge(state.view, patch.view, changed),
        result: 'result' in patch ? patch.result : state.result,
        errors: merge(state.errors, patch.errors, changed, 'errors'),
      };
      if (next.result !== state.result) changed.add('result');
      if (changed.size === 0) return;
      state = Object.freeze(next);
      const keys = [...changed].filter((k) => k !== 'result' && k !== 'errors');
      if (keys.length === 1 && keys[0] === 'sentence' && meta.source === 'ui') syncUrlAfterPaint();
      else if (keys.length || urlLater !== null) syncUrl();
      for (const fn of listeners) fn(state, changed, meta);
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
