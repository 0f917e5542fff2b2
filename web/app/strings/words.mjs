// The words of one lab or one exercise. Its English words live beside its view (words.mjs in its
// folder, loaded with it), so that the page's first bundle carries none of them; another
// language's are keys of that language's catalogue ("lab.<slug>.<key>", "exercise.<slug>.<key>":
// de-labs.mjs, de-exercises.mjs), and an author's own words (the `strings` property, a
// `strings-src` file) may name the same keys. A view asks t('key', { value }) and gets text, or,
// when a value is a node (a number the tests read, a link), the text and that node in order.
import { EN } from './index.mjs';

/**
 * `template` with each `{name}` replaced by params[name]. Text when every value is text or a
 * number; otherwise an array of text and nodes (h()'s children: plain nodes, DOM nodes or lists of
 * them), each node where its name was.
 * An unknown `{name}` stays as written.
 */
export function fill(template, params = {}) {
  const parts = String(template).split(/\{(\w+)\}/);
  const out = [];
  let nodes = false;
  for (let i = 0; i < parts.length; i += 1) {
    if (i % 2 === 0) {
      if (parts[i]) out.push(parts[i]);
      continue;
    }
    const name = parts[i];
    if (!Object.hasOwn(params, name)) out.push(`{${name}}`);
    else {
      const value = params[name];
      // A plain node, a DOM node (a step's m('…')) or a list of them: never made text.
      nodes ||= value !== null && typeof value === 'object';
      out.push(value);
    }
  }
  return nodes
    ? out.flat(Infinity)
    : out.map((x) => (x === null || x === undefined ? '' : x)).join('');
}

/**
 * A translator for the words under `prefix` ("lab.dropout."): t(key, params) is
 * strings[prefix + key] (the mount's catalogue and the author's words) or else english[key],
 * filled with `params`. A key in neither is a mistake in the code: it throws, so a test finds it.
 * t.lang is the catalogue's language ('en' when the mount has none), t.unknown the author's keys
 * under `prefix` that `english` does not have.
 */
export function translator(strings, prefix, english) {
  const words = strings ?? EN;
  const t = (key, params) => {
    const own = words[prefix + key];
    const template = typeof own === 'string' ? own : english[key];
    if (typeof template !== 'string') throw new Error(`no words for '${prefix}${key}'`);
    return fill(template, params);
  };
  t.lang = words['lang.code'] ?? 'en';
  t.unknown = Object.keys(words).filter(
    (key) => key.startsWith(prefix) && !Object.hasOwn(english, key.slice(prefix.length)),
  );
  return t;
}
