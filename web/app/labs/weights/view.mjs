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
const W_O = { seeded: 'the seeded W_o', identity: 'W_o = identity' };
const TRAINED_W_O = { ...W_O, seeded: 'the trained W_o' };
const choicesOf = (data) => (data.trained ? TRAINED_W_O : W_O);

// Column groups "head 1 | head 2 | …" over the first `cols` of D columns.
function headGroups(heads, dh, cols) {
  const groups = [];
  for (let i = 0; i < heads && i * dh < cols; ++i)
    groups.push({ label: `head ${i + 1}`, span: Math.min(dh, cols - i * dh) });
  return groups;
}

/**
 * One weight as x · Wᵀ uses it: (in × out). W_q, W_k, W_v: the output columns grouped by head
 * (the split); out_proj: the input rows are the merged heads' columns, its outputs belong to none.
 */
function weightTable(name, weight, { heads, dh, rowLabel, headsOn = 'cols' }) {
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
      text: headsOn === 'cols' ? String((c % dh) + 1) : `out ${c + 1}`,
      title: headsOn === 'cols' ? `column ${c + 1}: head ${Math.floor(c / dh) + 1}` : undefined,
    })),
    colGroups: headsOn === 'cols' ? headGroups(heads, dh, shownCols) : undefined,
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
      ? h('figcaption', { class: 'help' }, `The first ${shownRows} rows and ${shownCols} columns.`)
      : null,
  );
}

/** The head shares of each output column, coloured by their blend of head colours. */
function sharesTable(shares, heads, label, names = W_O) {
  const D = shares.length;
  const cols = Math.min(D, MAX_COLS);
  const colours = Array.from({ length: heads }, (_, i) => headColour(i));
  return h(
    'table',
    { class: 'lab-numbers lab-matrix lab-shares', dataset: { shares: label } },
    h('caption', {}, `${names[label]}: each head’s share of every output column`),
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
            `out ${j + 1}`,
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
          h('th', { scope: 'row', class: `head-${i % 12}` }, `head ${i + 1}`),
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
  const names = choicesOf(data);
  const output = matrixTable({
    rows: Math.min(T, MAX_ROWS),
    cols: Math.min(D, MAX_COLS),
    data: result.output.data,
    index: (r, c) => r * D + c,
    rowLabels: tokenLabels(t, data.tokens),
    colLabels: Array.from({ length: Math.min(D, MAX_COLS) }, (_, c) => ({ text: `out ${c + 1}` })),
    caption: `The output with ${names[choice]} (batch item 1)`,
    className: 'lab-numbers lab-matrix',
    attrs: { dataset: { tensor: 'output', wo: choice } },
  });
  return h(
    'section',
    { 'aria-label': 'what W_o mixes' },
    h('h3', {}, 'W_o mixes the heads'),
    radios({
      legend: 'Output projection',
      name: 'weights-wo',
      choices: names,
      value: choice,
      onPick: (wo) => actions.setParams({ wo }),
    }),
    h(
      'p',
      {},
      `With W_o = identity and no bias the output is the merged heads (largest difference `,
      `${fmt(data.identityCheck, 7)}): output column j is one head’s, its colour pure. With the ${data.trained ? 'trained' : 'seeded'} `,
      'W_o every output column draws on every head, and its colour is their blend.',
    ),
    // Its cells take no focus: the wrap does, so that a keyboard can scroll a wide table (64
    // columns with the trained weights).
    h(
      'div',
      {
        class: 'table-wrap',
        tabindex: '0',
        role: 'region',
        'aria-label': `${names[choice]}: each head’s share`,
      },
      sharesTable(data.shares[choice], data.heads, choice, names),
    ),
    h('div', { class: 'table-wrap' }, output),
  );
}

function checks(data) {
  const { heads, dh, state } = data;
  const dIn = state['W_query.weight'].shape[1];
  const coincide = data.sameSeed?.filter((s) => s.maxDifference === 0) ?? [];
  return h(
    'ul',
    {},
    h(
      'li',
      { dataset: { check: 'layout' } },
      `The core’s loop layout (one projection per head, W[i·d_h:(i+1)·d_h]) against the fused one: `,
      `largest difference in the heads and the output ${fmt(data.layoutCheck, 7)}.`,
    ),
    h(
      'li',
      { dataset: { check: 'wrapper' } },
      `The wrapper (${heads} CausalAttention modules, d_in = ${dIn}, d_out = ${dh}) given the slices as `,
      `its heads.<i>.W_query/W_key/W_value: its output equals the split’s merged heads (largest `,
      `difference ${fmt(data.sliceCheck, 7)}).`,
    ),
    data.sameSeed
      ? h(
          'li',
          { dataset: { check: 'seed' } },
          'Built from the same seed instead, the wrapper draws the same random numbers in another order ',
          `(head by head, not matrix by matrix): ${coincide.length} of its ${data.sameSeed.length} matrices `,
          'happen to equal a slice',
          coincide.length
            ? ` (${coincide.map((s) => `head ${s.head + 1}’s ${s.projection}`).join(', ')})`
            : '',
          ', the others do not.',
        )
      : null,
  );
}

export function view(data, params, actions, error, progress, t) {
  const { state, heads, dh, D } = data;
  const sizes = { heads, dh };
  return [
    h(
      'p',
      {},
      'MultiHeadAttention keeps one query matrix for all heads. Multiplying x by it gives d_out columns, ',
      'and the split only decides which columns each head reads: head 1 the first d_h, head 2 the next, ',
      'and so on. So the loop’s small per-head matrices are not something else: they are these column ',
      'blocks. The output projection out_proj (W_o) then takes every head’s columns and mixes them.',
    ),
    h(
      'div',
      { class: 'lab-content' },
      moduleNote(t, data.settings),
      weightsNote(t, data.trained),
      h('h3', {}, `The split: ${heads} heads of d_h = ${dh} (d_out = ${D})`),
      h(
        'div',
        { class: 'lab-grid' },
        ['W_query', 'W_key', 'W_value'].map((p) =>
          weightTable(`${p}.weight`, state[`${p}.weight`], {
            ...sizes,
            rowLabel: (r) => `x${r + 1}`,
          }),
        ),
        weightTable('out_proj.weight', state['out_proj.weight'], {
          ...sizes,
          rowLabel: (r) => `head ${Math.floor(r / dh) + 1}·${(r % dh) + 1}`,
          headsOn: 'rows',
        }),
      ),
      h('h3', {}, 'The loop’s matrices are the split’s slices'),
      checks(data),
      mixing(data, params.wo, actions, t),
    ),
  ];
}
