// Building DOM without innerHTML: every string becomes a text node, so user text (the sentence,
// its tokens) is always shown literally and can never turn into markup or script.

/**
 * h('p', { class: 'note', dataset: { stage: 'inputs' } }, 'text', child, [more]) → element.
 * Attributes: class, dataset {}, style {'--var': value} (CSSOM, allowed by a strict CSP),
 * on<event> handlers, booleans (true → present, false/null/undefined → absent), anything else as text.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name === 'dataset')
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    else if (name === 'style')
      for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
    else if (name.startsWith('on') && typeof value === 'function')
      el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** Appends strings (as text) and nodes; skips null/undefined/false; flattens arrays. */
export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
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
