// A view's description of what to paint: plain objects, not DOM. Views (the steps, the labs, the
// exercises) are functions of plain data that return these; the render layer (web/app/render/)
// turns them into DOM and keeps that DOM in step with the next description. So a view runs, and
// is tested, in Node, and user text can only ever become text: there is no innerHTML anywhere.
//
// A node is { tag, attrs, children, ns? }: `tag` an element name; `attrs` as h() takes them
// (class, dataset {}, style {'--var': value}, on<event> handlers, key (which node is which when a
// list changes), booleans: true → present, false/null/undefined → absent, anything else as text);
// `children` strings and nodes; `ns` 'svg' for SVG elements.

const SVG = 'svg';

function flatten(children) {
  const out = [];
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === true) continue;
    out.push(typeof child === 'object' ? child : String(child));
  }
  return out;
}

/** h('p', { class: 'note' }, 'text', child, [more]) → a node. */
export const h = (tag, attrs = {}, ...children) => ({
  tag,
  attrs: attrs ?? {},
  children: flatten(children),
});

/** An SVG element: s('svg', { viewBox: '0 0 10 10' }, s('path', { d: 'M0 0L10 10' })). */
export const s = (tag, attrs = {}, ...children) => ({ ...h(tag, attrs, ...children), ns: SVG });

/** Inline maths or code, e.g. m('√d_h'). */
export const m = (text) => h('code', { class: 'math' }, text);

/** Text for screen readers only. */
export const sr = (text) => h('span', { class: 'visually-hidden' }, text);

/** Whether `x` is a node (not a string). */
export const isNode = (x) => x !== null && typeof x === 'object' && typeof x.tag === 'string';

/** The text a node shows, as textContent would read it (for tests and accessible names). */
export const textOf = (node) =>
  isNode(node) ? node.children.map(textOf).join('') : node === undefined ? '' : String(node);

/** Every node under `node` (itself included) for which `test(node)` holds, in document order. */
export function findAll(node, test) {
  if (!isNode(node)) return [];
  return [...(test(node) ? [node] : []), ...node.children.flatMap((c) => findAll(c, test))];
}
