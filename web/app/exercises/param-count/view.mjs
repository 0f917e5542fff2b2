// The parameter exercise's page: the model's sizes, and two count fields.
import { h } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { name, dIn, dOut, heads, qkvBias } = task;
  const module = `MultiHeadAttention(d_in = ${dIn}, d_out = ${dOut}, num_heads = ${heads}, qkv_bias = ${qkvBias ? 'True' : 'False'})`;
  return [
    h('p', { class: 'exercise-prompt' }, t('prompt', { name: t(name), module })),
    numberField('param-count', 'query', t('queryField'), response, actions),
    numberField('param-count', 'total', t('totalField'), response, actions, t('hint')),
  ];
}
