// The mask exercise's page: the sentence's T × T grid of scores, to pick the hidden cells in.
import { h } from '../../render/h.mjs';
import { cellGrid } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response, result }, actions, words) {
  const t = orEnglish(words, WORDS);
  const T = task.tokens.length;
  return [
    h('p', { class: 'exercise-prompt' }, t('prompt', { sentence: task.tokens.join('').trim(), T })),
    cellGrid({
      caption: t('caption'),
      tokens: task.tokens,
      response,
      actions,
      shown: result ? new Set(task.hidden) : null,
      kit: t.kit,
    }),
  ];
}
