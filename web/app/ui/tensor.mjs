// One trace tensor drawn as heatmaps: a (B,T,X) tensor is one table for the chosen batch item, a
// (B,h,T,X) tensor one table per shown head. The <figure> carries data-stage/data-tensor (the
// trace name) and the shape with named dimensions from the core's stage list.
import { h } from './dom.mjs';
import { fmt, namedShape, tokenLabel } from './format.mjs';
import { signedColour, weightColour, headColour, tint, gradient } from './colour.mjs';
import { matrixTable } from './heatmap.mjs';

/** Row labels: the tokens, with their 1-based position. */
export function tokenRows(tokens) {
  return tokens.map((t, i) => ({
    text: tokenLabel(t.text),
    note: String(i + 1),
    title: `token ${i + 1}: “${t.text}” (id ${t.id})`,
  }));
}

const tokenCols = (tokens) =>
  tokens.map((t, i) => ({
    text: tokenLabel(t.text),
    title: `token ${i + 1}: “${t.text}” (id ${t.id})`,
  }));

const quoted = (t) => `“${tokenLabel(t.text)}”`;

function maxAbs(data) {
  let m = 0;
  for (const v of data) if (Number.isFinite(v) && Math.abs(v) > m) m = Math.abs(v);
  return m;
}

function maxFinite(data) {
  let m = 0;
  for (const v of data) if (Number.isFinite(v) && v > m) m = v;
  return m;
}

/** The colour of each cell, and a legend for it. */
function scaleFor(kind, data, sizes) {
  switch (kind) {
    case 'weights':
      return {
        colour: (v) => weightColour(v, 1),
        legend: legendBar(0, 1, (t) => weightColour(t, 1)),
      };
    case 'dropped': {
      const max = Math.max(1, maxFinite(data));
      return {
        colour: (v) => weightColour(v, max),
        legend: legendBar(0, max, (t) => weightColour(t, 1)),
      };
    }
    case 'mask':
      return {
        colour: (v) => (v ? '#dbe8f3' : '#ffffff'),
        legend: h(
          'p',
          { class: 'legend' },
          swatch('#dbe8f3', '1 = kept'),
          swatch('#ffffff', '0 = dropped', 'dropped'),
        ),
      };
    case 'heads':
      return {
        colour: (v, r, c) => tint(headColour(Math.floor(c / sizes.dh)), 0.62),
        legend: headLegend(sizes.h),
      };
    default: {
      const m = maxAbs(data);
      return {
        colour: (v) => signedColour(v, m),
        legend: legendBar(-m, m, (t) => signedColour(2 * t - 1, 1)),
      };
    }
  }
}

function legendBar(lo, hi, colourAt) {
  return h(
    'p',
    { class: 'legend' },
    h('span', { class: 'visually-hidden' }, 'Colour scale from '),
    h('span', { class: 'legend-end' }, fmt(lo, 2)),
    h('span', {
      class: 'legend-bar',
      'aria-hidden': 'true',
      style: { 'background-image': gradient(colourAt) },
    }),
    h('span', { class: 'visually-hidden' }, ' to '),
    h('span', { class: 'legend-end' }, fmt(hi, 2)),
  );
}

const swatch = (colour, label, extra = '') =>
  h(
    'span',
    { class: 'swatch-item' },
    h('span', { class: `swatch ${extra}`, style: { '--swatch': colour } }),
    label,
  );

export function headLegend(heads) {
  return h(
    'p',
    { class: 'legend' },
    Array.from({ length: heads }, (_, i) => swatch(headColour(i), `head ${i + 1}`)),
  );
}

/** Column groups "head 1 | head 2 | …" over a (B,T,h·d_h) tensor's columns. */
export function headGroups(sizes) {
  return Array.from({ length: sizes.h }, (_, i) => ({
    label: `head ${i + 1}`,
    span: sizes.dh,
    colour: headColour(i),
  }));
}

/**
 * A <figure> for the trace tensor `name`.
 * opts: label, kind ('signed' | 'weights' | 'dropped' | 'mask' | 'heads'), columns ('tokens' |
 * 'features'), headColumns (group a (B,T,D) tensor's columns by head), rowSums, cellClass(v, r, c),
 * colour(v, r, c, head) to override the scale, background(v, r, c, head) → a CSS image over it, heads (which heads), onTable(table, head),
 * onInspect(head) → (r, c, on), describeExtra(head) → (r, c) → lines.
 */
