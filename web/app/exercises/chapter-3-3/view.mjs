// Exercise 3.3's page: the model, and fields for the head size and the parameter count.
import { h, m } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';

export function view(task, { response }, actions) {
  const { name, d, heads, context } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `${name}’s attention: `,
      m(
        `MultiHeadAttention(d_in=${d}, d_out=${d}, context_length=${context}, dropout=0.0, num_heads=${heads}, qkv_bias=False)`,
      ),
      '.',
    ),
    numberField('chapter-3-3', 'headSize', 'The head size d_h', response, actions),
    numberField('chapter-3-3', 'parameters', 'Its parameters', response, actions),
  ];
}
