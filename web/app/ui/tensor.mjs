// One trace tensor drawn as maps: a (B,T,X) tensor is one map for the chosen batch item, a
// (B,h,T,X) tensor one map per shown head (render/layout.mjs paints them, each with its table).
// The <figure> carries data-stage/data-tensor (the trace name) and the shape with named dimensions
// from the core's stage list.
import { h } from './dom.mjs';
import { namedShape, tokenLabel, readable, exactText } from './format.mjs';
import { headColour } from './colour.mjs';
import { matrixTable, refillTable } from './table.mjs';
import { headCaption } from './trained-notes.mjs';
import { legendFor, headLegend } from './legend.mjs';
import { paintScale, registerMap, ensureTable } from '../render/index.mjs';
import { mapSpec, thumbnailSpec } from './map-spec.mjs';
import { format, wordsOf } from '../strings/index.mjs';
import { headGroups, tokenCols, tokenRows } from './tensor-labels.mjs';

export { headLegend, thumbnailSpec };

// Tables of at most this many cells per figure are built with the step; larger ones on demand:
// a table is two elements a cell, laid out like any text of the page, and at 64 tokens the
// context step's tables alone would be most of a keystroke's layout. 500 keeps every table of the
// lecture's sizes (6 tokens, up to 12 heads side by side) built.
const EAGER_CELLS = 500;

/**
 * A <figure> for the trace tensor `name`: one map per shown head, side by side. The description
 * comes flat or in four groups (the same keys), whichever reads better at the call site:
 * - what: label, kind ('signed' | 'weights' | 'dropped' | 'mask' | 'heads'), heads (which heads),
 *   trace ('training': a pass other than the settings', see the dropout step), legend (false: none);
 * - axes: columns ('tokens' | 'features'), transpose (each head's matrix drawn transposed: Kᵀ),
 *   headColumns (colour a (B,T,D) tensor's columns by head), rowRole, columnRole, corner;
 * - cells: headTint, rowSums, cellClass(v, r, c, head) → 'future' | 'dropped', rgb(v, r, c, head)
 *   → [r, g, b] to override the scale, paintCells(head) → (canvas context, layout) drawing over
 *   the cells;
 * - hooks: onMap(element, head), onInspect(head) → (r, c, on), describeExtra(head) → (r, c) → lines.
 */
export function tensorFigure(ctx, name, description = {}) {
  const S = wordsOf(ctx);
  const fig = describeFigure(ctx, name, description);
  const figure = h(
    'figure',
    {
      class: `tensor kind-${fig.kind}`,
      dataset: {
        stage: name,
        tensor: name,
        shape: fig.shape.join(','),
        item: fig.b,
        ...(fig.trace ? { trace: fig.trace } : {}),
      },
    },
    h(
      'figcaption',
      {},
      h('span', { class: 'tensor-name' }, fig.label ?? name),
      ' ',
      h('code', { class: 'trace-name' }, name),
      ' ',
      h('span', { class: 'shape' }, namedShape(ctx.dims(name), fig.shape)),
    ),
  );
  const tables = h('div', { class: 'tables' });
  const links = []; // buttons that build a large map's table on demand
  for (const head of fig.heads) {
    const { el, button } = headMap(ctx, fig, head);
    if (button) links.push(button);
    fig.onMap?.(el, head);
    tables.append(el);
  }
  figure.append(tables);
  if (links.length) figure.append(h('p', { class: 'table-links' }, S['map.asTables'], links));
  figure.append(h('p', { class: 'map-note', hidden: true, dataset: { words: S['map.bands'] } }));
  if (fig.legend !== false) figure.append(fig.legendNode);
  return figure;
}

