// The record of every map on the page: what to paint (its spec), where (its canvas, the ring that
// marks the inspected cell, the band that marks a linked row or column), how it was last laid out,
// and its accessible table. One record per map element, never shared: a step patched in place
// (render/patch.mjs) gives the map on the screen a record of its own built from the new drawing's,
// and remembers which map on the screen shows the new drawing's map, for the views' handles.
import { h } from '../ui/dom.mjs';

const MAPS = new WeakMap(); // .map element → its record
const SHOWN_AS = new WeakMap(); // .map element drawn but not shown → the one on the screen

/**
 * Registers a map element. record: { spec (for paintMap, without colours and base), canvas, ring
 * (the focus ring element), link (the linked band's element), table (or null), eager (its table
 * belongs in the page with it, not on demand), buildTable() → table, refillTable(table, { later })
 * → whether it writes its numbers into that table (now, or after the frame), describe(r, c) →
 * lines, onInspect?(r, c, on) }.
 */
export function registerMap(el, record) {
  MAPS.set(el, { ...record, el, layout: null });
}

/** Whether `el` is a registered map. */
export const isMap = (el) => MAPS.has(el);

/** The map on the screen that shows `el`: `el` itself, or the map a patch gave its numbers. */
export const onScreen = (el) => (el && SHOWN_AS.get(el)) ?? el;

/** A map's record as painted: { spec, layout, canvas, … } (for the exports), or undefined. */
export const mapEntry = (el) => MAPS.get(onScreen(el));

/**
 * The map `old` on the screen takes the numbers of `fresh`, drawn for the new result but never
 * shown: a record of its own with what `fresh` describes (its spec, its table, its hover text) and
 * the canvas, ring, link and layout `old` already has. Returns the new record.
 */
export function adoptMap(old, fresh) {
  const kept = MAPS.get(old);
  const drawn = MAPS.get(fresh);
  const record = {
    ...drawn,
    spec: { ...drawn.spec }, // painting writes the base font and theme into it
    el: old,
    canvas: kept.canvas,
    ring: kept.ring,
    link: kept.link,
    layout: kept.layout,
  };
  MAPS.set(old, record);
  SHOWN_AS.set(fresh, old);
  return record;
}

/** Puts `canvas` (one the page already set up) in the place of the canvas a map was drawn with. */
export function useCanvas(el, canvas) {
  const record = MAPS.get(el);
  if (!record) return;
  record.canvas.replaceWith(canvas);
  record.canvas = canvas;
}

/** A map's table, built now, in its visually hidden wrapper. */
export const tableWrap = (record) => h('div', { class: 'sr-table' }, record.buildTable());

/** The table of a map, built now if it was left for later. */
export function ensureTable(el) {
  const record = mapEntry(el);
  if (!record) return null;
  if (!record.table) {
    record.table = tableWrap(record);
    record.el.append(record.table);
  }
  return record.table.querySelector('table');
}

/** Builds the tables of the maps under `root` that belong in the page with them (eager). */
export function placeTables(root) {
  for (const el of root.querySelectorAll('.map')) if (mapEntry(el)?.eager) ensureTable(el);
}
