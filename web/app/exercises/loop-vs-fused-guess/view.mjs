// The loop-vs-fused exercise's page: what will be timed, and two choices.
import { h } from '../../render/h.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import { factorChoices, winnerChoices } from './task.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const slug = 'loop-vs-fused-guess';
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', {
        heads: task.heads.toLocaleString('en-US'),
        headSize: task.headSize,
        tokens: task.tokens,
        batch: task.batch,
      }),
    ),
    choiceField(slug, 'winner', t('winnerLegend'), winnerChoices(t), response, actions),
    choiceField(slug, 'factor', t('factorLegend'), factorChoices(t), response, actions),
  ];
}
