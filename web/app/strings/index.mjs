// The interface's words for one mount: the English catalogue (en.mjs), another language's when
// `lang` names one that exists (loaded only then, so that the element's bundle carries English
// alone), and an author's own words over either: an object (the element's `strings` property) or
// a JSON file (`strings-src`, `?strings=`). Every string is shown as text, never parsed as markup;
// a value that is not a string, and a key the catalogue does not have, are left out.
import EN from './en.mjs';
import { didYouMean } from '../../lib/suggest.mjs';

export { EN };

/** The languages with a catalogue; each loads when first asked for. */
const CATALOGUES = {
  en: () => Promise.resolve({ default: EN }),
  de: () => import('./de.mjs'),
};
export const LANGS = Object.freeze(Object.keys(CATALOGUES));

/** `template` with each `{name}` replaced by params[name] (as text); unknown names stay. */
export function format(template, params = {}) {
  return String(template).replace(/\{(\w+)\}/g, (all, name) =>
    name in params ? String(params[name]) : all,
  );
}

/** A language tag's catalogue: 'de-AT' and 'DE' find 'de'; '' is English. */
export const langOf = (lang) =>
  String(lang ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_]/)[0];

// The keys whose English lives beside the code that draws them, not in en.mjs, so they are taken
// here as text: a lab's or an exercise's ("lab.dropout.kept": they load with it and are checked
// when it opens, strings/words.mjs), and the steps' explanations ("explain.*": en-steps.mjs,
// en-trained.mjs), lead sentences ("lead.*": lib/stage-text.mjs), head roles ("role.*",
// "roleWord.*": lib/present.mjs, en-trained.mjs) and settings' help ("setting.<name>.help": the
// option table). Another language's catalogue has them (de-steps.mjs, de-leads.mjs).
const STEP_KEY = /^(explain|lead|role|roleWord)\.|^setting\.\w+\.help$/;
export const isLazyKey = (key) =>
  key.startsWith('lab.') || key.startsWith('exercise.') || STEP_KEY.test(key);

/**
 * `base` with the author's own words: only keys `base` has (or a lab's or an exercise's), only
 * string values (a number or an object is left out). Returns { strings, unknown } with the keys
 * that were left out.
 */
export function overrideStrings(base, own) {
  if (own === null || own === undefined) return { strings: base, unknown: [] };
  if (typeof own !== 'object' || Array.isArray(own))
    return { strings: base, unknown: ['(not an object of key → text)'] };
  const strings = { ...base };
  const unknown = [];
  for (const [key, value] of Object.entries(own)) {
    if ((Object.hasOwn(base, key) || isLazyKey(key)) && typeof value === 'string')
      strings[key] = value;
    else
      unknown.push(
        `${key}${Object.hasOwn(base, key) || isLazyKey(key) ? ' (not text)' : didYouMean(key, Object.keys(base))}`,
      );
  }
  return { strings: Object.freeze(strings), unknown };
}

/** The words of a JSON file at `url` (an object of key → text); rejects with the reason. */
export async function fetchStrings(url, base) {
  const response = await fetch(new URL(url, base), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const own = await response.json();
  if (!own || typeof own !== 'object' || Array.isArray(own))
    throw new Error('the file is not a JSON object of key → text');
  return own;
}

// The words chosen, with the author's object over them; notes as [key, params] become text in
// those words.
function finish(strings, notes, own, unknown = []) {
  const fromObject = overrideStrings(strings, own);
  unknown.push(...fromObject.unknown);
  if (unknown.length) notes.push(['status.stringsUnknown', { keys: unknown.join(', ') }]);
  const words = fromObject.strings;
  return { strings: words, notes: notes.map(([key, params]) => format(words[key], params)) };
}

/** Whether the words of `lang` and `src` must be loaded (another language, or a file). */
export const mustLoad = ({ lang = '', src = '' } = {}) =>
  Boolean(src) || !['', 'en'].includes(langOf(lang));

/** The English words with the author's object over them, at once: { strings, notes }. */
export const englishStrings = (own = null) => finish(EN, [], own);

/**
 * The words of one mount: { strings, notes }. lang: a language tag ('' for English); src: the URL
 * of a JSON file of words (relative to `base`); own: an object of words (wins over the file).
 * notes: status lines for the reader (a language without a catalogue, a file that did not load,
 * keys that are not the catalogue's), in the words finally chosen.
 */
export async function resolveStrings({ lang = '', src = '', own = null, base = undefined } = {}) {
  const code = langOf(lang);
  const notes = [];
  let strings = EN;
  if (code && Object.hasOwn(CATALOGUES, code)) {
    try {
      strings = (await CATALOGUES[code]()).default;
    } catch (err) {
      notes.push(['status.langFailed', { lang: String(lang), reason: err.message }]);
    }
  } else if (code)
    notes.push(['status.langMissing', { lang: String(lang), langs: LANGS.join(', ') }]);
  const unknown = [];
  if (src) {
    try {
      const fromFile = overrideStrings(strings, await fetchStrings(src, base));
      strings = fromFile.strings;
      unknown.push(...fromFile.unknown);
    } catch (err) {
      notes.push(['status.stringsFailed', { src: String(src), reason: err.message }]);
    }
  }
  return finish(strings, notes, own, unknown);
}

/** The steps under the catalogue's names: each step with its `title` and `short` from `strings`. */
export const localSteps = (steps, strings) =>
  steps.map((step) => ({
    ...step,
    title: strings[`step.${step.slug}.title`] ?? step.title,
    short: strings[`step.${step.slug}.short`] ?? step.short,
  }));

/** The words a step draws with: its context's (the mount's catalogue), or English. */
export const wordsOf = (ctx) => ctx?.strings ?? EN;
