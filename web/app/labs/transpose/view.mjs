// The transpose lab's page: the four shapes of the pipeline with coloured axes, the right scores
// beside the forgotten transpose's heads against heads, and the transpose cell run twice.
import { h } from '../../render/h.mjs';
import { fmt } from '../kit/format.mjs';
import { matrixTable } from '../kit/table.mjs';
import { strides } from '../kit/tensor.mjs';
import { tokenLabels } from '../kit/page.mjs';
import { moduleNote, weightsNote } from '../kit/notes.mjs';
import { PIPELINE } from './index.mjs';
import { twiceSection } from './twice.mjs';

const MAX_SHOWN_TOKENS = 12;

const chip = ({ axis, size }) =>
  h('span', { class: `axis axis-${axis}`, dataset: { axis } }, `${axis} = ${size}`);

const shapeOf = (data, name) =>
  h(
    'span',
    { class: 'axes', dataset: { shape: data.trace[name].shape.join(',') } },
    '(',
    data.axes[name].map((a, i) => [i ? ', ' : '', chip(a)]),
    ')',
  );

const pipeline = (data) =>
  h(
    'ol',
    { class: 'lab-pipeline' },
    PIPELINE.map(({ stage: name, code }) =>
      h(
        'li',
        { dataset: { stage: name } },
        h('code', {}, code),
        h('span', { class: 'arrow' }, ' → '),
        shapeOf(data, name),
      ),
    ),
  );

function right(data, head, actions, t) {
  const { trace, tokens } = data;
  const [, heads, T] = trace.attentionScores.shape;
  return h(
    'section',
    { class: 'lab-right', 'aria-label': 'with the transpose' },
    h('h3', {}, 'With transpose(1, 2): ', shapeOf(data, 'attentionScores')),
    h(
      'p',
      {},
      h('label', { for: 'transpose-head' }, 'Head shown '),
      h(
        'select',
        {
          id: 'transpose-head',
          onchange: (e) => actions.setParams({ head: Number(e.target.value) }),
        },
        Array.from({ length: heads }, (_, i) =>
          h('option', { value: i, selected: i === head }, `head ${i + 1}`),
        ),
      ),
    ),
    h(
      'div',
      { class: 'table-wrap' },
      matrixTable({
        rows: T,
        cols: T,
        data: trace.attentionScores.data,
        index: (r, c) => (head * T + r) * T + c,
        rowLabels: tokenLabels(t, tokens),
        colLabels: tokenLabels(t, tokens),
        caption: `Right: attn_scores[0, head ${head + 1}], tokens against tokens (T × T)`,
        className: 'lab-numbers lab-matrix',
        attrs: { dataset: { tensor: 'attentionScores' } },
      }),
    ),
  );
}

function wrong(data, t) {
  const { trace, tokens } = data;
  const T = trace.attentionScores.shape[2];
  const { shape, data: values } = trace.forgottenTranspose;
  const [, , heads] = shape;
  const s = strides(shape);
  const headLabels = (kind) =>
    Array.from({ length: heads }, (_, i) => ({
      text: `${kind} ${i + 1}`,
      title: `${kind} of head ${i + 1}`,
    }));
  const shown = Math.min(T, MAX_SHOWN_TOKENS);
  const perToken = (k) =>
    matrixTable({
      rows: heads,
      cols: heads,
      data: values,
      index: (r, c) => k * s[1] + r * s[2] + c,
      rowLabels: headLabels('q head'),
      colLabels: headLabels('k head'),
      caption: `token ${k + 1} (${tokenLabels(t, tokens)[k].text}): heads against heads`,
      className: 'lab-numbers lab-matrix',
      attrs: { dataset: { tensor: 'forgottenTranspose', token: k } },
    });
  return h(
    'section',
    { class: 'lab-wrong', 'aria-label': 'without the transpose' },
    h(
      'h3',
      {},
      'Forgotten: queries_view @ keys_view.transpose(2, 3) → ',
      shapeOf(data, 'forgottenTranspose'),
    ),
    h(
      'p',
      {},
      'Without the transpose the last two axes are (h, d_h), so the product pairs heads with heads ',
      'inside one token: no token ever looks at another, and the "attention" is an h × h grid per token. ',
      `Each number here is token t's query in head i times the same token's key in head j: recomputed `,
      `from the views, the largest difference from the core's is ${fmt(data.forgottenCheck, 7)}. `,
      'PyTorch raises no error, because the shapes still multiply.',
    ),
    T > shown ? h('p', { class: 'help' }, `The first ${shown} of ${T} tokens.`) : null,
    h(
      'div',
      { class: 'lab-grid' },
      Array.from({ length: shown }, (_, t) => h('div', { class: 'table-wrap' }, perToken(t))),
    ),
  );
}

export function view(data, params, actions, error, progress, t) {
  const heads = data.trace.attentionScores.shape[1];
  const head = Math.max(0, Math.min(params.head, heads - 1));
  return [
    h(
      'p',
      {},
      'MultiHeadAttention computes all heads with one matmul, so its queries come out as one wide ',
      'row per token. To give each head its own T × T scores, the width is first read as h blocks ',
      'of d_h (view: no number moves), then the head axis is brought in front of the token axis ',
      '(transpose(1, 2): the numbers move). Only then does Q · Kᵀ, which multiplies the last two axes, ',
      'pair tokens with tokens inside each head. Each axis keeps its colour from step to step.',
    ),
    h(
      'div',
      { class: 'lab-content' },
      moduleNote(t, data.settings),
      weightsNote(t, data.trained),
      h('h3', {}, 'Four shapes, one pipeline'),
      pipeline(data),
      h(
        'p',
        { class: 'help' },
        `Checked on the core's numbers: the view is the queries read with a new shape (largest `,
        `difference ${fmt(data.viewCheck, 7)}), the transpose moves them (recomputed here, largest `,
        `difference ${fmt(data.transposeCheck, 7)}).`,
      ),
      h('div', { class: 'lab-compare' }, right(data, head, actions, t), wrong(data, t)),
      twiceSection(data),
    ),
  ];
}
