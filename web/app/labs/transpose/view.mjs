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
    { class: 'lab-right', 'aria-label': t('right.label') },
    h('h3', {}, t('right.heading', { shape: shapeOf(data, 'attentionScores') })),
    h(
      'p',
      {},
      h('label', { for: 'transpose-head' }, t('right.head')),
      h(
        'select',
        {
          id: 'transpose-head',
          onchange: (e) => actions.setParams({ head: Number(e.target.value) }),
        },
        Array.from({ length: heads }, (_, i) =>
          h('option', { value: i, selected: i === head }, t('head', { n: i + 1 })),
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
        caption: t('right.caption', { n: head + 1 }),
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
      text: t(`wrong.${kind}`, { n: i + 1 }),
      title: t(`wrong.${kind}Title`, { n: i + 1 }),
    }));
  const shown = Math.min(T, MAX_SHOWN_TOKENS);
  const perToken = (k) =>
    matrixTable({
      rows: heads,
      cols: heads,
      data: values,
      index: (r, c) => k * s[1] + r * s[2] + c,
      rowLabels: headLabels('q'),
      colLabels: headLabels('k'),
      caption: t('wrong.caption', { n: k + 1, token: tokenLabels(t, tokens)[k].text }),
      className: 'lab-numbers lab-matrix',
      attrs: { dataset: { tensor: 'forgottenTranspose', token: k } },
    });
  return h(
    'section',
    { class: 'lab-wrong', 'aria-label': t('wrong.label') },
    h(
      'h3',
      {},
      t('wrong.heading', {
        code: 'queries_view @ keys_view.transpose(2, 3)',
        shape: shapeOf(data, 'forgottenTranspose'),
      }),
    ),
    h('p', {}, t('wrong.text', { check: fmt(data.forgottenCheck, 7) })),
    T > shown ? h('p', { class: 'help' }, t('wrong.first', { n: shown, T })) : null,
    h(
      'div',
      { class: 'lab-grid' },
      Array.from({ length: shown }, (_, k) => h('div', { class: 'table-wrap' }, perToken(k))),
    ),
  );
}

export function view(data, params, actions, error, progress, t) {
  const heads = data.trace.attentionScores.shape[1];
  const head = Math.max(0, Math.min(params.head, heads - 1));
  return [
    h('p', {}, t('intro')),
    h(
      'div',
      { class: 'lab-content' },
      moduleNote(t, data.settings),
      weightsNote(t, data.trained),
      h('h3', {}, t('pipeline.heading')),
      pipeline(data),
      h(
        'p',
        { class: 'help' },
        t('checked', {
          view: fmt(data.viewCheck, 7),
          transpose: fmt(data.transposeCheck, 7),
        }),
      ),
      h('div', { class: 'lab-compare' }, right(data, head, actions, t), wrong(data, t)),
      twiceSection(data, t),
    ),
  ];
}
