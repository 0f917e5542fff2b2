// The dropout exercise's page: the row of weights with the mask drawn for it, and two fields.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { numberField } from '../kit/inputs.mjs';

export function view(task, { response, result }, actions) {
  const { tokens, head, query, weights, mask, kept } = task;
  const row = (label, cells) => h('tr', {}, h('th', { scope: 'row' }, label), cells);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `Head ${head + 1}, first sentence, the row of query ${query + 1} “${tokens[query]}”, in training mode with nn.Dropout(p = 0.5). The mask below says which weights dropout keeps.`,
    ),
    h(
      'table',
      { class: 'exercise-rows' },
      h('caption', {}, 'The attention weights of the row, and the dropout mask'),
      h(
        'thead',
        {},
        row(
          'key',
          tokens.map((t) => h('th', { scope: 'col' }, tokenLabel(t))),
        ),
      ),
      h(
        'tbody',
        {},
        row(
          'weight',
          weights.map((v) => h('td', {}, fmt(v))),
        ),
        row(
          'mask',
          mask.map((v) => h('td', {}, v === 1 ? 'kept' : 'dropped')),
        ),
        result
          ? row(
              'after',
              task.dropped.map((v) => h('td', {}, fmt(v))),
            )
          : null,
      ),
    ),
    numberField('dropout-row-sum', 'sum', 'The sum of the row after dropout', response, actions),
    numberField(
      'dropout-row-sum',
      'kept',
      `The weight of key ${kept + 1} “${tokens[kept]}” after dropout`,
      response,
      actions,
    ),
  ];
}
