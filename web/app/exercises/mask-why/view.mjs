// The mask-why exercise's page: the row asked about, and two predictions.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import { sumChoices } from './task.mjs';
import WORDS from './words.mjs';

// The two rows of weights, shown once checked.
const rows = (task, t) =>
  h(
    'table',
    { class: 'exercise-rows' },
    h('caption', {}, t('caption', { query: task.query + 1 })),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, t('key')),
        task.tokens.map((tok) => h('th', { scope: 'col' }, tokenLabel(tok))),
      ),
    ),
    h(
      'tbody',
      {},
      [
        [t('zeroedRow'), task.naive],
        [t('negInfRow'), task.negInf],
      ].map(([label, values]) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, label),
          values.map((v) => h('td', {}, fmt(v))),
        ),
      ),
    ),
  );

export function view(task, { response, result }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { tokens, head, query } = task;
  const sums = sumChoices(t);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { head: head + 1, query: query + 1, token: tokens[query] }),
    ),
    result ? rows(task, t) : null,
    choiceField('mask-why', 'naive', t('naiveLegend'), sums, response, actions),
    choiceField('mask-why', 'negInf', t('negInfLegend'), sums, response, actions),
  ];
}
