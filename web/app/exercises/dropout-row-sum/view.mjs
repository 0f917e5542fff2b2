// The dropout exercise's page: the row of weights with the mask drawn for it, and two fields.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { numberField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response, result }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { tokens, head, query, weights, mask, kept } = task;
  const row = (label, cells) => h('tr', {}, h('th', { scope: 'row' }, label), cells);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { head: head + 1, query: query + 1, token: tokens[query] }),
    ),
    h(
      'table',
      { class: 'exercise-rows' },
      h('caption', {}, t('caption')),
      h(
        'thead',
        {},
        row(
          t('key'),
          tokens.map((tok) => h('th', { scope: 'col' }, tokenLabel(tok))),
        ),
      ),
      h(
        'tbody',
        {},
        row(
          t('weight'),
          weights.map((v) => h('td', {}, fmt(v))),
        ),
        row(
          t('mask'),
          mask.map((v) => h('td', {}, v === 1 ? t('kept') : t('dropped'))),
        ),
        result
          ? row(
              t('after'),
              task.dropped.map((v) => h('td', {}, fmt(v))),
            )
          : null,
      ),
    ),
    numberField('dropout-row-sum', 'sum', t('sumField'), response, actions),
    numberField(
      'dropout-row-sum',
      'kept',
      t('keptField', { key: kept + 1, token: tokens[kept] }),
      response,
      actions,
    ),
  ];
}
