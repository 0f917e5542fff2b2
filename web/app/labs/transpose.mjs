// Lab: view, then transpose, and the forgotten transpose. The queries of the page's sentence go
// through the lecture's four shapes, each axis in one colour all the way; beside the right scores
// (B, h, T, T) the core's "forgotten transpose" (B, T, h, h), where heads attend to heads; and the
// notebook's surprise of a transpose cell run twice, redone on the core's context vectors.
import { matrixTable } from '../ui/table.mjs';
import { fmt } from '../ui/format.mjs';
import {
  mhaOptions,
  pageInputs,
  tokenLabels,
  apiMessage,
  pageSettings,
  moduleNote,
} from './page-model.mjs';
import { transpose12, view, maxAbsDifference, strides } from './tensor-ops.mjs';
import { twiceSection } from './transpose-twice.mjs';
import { trainedNote } from './page.mjs';

export const slug = 'transpose';
export const title = 'View, then transpose, and the forgotten transpose';
export const stage = 'split';
export const summary =
  'The four shapes from queries to scores, axis by axis, and what Q·Kᵀ gives without transpose(1, 2).';

/** The lecture's pipeline: each step's trace stage and the PyTorch line that makes it. */
export const PIPELINE = Object.freeze([
  { stage: 'queries', code: 'queries = self.W_query(x)' },
  {
    stage: 'queryView',
    code: 'queries = queries.view(b, num_tokens, self.num_heads, self.head_dim)',
  },
  { stage: 'queryHeads', code: 'queries = queries.transpose(1, 2)' },
  { stage: 'attentionScores', code: 'attn_scores = queries @ keys.transpose(2, 3)' },
]);

/** An axis's name on the page: the core calls the width D, the lecture d_out (the same for mha). */
export const axisName = (dim) => (dim === 'D' ? 'd_out' : dim);

/** [{ axis, size }] of a trace stage: the core's dimension names with the trace's sizes. */
export function namedAxes(lab, trace, name) {
  const dims = lab.stages.find((s) => s.name === name).dims.split(',');
  return dims.map((dim, i) => ({ axis: axisName(dim), size: trace[name].shape[i] }));
}

/**
 * The forgotten transpose recomputed from the views: wrong[b, t, i, j] = queryView[b, t, i, :] ·
 * keyView[b, t, j, :], token t's query in head i against the same token's key in head j.
 */
export function headsAgainstHeads(queryView, keyView) {
  const [B, T, h, dh] = queryView.shape;
  const out = new Float32Array(B * T * h * h);
  for (let b = 0; b < B; ++b)
    for (let t = 0; t < T; ++t)
      for (let i = 0; i < h; ++i)
        for (let j = 0; j < h; ++j) {
          let sum = 0;
          for (let d = 0; d < dh; ++d) {
            const row = (b * T + t) * h * dh;
            sum += queryView.data[row + i * dh + d] * keyView.data[row + j * dh + d];
          }
          out[((b * T + t) * h + i) * h + j] = sum;
        }
  return { shape: [B, T, h, h], data: out };
}

/**
 * Runs the page's sentence through MultiHeadAttention with the forgotten transpose traced; with
 * the page's trained `result`, the trained block on its own inputs.
 */
export function computeTranspose(lab, settings, result = null) {
  const { inputs, tokens, weights } = pageInputs(lab, settings, result);
  const options = {
    ...mhaOptions(settings),
    inputs,
    ...(weights ? { weights } : {}),
    forgottenTranspose: true,
  };
  const { trace } = lab.forward(options);
  const recomputed = headsAgainstHeads(trace.queryView, trace.keyView);
  return {
    settings,
    trained: Boolean(weights),
    trace,
    tokens,
    options,
    forgottenCheck: maxAbsDifference(recomputed, trace.forgottenTranspose),
    viewCheck: maxAbsDifference(view(trace.queries, trace.queryView.shape), trace.queryView),
    transposeCheck: maxAbsDifference(transpose12(trace.queryView), trace.queryHeads),
  };
}

const MAX_SHOWN_TOKENS = 12;

