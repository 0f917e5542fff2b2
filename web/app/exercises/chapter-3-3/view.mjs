// Exercise 3.3's page: the model, and fields for the head size and the parameter count.
import { h, m } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { name, d, heads, context } = task;
  const module = m(
    `MultiHeadAttention(d_in=${d}, d_out=${d}, context_length=${context}, dropout=0.0, num_heads=${heads}, qkv_bias=False)`,
  );
  return [
    h('p', { class: 'exercise-prompt' }, t('prompt', { name, module })),
    numberField('chapter-3-3', 'headSize', t('headSizeField'), response, actions),
    numberField('chapter-3-3', 'parameters', t('parametersField'), response, actions),
  ];
}
