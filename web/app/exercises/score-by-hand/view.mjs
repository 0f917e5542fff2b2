// The score exercise's page: the two rows, and a field for the score and the scaled score.
import { h, m } from '../../render/h.mjs';
import { fmt } from '../../ui/format.mjs';
import { numberField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

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

export function view(task, { response }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { tokens, head, query, key, dk } = task;
  const prompt = {
    head: head + 1,
    query: query + 1,
    queryToken: tokens[query],
    key: key + 1,
    keyToken: tokens[key],
    dk,
  };
  return [
    h('p', { class: 'exercise-prompt' }, t('prompt', prompt)),
    rowTable(t('caption'), [
      [t('qRow', { query: query + 1 }), task.q, 'q'],
      [t('kRow', { key: key + 1 }), task.k, 'k'],
    ]),
    numberField('score-by-hand', 'score', t('scoreField'), response, actions),
    numberField('score-by-hand', 'scaled', t('scaledField'), response, actions, t('hint')),
    h('p', { class: 'help' }, t('help', { root: m('√d_k') })),
  ];
}
