// The weights lab's page: the four weights as x · Wᵀ uses them with the split drawn on them, the
// checks that the loop's matrices are the split's slices, and what W_o mixes.
import { h } from '../../render/h.mjs';
import { fmt } from '../kit/format.mjs';
import { matrixTable } from '../kit/table.mjs';
import { transposed } from '../kit/tensor.mjs';
import { tokenLabels } from '../kit/page.mjs';
import { moduleNote, weightsNote } from '../kit/notes.mjs';
import { choice as radios } from '../kit/choice.mjs';
import { headColour, blend, css, inkOn } from '../../ui/colour.mjs';

const MAX_ROWS = 12;
const MAX_COLS = 24;
// The choices of W_o, by their URL value; 'seeded' is the page's own W_o (trained, with the
// trained weights).
const choicesOf = (data, t) => ({
  seeded: t(data.trained ? 'wo.trained' : 'wo.seeded'),
  identity: t('wo.identity'),
});

// Column groups "head 1 | head 2 | …" over the first `cols` of D columns.
function headGroups(heads, dh, cols, t) {
  const groups = [];
  for (let i = 0; i < heads && i * dh < cols; ++i)
    groups.push({ label: t('head', { n: i + 1 }), span: Math.min(dh, cols - i * dh) });
  return groups;
}

/**
 * One weight as x · Wᵀ uses it: (in × out). W_q, W_k, W_v: the output columns grouped by head
 * (the split); out_proj: the input rows are the merged heads' columns, its outputs belong to none.
 */
function weightTable(name, weight, { heads, dh, rowLabel, headsOn = 'cols' }, t) {
  const matrix = transposed(weight); // (in, out)
  const [rows, cols] = matrix.shape;
  const shownRows = Math.min(rows, MAX_ROWS);
  const shownCols = Math.min(cols, MAX_COLS);
  const table = matrixTable({
    rows: shownRows,
    cols: shownCols,
    data: matrix.data,
    index: (r, c) => r * cols + c,
    rowLabels: Array.from({ length: shownRows }, (_, r) => ({ text: rowLabel(r) })),
    colLabels: Array.from({ length: shownCols }, (_, c) => ({
      text: headsOn === 'cols' ? String((c % dh) + 1) : t('out', { n: c + 1 }),
      title:
        headsOn === 'cols'
          ? t('column.title', { n: c + 1, head: Math.floor(c / dh) + 1 })
          : undefined,
    })),
    colGroups: headsOn === 'cols' ? headGroups(heads, dh, shownCols, t) : undefined,
    caption: `${name}ᵀ (${rows} × ${cols})`,
    className: 'lab-numbers lab-matrix lab-weight',
    cellClass: (v, r, c) => `head-${Math.floor((headsOn === 'cols' ? c : r) / dh) % 12}`,
    attrs: { dataset: { weight: name } },
  });
  const clipped = rows > shownRows || cols > shownCols;
  return h(
    'figure',
    { class: 'lab-figure' },
    h('div', { class: 'table-wrap' }, table),
    clipped
      ? h('figcaption', { class: 'help' }, t('clipped', { rows: shownRows, cols: shownCols }))
      : null,
  );
}

/** The head shares of each output column, coloured by their blend of head colours. */
function sharesTable(shares, heads, label, names, t) {
  const D = shares.length;
  const cols = Math.min(D, MAX_COLS);
  const colours = Array.from({ length: heads }, (_, i) => headColour(i));
  return h(
    'table',
    { class: 'lab-numbers lab-matrix lab-shares', dataset: { shares: label } },
    h('caption', {}, t('shares.caption', { name: names[label] })),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('td', {}),
        Array.from({ length: cols }, (_, j) => {
          const mix = blend(colours, shares[j]);
          return h(
            'th',
            {
              scope: 'col',
              class: `mix ink-${inkOn(mix)}`,
              style: { 'background-color': css(mix) },
            },
            t('out', { n: j + 1 }),
          );
        }),
      ),
    ),
    h(
      'tbody',
      {},
      colours.map((_, i) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row', class: `head-${i % 12}` }, t('head', { n: i + 1 })),
          Array.from({ length: cols }, (_, j) =>
            h('td', { dataset: { value: shares[j][i] } }, `${(100 * shares[j][i]).toFixed(0)}%`),
          ),
        ),
      ),
    ),
  );
}

