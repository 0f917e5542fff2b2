// The iframe page's author keys, beside the state in its address: ?steps= (which steps, in order),
// ?lang= (the interface's language, where a catalogue exists) and ?strings= (a JSON file of the
// author's own words, fetched from where the page's CSP allows: its own origin). The address
// keeps them while the state in it changes.
import { englishStrings, mustLoad, resolveStrings } from './strings/index.mjs';
import { h } from './ui/dom.mjs';

const KEYS = ['steps', 'lang', 'strings'];

/**
 * What the address asks of the page: { steps, keepQuery, words } where words resolves to
 * { strings, notes } (strings/index.mjs).
 */
export function authorOf(location) {
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams(
    KEYS.filter((k) => params.has(k)).map((k) => [k, params.get(k)]),
  );
  const asked = {
    lang: params.get('lang') ?? '',
    src: params.get('strings') ?? '',
    base: location.href,
  };
  return {
    steps: params.get('steps') ?? '',
    keepQuery: kept.size ? `&${kept}` : '',
    words: mustLoad(asked) ? resolveStrings(asked) : Promise.resolve(englishStrings()),
  };
}

/** The page's own words (its footer) in `strings`, and the notes about them after `root`. */
export function applyWords(doc, root, { strings, notes }) {
  const foot = doc.querySelector('.embed-foot > span');
  if (foot) foot.textContent = strings['embed.foot'];
  const link = doc.querySelector('#open-full');
  if (link) link.textContent = strings['embed.openFull'];
  root.after(
    ...notes.map((text) => h('p', { class: 'panel-message strings-note', role: 'status' }, text)),
  );
}
