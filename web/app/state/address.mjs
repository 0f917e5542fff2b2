// The address bar kept in step with the store, written with replaceState (no history spam).
//
// What a student sweeps, a change a frame (typing, dropout p, a lab's slider, the step under the
// scrubber), is written once the sweep rests, not in every frame: in Chromium a replaceState costs
// about a millisecond of the main thread whatever the address, a sixteenth of a frame at 60 frames
// a second, and browsers throttle a page that writes its address that often (Safari refuses more
// than 100 writes in 30 seconds). Any other change of the address writes at once, a waiting swept
// value with it; a new result alone (the same settings) leaves the address as it is.
import { stateUrl } from './url.mjs';

/** How long a sweep rests before its value is written to the address. */
export const ADDRESS_REST_MS = 250;

const SWEPT = new Set(['sentence', 'dropout', 'labParams', 'step']);

// Leaving the control being swept, by pointer or focus, writes the address at once: a link
// followed then (the embed's "open the full page", which reads the address) gets the last value.
const LEAVING = ['pointerdown', 'focusout'];

/**
 * createAddressWriter(store, { history, location, win, keep }) → sync(changed, meta), to call with
 * every change the store reports. `keep`: query keys of the embed author, written after the state.
 * `win`: the page's window, whose events of leaving a control write at once. Without history or
 * location, sync does nothing.
 */
export function createAddressWriter(store, { history, location, win = null, keep = '' }) {
  let waiting = null; // the timer of a swept value waiting for the sweep to rest
  const write = () => {
    if (waiting !== null) {
      clearTimeout(waiting);
      waiting = null;
      for (const type of LEAVING) win?.removeEventListener(type, write, true);
    }
    // A reference of query and fragment only keeps the page's path, whatever it is: a path
    // written out would make "//?…" (a page served at "//") a link to another host.
    const url = `${stateUrl(store.get())}${keep}${location.hash}`;
    if (url !== `${location.search}${location.hash}`) history.replaceState(null, '', url);
  };
  const writeAtRest = () => {
    if (waiting === null) for (const type of LEAVING) win?.addEventListener(type, write, true);
    else clearTimeout(waiting);
    waiting = setTimeout(write, ADDRESS_REST_MS);
  };
  return (changed, meta) => {
    if (!history || !location) return;
    const keys = [...changed].filter((k) => k !== 'result' && k !== 'errors');
    if (keys.length === 1 && SWEPT.has(keys[0]) && meta.source === 'ui') writeAtRest();
    else if (keys.length) write();
  };
}
