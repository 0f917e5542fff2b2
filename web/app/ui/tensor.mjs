// One trace tensor drawn as maps: a (B,T,X) tensor is one map for the chosen batch item, a
// (B,h,T,X) tensor one map per shown head (ui/maps.mjs paints them, each with its table). The <figure> carries data-stage/data-tensor (the
// trace name) and the shape with named dimensions from the core's stage list.
import { h } from './dom.mjs';
import { fmt, namedShape, tokenLabel, readable, exactText } from './format.mjs';
import {
  signedColour,
  weightColour,
  headColour,
  gradient,
  tintRgb,
  SIGNED,
  WEIGHTS,
  signedIndex,
  weightIndex,
} from './colour.mjs';
import { matrixTable } from './table.mjs';
import { registerMap, ensureTable } from './maps.mjs';
import { headCaption } from './trained-notes.mjs';

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

// A tensor's range, once per trace tensor: the legend and the painter both need it, for every
// figure of the step (a (4, 12, 64, 64) tensor is 196,608 numbers). Keyed by the pass's
// { shape, data } object, not by its array: a later pass writes its numbers into the same array
// (model.forward's { trace }) but returns a new object.
const RANGES = new WeakMap();
function range(tensor) {
  let r = RANGES.get(tensor);
  if (!r) {
    const { data } = tensor;
    r = { maxAbs: 0, maxFinite: 0 };
    // An indexed loop: iterating the typed array (for…of) took 6 ms for one such tensor.
    for (let i = 0; i < data.length; ++i) {
      const v = data[i];
      if (!Number.isFinite(v)) continue;
      if (Math.abs(v) > r.maxAbs) r.maxAbs = Math.abs(v);
      if (v > r.maxFinite) r.maxFinite = v;
    }
    RANGES.set(tensor, r);
  }
  return r;
}
const maxAbs = (tensor) => range(tensor).maxAbs;
const maxFinite = (tensor) => range(tensor).maxFinite;