function mixing(data, choice, actions, t) {
  const result = choice === 'identity' ? data.unmixed : data.seeded;
  const [, T, D] = result.output.shape;
  const names = choicesOf(data, t);
  const output = matrixTable({
    rows: Math.min(T, MAX_ROWS),
    cols: Math.min(D, MAX_COLS),
    data: result.output.data,
    index: (r, c) => r * D + c,
    rowLabels: tokenLabels(t, data.tokens),
    colLabels: Array.from({ length: Math.min(D, MAX_COLS) }, (_, c) => ({
      text: t('out', { n: c + 1 }),
    })),
    caption: t('output.caption', { name: names[choice] }),
    className: 'lab-numbers lab-matrix',
    attrs: { dataset: { tensor: 'output', wo: choice } },
  });
  return h(
    'section',
    { 'aria-label': t('mixing.label') },
    h('h3', {}, t('mixing.heading')),
    radios({
      legend: t('mixing.legend'),
      name: 'weights-wo',
      choices: names,
      value: choice,
      onPick: (wo) => actions.setParams({ wo }),
    }),
    h(
      'p',
      {},
      t(data.trained ? 'mixing.trained' : 'mixing.seeded', { check: fmt(data.identityCheck, 7) }),
    ),
    // Its cells take no focus: the wrap does, so that a keyboard can scroll a wide table (64
    // columns with the trained weights).
    h(
      'div',
      {
        class: 'table-wrap',
        tabindex: '0',
        role: 'region',
        'aria-label': t('shares.label', { name: names[choice] }),
      },
      sharesTable(data.shares[choice], data.heads, choice, names, t),
    ),
    h('div', { class: 'table-wrap' }, output),
  );
}

function checks(data, t) {
  const { heads, dh, state } = data;
  const dIn = state['W_query.weight'].shape[1];
  const coincide = data.sameSeed?.filter((s) => s.maxDifference === 0) ?? [];
  return h(
    'ul',
    {},
    h(
      'li',
      { dataset: { check: 'layout' } },
      t('check.layout', { check: fmt(data.layoutCheck, 7) }),
    ),
    h(
      'li',
      { dataset: { check: 'wrapper' } },
      t('check.wrapper', { heads, dIn, dh, check: fmt(data.sliceCheck, 7) }),
    ),
    data.sameSeed
      ? h(
          'li',
          { dataset: { check: 'seed' } },
          t('check.seed', {
            n: coincide.length,
            all: data.sameSeed.length,
            which: coincide.length
              ? t('check.which', {
                  list: coincide
                    .map((s) => t('check.one', { n: s.head + 1, projection: s.projection }))
                    .join(', '),
                })
              : '',
          }),
        )
      : null,
  );
}

export function view(data, params, actions, error, progress, t) {
  const { state, heads, dh, D } = data;
  const sizes = { heads, dh };
  return [
    h('p', {}, t('intro')),
    h(
      'div',
      { class: 'lab-content' },
      moduleNote(t, data.settings),
      weightsNote(t, data.trained),
      h('h3', {}, t('split.heading', { heads, dh, D })),
      h(
        'div',
        { class: 'lab-grid' },
        ['W_query', 'W_key', 'W_value'].map((p) =>
          weightTable(
            `${p}.weight`,
            state[`${p}.weight`],
            { ...sizes, rowLabel: (r) => `x${r + 1}` },
            t,
          ),
        ),
        weightTable(
          'out_proj.weight',
          state['out_proj.weight'],
          {
            ...sizes,
            rowLabel: (r) => t('row.head', { head: Math.floor(r / dh) + 1, n: (r % dh) + 1 }),
            headsOn: 'rows',
          },
          t,
        ),
      ),
      h('h3', {}, t('slices.heading')),
      checks(data, t),
      mixing(data, params.wo, actions, t),
    ),
  ];
}
