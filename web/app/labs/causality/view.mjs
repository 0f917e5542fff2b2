// The causality lab's page: which token of the page's sentence changes and into what, the two
// sentences, then both passes compared with the causal mask and without it (a diff map of the
// attention weights, the context vectors' rows, the numbers of head 1), and the trained model's
// next-token predictions for both.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { readable, value as quantity } from '../kit/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { weightsNote } from '../kit/notes.mjs';
import { contextTable, nextTable, weightsMap } from './tables.mjs';
import { SHARED_TOKEN } from '../../../lib/present.mjs';

const span = (t, first, last) =>
  first === last ? t('span.one', { first }) : t('span.many', { first, last });
const largest = (rows) => Math.max(0, ...rows.map((r) => r.delta ?? 0));
// A measured |Δ|: exactly 0 reads "0" (no rounding hides a difference: readable() shows 1e−9 as such).
const value = (name, v, text = v === 0 ? '0' : readable(v)) => quantity(name, v, text);

function controls(tokens, params, actions, error, t) {
  const selected = params.at === 'last' ? String(tokens.length) : params.at;
  const options = [
    ...tokens.map((token, i) => [
      String(i + 1),
      t('at.token', { n: i + 1, token: tokenLabel(token) }),
    ]),
    ['append', t('at.append')],
  ];
  return h(
    'div',
    { class: 'lab-controls' },
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'causality-at' }, t('at.label')),
      h(
        'select',
        { id: 'causality-at', onchange: (e) => actions.setParams({ at: e.target.value }) },
        options.map(([v, text]) => h('option', { value: v, selected: v === selected }, text)),
      ),
    ),
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'causality-word' }, t('word.label')),
      h('input', {
        type: 'text',
        id: 'causality-word',
        value: params.word,
        spellcheck: 'false',
        'aria-describedby': 'causality-msg',
        'aria-invalid': error ? 'true' : null,
        oninput: (e) => actions.setParams({ word: e.target.value }),
      }),
    ),
    h('p', { class: 'msg', id: 'causality-msg', role: 'alert' }, error?.message ?? ''),
  );
}

function sentences(data, t) {
  const { first, k } = data;
  return [
    h(
      'p',
      { class: 'lab-sentences' },
      h(
        'span',
        { dataset: { sentence: 'a' }, dir: 'auto' },
        t('sentence.a', { sentence: data.sentenceA }),
      ),
      h('br'),
      h(
        'span',
        { dataset: { sentence: 'b' }, dir: 'auto' },
        t('sentence.b', { sentence: data.sentenceB }),
      ),
    ),
    h(
      'p',
      { class: 'help' },
      first === 0 ? t('differ.first') : t('differ.from', { first, next: first + 1 }),
      first < k ? t('joined') : '',
      t(data.training ? 'mode.training' : 'mode.eval'),
    ),
  ];
}

function outcome(data, which, t) {
  const { weights, context } = data[which];
  const { first } = data;
  const before = [...weights.rows.slice(0, first), ...context.slice(0, first)];
  const after = [...weights.rows.slice(first), ...context.slice(first)];
  const kept = before.every((r) => r.state === 'same');
  const T = weights.rows.length;
  return h(
    'p',
    { class: 'lab-result', dataset: { outcome: kept ? 'same' : 'changed', part: which } },
    first === 0
      ? t('outcome.first')
      : t(kept ? 'outcome.kept' : 'outcome.changed', {
          span: span(t, 1, first),
          delta: value(`${which}Before`, largest(before)),
        }),
    first < T
      ? t('outcome.after', {
          span: span(t, first + 1, T),
          delta: value(`${which}After`, largest(after)),
        })
      : '',
  );
}

function numbers(data, which, t) {
  const table = (name, rows, tokens) =>
    numberTable({
      caption: t('numbers.caption', { name: name.toUpperCase() }),
      name: `${which}-${name}`,
      rowLabels: tokens.map(tokenLabel),
      colLabels: tokens.map(tokenLabel),
      corner: t('corner.queryKey'),
      rows,
      cellClass: (v) => (v === 0 ? 'masked' : ''),
    });
  return h(
    'details',
    { class: 'lab-details' },
    h('summary', {}, t('numbers.summary')),
    h(
      'div',
      { class: 'lab-tables' },
      table('a', data[which].headA, data.tokensA),
      table('b', data[which].headB, data.tokensB),
    ),
  );
}

function part(data, which, t) {
  return [
    outcome(data, which, t),
    h(
      'div',
      { class: 'lab-tables' },
      weightsMap(data, data[which].weights, `${which}-weights`, t(`part.${which}`), t),
      contextTable(data, data[which].context, `${which}-context`, t(`context.${which}`), t),
    ),
    numbers(data, which, t),
  ];
}

function predictionView(next, t) {
  if (next.error) return h('p', { class: 'msg' }, t('next.error', { error: next.error }));
  const after = (tokens) => `“${tokenLabel(tokens.join(''))}”`;
  const same = next.sameRows.filter(Boolean).length;
  return [
    h('p', {}, t('next.intro')),
    next.shared
      ? [
          h(
            'p',
            { class: 'lab-result', dataset: { outcome: same === next.first ? 'same' : 'changed' } },
            t('next.same', {
              n: next.first,
              same: value('nextSameRows', same, t('next.sameCount', { same, n: next.first })),
            }),
          ),
          nextTable(
            'shared',
            t('next.shared', { tokens: after(next.shared.tokens) }),
            next.shared.a,
            next.shared.b,
            t,
          ),
        ]
      : null,
    [next.shared, next.changed].some((row) => row && [...row.a, ...row.b].some((n) => n.id < 0))
      ? h(
          'p',
          { class: 'help' },
          t('next.other', {
            token: SHARED_TOKEN,
            count: (next.vocabulary - 1).toLocaleString('en-US'),
          }),
        )
      : null,
    next.changed
      ? nextTable(
          'changed',
          t('next.changed', { a: after(next.changed.tokensA), b: after(next.changed.tokensB) }),
          next.changed.a,
          next.changed.b,
          t,
        )
      : null,
  ];
}

/** The lab's nodes; `error`: why the position or word was not taken (the last good pass stays). */
export function view(data, params, actions, error, progress, t) {
  return [
    h('p', {}, t('intro')),
    controls(data.tokensA, params, actions, error, t),
    h(
      'div',
      { class: 'lab-body' },
      weightsNote(t, data.trained),
      sentences(data, t),
      h('h3', {}, t('heading.masked')),
      part(data, 'masked', t),
      h('h3', {}, t('heading.open', { code: m('causal: false') })),
      part(data, 'open', t),
      h('h3', {}, t('heading.next')),
      predictionView(data.next, t),
    ),
  ];
}
