// The transpose exercise's task: B, T, d_out and h, and the shape the core gives the query heads
// (its queryHeads stage, after view and transpose(1, 2)); the check of the four sizes typed.
import { shapeSizes, shapeParts, shapeText } from '../kit/shapes.mjs';
import { verdict } from '../kit/answer.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function makeTask(core, page, variant) {
  return { variant, ...shapeSizes(core, page, variant) };
}

export function check(task, response, observed, words) {
  const t = orEnglish(words, WORDS);
  const { h, dh, view, heads } = task;
  return verdict(
    shapeParts(response, heads, ['B', 'h', 'T', 'd_h'], t.kit),
    t('explain', { view: shapeText(view), heads: shapeText(heads), h, dh }),
  );
}
