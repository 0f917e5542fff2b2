// How the maps of a step share its width: how many heads of a tensor stand side by side, how many
// figures of a row (the naive masking's three tensors) share a line, and the one cell size of an
// equation's maps. Pure arithmetic on the maps' descriptions and the measured widths; the
// numbers a class must read come before fitting the height of one screen.
import { fitMap, mapLayout, maxCellFor, READABLE } from './map-layout.mjs';

// A custom property set only where it differs: set again, it restyles every element under `el`.
function setCustom(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

const GAP = 14; // px between the heads of one tensor (the .tables grid's column gap)

// A map's cell size in `w` × `h` px. The height budget (a screen) gives way to the numbers: where
// the width holds cells of READABLE px, they are not shrunk below it to fit the height, since a
// map whose numbers cannot be read shows nothing the lecture says; the page scrolls instead.
function fitReadable(spec, w, h) {
  const f = fitMap(spec, w, h);
  if (spec.numbers === false || Math.min(f.cellW, f.cellH) >= READABLE) return f;
  const tall = fitMap(spec, w, mapLayout(spec, READABLE, READABLE).height + 1);
  return Math.min(tall.cellW, tall.cellH) >= READABLE ? tall : f;
}

// Whether layout `a` beats `b` (k: maps or figures side by side): numbers that can be read first,
// then fitting the height; of readable ones that fit, more side by side (heads compared at a
// glance); of others that fit, the larger cells (ties to more side by side); of layouts too tall,
// the shorter.
function better(a, b) {
  if (a.readable !== b.readable) return a.readable;
  if (a.fits !== b.fits) return a.fits;
  if (a.fits && a.readable) return a.k > b.k;
  return a.fits ? a.score >= b.score * 0.97 : a.total < b.total;
}

// The number of columns that gives the largest readable cells within the height (see better);
// if no layout fits (12 heads of 64 × 64 at GPT-2's size), the shortest one. `floor`: the maps
// are a comparison (a row of figures), whose numbers come before the height (fitReadable).
export function bestColumns(spec, count, { W, H, captionH, floor = false }) {
  let best = null;
  for (let k = 1; k <= count; ++k) {
    const rows = Math.ceil(count / k);
    const w = Math.floor((W - GAP * (k - 1)) / k);
    const f = (floor ? fitReadable : fitMap)(spec, w, H / rows - captionH);
    const total = rows * (mapLayout(spec, f.cellW, f.cellH).height + captionH + 10);
    const cell = Math.min(f.cellH, f.cellW);
    const layout = {
      k,
      w,
      f,
      total,
      fits: total <= H * 1.05,
      readable: spec.numbers !== false && cell >= READABLE,
      score: cell + Math.min(f.cellW, 64) / 1000,
    };
    if (!best || better(layout, best)) best = layout;
  }
  return best;
}

// The largest square cell at which the maps of one equation stand side by side in `W` px (and
// within the height `H`, except at READABLE px: the height does not shrink them below it); 0 if
// none.
function equationCell(specs, W, H) {
  for (let s = Math.max(...specs.map(maxCellFor)); s >= 1; --s) {
    const layouts = specs.map((spec) => mapLayout(spec, s, s));
    const width = layouts.reduce((sum, l) => sum + l.width, 0);
    const height = Math.max(...layouts.map((l) => l.height));
    if (width <= W && (height <= H || s === READABLE)) return s;
  }
  return 0;
}

// The maps of one equation (Q · Kᵀ = scores, weights · V = context) share one square cell size,
// so that a row of the result lines up with the row it comes from, a column with its column. On
// one line they share the equation's width, each figure as wide as its map; stacked, each has the
// full width and the smallest of their cells is taken.
export function shareEquationCells(chosen, equations) {
  for (const eq of equations) {
    const members = chosen.filter((c) => c.group.closest('.equation') === eq.el);
    if (!members.length) continue;
    const specs = members.map((c) => c.spec);
    const gaps = eq.gap * (members.length - 1);
    let size = eq.oneLine ? equationCell(specs, eq.W - gaps, eq.H) : 0;
    if (size) {
      const widths = specs.map((spec) => `${mapLayout(spec, size, size).width}px`);
      setCustom(eq.el, '--equation-columns', widths.join(' '));
    } else {
      eq.el.style.removeProperty('--equation-columns');
      size = Math.min(...members.map((c) => Math.min(c.best.f.cellW, c.best.f.cellH)));
    }
    for (const c of members) c.best = { ...c.best, k: 1, f: { cellW: size, cellH: size } };
  }
}

// The figures of one row f to a line, each with a line's share of the width and of the height,
// its heads arranged in it by bestColumns (`floor`: numbers before the height).
function rowOption(members, row, f, floor) {
  const w = Math.floor((row.W - row.gap * (f - 1)) / f);
  const lines = Math.ceil(members.length / f);
  const picks = members.map((c) =>
    bestColumns(c.spec, c.maps.length, { W: w, H: row.H / lines, captionH: c.captionH, floor }),
  );
  let total = 0;
  for (let i = 0; i < picks.length; i += f)
    total += Math.max(...picks.slice(i, i + f).map((p) => p.total));
  return {
    k: f,
    picks,
    total,
    fits: total <= row.H * 1.05,
    // Readable, and within 1.75 times the height a row is given (about 1.3 screens): a
    // comparison a class reads in one scroll, not 29 tokens of Q, K and V at 40 px a row.
    readable: picks.every((p) => p.readable) && total <= 1.75 * row.H,
    score: Math.min(...picks.map((p) => p.score)),
  };
}

// The figures of one row (`row`: its element, width W, height H, gap, minimum column width minW)
// laid out f to a line for the f whose numbers can all be read (see better); if none, as many as
// columns of minW fit, as the stylesheet does before the maps are laid out (so 64 tokens or
// GPT-2's d = 768 keep the columns and bands they had). Sets the row's columns.
export function arrangeRow(chosen, row) {
  const members = chosen.filter((c) => c.group.closest('figure')?.parentElement === row.el);
  if (!members.length) return;
  let best = null;
  for (let f = 1; f <= members.length; ++f) {
    const option = rowOption(members, row, f, true);
    if (option.readable && (!best || better(option, best))) best = option;
  }
  if (!best) {
    const fit = Math.floor((row.W + row.gap) / (Math.min(row.W, row.minW) + row.gap));
    best = rowOption(members, row, Math.max(1, Math.min(members.length, fit)), false);
  }
  setCustom(row.el, '--row-columns', `repeat(${best.k}, minmax(0, 1fr))`);
  members.forEach((c, i) => (c.best = best.picks[i]));
}