// The figure as plain data: the tensor and its batch item, the heads shown, the scale, and the
// labels the heads share (built once, not per head).
function describeFigure(ctx, name, description) {
  const { axes, cells, hooks, what, ...flat } = description;
  const opts = { ...flat, ...what, ...axes, ...cells, ...hooks };
  const { trace, tokens, sizes } = ctx.result;
  const tensor = trace[name];
  const { shape, data } = tensor;
  const rank = shape.length;
  const kind = opts.kind ?? 'signed';
  const heads = rank === 4 ? (opts.heads ?? ctx.heads) : [null];
  const [T, X] = shape.slice(-2);
  const features = Array.from({ length: X }, (_, c) => ({ text: String(c + 1) }));
  const byTokens = opts.columns === 'tokens';
  return {
    ...opts,
    name,
    shape,
    data,
    rank,
    kind,
    heads,
    T,
    X,
    H: rank === 4 ? shape[1] : 1,
    b: Math.min(ctx.view.item, shape[0] - 1),
    headTint: opts.headTint && !opts.transpose,
    transpose: Boolean(opts.transpose),
    byTokens,
    paint: paintScale(kind, tensor, sizes),
    legendNode: opts.legend !== false ? legendFor(kind, tensor, sizes, wordsOf(ctx)) : null,
    eager: T * X * heads.length <= EAGER_CELLS,
    rowLabels: tokens.map((t) => tokenLabel(t.text)),
    features,
    colLabels: byTokens || opts.transpose ? tokenCols(tokens, wordsOf(ctx)) : features,
  };
}

// One head's matrix (the whole tensor's for a (B,T,X) tensor): its size and how to read cell
// (r, c). Drawn transposed (Kᵀ in Q · Kᵀ), row r, column c is the tensor's [c, r].
function headMatrix(fig, head) {
  const { T, X, H, b, data } = fig;
  const base = fig.rank === 4 ? (b * H + head) * T * X : b * T * X;
  const flip = fig.transpose;
  const index = flip ? (r, c) => base + c * X + r : (r, c) => base + r * X + c;
  return {
    rows: flip ? X : T,
    cols: flip ? T : X,
    flip,
    index,
    value: (r, c) => data[index(r, c)],
  };
}

// One head's map: the canvas, its ring and link, its table (now or on demand), registered with
// the render layer; and the button that builds its table when it is left for later.
function headMap(ctx, fig, head) {
  const S = wordsOf(ctx);
  const m = headMatrix(fig, head);
  const headName = head !== null ? format(S['map.head'], { n: head + 1 }) : '';
  // With the trained weights a head's caption carries its measured role (ui/trained-notes.mjs); the
  // whole sentence is the caption's tooltip and the table's caption, its accessible name.
  const role = head !== null ? headCaption(ctx.result, head, headName, S) : null;
  const cellClass = fig.cellClass ? (v, r, c) => fig.cellClass(v, r, c, head) : undefined;
  const tableOf = () => headTable(ctx, fig, m, head, role?.full ?? headName, cellClass);
  const buildTable = () => matrixTable(tableOf());
  const canvas = ctx.canvas?.() ?? h('canvas', { 'aria-hidden': 'true' });
  const ring = h('div', { class: 'map-ring', hidden: true, 'aria-hidden': 'true' });
  const link = h('div', { class: 'map-link', hidden: true, 'aria-hidden': 'true' });
  // A small map's table is part of it, but left to a patch of the step (which refills its own).
  const table =
    fig.eager && !ctx.tablesLater ? h('div', { class: 'sr-table' }, buildTable()) : null;
  const el = h(
    'div',
    {
      class: 'table-wrap map',
      dataset: { tensor: fig.name, item: fig.b, ...(head !== null ? { head } : {}) },
      style: head !== null ? { '--head': headColour(head) } : undefined,
    },
    head !== null ? mapCaption(headName, head, role) : null,
    h('div', { class: 'map-canvas' }, canvas, link, ring),
    table,
  );
  registerMap(el, {
    canvas,
    ring,
    link,
    table,
    eager: fig.eager,
    buildTable,
    refillTable: (el, options) => refillTable(el, tableOf(), options),
    spec: mapSpec(ctx, fig, m, head, cellClass),
    describe: describer(ctx, fig, m, head),
    onInspect: fig.onInspect?.(head),
  });
  const button = fig.eager
    ? null
    : h(
        'button',
        {
          type: 'button',
          class: 'table-button',
          dataset: head !== null ? { head } : {},
          'aria-label': format(S[headName ? 'map.tableButtonOf' : 'map.tableButton'], {
            rows: m.rows,
            cols: m.cols,
            head: headName,
          }),
          onclick: () => ensureTable(el)?.querySelector('td[data-i]')?.focus(),
        },
        headName || `${m.rows} × ${m.cols}`,
      );
  return { el, button };
}

