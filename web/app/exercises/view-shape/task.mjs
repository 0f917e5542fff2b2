// The view exercise's task: B, T, d_out and h, and the shape the core gives the queries after
// view (its queryView stage); the check of the four sizes typed.
import { shapeSizes, shapeParts, shapeText } from '../kit/shapes.mjs';
import { verdict } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function makeTask(core, page, variant) {
  return { variant, ...shapeSizes(core, page, variant) };
}

export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { B, T, dOut, h, dh, view } = task;
  return verdict(
    shapeParts(response, view, ['B', 'T', 'h', 'd_h'], t.kit),
    t('explain', {
      dOut,
      h,
      dh,
      before: shapeText([B, T, dOut]),
      after: shapeText(view),
    }),
  );
}
