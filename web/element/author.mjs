// What a course author sets on <attention-lab> besides the settings: which steps it shows
// (steps="scores,scale,mask,softmax"), the language of its interface (lang="de") and their own
// words for it (the `strings` property, a JSON file at strings-src="…"). element.mjs re-mounts the
// lesson when one of them changes; the words are the catalogue's (web/app/strings/).
import { englishStrings, mustLoad, resolveStrings } from '../app/strings/index.mjs';
import { h } from '../app/ui/dom.mjs';

/** The attributes that shape the lesson as a whole (a change re-mounts it). */
export const AUTHOR_ATTRIBUTES = Object.freeze(['steps', 'lang', 'strings-src']);

/** What the author attributes of `el` say now, as one text to compare. */
export const authorKey = (el) => AUTHOR_ATTRIBUTES.map((a) => el.getAttribute(a) ?? '').join('\n');

/**
 * The words of `el`: { strings, notes } at once for English, or a promise of them when another
 * language or a file must be loaded first. `own`: the `strings` property (an object, or null).
 */
export function wordsOf(el, own) {
  const asked = {
    lang: el.getAttribute('lang') ?? '',
    src: el.getAttribute('strings-src') ?? '',
    own,
    base: el.ownerDocument.baseURI,
  };
  return mustLoad(asked) ? resolveStrings(asked) : englishStrings(own);
}

/**
 * Calls mount(words, key) with the words of `el` and the lesson's options from its author
 * attributes (words.lesson, mount.mjs's `author`: steps, strings), at once for English, or once they are loaded unless
 * `stale()` says another mount came first. `key`: authorKey(el) when asked.
 */
export function whenWords(el, own, stale, mount) {
  const key = authorKey(el);
  const lesson = (words) => ({
    ...words,
    lesson: { steps: el.getAttribute('steps') ?? '', strings: words.strings },
  });
  const words = wordsOf(el, own);
  if (typeof words.then !== 'function') return mount(lesson(words), key);
  return words.then((w) => stale() || mount(lesson(w), key));
}

/** The notes about the words (a language without a catalogue, …) as status lines after `frame`. */
export function showNotes(frame, notes) {
  frame.parentNode?.querySelectorAll(':scope > .strings-note').forEach((n) => n.remove());
  const lines = notes.map((text) =>
    h('p', { class: 'panel-message strings-note', role: 'status', part: 'status' }, text),
  );
  frame.after(...lines);
}
