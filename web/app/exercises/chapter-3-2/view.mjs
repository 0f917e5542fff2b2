// Exercise 3.2's page: the width and heads asked for, and a field for d_out.
import { h, m } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const module = m(
    `MultiHeadAttentionWrapper(d_in=3, d_out=?, context_length=${task.T}, dropout=0.0, num_heads=${task.heads})`,
  );
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { sentence: task.sentence, T: task.T, module, width: task.width }),
    ),
    numberField('chapter-3-2', 'dOut', t('field'), response, actions),
  ];
}