export function tensorFigure(ctx, name, opts = {}) {
  const { trace, tokens, sizes } = ctx.result;
  const tensor = trace[name];
  const { shape, data } = tensor;
  const rank = shape.length;
  const b = Math.min(ctx.view.item, shape[0] - 1);
  const T = shape[rank - 2];
  const X = shape[rank - 1];
  const H = rank === 4 ? shape[1] : 1;
  const scale = scaleFor(opts.kind ?? 'signed', data, sizes);
  const colourAt = opts.colour ?? scale.colour;
  const byTokens = opts.columns === 'tokens';
  const heads = rank === 4 ? (opts.heads ?? ctx.heads) : [null];

  const figure = h('figure', {
    class: `tensor kind-${opts.kind ?? 'signed'}`,
    dataset: { stage: name, tensor: name, shape: shape.join(','), item: b },
  });
  figure.append(
    h(
      'figcaption',
      {},
      h('span', { class: 'tensor-name' }, opts.label ?? name),
      ' ',
      h('code', { class: 'trace-name' }, name),
      ' ',
      h('span', { class: 'shape' }, namedShape(ctx.dims(name), shape)),
    ),
  );
  const tables = h('div', { class: 'tables' });
  for (const head of heads) {
    const base = rank === 4 ? (b * H + head) * T * X : b * T * X;
    const colLabels = byTokens
      ? tokenCols(tokens)
      : Array.from({ length: X }, (_, c) => ({
          text: String(c + 1),
          colour: opts.headColumns
            ? headColour(Math.floor(c / sizes.dh))
            : head !== null && opts.headTint
              ? headColour(head)
              : undefined,
        }));
    const columnWord = (c) =>
      byTokens
        ? `column: token ${c + 1} ${quoted(tokens[c])}${opts.columnRole ? ` (${opts.columnRole})` : ''}`
        : opts.headColumns
          ? `column ${c + 1}: feature ${(c % sizes.dh) + 1} of head ${Math.floor(c / sizes.dh) + 1}`
          : `column ${c + 1}${head !== null ? ` of head ${head + 1}` : ''}`;
    const table = matrixTable({
      data,
      rows: T,
      cols: X,
      index: (r, c) => base + r * X + c,
      attrs: {
        dataset: { stage: name, tensor: name, item: b, ...(head !== null ? { head } : {}) },
        style: head !== null ? { '--head': headColour(head) } : undefined,
      },
      // Visible: "head 2"; read out: "Attention weights, attentionWeights (B=2, …), batch item 1, head 2".
      caption: [
        h(
          'span',
          { class: 'visually-hidden' },
          `${opts.label ?? name}, ${name} ${namedShape(ctx.dims(name), shape)}, batch item ${b + 1}${head !== null ? ', ' : ''}`,
        ),
        head !== null ? h('span', { class: 'head-caption' }, `head ${head + 1}`) : null,
      ],
      className: ctx.view.numbers ? '' : 'no-numbers',
      corner: opts.corner,
      rowLabels: tokenRows(tokens),
      colLabels,
      colGroups: opts.headColumns && sizes.h > 1 ? headGroups(sizes) : null,
      colour: (v, r, c) => colourAt(v, r, c, head),
      background: opts.background ? (v, r, c) => opts.background(v, r, c, head) : undefined,
      colourInfinite: false,
      cellClass: opts.cellClass ? (v, r, c) => opts.cellClass(v, r, c, head) : undefined,
      rowSums: opts.rowSums,
      describe: (r, c) => [
        `${name}[${[b, ...(head !== null ? [head] : []), r, c].join(', ')}]`,
        `row: token ${r + 1} ${quoted(tokens[r])}${opts.rowRole ? ` (${opts.rowRole})` : ''}`,
        columnWord(c),
        ...(opts.describeExtra?.(head)?.(r, c) ?? []),
      ],
      onInspect: opts.onInspect?.(head),
    });
    opts.onTable?.(table, head);
    tables.append(h('div', { class: 'table-wrap' }, table));
  }
  figure.append(tables);
  if (opts.legend !== false) figure.append(scale.legend);
  return figure;
}
