// What a host holds of a mount (mount.mjs: the lesson; mount-lab.mjs: one lab alone): copies of
// the state and the result, never the store itself, so that every change still goes through the
// controller; and which of a store change's keys a host hears of.
import { toUrl } from './state/url.mjs';

// 'result', 'errors' and the lab's own keys are not state a host can set.
const NOT_HOST_STATE = new Set(['result', 'errors', 'labParams']);

/** The setting and view keys a store change touched, for onChange. */
export const stateKeys = (changed) => new Set([...changed].filter((k) => !NOT_HOST_STATE.has(k)));

/** A store listener that tells the host (onChange) which of its keys changed, once drawn. */
export const hostReport =
  (onChange, hostState) =>
  (state, changed, { source }) => {
    const keys = stateKeys(changed);
    if (source === 'initial' && changed.has('result')) keys.add('initial');
    if (keys.size) onChange({ state: hostState(), changed: keys, source });
  };

/** The handle of a mount: { ready, state, query, result, hasResult, lab, update(), destroy() }. */
export function createHandle(store, controller, { lab, destroy }) {
  return {
    /** Resolves (with this handle) once the core is loaded and the first state is drawn. */
    ready: null,
    /** { settings, view }: the last valid state. */
    get state() {
      const { settings, view } = store.get();
      return { settings: { ...settings }, view: { ...view } };
    },
    /** The query string of the state (the page's URL format). */
    get query() {
      return toUrl(store.get());
    },
    /** The last valid computation: { settings, tokens, trace, output, weights, sizes }, plain data. */
    get result() {
      return controller.handOut(store.get().result);
    },
    /** Whether there is a valid computation yet (without handing it out as .result does). */
    get hasResult() {
      return Boolean(store.get().result);
    },
    get lab() {
      return lab();
    },
    /**
     * Applies { settings?, view? } (partial). Settings are recomputed; an invalid one shows the
     * core's message and keeps the last valid state. Returns { ok, error? }.
     */
    update(patch, options) {
      if (!store.get().result) throw new Error('mountAttentionLab: not ready yet (await .ready)');
      return controller.update(patch, options);
    },
    /** Removes the UI and every listener; the lab itself is left to its owner. */
    destroy,
  };
}