// A head's accessible table, every number in it: matrixTable's options.
function headTable(ctx, fig, m, head, headText, cellClass) {
  const { name, shape, b } = fig;
  const { tokens, sizes } = ctx.result;
  const S = wordsOf(ctx);
  const caption = format(S['map.tableCaption'], {
    label: fig.label ?? name,
    name,
    shape: namedShape(ctx.dims(name), shape),
    item: b + 1,
  });
  return {
    data: fig.data,
    rows: m.rows,
    cols: m.cols,
    index: m.index,
    attrs: { dataset: { stage: name, tensor: name, item: b, ...(head !== null ? { head } : {}) } },
    caption: head !== null ? `${caption}, ${headText}` : caption,
    className: ctx.view.numbers ? '' : 'no-numbers',
    corner: fig.corner,
    rowLabels: m.flip ? fig.features.map((f) => ({ ...f, note: '' })) : tokenRows(tokens, S),
    colLabels: fig.colLabels,
    colGroups: fig.headColumns && sizes.h > 1 ? headGroups(sizes, S) : null,
    cellClass,
    rowSums: fig.rowSums,
    sumLabel: S['map.rowSum'],
  };
}

// The lines that say what cell (r, c) of a head is: its index, row, column and value.
function describer(ctx, fig, m, head) {
  const { tokens, sizes } = ctx.result;
  const S = wordsOf(ctx);
  const { flip, value } = m;
  const say = (key, params) => format(S[key], params);
  const ofHead = (what) => (head !== null ? say('tip.ofHead', { what, head: head + 1 }) : what);
  const withRole = (what, role) => (role ? say('tip.role', { what, role }) : what);
  const token = (key, i, role) =>
    withRole(say(key, { n: i + 1, text: tokenLabel(tokens[i].text) }), role);
  const columnWord = (c) =>
    fig.byTokens || flip
      ? token('tip.columnToken', c, fig.columnRole)
      : fig.headColumns
        ? say('tip.columnFeature', {
            n: c + 1,
            feature: (c % sizes.dh) + 1,
            head: Math.floor(c / sizes.dh) + 1,
          })
        : ofHead(say('tip.column', { n: c + 1 }));
  return (r, c, focused) => {
    const v = value(r, c);
    const at = flip ? [c, r] : [r, c];
    const index = `${fig.name}[${[fig.b, ...(head !== null ? [head] : []), ...at].join(', ')}]`;
    return [
      flip ? say('tip.transposed', { index }) : index,
      flip ? ofHead(say('tip.rowFeature', { n: r + 1 })) : token('tip.rowToken', r, fig.rowRole),
      columnWord(c),
      ...(fig.describeExtra?.(head)?.(r, c) ?? []),
      focused && Number.isFinite(v)
        ? say('tip.valueExact', { value: readable(v), exact: exactText(v) })
        : say('tip.value', { value: readable(v) }),
    ];
  };
}

// A head's caption over its map: "head 3", or with the trained weights "head 3 · itself 20 %"
// with the shorter forms a narrow map takes (render/captions.mjs picks one) and the whole sentence
// as its tooltip. Hidden from screen readers: the map's table says the same in its caption.
function mapCaption(headName, head, role) {
  if (!role)
    return h(
      'p',
      { class: 'map-caption', 'aria-hidden': 'true', dataset: { narrow: head + 1 } },
      headName,
    );
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
