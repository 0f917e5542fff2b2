// Exercise 3.1's page: the set-up, and two predictions.
import { h, m } from '../../render/h.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import { sameChoices } from './task.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const choices = sameChoices(t);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', {
        sentence: task.sentence,
        T: task.T,
        seed: task.seed,
        v2: m('SelfAttention_v2(3, 2)'),
        v1: m('SelfAttention_v1(3, 2)'),
      }),
    ),
    choiceField('chapter-3-1', 'transferred', t('transferredLegend'), choices, response, actions),
    choiceField('chapter-3-1', 'own', t('ownLegend'), choices, response, actions),
  ];
}
