// Turns a view's description (plain nodes, render/h.mjs) into DOM. Every string becomes a text
// node, so user text (the sentence, its tokens) is always shown literally and can never turn into
// markup or script. DOM nodes inside a description (a figure a view built itself) are taken as
// they are, so views can move to plain nodes one at a time.
import { isNode } from './h.mjs';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Sets attributes as a description writes them: class, dataset {}, style {'--var': value} (CSSOM,
 * allowed by a strict CSP), on<event> handlers, booleans (true → present, false/null/undefined →
 * absent), anything else as text; `key` names a node for the render layer and is not written.
 */
export function setAttributes(el, attrs) {
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false || name === 'key') continue;
    if (name === 'class') el.setAttribute('class', value);
    else if (name === 'dataset')
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    else if (name === 'style')
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
    else if (name.startsWith('on') && typeof value === 'function')
      el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  return el;
}

/** The DOM for `node`: a plain node, a string (a text node), or a DOM node (itself). */
export function toDom(node, doc = document) {
  if (!isNode(node)) return node instanceof doc.defaultView.Node ? node : doc.createTextNode(node);
  const el =
    node.ns === 'svg' ? doc.createElementNS(SVG_NS, node.tag) : doc.createElement(node.tag);
  setAttributes(el, node.attrs);
  for (const child of node.children) el.append(toDom(child, doc));
  return el;
}
