// Building DOM without innerHTML: every string becomes a text node, so user text (the sentence,
// its tokens) is always shown literally and can never turn into markup or script. A view's plain
// nodes (render/h.mjs) among the children are turned into DOM by the render layer.
import { isNode } from '../render/h.mjs';
import { setAttributes, toDom } from '../render/dom.mjs';

/**
 * h('p', { class: 'note', dataset: { stage: 'inputs' } }, 'text', child, [more]) → element.
 * Attributes: class, dataset {}, style {'--var': value} (CSSOM, allowed by a strict CSP),
 * on<event> handlers, booleans (true → present, false/null/undefined → absent), anything else as text.
 */
export function h(tag, attrs = {}, ...children) {
  const el = setAttributes(document.createElement(tag), attrs);
  append(el, children);
  return el;
}

/** Appends strings (as text), DOM and plain nodes; skips null/undefined/false; flattens arrays. */
export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : isNode(child) ? toDom(child) : String(child));
  }
  return el;
}

/**
 * Puts `children` (as append takes them) in place of the nodes `old` at the end of `parent`,
 * unless they are equal one by one: a node put back costs the browser its style and layout again.
 */
export function renew(parent, old, children) {
  const fresh = append(document.createDocumentFragment(), children);
  const nodes = fresh.childNodes;
  if (nodes.length === old.length && [...nodes].every((n, i) => n.isEqualNode(old[i]))) return;
  for (const node of old) node.remove();
  parent.append(fresh);
}

/** Replaces an element's children. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

/** Inline maths/code, e.g. m('√d_h'). */
export const m = (text) => h('code', { class: 'math' }, text);

/** Text for screen readers only. */
export const sr = (text) => h('span', { class: 'visually-hidden' }, text);
