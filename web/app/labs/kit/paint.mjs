// Paints a view's plain nodes (render/h.mjs) into the lab's element and keeps that DOM in step
// with the next description: elements of the same tag in the same place are kept and their
// attributes, handlers and text brought up to date, so that a control being typed into keeps its
// focus, caret and value while the lab computes and paints again around it.
import { isNode } from '../../render/h.mjs';

const SVG_NS = 'http://www.w3.org/2000/svg';
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
// A form control's current value and state are properties; the attribute is only the initial one.
const LIVE = new Set(['value', 'checked']);

// A node's attributes as the DOM spells them: { attributes, handlers, style }.
function split(attrs) {
  const out = { attributes: new Map(), handlers: new Map(), style: attrs.style ?? null };
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false || name === 'key') continue;
    if (name === 'style') continue;
    if (name === 'dataset')
      for (const [k, v] of Object.entries(value)) out.attributes.set(`data-${kebab(k)}`, String(v));
    else if (name.startsWith('on') && typeof value === 'function')
      out.handlers.set(name.slice(2), value);
    else out.attributes.set(name, value === true ? '' : String(value));
  }
  return out;
}

// One listener per event type, calling the handler of the latest description.
function listen(el, handlers) {
  el.labHandlers ??= new Map();
  for (const type of handlers.keys())
    if (!el.labHandlers.has(type)) el.addEventListener(type, (e) => el.labHandlers.get(type)?.(e));
  for (const type of el.labHandlers.keys()) if (!handlers.has(type)) el.labHandlers.set(type, null);
  for (const [type, fn] of handlers) el.labHandlers.set(type, fn);
}

function update(el, node) {
  const { attributes, handlers, style } = split(node.attrs);
  for (const name of el.getAttributeNames())
    if (!attributes.has(name) && name !== 'style') el.removeAttribute(name);
  for (const [name, value] of attributes) {
    if (el.getAttribute(name) === value) continue;
    el.setAttribute(name, value);
    // A control takes a value the view changed (a preset, a count lowered), but not while the
    // reader types into it, and not one the view merely repeats (text typed, not yet asked for).
    if (LIVE.has(name) && el !== el.ownerDocument.activeElement)
      el[name] = name === 'checked' ? true : value;
  }
  if (el.checked && !attributes.has('checked') && 'checked' in el) el.checked = false;
  const css = style ? JSON.stringify(style) : '';
  if ((el.labStyle ?? '') !== css) {
    el.removeAttribute('style');
    for (const [k, v] of Object.entries(style ?? {})) el.style.setProperty(k, v);
    el.labStyle = css;
  }
  listen(el, handlers);
  paintChildren(el, node.children);
  el.labNode = node;
}

function create(node, doc) {
  if (!isNode(node)) return doc.createTextNode(node);
  const el =
    node.ns === 'svg' ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  update(el, node);
  return el;
}

const same = (el, node) =>
  isNode(node)
    ? el.nodeType === 1 &&
      el.localName === node.tag &&
      (el.namespaceURI === SVG_NS) === (node.ns === 'svg') &&
      el.labKey === node.attrs.key
    : el.nodeType === 3;

/** Makes `parent`'s children read as `nodes` (strings and plain nodes), keeping what it can. */
export function paintChildren(parent, all) {
  const nodes = all.filter((node) => node !== ''); // an empty text leaves the element :empty
  const doc = parent.ownerDocument;
  const kept = [...parent.childNodes];
  nodes.forEach((node, i) => {
    const el = kept[i];
    if (el && same(el, node)) {
      // The very description painted here last time (a part of the view whose data did not
      // change, drawn once: kit/memo.mjs drawn()): the element already reads as it.
      if (isNode(node) && el.labNode !== node) update(el, node);
      else if (el.nodeValue !== node) el.nodeValue = node;
      return;
    }
    const fresh = create(node, doc);
    if (isNode(node)) fresh.labKey = node.attrs.key;
    if (el) el.replaceWith(fresh);
    else parent.append(fresh);
  });
  for (const el of kept.slice(nodes.length)) el.remove();
}
