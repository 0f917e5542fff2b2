// The controller: the one writer of the store and of the address bar. Input (the controls, the
// stepper, the keyboard, the element's attributes, a script's update(), a lab's own keys) becomes a
// candidate state; settings are recomputed by the core, and only a valid result is stored, together
// with the view fitted to it. A refused input is stored as an error beside the last valid state,
// which stays drawn. With history and location, the state is mirrored into the URL.
import { compute, withNeeds, isInputError } from './compute.mjs';
import { DEFAULT_SETTINGS, SETTINGS, VIEW } from './state/settings.mjs';
import { labParamsOf, patchLabParams } from './state/url.mjs';
import { createAddressWriter } from './state/address.mjs';
import { afterPaint } from './ui/frame.mjs';
import { needsOf, needsAround } from './state/needs.mjs';
import { STEPS, findStep } from './stages/index.mjs';
import { stepError } from './errors.mjs';
import { MAX_SENTENCE_CHARS } from '../lib/vocabulary.mjs';

const SETTING_NAMES = new Set(SETTINGS.map((s) => s.name));
const THEMES = VIEW.find((v) => v.name === 'theme').choices;

/**
 * The view fitted to a result: a step that exists (the first one otherwise), a head and a batch
 * item the result has ('all' and the first item otherwise), numbers on unless switched off, the
 * lab as asked, a theme the page has (the system's otherwise).
 */
export function fitView(view, { sizes }) {
  const step = Math.max(0, findStep(String(view.step)));
  const head = String(view.head);
  const index = Number(head);
  const item = Number(view.item);
  return {
    step: STEPS[step].slug,
    head: head !== 'all' && Number.isInteger(index) && index >= 0 && index < sizes.h ? head : 'all',
    item: Number.isInteger(item) ? Math.max(0, Math.min(sizes.B - 1, item)) : 0,
    numbers: view.numbers !== false && view.numbers !== 'false',
    // Any text: the lab panel names an unknown slug rather than dropping it silently.
    lab: String(view.lab ?? '').trim(),
    theme: THEMES.includes(view.theme) ? view.theme : 'system',
    exercise: String(view.exercise ?? '').trim(),
  };
}

/** What the view `view` will read besides the pass, once fitted (state/needs.mjs). */
const needsFor = (view) =>
  needsOf({
    step: STEPS[Math.max(0, findStep(String(view.step)))].slug,
    lab: String(view.lab ?? '').trim(),
  });

const differs = (patch, current) =>
  Object.keys(patch).filter((k) => !Object.is(patch[k], current[k]));

/** `view` on one of the steps `shown` (the first of them for another one); null shows all. */
const fitShown = (view, shown) =>
  shown && !shown.includes(view.step) ? { ...view, step: shown[0] } : view;

/**
 * createController(store, { onError, win, history, location, keepQuery, shown, strings });
 * attach(lab) once the core is loaded, then start(). The trained weights are read
 * (lab.loadWeights) the first time a setting asks for them, never before. `win`: the page's
 * window, for work after the frame. `history` and `location`: the page's, to mirror the state
 * into its URL (state/address.mjs), with `keepQuery` (the embed author's keys, "&steps=…") after
 * the state.
 * `shown`: the slugs of the steps an embed shows, null for all; `strings`: the interface's words.
 */
