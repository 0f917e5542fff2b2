// The parameter exercise's page: the model's sizes, and two count fields.
import { h } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';

export function view(task, { response }, actions) {
  const { name, dIn, dOut, heads, qkvBias } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `${name}: MultiHeadAttention(d_in = ${dIn}, d_out = ${dOut}, num_heads = ${heads}, qkv_bias = ${qkvBias ? 'True' : 'False'}), with the output projection’s bias. How many parameters (numbers that training changes) do they have?`,
    ),
    numberField('param-count', 'query', 'W_query', response, actions),
    numberField(
      'param-count',
      'total',
      'The whole block (W_query, W_key, W_value and out_proj)',
      response,
      actions,
      'Thousands separators are fine: 1,234,567.',
    ),
  ];
}
