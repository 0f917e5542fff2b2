// The loop-vs-fused lab's chart: time per forward pass against the number of heads, both on log
// scales, one line per form and the lecture's PyTorch times for comparison. Only resolved times
// are drawn: an unresolved one has no point (the table beside says why). Plain SVG built with
// createElementNS, no library; the table is the accessible form of the same numbers.

const SVG = 'http://www.w3.org/2000/svg';
const W = 560;
const H = 300;
const PAD = { left: 64, right: 30, top: 16, bottom: 44 };

function el(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** Powers of ten covering [lo, hi]. */
export function decades(lo, hi) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); ++e) out.push(10 ** e);
  return out;
}

const tickLabel = (ms) =>
  ms >= 1000 ? `${ms / 1000} s` : ms >= 1 ? `${ms} ms` : `${+(ms * 1000).toPrecision(3)} µs`;

/**
 * series: [{ key, label, points: [{ heads, ms }] }] (points already resolved). Returns an <svg>
 * with role="img" and a label that says what it shows.
 */
export function timeChart(series, { label }) {
  const all = series.flatMap((s) => s.points);
  const svg = el('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'lab-chart',
    role: 'img',
    'aria-label': label,
  });
  svg.append(el('title', {}, label));
  if (!all.length) return svg;
  const xs = decades(Math.min(...all.map((p) => p.heads)), Math.max(...all.map((p) => p.heads)));
  const ys = decades(Math.min(...all.map((p) => p.ms)), Math.max(...all.map((p) => p.ms)));
  const lx = (v) => Math.log10(v);
  const x = (v) =>
    PAD.left +
    ((lx(v) - lx(xs[0])) / (lx(xs.at(-1)) - lx(xs[0]) || 1)) * (W - PAD.left - PAD.right);
  const y = (v) =>
    H -
    PAD.bottom -
    ((lx(v) - lx(ys[0])) / (lx(ys.at(-1)) - lx(ys[0]) || 1)) * (H - PAD.top - PAD.bottom);

  const grid = el('g', { class: 'grid' });
  for (const v of xs) {
    grid.append(el('line', { x1: x(v), x2: x(v), y1: PAD.top, y2: H - PAD.bottom }));
    grid.append(
      el('text', { x: x(v), y: H - PAD.bottom + 16, 'text-anchor': 'middle' }, String(v)),
    );
  }
  for (const v of ys) {
    grid.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }));
    grid.append(el('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, tickLabel(v)));
  }
  grid.append(el('text', { x: (W + PAD.left) / 2, y: H - 6, 'text-anchor': 'middle' }, 'heads'));
  svg.append(grid);

  for (const s of series) {
    const points = [...s.points].sort((a, b) => a.heads - b.heads);
    const g = el('g', { class: `series series-${s.key}` });
    g.setAttribute('data-series', s.key);
    if (points.length > 1)
      g.append(el('polyline', { points: points.map((p) => `${x(p.heads)},${y(p.ms)}`).join(' ') }));
    for (const p of points)
      g.append(
        el(
          'circle',
          { cx: x(p.heads), cy: y(p.ms), r: 4, 'data-heads': p.heads, 'data-ms': p.ms },
          el('title', {}, `${s.label}: ${p.heads} heads, ${tickLabel(+p.ms.toPrecision(3))}`),
        ),
      );
    svg.append(g);
  }
  return svg;
}
