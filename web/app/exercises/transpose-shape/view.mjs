// The transpose exercise's page: the sizes and the viewed shape, and four fields for the result.
import { h, m } from '../../render/h.mjs';
import { shapeFields, shapeText } from '../kit/shapes.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { B, T, dOut, h: heads } = task;
  const values = { B, T, dOut, h: heads, shape: shapeText(task.view) };
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { ...values, code: m('queries.transpose(1, 2)') }),
    ),
    shapeFields('transpose-shape', response, actions, t.kit),
  ];
}
