// Exercise 3.1's page: the set-up, and two predictions.
import { h, m } from '../../render/h.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { SAME } from './task.mjs';

export function view(task, { response }, actions) {
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `“${task.sentence}” (T = ${task.T}) embedded with d_in = 3 goes through `,
      m('SelfAttention_v2(3, 2)'),
      ` (torch.manual_seed(${task.seed})) and through `,
      m('SelfAttention_v1(3, 2)'),
      '.',
    ),
    choiceField(
      'chapter-3-1',
      'transferred',
      'v1 with W_query = v2.W_query.weight.T (and the same for keys and values) gives…',
      SAME,
      response,
      actions,
    ),
    choiceField(
      'chapter-3-1',
      'own',
      'v1 with its own torch.rand matrices gives…',
      SAME,
      response,
      actions,
    ),
  ];
}