export function createController(store, options = {}) {
  const { onError = () => {}, history = null, location = null, win, keepQuery = '' } = options;
  const fit = (view, result) => fitShown(fitView(view, result), options.shown);
  const syncUrl = createAddressWriter(store, { history, location, win, keep: keepQuery });
  const order = options.shown ?? STEPS.map((step) => step.slug); // the steps in the stepper
  // Every change of the state: stored, then mirrored into the address.
  const commit = (patch, meta) => syncUrl(store.set(patch, meta), meta);
  let lab = null;
  let trained = null; // the TrainedModel, once loaded
  let loading = null; // its promise while it loads
  let asked = 0; // the latest settings waiting for it: only they are applied when it arrives
  // The results handed to a script (handOut), each with its weights read.
  const handedOut = new WeakMap();

  function loadTrained() {
    loading ??= lab.loadWeights('trained').then(
      (model) => (trained = model),
      (err) => {
        loading = null; // a failed read is tried again by the next request
        throw err;
      },
    );
    return loading;
  }

  // What `candidate` waits for before it computes, { load, key (the setting that asked) }, or
  // null: the trained weights (which bring the tokenizer), or the tokenizer for a sentence whose
  // tokens the library does not carry (only the presets' and set-ups' sentences are). A sentence
  // refused before tokenising (empty, too long) is refused at once.
  function missingFor(candidate) {
    if (candidate.weights === 'trained' && !trained) return { load: loadTrained, key: 'weights' };
    const { sentence } = candidate;
    const text = typeof sentence === 'string' ? sentence.trim() : '';
    if (text !== '' && sentence.length <= MAX_SENTENCE_CHARS && !lab.canTokenize(text))
      return { load: () => lab.loadTokenizer(), key: 'sentence' };
    return null;
  }

  // Settings that need a file before it loads: computed once it is read (if no later settings
  // came first), or refused with the reason it could not be read.
  function applyWhenLoaded(candidate, key, meta, missing) {
    const ticket = ++asked;
    return missing.load().then(
      () => (ticket === asked ? applySettings(candidate, key, meta) : { ok: true }),
      (error) => {
        if (ticket === asked) refuse(error, candidate, missing.key, meta);
        return { ok: false, error };
      },
    );
  }

  // Computes with `candidate` (`fresh`: nothing of the last pass reused); a valid result is stored.
  function applySettings(candidate, key, meta, fresh = false) {
    const missing = missingFor(candidate);
    if (missing) return { ok: true, pending: applyWhenLoaded(candidate, key, meta, missing) };
    ++asked; // settings that need no loading overtake those still waiting for it
    const { view, result: last } = store.get();
    let result;
    try {
      result = compute(lab, candidate, trained, needsFor(view), fresh ? null : last);
    } catch (err) {
      if (!isInputError(err)) throw err;
      refuse(err, candidate, key, meta);
      return { ok: false, error: err };
    }
    commit(
      {
        settings: candidate,
        result,
        view: fit(view, result),
        errors: { settings: null },
      },
      meta,
    );
    return { ok: true };
  }

  function refuse(error, asked, key, meta) {
    onError(error);
    commit({ errors: { settings: { error, key, asked } } }, meta);
  }

  function refuseStep(value, meta) {
    const error = stepError(value, options.strings);
    onError(error);
    commit({ errors: { step: { error } } }, meta);
    return { ok: false, error };
  }

  function setView(patch, source) {
    const { view, result, labParams } = store.get();
    const next = fit({ ...view, ...patch }, result);
    // Another lab or exercise: the keys of the one closed are no longer the page's.
    const same = next.lab === view.lab && next.exercise === view.exercise;
    const own = same ? {} : { labParams: labParamsOf({ view: next, labParams }) };
    // What the new step or lab reads besides the pass, computed before the view shows it; for a
    // new step, what the steps next to it read too, after the frame (the view draws them ahead).
    const shown = withNeeds(lab, result, needsOf(next));
    commit({ view: next, result: shown, ...own }, { source });
    if (next.step !== view.step) afterPaint(win, () => addNeighbours(shown));
  }

  // The extras of the steps next to the shown one, for the pass `result` unless it has gone: the
  // same pass (source 'ahead'). The mask step's other route is a second pass, not for a frame.
  function addNeighbours(result) {
    const { view, result: now } = store.get();
    if (now !== result) return;
    const more = withNeeds(lab, result, needsAround(view, order));
    if (more !== result) commit({ result: more }, { source: 'ahead' });
  }

  return {
    attach(loaded) {
      lab = loaded;
    },

    /**
     * Before start(): reads the trained weights, or the tokenizer, if the first settings need
     * them. Resolves with null, or with the error that kept them from loading (start() then
     * shows it).
     */
    async prepare() {
      const missing = missingFor(store.get().settings);
      if (!missing) return null;
      return missing.load().then(
        () => null,
        (error) => error,
      );
    },

    /**
     * The first state: the asked settings, or the defaults under the message if they are invalid
     * (the controls keep showing what was asked for). An unknown step is named in the banner.
     * `loadError`: prepare()'s error, shown under the setting it names (the weights switch, or
     * the sentence for the tokenizer).
     */
    start(loadError = null) {
      const meta = { source: 'initial' };
      const { settings: first, view } = store.get();
      const outcome = loadError ? { ok: false } : applySettings(first, undefined, meta);
      if (!outcome.ok) {
        const result = compute(lab, DEFAULT_SETTINGS, null, needsFor(view));
        commit({ settings: { ...DEFAULT_SETTINGS }, result, view: fit(view, result) }, meta);
        if (loadError) refuse(loadError, first, loadError.option || 'weights', meta);
      }
      if (view.step !== '' && view.step !== undefined && findStep(String(view.step)) < 0)
        refuseStep(view.step, meta);
    },

    /** More of the sentence is on its way: drop settings waiting for a file (they are older). */
    typing() {
      ++asked;
    },

    /** The controls changed `key`: their values are the candidate. */
    edit(candidate, key) {
      return applySettings({ ...store.get().settings, ...candidate }, key, { source: 'ui' });
    },

    setView,

    /** The open lab or exercise `slug` changed its own URL keys (a key without the prefix gets it). */
    setLabParams(slug, patch) {
      const { view, labParams } = store.get();
      if (view.lab !== slug && view.exercise !== slug) return;
      commit({ labParams: patchLabParams(labParams, slug, patch) }, { source: 'ui' });
    },

    /** `result` as a script reads it: with the module's weights (null but for mha). */
    handOut(result) {
      if (!result) return result;
      if (!handedOut.has(result))
        handedOut.set(result, withNeeds(lab, result, { weights: true, preview: false }));
      return handedOut.get(result);
    },

    /** H: the next head alone, then all heads again. */
    cycleHead() {
      const { view, result } = store.get();
      const next = view.head === 'all' ? 0 : Number(view.head) + 1;
      setView({ head: next >= result.sizes.h ? 'all' : String(next) }, 'ui');
    },

    /**
     * Applies { settings?, view? } (partial) from outside. Settings that changed are recomputed
     * (all with `recompute`: the lab's own tensors changed); other keys are ignored. { ok, error? }
     */
    update({ settings = {}, view } = {}, { source = 'api', recompute = false } = {}) {
      const current = store.get().settings;
      const known = Object.fromEntries(
        Object.entries(settings).filter(([k]) => SETTING_NAMES.has(k)),
      );
      const changed = differs(known, current);
      let outcome = { ok: true };
      if (changed.length || recompute)
        outcome = applySettings({ ...current, ...known }, changed[0], { source }, recompute);
      // Back to the valid settings: the refusal no longer applies.
      else if (Object.keys(known).length) commit({ errors: { settings: null } }, { source });
      if (view?.step !== undefined) {
        if (findStep(String(view.step)) < 0) return refuseStep(view.step, { source });
        commit({ errors: { step: null } }, { source });
      }
      if (view) setView(view, source);
      return outcome;
    },
  };
}
