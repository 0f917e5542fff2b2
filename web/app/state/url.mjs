// The page's address: settings, view and the open lab's own keys as a query string, and back. A
// teacher can share "the softmax step of this sentence with 4 heads" and the link restores it.
// Pure functions of plain data; the controller is the one that writes the address bar.
import { SETTINGS, VIEW } from './settings.mjs';
import { readLenient, writeText } from '../../lib/setting-text.mjs';

/** Whether `key` is one of the lab `lab`'s own URL keys ("sqrt-dh.dh"). */
const ownKey = (key, lab) => Boolean(lab) && key.startsWith(`${lab}.`);

/** Whether `key` belongs to the open lab or the open exercise ("mask-cells.variant"). */
const openKey = (key, view) => ownKey(key, view.lab) || ownKey(key, view.exercise);

const trimmed = (view) => ({
  lab: String(view.lab ?? '').trim(),
  exercise: String(view.exercise ?? '').trim(),
});

/**
 * { settings, view, labParams } from a query string such as location.search; missing keys get
 * defaults, keys that are not settings (the hidden options among them) are ignored. `stage` is
 * accepted for `step` (a step id or a trace stage name, as the custom element's attribute).
 * labParams: the open lab's and the open exercise's own keys ("sqrt-dh.dh": "8"), as text.
 */
export function parseUrl(search) {
  const params = new URLSearchParams(search);
  if (!params.has('step') && params.has('stage')) params.set('step', params.get('stage'));
  const read = (list) =>
    Object.fromEntries(
      list.map((spec) => [
        spec.name,
        params.has(spec.name) ? readLenient(spec, params.get(spec.name)) : spec.default,
      ]),
    );
  const view = read(VIEW);
  const labParams = {};
  for (const [key, value] of params)
    if (openKey(key, trimmed(view)) && !(key in labParams)) labParams[key] = value;
  return { settings: read(SETTINGS), view, labParams };
}

/**
 * The query string ("?sentence=…&batch=2…") holding settings and view. `lab` only when one is
 * open, so a link without a lab reads as before the labs existed.
 */
export function toUrl({ settings, view }) {
  const params = new URLSearchParams();
  for (const spec of SETTINGS) params.set(spec.name, writeText(spec, settings[spec.name]));
  for (const spec of VIEW) {
    if ((spec.name === 'lab' || spec.name === 'exercise') && !view[spec.name]) continue;
    params.set(spec.name, writeText(spec, view[spec.name]));
  }
  return `?${params}`;
}

/** The query string of the whole state: settings and view, then the open lab's own keys. */
export function stateUrl(state) {
  const own = new URLSearchParams(Object.entries(labParamsOf(state))).toString();
  return `${toUrl(state)}${own ? `&${own}` : ''}`;
}

/** The open lab's and exercise's own keys of `state` (those of one no longer open are not its). */
export const labParamsOf = ({ view, labParams = {} }) =>
  Object.fromEntries(Object.entries(labParams).filter(([key]) => openKey(key, view)));

/**
 * `labParams` with a lab's patch applied: a key without the "<slug>." prefix gets it; null,
 * undefined or '' removes the key. Values are kept as text, as in the address.
 */
export function patchLabParams(labParams, slug, patch) {
  const next = { ...labParams };
  for (const [key, value] of Object.entries(patch)) {
    const name = key.startsWith(`${slug}.`) ? key : `${slug}.${key}`;
    if (value === null || value === undefined || value === '') delete next[name];
    else next[name] = String(value);
  }
  return next;
}
