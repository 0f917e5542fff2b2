// Exercise 3.2's page: the width and heads asked for, and a field for d_out.
import { h, m } from '../../render/h.mjs';
import { numberField } from '../kit/inputs.mjs';

export function view(task, { response }, actions) {
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `A batch of 2 × “${task.sentence}” (T = ${task.T}, d_in = 3) goes through `,
      m(
        `MultiHeadAttentionWrapper(d_in=3, d_out=?, context_length=${task.T}, dropout=0.0, num_heads=${task.heads})`,
      ),
      `. Which d_out makes its context vectors ${task.width}-dimensional?`,
    ),
    numberField('chapter-3-2', 'dOut', 'd_out', response, actions),
  ];
}
