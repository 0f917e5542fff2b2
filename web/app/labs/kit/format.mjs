// How the labs write numbers: 4 decimals in tables (the notebook prints 4), a readable form in
// sentences, the exact float32 in data-value so that the tests compare the screen with the API,
// and big counts grouped by thousands.
import { h } from '../../render/h.mjs';
import { fmt, exact, readable } from '../../ui/format.mjs';

export { fmt, exact, readable };

/** "12,345,678" */
export const grouped = (n) => n.toLocaleString('en-US');

/** A measured number: readable on screen, exact in data-value (data-quantity names it). */
export const value = (name, v, text = readable(v)) =>
  h('span', { class: 'lab-value', dataset: { quantity: name, value: exact(v) } }, text);
