// Just enough of the DOM for the page's views that build elements (ui/dom.mjs's h) to run in
// Node: elements that hold their attributes and children, text as strings, found by one class
// name or id (querySelector('.step-count'), querySelector('#stage-title')). Tests read what a view
// says with textOfDom; nothing is laid out or painted.
import { isNode, textOf } from '../../web/app/render/h.mjs';

class FakeNode {
  constructor(tag) {
    this.tagName = tag.toUpperCase();
    this.childNodes = [];
    this.attributes = {};
    this.dataset = {};
    this.style = { setProperty() {}, getPropertyValue: () => '' };
    this.classList = { add() {}, remove() {}, toggle() {}, contains: () => false };
  }
  setAttribute(name, value) {
    this.attributes[name] = String(value);
  }
  getAttribute(name) {
    return this.attributes[name] ?? null;
  }
  addEventListener() {}
  append(...children) {
    this.childNodes.push(...children);
  }
  replaceChildren(...children) {
    this.childNodes = children;
  }
  matches(selector) {
    if (selector.startsWith('#')) return this.attributes.id === selector.slice(1);
    return (this.attributes.class ?? '').split(' ').includes(selector.slice(1));
  }
  querySelector(selector) {
    for (const child of this.childNodes) {
      if (!(child instanceof FakeNode)) continue;
      if (child.matches(selector)) return child;
      const found = child.querySelector(selector);
      if (found) return found;
    }
    return null;
  }
  get textContent() {
    return this.childNodes.map(textOfDom).join('');
  }
  set textContent(text) {
    this.childNodes = [String(text)];
  }
}

/** Installs the stand-in as globalThis.document and globalThis.Node (once). */
export function installFakeDom() {
  globalThis.Node ??= FakeNode;
  globalThis.document ??= {
    createElement: (tag) => new FakeNode(tag),
    createElementNS: (ns, tag) => new FakeNode(tag),
    createTextNode: (text) => String(text),
    defaultView: globalThis,
  };
}

/** The text of a view's answer: strings, stand-in elements, plain nodes, or lists of them. */
export function textOfDom(node) {
  if (node === null || node === undefined || node === false) return '';
  if (Array.isArray(node)) return node.map(textOfDom).join('');
  if (node instanceof FakeNode) return node.textContent;
  if (isNode(node)) return node.children.map(textOfDom).join('');
  return textOf(String(node));
}
