// The softmax exercise's page: the row of masked scores, and a choice of its keys.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { orEnglish } from '../kit/english.mjs';
import WORDS from './words.mjs';

export function view(task, { response, result }, actions, words) {
  const t = orEnglish(words, WORDS);
  const { tokens, head, query, scores, weights } = task;
  const labels = tokens.map(tokenLabel);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      t('prompt', { head: head + 1, query: query + 1, token: tokens[query] }),
    ),
    h(
      'table',
      { class: 'exercise-rows' },
      h('caption', {}, t('caption', { query: query + 1 })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, t('key')),
          labels.map((label) => h('th', { scope: 'col' }, label)),
        ),
      ),
      h(
        'tbody',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, t('score')),
          scores.map((v) => h('td', {}, fmt(v))),
        ),
        result
          ? h(
              'tr',
              {},
              h('th', { scope: 'row' }, t('weight')),
              weights.map((v) => h('td', {}, fmt(v))),
            )
          : null,
      ),
    ),
    choiceField(
      'softmax-argmax',
      'key',
      t('legend'),
      Object.fromEntries(labels.map((label, i) => [String(i), `${i + 1} ${label}`])),
      response,
      actions,
    ),
  ];
}
