// The hatching of a map's masked (future) and dropped cells, over their colour, so they read as
// "not there": the diagonals x + y = left + top + 6n, drawn cell by cell where they cross a marked
// cell, so that neighbouring cells' lines meet. Clipping whole-map diagonals to the marked cells
// draws the same lines, but a clip of many rectangles costs the raster more than the rest of the
// map (1.7 ms of each frame of the dropout step's four maps). Drawn on the map's canvas
// (render/map-paint.mjs) and in its SVG export (ui/svg.mjs), through either's 2D context.

/** Hatches the cells that spec.mark(r, c) marks, in the theme's hatch colour. */
export function hatch(ctx, spec, l, theme) {
  if (!spec.mark) return;
  const origin = l.left + l.top;
  const [w, h] = [l.cellW - 1, l.cellH - 1];
  ctx.save();
  ctx.beginPath();
  let any = false;
  for (let r = 0; r < spec.rows; ++r)
    for (let c = 0; c < l.drawnCols; ++c) {
      if (!spec.mark(r, c)) continue;
      any = true;
      diagonals(ctx, l.left + c * l.cellW, l.top + r * l.cellH, w, h, origin);
    }
  if (any) {
    ctx.strokeStyle = theme.hatch;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
  ctx.restore();
}

// The lines x + y = origin + 6n inside the box (x, y, w, h), each from where it enters to where
// it leaves.
function diagonals(ctx, x, y, w, h, origin) {
  const step = 6;
  const first = origin + Math.ceil((x + y - origin) / step) * step;
  for (let k = first; k < x + w + y + h; k += step) {
    const from = Math.max(x, k - y - h);
    const to = Math.min(x + w, k - y);
    if (to <= from) continue;
    ctx.moveTo(from, k - from);
    ctx.lineTo(to, k - to);
  }
}
