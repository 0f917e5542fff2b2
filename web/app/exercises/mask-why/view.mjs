// The mask-why exercise's page: the row asked about, and two predictions.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { SUMS } from './task.mjs';

export function view(task, { response, result }, actions) {
  const { tokens, head, query } = task;
  const row = (label, values) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, label),
      values.map((v) => h('td', {}, fmt(v))),
    );
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `Head ${head + 1}, first sentence, the row of query ${query + 1} “${tokens[query]}”: the keys after it are the future. Two ways to hide them: set their weights to 0 after the softmax, or set their scores to −∞ before it. What does the row sum to each way?`,
    ),
    result
      ? h(
          'table',
          { class: 'exercise-rows' },
          h('caption', {}, `The two rows of weights, query ${query + 1}`),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, 'key'),
              tokens.map((t) => h('th', { scope: 'col' }, tokenLabel(t))),
            ),
          ),
          h('tbody', {}, row('zeroed after', task.naive), row('−∞ before', task.negInf)),
        )
      : null,
    choiceField(
      'mask-why',
      'naive',
      'Future weights set to 0 after the softmax: the row sums to…',
      SUMS,
      response,
      actions,
    ),
    choiceField(
      'mask-why',
      'negInf',
      'Future scores set to −∞ before the softmax: the row sums to…',
      SUMS,
      response,
      actions,
    ),
  ];
}
