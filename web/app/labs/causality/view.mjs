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

const INTRO = [
  'Why hide the future? In training a language model reads a whole sentence at once and learns, at every position t, to predict token t + 1. ',
  'When it writes text it produces one token at a time: token t + 1 does not exist yet while row t is computed. ',
  'So row t must depend on tokens 1 … t only, or the model would learn from a future it will not have. ',
  'Change a later token of the page’s sentence (A), or append one, and compare it with yours (B).',
];

const span = (first, last) => (first === last ? `row ${first}` : `rows ${first}–${last}`);
const largest = (rows) => Math.max(0, ...rows.map((r) => r.delta ?? 0));
// A measured |Δ|: exactly 0 reads "0" (no rounding hides a difference: readable() shows 1e−9 as such).
const value = (name, v, text = v === 0 ? '0' : readable(v)) => quantity(name, v, text);

function controls(tokens, params, actions, error) {
  const selected = params.at === 'last' ? String(tokens.length) : params.at;
  const options = [
    ...tokens.map((t, i) => [String(i + 1), `token ${i + 1}: ${tokenLabel(t)}`]),
    ['append', 'append after the last token'],
  ];
  return h(
    'div',
    { class: 'lab-controls' },
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'causality-at' }, 'Change'),
      h(
        'select',
        { id: 'causality-at', onchange: (e) => actions.setParams({ at: e.target.value }) },
        options.map(([v, text]) => h('option', { value: v, selected: v === selected }, text)),
      ),
    ),
    h(
      'div',
      { class: 'lab-control' },
      h('label', { for: 'causality-word' }, 'into (or append)'),
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

function sentences(data) {
  const { first, k } = data;
  return [
    h(
      'p',
      { class: 'lab-sentences' },
      h('span', { dataset: { sentence: 'a' }, dir: 'auto' }, `A (the page’s): ${data.sentenceA}`),
      h('br'),
      h('span', { dataset: { sentence: 'b' }, dir: 'auto' }, `B (yours): ${data.sentenceB}`),
    ),
    h(
      'p',
      { class: 'help' },
      first === 0
        ? 'They differ from token 1 on: no row comes before the change.'
        : `They share tokens 1–${first}, and differ from token ${first + 1} on.`,
      first < k ? ' (Tokenising B joined your text to the token before it.)' : '',
      ` The page’s model in evaluation mode${data.training ? ' (the page shows training mode; dropout would draw other masks for another length)' : ''}, every batch item and head compared.`,
    ),
  ];
}

function outcome(data, which) {
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
      ? 'Token 1 changed, so there is no earlier row. '
      : [
          `Before the change (${span(1, first)}): `,
          kept
            ? 'every attention weight and every context vector keeps its bits'
            : 'the attention weights and context vectors change',
          ', largest |Δ| = ',
          value(`${which}Before`, largest(before)),
          '. ',
        ],
    first < T
      ? [
          `From the change on (${span(first + 1, T)}): largest |Δ| = `,
          value(`${which}After`, largest(after)),
          '.',
        ]
      : '',
  );
}

function numbers(data, which) {
  const table = (name, rows, tokens) =>
    numberTable({
      caption: `Sentence ${name.toUpperCase()}: attention weights, head 1, batch item 1`,
      name: `${which}-${name}`,
      rowLabels: tokens.map(tokenLabel),
      colLabels: tokens.map(tokenLabel),
      corner: 'query ↓ key →',
      rows,
      cellClass: (v) => (v === 0 ? 'masked' : ''),
    });
  return h(
    'details',
    { class: 'lab-details' },
    h('summary', {}, 'The numbers of head 1 in both sentences'),
    h(
      'div',
      { class: 'lab-tables' },
      table('a', data[which].headA, data.tokensA),
      table('b', data[which].headB, data.tokensB),
    ),
  );
}

function part(data, which) {
  const masked = which === 'masked';
  const how = masked ? 'with the causal mask' : 'without the mask';
  return [
    outcome(data, which),
    h(
      'div',
      { class: 'lab-tables' },
      weightsMap(
        data,
        data[which].weights,
        `${which}-weights`,
        `Attention weights ${how}, B against A: “=” where all bits agree`,
      ),
      contextTable(data, data[which].context, `${which}-context`, `Context vectors ${how}`),
    ),
    numbers(data, which),
  ];
}

function predictionView(next) {
  if (next.error) return h('p', { class: 'msg' }, `The trained model: ${next.error}`);
  const after = (tokens) => `“${tokenLabel(tokens.join(''))}”`;
  const same = next.sameRows.filter(Boolean).length;
  return [
    h(
      'p',
      {},
      'The trained model (one causal attention block trained on English text, the Brown Corpus) predicts token t + 1 from row t of its block’s output. ',
      'Row t has seen tokens 1 … t only, so its prediction cannot depend on what follows.',
    ),
    next.shared
      ? [
          h(
            'p',
            { class: 'lab-result', dataset: { outcome: same === next.first ? 'same' : 'changed' } },
            `The predictions after the first ${next.first} tokens: `,
            value('nextSameRows', same, `${same} of ${next.first}`),
            ' the same in both sentences, token for token and bit for bit.',
          ),
          nextTable(
            'shared',
            `After ${after(next.shared.tokens)}: what comes next?`,
            next.shared.a,
            next.shared.b,
          ),
        ]
      : null,
    [next.shared, next.changed].some((row) => row && [...row.a, ...row.b].some((n) => n.id < 0))
      ? h(
          'p',
          { class: 'help' },
          `“${SHARED_TOKEN}” is not a word: every GPT-2 token outside the ${(next.vocabulary - 1).toLocaleString('en-US')} the model has ids for shares one id, and this is their summed chance.`,
        )
      : null,
    next.changed
      ? nextTable(
          'changed',
          `After ${after(next.changed.tokensA)} (A) and ${after(next.changed.tokensB)} (B): the changed row`,
          next.changed.a,
          next.changed.b,
        )
      : null,
  ];
}

/** The lab's nodes; `error`: why the position or word was not taken (the last good pass stays). */
export function view(data, params, actions, error, progress, t) {
  return [
    h('p', {}, INTRO),
    controls(data.tokensA, params, actions, error),
    h(
      'div',
      { class: 'lab-body' },
      weightsNote(t, data.trained),
      sentences(data),
      h('h3', {}, 'With the causal mask'),
      part(data, 'masked'),
      h('h3', {}, ['Without the mask (', m('causal: false'), ')']),
      part(data, 'open'),
      h('h3', {}, 'What the model predicts next'),
      predictionView(data.next),
    ),
  ];
}
