// The causality lab's tables: the diff map of the attention weights (per cell: the same bits in
// both sentences, or the largest |Δ|), the context vectors' rows, and the top-5 next tokens of
// both sentences side by side.
import { h } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { exact, readable } from '../kit/format.mjs';
import { percent, trainedTokenLabel } from '../../../lib/present.mjs';

/** Token i's label in the diff: the token, "work → play" where B has another, "+ word" if only B has it. */
export function rowLabel({ tokensA, tokensB }, i, t) {
  const [a, b] = [tokensA[i], tokensB[i]];
  if (a === undefined) return t('row.added', { token: tokenLabel(b) });
  if (b === undefined) return t('row.aOnly', { token: tokenLabel(a) });
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

const diffCell = (t) => (cell) => {
  if (cell.same)
    return h(
      'td',
      { class: 'same', dataset: { same: 'true', delta: '0' } },
      '=',
      hidden(t('cell.same')),
    );
  return h(
    'td',
    { class: 'differs', dataset: { same: 'false', delta: exact(cell.delta) } },
    readable(cell.delta),
  );
};

const rowState = (row, t) =>
  row.state === 'new'
    ? t('state.new')
    : row.state === 'same'
      ? t('state.same')
      : t('state.differs', { delta: readable(row.delta) });

/** The weights' diff map: query rows × keys, every batch item and head at once. */
export function weightsMap(data, diff, name, caption, t) {
  const n = diff.cells.length;
  const labels = Array.from({ length: n }, (_, i) => rowLabel(data, i, t));
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
          h('td', { class: 'corner' }, t('corner.queryKey')),
          labels.map((l) => h('th', { scope: 'col', dir: 'auto' }, l)),
          h('th', { scope: 'col' }, t('col.row')),
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
              : row.map(diffCell(t)),
            h('td', { class: `state ${diff.rows[r].state}` }, rowState(diff.rows[r], t)),
          ),
        ),
      ),
    ),
  );
}

/** The context vectors' rows: the same bits in both sentences (every batch item and column), or not. */
export function contextTable(data, rows, name, caption, t) {
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
          h('th', { scope: 'col' }, t('col.token')),
          h('th', { scope: 'col' }, t('col.delta')),
          h('th', { scope: 'col' }, t('col.row')),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((row, r) =>
          h(
            'tr',
            { dataset: { row: row.state } },
            h('th', { scope: 'row', dir: 'auto' }, rowLabel(data, r, t)),
            h(
              'td',
              { dataset: row.delta === null ? {} : { delta: exact(row.delta) } },
              row.delta === null ? '—' : row.delta === 0 ? '0' : readable(row.delta),
            ),
            h('td', { class: `state ${row.state}` }, rowState(row, t)),
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
export function nextTable(name, caption, a, b, t) {
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
          h('th', { scope: 'col' }, t('col.rank')),
          h('th', { scope: 'col' }, t('col.a')),
          h('th', { scope: 'col' }, t('col.b')),
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
