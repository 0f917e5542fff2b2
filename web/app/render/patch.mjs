// A step drawn again for new numbers (another sentence, seed or mode) usually has the structure
// of the step on the screen: the same figures, maps and paragraphs, other numbers and tokens.
// Rather than putting a new section in the page (whose style and layout the browser then computes
// from scratch, for every element of a step of many heads), the section on the screen is patched
// to read as the new one: text and attributes that differ are copied over, small parts that
// differ in shape are swapped, and every map keeps its element and canvas and takes the new map's
// numbers (render/maps.mjs adoptMap), to be painted again. A change of a map's place or count
// (another head shown, a T × T step turned into a (B,T,D) one) is not patched: the step is drawn
// anew.
import { isMap, adoptMap, tableWrap } from './maps.mjs';
import { takeFrame } from '../ui/table.mjs';

const hasMaps = (node) =>
  node.nodeType === Node.ELEMENT_NODE && (isMap(node) || node.querySelector('.map') !== null);

// The style of these is written once they are in the page: by render/layout.mjs when it lays the maps
// out (widths, the grid of heads, the columns of a row of figures or of an equation), by the view
// on the section (the stepper's height); the new step's elements have not been laid out, so theirs
// is no guide.
const LAID_OUT = '.stage, .map, .tables, .map-canvas, .map-canvas > *, .figure-row, .equation';

// Attributes are read by name (getAttributeNames, getAttribute): going through `attributes`
// makes Chromium create an Attr object for each, and keep it, for every element patched.
function copyAttributes(old, fresh) {
  // What a reader switched is a property, no longer its attribute (a radio button, a checkbox).
  if (old instanceof HTMLInputElement) old.checked = fresh.checked;
  const names = fresh.getAttributeNames();
  const had = old.getAttributeNames();
  if (
    had.length === names.length &&
    names.every((n) => old.getAttribute(n) === fresh.getAttribute(n))
  )
    return;
  const keepStyle = old.matches(LAID_OUT);
  for (const name of had)
    if (!fresh.hasAttribute(name) && !(keepStyle && name === 'style')) old.removeAttribute(name);
  for (const name of names) {
    if (keepStyle && name === 'style') continue;
    const value = fresh.getAttribute(name);
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (keepStyle) {
    // A head's colour is the one style of a map that is not its layout.
    const colour = fresh.style.getPropertyValue('--head');
    if (old.style.getPropertyValue('--head') !== colour)
      colour ? old.style.setProperty('--head', colour) : old.style.removeProperty('--head');
  }
}

/**
 * Patches `old` (on the page) to read as `fresh` (drawn, never shown), or, with job.apply false,
 * only says whether it can be: false when a map would have to be replaced or moved. job.reading
 * collects the maps whose table the reader is in.
 */
function patchNode(old, fresh, job) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName)
    return swap(old, fresh, job.apply);
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (job.apply && old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return true;
  }
  if (isMap(fresh) !== isMap(old)) return false;
  if (isMap(fresh)) return patchMap(old, fresh, job);
  // A part drawn exactly as it is (the code, most of the explanation) is compared in one native
  // call and left alone; parts with maps or controls are walked (a control's state is a property
  // the comparison does not see).
  if (!fresh.querySelector('.map, input') && old.isEqualNode(fresh)) return true;
  if (job.apply) copyAttributes(old, fresh);
  return patchChildren(old, fresh, job);
}

// Parts without maps that differ in shape (a paragraph with other inline parts, a legend of other
// length) are swapped whole; they are small.
function swap(old, fresh, apply) {
  if (hasMaps(old) || hasMaps(fresh)) return false;
  if (apply) old.replaceWith(fresh);
  return true;
}

// Nodes that can be patched into one another: the same kind of element, the same classes.
const alike = (a, b) =>
  a.nodeType === b.nodeType &&
  a.nodeName === b.nodeName &&
  (a.nodeType !== Node.ELEMENT_NODE || a.className === b.className);

// Children are paired from both ends, so that a part that comes or goes (the buttons of tables
// built on demand, once a map has too many cells) leaves the parts around it paired.
function patchChildren(old, fresh, job) {
  const kept = [...old.childNodes];
  const drawn = [...fresh.childNodes];
  const n = Math.min(kept.length, drawn.length);
  let start = 0;
  while (start < n && alike(kept[start], drawn[start])) ++start;
  let end = 0;
  while (end < n - start && alike(kept.at(-1 - end), drawn.at(-1 - end))) ++end;
  const gone = kept.slice(start, kept.length - end);
  const come = drawn.slice(start, drawn.length - end);
  if (gone.some(hasMaps) || come.some(hasMaps)) return false;
  const paired = (i) => (i < start ? i : i - kept.length + drawn.length);
  for (let i = 0; i < kept.length; ++i)
    if ((i < start || i >= kept.length - end) && !patchNode(kept[i], drawn[paired(i)], job))
      return false;
  if (!job.apply || (!gone.length && !come.length)) return true;
  const next = kept[kept.length - end] ?? null; // the first of the paired end, or none
  for (const node of gone) node.remove();
  for (const node of come) old.insertBefore(node, next);
  return true;
}

// A map: its caption patched, its canvas kept (render/layout.mjs paints it again), its accessible
// table (part of a small map) refilled with the new numbers when its headers stay, else patched to
// the new map's: its cells keep their elements and take the new numbers, so the browser lays out
// only the text that changed, not a table of new elements in every frame of a slider. A table the
// reader opened on demand is dropped, as a new drawing would, unless the reader is in it
// (job.reading: built again).
function patchMap(old, fresh, job) {
  const caption = (el) => el.querySelector(':scope > .map-caption');
  const [was, now] = [caption(old), caption(fresh)];
  if (Boolean(was) !== Boolean(now)) return false;
  if (was && !patchNode(was, now, job)) return false;
  if (!job.apply) return true;
  copyAttributes(old, fresh);
  const table = old.querySelector(':scope > .sr-table');
  const reading = table?.contains(old.getRootNode().activeElement) ?? false;
  const entry = adoptMap(old, fresh);
  // A small map's table was left to the patch (ui/tensor.mjs): the one on the screen takes the
  // new numbers in place when it has the same headers, else the new one is built here.
  if (entry.eager && !entry.table) {
    const numbers = table?.querySelector(':scope > table');
    if (!reading && entry.refillTable(numbers, { later: true })) {
      entry.table = table;
      return true;
    }
    entry.table = tableWrap(entry);
  }
  // A table the reader is in is replaced: its cell, focused anew, reads out the new numbers.
  if (table && entry.table && !reading) {
    patchNode(table, entry.table, job); // map-free: always patched
    takeFrame(table.querySelector(':scope > table'), entry.table.querySelector(':scope > table'));
    entry.table = table;
    return true;
  }
  table?.remove();
  if (entry.table) old.append(entry.table);
  else if (reading) job.reading.push(old);
  return true;
}

/**
 * Patches the section `old` to read as `fresh` if every map keeps its place; returns the maps
 * whose table the reader was in (to be built again with the new numbers), or null when nothing
 * was patched (the step is then drawn anew).
 */
export function patchSection(old, fresh) {
  if (!patchNode(old, fresh, { apply: false })) return null;
  const job = { apply: true, reading: [] };
  patchNode(old, fresh, job);
  return job.reading;
}