export function mount(root, ctx) {
  const { h, lab } = ctx;
  let data = null;
  // ctx.params is the address at mount: the shown head lives here from then on.
  let shownHead = Number(ctx.params.get('transpose.head') ?? 0) || 0;
  const message = h('p', { class: 'msg', role: 'alert' });
  const body = h('div', { class: 'lab-content' });
  root.append(
    h(
      'p',
      {},
      'MultiHeadAttention computes all heads with one matmul, so its queries come out as one wide ',
      'row per token. To give each head its own T × T scores, the width is first read as h blocks ',
      'of d_h (view: no number moves), then the head axis is brought in front of the token axis ',
      '(transpose(1, 2): the numbers move). Only then does Q · Kᵀ, which multiplies the last two axes, ',
      'pair tokens with tokens inside each head. Each axis keeps its colour from step to step.',
    ),
    message,
    body,
  );

  const chip = (axis, size) =>
    h('span', { class: `axis axis-${axis}`, dataset: { axis } }, `${axis} = ${size}`);
  const shapeOf = (name) =>
    h(
      'span',
      { class: 'axes', dataset: { shape: data.trace[name].shape.join(',') } },
      '(',
      namedAxes(lab, data.trace, name).flatMap(({ axis, size }, i) => [
        i ? ', ' : '',
        chip(axis, size),
      ]),
      ')',
    );

  function pipeline() {
    return h(
      'ol',
      { class: 'lab-pipeline' },
      PIPELINE.map(({ stage: name, code }) =>
        h(
          'li',
          { dataset: { stage: name } },
          h('code', {}, code),
          h('span', { class: 'arrow' }, ' → '),
          shapeOf(name),
        ),
      ),
    );
  }

  function rightAndWrong() {
    const { trace, tokens } = data;
    const [, heads, T] = trace.attentionScores.shape;
    const head = Math.max(0, Math.min(shownHead, heads - 1));
    const right = matrixTable({
      rows: T,
      cols: T,
      data: trace.attentionScores.data,
      index: (r, c) => ((0 * heads + head) * T + r) * T + c,
      rowLabels: tokenLabels(tokens),
      colLabels: tokenLabels(tokens),
      caption: `Right: attn_scores[0, head ${head + 1}], tokens against tokens (T × T)`,
      className: 'lab-numbers lab-matrix',
      attrs: { dataset: { tensor: 'attentionScores' } },
    });
    const wrong = trace.forgottenTranspose;
    const [, , h2] = wrong.shape;
    const s = strides(wrong.shape);
    const headLabels = (kind) =>
      Array.from({ length: h2 }, (_, i) => ({
        text: `${kind} ${i + 1}`,
        title: `${kind} of head ${i + 1}`,
      }));
    const shown = Math.min(T, MAX_SHOWN_TOKENS);
    const perToken = Array.from({ length: shown }, (_, t) =>
      matrixTable({
        rows: h2,
        cols: h2,
        data: wrong.data,
        index: (r, c) => t * s[1] + r * s[2] + c,
        rowLabels: headLabels('q head'),
        colLabels: headLabels('k head'),
        caption: `token ${t + 1} (${tokenLabels(tokens)[t].text}): heads against heads`,
        className: 'lab-numbers lab-matrix',
        attrs: { dataset: { tensor: 'forgottenTranspose', token: t } },
      }),
    );
    const select = h(
      'select',
      {
        id: 'transpose-head',
        onchange: () => {
          shownHead = Number(select.value);
          ctx.setParams({ 'transpose.head': select.value === '0' ? null : select.value });
          render();
        },
      },
      Array.from({ length: heads }, (_, i) =>
        h('option', { value: i, selected: i === head }, `head ${i + 1}`),
      ),
    );
    return h(
      'div',
      { class: 'lab-compare' },
      h(
        'section',
        { class: 'lab-right', 'aria-label': 'with the transpose' },
        h('h3', {}, 'With transpose(1, 2): ', shapeOf('attentionScores')),
        h('p', {}, h('label', { for: 'transpose-head' }, 'Head shown '), select),
        h('div', { class: 'table-wrap' }, right),
      ),
      h(
        'section',
        { class: 'lab-wrong', 'aria-label': 'without the transpose' },
        h(
          'h3',
          {},
          'Forgotten: queries_view @ keys_view.transpose(2, 3) → ',
          shapeOf('forgottenTranspose'),
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
          perToken.map((t) => h('div', { class: 'table-wrap' }, t)),
        ),
      ),
    );
  }

  function render() {
    if (!data) return;
    body.replaceChildren(
      moduleNote(h, data.settings) ?? '',
      trainedNote(h, data.trained) ?? '',
      h('h3', {}, 'Four shapes, one pipeline'),
      pipeline(),
      h(
        'p',
        { class: 'help' },
        `Checked on the core's numbers: the view is the queries read with a new shape (largest `,
        `difference ${fmt(data.viewCheck, 7)}), the transpose moves them (recomputed here, largest `,
        `difference ${fmt(data.transposeCheck, 7)}).`,
      ),
      rightAndWrong(),
      twiceSection(h, data),
    );
  }

  function update() {
    const settings = pageSettings(ctx);
    if (!settings) return;
    try {
      data = computeTranspose(lab, settings, ctx.page().result);
      message.textContent = '';
    } catch (err) {
      message.textContent = apiMessage(err);
    }
    render();
  }

  update();
  return { update, destroy() {} };
}
