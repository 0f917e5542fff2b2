// The score exercise's page: the two rows, and a field for the score and the scaled score.
import { h, m } from '../../render/h.mjs';
import { fmt } from '../../ui/format.mjs';
import { numberField } from '../kit/inputs.mjs';

const rowTable = (caption, rows) =>
  h(
    'table',
    { class: 'exercise-rows' },
    h('caption', {}, caption),
    h(
      'tbody',
      {},
      rows.map(([label, values, name]) =>
        h(
          'tr',
          { dataset: { row: name } },
          h('th', { scope: 'row' }, label),
          values.map((v) => h('td', { dataset: { value: String(v) } }, fmt(v))),
        ),
      ),
    ),
  );

export function view(task, { response }, actions) {
  const { tokens, head, query, key, dk } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `Head ${head + 1}, first sentence: the query of token ${query + 1} “${tokens[query]}” and the key of token ${key + 1} “${tokens[key]}”, each d_k = ${dk} numbers.`,
    ),
    rowTable('The two rows', [
      [`q (query ${query + 1})`, task.q, 'q'],
      [`k (key ${key + 1})`, task.k, 'k'],
    ]),
    numberField('score-by-hand', 'score', 'The score q · k', response, actions),
    numberField(
      'score-by-hand',
      'scaled',
      'The scaled score (q · k) / √d_k',
      response,
      actions,
      'Three significant figures are enough.',
    ),
    h(
      'p',
      { class: 'help' },
      'Work from the numbers shown; ',
      m('√d_k'),
      ' is the head size’s root.',
    ),
  ];
}