/** The legend of a scale. */
function scaleFor(kind, tensor, sizes) {
  switch (kind) {
    case 'weights':
      return { legend: legendBar(0, 1, (t) => weightColour(t, 1)) };
    case 'dropped':
      return { legend: legendBar(0, Math.max(1, maxFinite(tensor)), (t) => weightColour(t, 1)) };
    case 'mask':
      return {
        legend: h(
          'p',
          { class: 'legend' },
          swatch('#dbe8f3', '1 = kept'),
          swatch('#ffffff', '0 = dropped', 'dropped'),
        ),
      };
    case 'heads':
      return { legend: headLegend(sizes.h) };
    default: {
      const m = maxAbs(tensor);
      return { legend: legendBar(-m, m, (t) => signedColour(2 * t - 1, 1)) };
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

// The colour of each cell on the canvas: an entry of a sampled scale, or an [r, g, b] colour.
function paintScale(kind, tensor, sizes) {
  switch (kind) {
    case 'weights':
      return { lut: WEIGHTS, rgb: (v) => weightIndex(v, 1), sumRgb: sumColour(1) };
    case 'dropped': {
      const max = Math.max(1, maxFinite(tensor));
      return { lut: WEIGHTS, rgb: (v) => weightIndex(v, max), sumRgb: sumColour(max) };
    }
    case 'mask':
      return { lut: WEIGHTS, rgb: (v) => (v ? KEPT : DROPPED) };
    case 'heads': {
      const cols = Array.from({ length: sizes.h }, (_, i) => tintRgb(headColour(i), 0.62));
      return { lut: WEIGHTS, rgb: (v, r, c) => cols[Math.floor(c / sizes.dh)] };
    }
    default: {
      const m = maxAbs(tensor);
      return { lut: SIGNED, rgb: (v) => signedIndex(v, m), sumRgb: () => [240, 242, 245] };
    }
  }
}
const KEPT = [219, 232, 243];
const DROPPED = [255, 255, 255];
const sumColour = (max) => (s) => {
  const e = weightIndex(s, max);
  return [WEIGHTS.rgb[3 * e], WEIGHTS.rgb[3 * e + 1], WEIGHTS.rgb[3 * e + 2]];
};

// Tables of at most this many cells per figure are built with the step; larger ones on demand.
// A table is two elements a cell and is laid out like any text of the page: the two 512-cell
// tables of the context step at 64 tokens took about 10 ms of layout per keystroke (Chromium).
// 500 keeps every table of the lecture's sizes (6 tokens, up to 12 heads side by side) built.
const EAGER_CELLS = 500;

/**
 * A <figure> for the trace tensor `name`: one map per shown head, side by side.
 * opts: label, kind ('signed' | 'weights' | 'dropped' | 'mask' | 'heads'), columns ('tokens' |
 * 'features'), headColumns (colour a (B,T,D) tensor's columns by head), headTint, rowSums,
 * cellClass(v, r, c, head) → 'future' | 'dropped', rgb(v, r, c, head) → [r, g, b] to override the
 * scale, paintCells(head) → (canvas context, layout) to draw over the cells, heads (which heads),
 * onMap(element, head), transpose (draw each head's matrix transposed: Kᵀ), trace ('training': a pass other than the settings', see the dropout
 * step), onInspect(head) → (r, c, on), describeExtra(head) → (r, c) → lines.
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
  const kind = opts.kind ?? 'signed';
  const scale = scaleFor(kind, tensor, sizes);
  const paint = paintScale(kind, tensor, sizes);
  const byTokens = opts.columns === 'tokens';
  const heads = rank === 4 ? (opts.heads ?? ctx.heads) : [null];
  const eager = T * X * heads.length <= EAGER_CELLS;
  if (opts.transpose && opts.headTint) opts = { ...opts, headTint: false };

  const figure = h('figure', {
    class: `tensor kind-${kind}`,
    dataset: {
      stage: name,
      tensor: name,
      shape: shape.join(','),
      item: b,
      ...(opts.trace ? { trace: opts.trace } : {}),
    },
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
  const rowLabels = tokens.map((t) => tokenLabel(t.text));
  const tables = h('div', { class: 'tables' });
  const links = []; // buttons that build a large map's table on demand
  // The labels of the tables' rows and columns, shared by the heads (built once, not per head).
  const features = Array.from({ length: X }, (_, c) => ({ text: String(c + 1) }));
  const colLabels = byTokens || opts.transpose ? tokenCols(tokens) : features;
  for (const head of heads) {
    const base = rank === 4 ? (b * H + head) * T * X : b * T * X;
    // Drawn transposed (Kᵀ in Q · Kᵀ): row r, column c is the tensor's [c, r].
    const flip = Boolean(opts.transpose);
    const rows = flip ? X : T;
    const cols = flip ? T : X;
    const index = flip ? (r, c) => base + c * X + r : (r, c) => base + r * X + c;
    const value = (r, c) => data[index(r, c)];
    const colColours = opts.headColumns
      ? Array.from({ length: X }, (_, c) => headColour(Math.floor(c / sizes.dh)))
      : head !== null && opts.headTint
        ? Array.from({ length: X }, () => headColour(head))
        : undefined;
    const columnWord = (c) =>
      byTokens || flip
        ? `column: token ${c + 1} ${quoted(tokens[c])}${opts.columnRole ? ` (${opts.columnRole})` : ''}`
        : opts.headColumns
          ? `column ${c + 1}: feature ${(c % sizes.dh) + 1} of head ${Math.floor(c / sizes.dh) + 1}`
          : `column ${c + 1}${head !== null ? ` of head ${head + 1}` : ''}`;
    const cellClass = opts.cellClass ? (v, r, c) => opts.cellClass(v, r, c, head) : undefined;
    const rgbOverride = opts.rgb ? (v, r, c) => opts.rgb(v, r, c, head) : null;
    const headName = head !== null ? `head ${head + 1}` : '';
    // With the trained weights a head's caption carries its measured role (ui/trained-notes.mjs); the
    // whole sentence is the caption's tooltip and the table's caption, its accessible name.
    const role = head !== null ? headCaption(ctx.result, head) : null;
    const buildTable = () =>
      matrixTable({
        data,
        rows,
        cols,
        index,
        attrs: {
          dataset: { stage: name, tensor: name, item: b, ...(head !== null ? { head } : {}) },
        },
        caption: `${opts.label ?? name}, ${name} ${namedShape(ctx.dims(name), shape)}, batch item ${b + 1}${head !== null ? `, ${role?.full ?? headName}` : ''}`,
        className: ctx.view.numbers ? '' : 'no-numbers',
        corner: opts.corner,
        rowLabels: flip ? features.map((f) => ({ ...f, note: '' })) : tokenRows(tokens),
        colLabels,
        colGroups: opts.headColumns && sizes.h > 1 ? headGroups(sizes) : null,
        cellClass,
        rowSums: opts.rowSums,
      });
    const canvas = ctx.canvas?.() ?? h('canvas', { 'aria-hidden': 'true' });
    const ring = h('div', { class: 'map-ring', hidden: true, 'aria-hidden': 'true' });
    const link = h('div', { class: 'map-link', hidden: true, 'aria-hidden': 'true' });
    const table = eager ? h('div', { class: 'sr-table' }, buildTable()) : null;
    const el = h(
      'div',
      {
        class: 'table-wrap map',
        dataset: { tensor: name, item: b, ...(head !== null ? { head } : {}) },
        style: head !== null ? { '--head': headColour(head) } : undefined,
      },
      head !== null ? mapCaption(headName, role) : null,
      h('div', { class: 'map-canvas' }, canvas, link, ring),
      table,
    );
    if (!table)
      links.push(
        h(
          'button',
          {
            type: 'button',
            class: 'table-button',
            dataset: head !== null ? { head } : {},
            'aria-label': `${rows} × ${cols} numbers${headName ? ` of ${headName}` : ''} as a table`,
            onclick: () => ensureTable(el)?.querySelector('td[data-i]')?.focus(),
          },
          headName || `${rows} × ${cols}`,
        ),
      );
    let sumOf = null;
    registerMap(el, {
      canvas,
      ring,
      link,
      table,
      buildTable,
      spec: {
        rows,
        cols,
        rowLabels: flip ? features.map(() => '') : rowLabels, // the row numbers are the features
        colLabels: byTokens || flip ? rowLabels : null,
        colColours: flip ? undefined : colColours,
        sums: Boolean(opts.rowSums),
        numbers: ctx.view.numbers,
        value,
        lut: paint.lut,
        rgb: rgbOverride ?? paint.rgb,
        mark: cellClass ? (r, c) => cellClass(value(r, c), r, c) || null : undefined,
        sum: (r) => {
          sumOf ??= Array.from({ length: rows }, (_, i) => {
            let s = 0;
            for (let k = 0; k < cols; ++k) s += value(i, k);
            return s;
          });
          return sumOf[r];
        },
        sumRgb: paint.sumRgb ?? (() => [240, 242, 245]),
        paintCells: opts.paintCells?.(head),
      },
      describe: (r, c, focused) => {
        const v = value(r, c);
        const at = flip ? [c, r] : [r, c];
        return [
          `${name}[${[b, ...(head !== null ? [head] : []), ...at].join(', ')}]${flip ? ', drawn transposed' : ''}`,
          flip
            ? `row: feature ${r + 1}${head !== null ? ` of head ${head + 1}` : ''}`
            : `row: token ${r + 1} ${quoted(tokens[r])}${opts.rowRole ? ` (${opts.rowRole})` : ''}`,
          columnWord(c),
          ...(opts.describeExtra?.(head)?.(r, c) ?? []),
          focused && Number.isFinite(v)
            ? `value ${readable(v)} (exactly ${exactText(v)} in float32)`
            : `value ${readable(v)}`,
        ];
      },
      onInspect: opts.onInspect?.(head),
    });
    opts.onMap?.(el, head);
    tables.append(el);
  }
  figure.append(tables);
  if (links.length)
    figure.append(h('p', { class: 'table-links' }, 'Every number as a table: ', links));
  figure.append(h('p', { class: 'map-note', hidden: true }));
  if (opts.legend !== false) figure.append(scale.legend);
  return figure;
}

// A head's caption over its map: "head 3", or with the trained weights "head 3 · itself 20 %"
// with the shorter forms a narrow map takes (ui/maps.mjs picks one) and the whole sentence as its
// tooltip. Hidden from screen readers: the map's table says the same in its caption.
function mapCaption(headName, role) {
  if (!role) return h('p', { class: 'map-caption', 'aria-hidden': 'true' }, headName);
  return h(
    'p',
    {
      class: 'map-caption role-caption',
      'aria-hidden': 'true',
      title: role.full,
      dataset: { role: role.role, share: role.share, shorter: JSON.stringify(role.shorter) },
    },
    role.text,
  );
}

/**
 * A small picture of the trace tensor `name` for the pipeline overview: the first head of the
 * shown batch item, no numbers and no Σ, painted by ui/maps.mjs like any map.
 */
export function thumbnailSpec(ctx, name, kind = 'signed') {
  const { trace, tokens, sizes } = ctx.result;
  const tensor = trace[name];
  const { shape, data } = tensor;
  const rank = shape.length;
  const b = Math.min(ctx.view.item, shape[0] - 1);
  const [T, X] = shape.slice(-2);
  const base = rank === 4 ? b * shape[1] * T * X : b * T * X;
  const paint = paintScale(kind, tensor, sizes);
  const labels = tokens.map((t) => tokenLabel(t.text));
  return {
    rows: T,
    cols: X,
    rowLabels: labels.map(() => ''),
    colLabels: null,
    sums: false,
    numbers: false,
    value: (r, c) => data[base + r * X + c],
    lut: paint.lut,
    rgb: paint.rgb,
  };
}
