// The softmax exercise's page: the row of masked scores, and a choice of its keys.
import { h } from '../../render/h.mjs';
import { fmt, tokenLabel } from '../../ui/format.mjs';
import { choiceField } from '../kit/inputs.mjs';

export function view(task, { response, result }, actions) {
  const { tokens, head, query, scores, weights } = task;
  const labels = tokens.map(tokenLabel);
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `Head ${head + 1}, first sentence, the row of query ${query + 1} “${tokens[query]}”: its scores, scaled and masked. Which key will the softmax give the largest weight?`,
    ),
    h(
      'table',
      { class: 'exercise-rows' },
      h('caption', {}, `Scaled, masked scores of query ${query + 1}`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'key'),
          labels.map((t) => h('th', { scope: 'col' }, t)),
        ),
      ),
      h(
        'tbody',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, 'score'),
          scores.map((v) => h('td', {}, fmt(v))),
        ),
        result
          ? h(
              'tr',
              {},
              h('th', { scope: 'row' }, 'weight'),
              weights.map((v) => h('td', {}, fmt(v))),
            )
          : null,
      ),
    ),
    choiceField(
      'softmax-argmax',
      'key',
      'The key with the largest weight',
      Object.fromEntries(labels.map((t, i) => [String(i), `${i + 1} ${t}`])),
      response,
      actions,
    ),
  ];
}
