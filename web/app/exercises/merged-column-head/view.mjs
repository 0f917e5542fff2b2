// The merge exercise's page: the merged tensor's sizes and the column asked, then two questions.
import { h } from '../../render/h.mjs';
import { numberField, choiceField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import { identityChoices } from './task.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { column, D, h: heads, dh } = task;
  const slug = 'merged-column-head';
  return [
    h('p', { class: 'exercise-prompt' }, t('prompt', { heads, dh, D, column: column + 1 })),
    numberField(slug, 'head', t('headField', { column: column + 1, heads }), response, actions),
    choiceField(slug, 'identity', t('identityLegend'), identityChoices(t), response, actions),
  ];
}
