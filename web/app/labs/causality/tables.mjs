// The causality lab's tables: the diff map of the attention weights (per cell: the same bits in
// both sentences, or the largest |Δ|), the context vectors' rows, and the top-5 next tokens of
// both sentences side by side.
import { h } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { exact, readable } from '../kit/format.mjs';
import { percent, trainedTokenLabel } from '../../../lib/present.mjs';

/** Token i's label in the diff: the token, "work → play" where B has another, "+ word" if only B has it. */
export function rowLabel({ tokensA, tokensB }, i) {
  const [a, b] = [tokensA[i], tokensB[i]];
  if (a === undefined) return `+ ${tokenLabel(b)}`;
  if (b === undefined) return `${tokenLabel(a)} (A only)`;
  return a === b ? tokenLabel(a) : `${tokenLabel(a)} → ${tokenLabel(b)}`;
}

const hidden = (text) => h('span', { class: 'visually-hidden' }, text);

// A table's wrap: it scrolls on a narrow screen, so a keyboard can focus it (named by `label`).
const wrap = (label, table) =>
  h(
    'div',
    { class: 'table-wrap lab-table-wrap', tabindex: '0', role: 'region', 'aria-label': label },
    table,
  );

function diffCell(cell) {
  if (cell.same)
    return h(
      'td',
      { class: 'same', dataset: { same: 'true', delta: '0' } },
      '=',
      hidden(' same bits'),
    );
  return h(
    'td',
    { class: 'differs', dataset: { same: 'false', delta: exact(cell.delta) } },
    readable(cell.delta),
  );
}

const rowState = (row) =>
  row.state === 'new'
    ? 'only in one sentence'
    : row.state === 'same'
      ? 'same bits'
      : `differs (${readable(row.delta)})`;

/** The weights' diff map: query rows × keys, every batch item and head at once. */
export function weightsMap(data, diff, name, caption) {
  const n = diff.cells.length;
  const labels = Array.from({ length: n }, (_, i) => rowLabel(data, i));
  return wrap(
    caption,
    h(
      'table',
      { class: 'lab-numbers lab-diff', dataset: { diff: name } },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('td', { class: 'corner' }, 'query ↓ key →'),
          labels.map((l) => h('th', { scope: 'col', dir: 'auto' }, l)),
          h('th', { scope: 'col' }, 'the row'),
        ),
      ),
      h(
        'tbody',
        {},
        diff.cells.map((row, r) =>
          h(
            'tr',
            { dataset: { row: diff.rows[r].state } },
            h('th', { scope: 'row', dir: 'auto' }, labels[r]),
            row === null
              ? Array.from({ length: n }, () => h('td', { class: 'new' }, '·'))
              : row.map(diffCell),
            h('td', { class: `state ${diff.rows[r].state}` }, rowState(diff.rows[r])),
          ),
        ),
      ),
    ),
  );
}

/** The context vectors' rows: the same bits in both sentences (every batch item and column), or not. */
export function contextTable(data, rows, name, caption) {
  return wrap(
    caption,
    h(
      'table',
      { class: 'lab-numbers lab-diff', dataset: { diff: name } },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'token'),
          h('th', { scope: 'col' }, 'largest |Δ|'),
          h('th', { scope: 'col' }, 'the row'),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((row, r) =>
          h(
            'tr',
            { dataset: { row: row.state } },
            h('th', { scope: 'row', dir: 'auto' }, rowLabel(data, r)),
            h(
              'td',
              { dataset: row.delta === null ? {} : { delta: exact(row.delta) } },
              row.delta === null ? '—' : row.delta === 0 ? '0' : readable(row.delta),
            ),
            h('td', { class: `state ${row.state}` }, rowState(row)),
          ),
        ),
      ),
    ),
  );
}

const nextCell = (n) =>
  h(
    'td',
    { dataset: { id: n.id, probability: n.probability }, class: n.id < 0 ? 'shared-id' : null },
    h('span', { class: 'next-token' }, trainedTokenLabel(n)),
    ' ',
    h('span', { class: 'next-probability' }, percent(n.probability)),
  );

/** Two rows of top-5 next tokens side by side: rank, sentence A's, sentence B's. */
export function nextTable(name, caption, a, b) {
  return wrap(
    caption,
    h(
      'table',
      { class: 'lab-numbers lab-causality-next', dataset: { next: name } },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'rank'),
          h('th', { scope: 'col' }, 'sentence A'),
          h('th', { scope: 'col' }, 'sentence B'),
        ),
      ),
      h(
        'tbody',
        {},
        a.map((n, i) =>
          h('tr', {}, h('th', { scope: 'row' }, `${i + 1}.`), nextCell(n), nextCell(b[i])),
        ),
      ),
    ),
  );
}
