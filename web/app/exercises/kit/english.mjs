// An exercise's translator: t(key, values) for its own words ("exercise.<slug>.<key>"), with t.kit
// for the words every exercise shares ("exercise.kit.<key>", kit/words.mjs), both looked up in the
// mount's catalogue first. A task or view called without one (a script, a test) gets the English.
import { translator } from '../../strings/words.mjs';
import KIT from './words.mjs';

/** The words every exercise shares (kit/words.mjs), in the words `strings`. */
export const kitWords = (strings) => translator(strings, 'exercise.kit.', KIT);

/** t for the exercise `slug` with its English words `english`, in the words `strings`. */
export function exerciseWords(strings, slug, english) {
  const t = translator(strings, `exercise.${slug}.`, english);
  t.kit = kitWords(strings);
  return t;
}

/** `t`, or the English words when there is none. */
export const orEnglish = (t, english) => t ?? exerciseWords({}, '', english);
