// The page's one state store, plain data only: the settings the core computed with, the view (step,
// head, batch item, numbers on/off, the open lab), the open lab's own keys, the result those
// settings gave (web/app/compute.mjs: numbers, no functions) and the messages of refused inputs.
// Only the controller (web/app/controller.mjs) calls set(); the views subscribe.
import { DEFAULT_SETTINGS, DEFAULT_VIEW } from './settings.mjs';

/** No refused input: the messages part of a fresh state. */
export const NO_ERRORS = Object.freeze({ settings: null, step: null });

/**
 * The store. State: { settings, view } (the last valid ones), labParams (the open lab's own URL
 * keys, "<slug>.<key>" → text), result (the forward pass of those settings, null until the core is
 * loaded) and errors ({ settings, step }: the refused input of each kind with its message, or
 * null). `set(patch, meta)` merges settings, view and errors key by key and replaces labParams and
 * the result, then tells every subscriber (state, changed, meta): `changed` holds the setting and
 * view keys that changed, plus 'labParams', 'result' and 'errors' when those did. It returns
 * `changed`.
 */
export function createStore(initial = {}) {
  let state = Object.freeze({
    settings: { ...DEFAULT_SETTINGS, ...initial.settings },
    view: { ...DEFAULT_VIEW, ...initial.view },
    labParams: { ...initial.labParams },
    result: null,
    errors: NO_ERRORS,
  });
  const listeners = new Set();

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
        labParams: 'labParams' in patch ? patch.labParams : state.labParams,
        result: 'result' in patch ? patch.result : state.result,
        errors: merge(state.errors, patch.errors, changed, 'errors'),
      };
      if (next.result !== state.result) changed.add('result');
      if (next.labParams !== state.labParams) changed.add('labParams');
      if (changed.size === 0) return changed;
      state = Object.freeze(next);
      for (const fn of listeners) fn(state, changed, meta);
      return changed;
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
