// What the render layer paints for a map (render/map-paint.mjs paintMap's spec), as plain data
// and functions of the trace: the size, the labels, the value and colour of each cell, the Σ.
import { headColour } from './colour.mjs';
import { paintScale } from '../render/index.mjs';

// Each column's colour on top: its head's in a merged (B,T,h·d_h) tensor, or the head's own.
function columnColours(fig, head, dh) {
  if (fig.transpose) return undefined;
  if (fig.headColumns)
    return Array.from({ length: fig.X }, (_, c) => headColour(Math.floor(c / dh)));
  if (head !== null && fig.headTint) return Array.from({ length: fig.X }, () => headColour(head));
  return undefined;
}

// What the render layer paints for one head (render/map-paint.mjs paintMap's spec).
export function mapSpec(ctx, fig, m, head, cellClass) {
  const { rows, cols, value, flip } = m;
  let sumOf = null;
  return {
    rows,
    cols,
    rowLabels: flip ? fig.features.map(() => '') : fig.rowLabels, // the row numbers are the features
    colLabels: fig.byTokens || flip ? fig.rowLabels : null,
    colColours: columnColours(fig, head, ctx.result.sizes.dh),
    sums: Boolean(fig.rowSums),
    numbers: ctx.view.numbers,
    value,
    lut: fig.paint.lut,
    rgb: fig.rgb ? (v, r, c) => fig.rgb(v, r, c, head) : fig.paint.rgb,
    mark: cellClass ? (r, c) => cellClass(value(r, c), r, c) || null : undefined,
    sum: (r) => {
      sumOf ??= Array.from({ length: rows }, (_, i) => {
        let s = 0;
        for (let k = 0; k < cols; ++k) s += value(i, k);
        return s;
      });
      return sumOf[r];
    },
    sumRgb: fig.paint.sumRgb,
    paintCells: fig.paintCells?.(head),
  };
}

/**
 * A small picture of the trace tensor `name` for the pipeline overview: the first head of the
 * shown batch item, no numbers and no Σ, painted by the render layer like any map.
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
  return {
    rows: T,
    cols: X,
    rowLabels: tokens.map(() => ''),
    colLabels: null,
    sums: false,
    numbers: false,
    value: (r, c) => data[base + r * X + c],
    lut: paint.lut,
    rgb: paint.rgb,
  };
}
