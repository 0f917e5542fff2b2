// The view exercise's page: the sizes, and four fields for the shape.
import { h, m } from '../../render/h.mjs';
import { shapeFields } from '../kit/shapes.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { B, T, dOut, h: heads } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { B, T, dOut, h: heads, code: m('queries.view(B, T, h, d_h)') }),
    ),
    shapeFields('view-shape', response, actions, t.kit),
  ];
}
