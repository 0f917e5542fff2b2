// The loop-vs-fused lab's chart: time per forward pass against the number of heads, both on log
// scales, one line per form (each point the median run, with a bar from its fastest to its slowest
// run) and the lecture's PyTorch times for comparison. Only resolved times
// are drawn: an unresolved one has no point (the table beside says why). The table is the
// accessible form of the same numbers.
import { s as el } from '../../render/h.mjs';

const W = 560;
const H = 300;
const PAD = { left: 64, right: 30, top: 16, bottom: 44 };

/** Powers of ten covering [lo, hi]. */
export function decades(lo, hi) {
  const out = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); ++e) out.push(10 ** e);
  return out;
}

const tickLabel = (ms) =>
  ms >= 1000 ? `${ms / 1000} s` : ms >= 1 ? `${ms} ms` : `${+(ms * 1000).toPrecision(3)} µs`;

// The axes' positions: log scales over the decades the points cover.
function scales(all) {
  const xs = decades(Math.min(...all.map((p) => p.heads)), Math.max(...all.map((p) => p.heads)));
  const ys = decades(Math.min(...all.map((p) => p.ms)), Math.max(...all.map((p) => p.ms)));
  const lx = (v) => Math.log10(v);
  const span = (vs) => lx(vs.at(-1)) - lx(vs[0]) || 1;
  return {
    xs,
    ys,
    x: (v) => PAD.left + ((lx(v) - lx(xs[0])) / span(xs)) * (W - PAD.left - PAD.right),
    y: (v) => H - PAD.bottom - ((lx(v) - lx(ys[0])) / span(ys)) * (H - PAD.top - PAD.bottom),
  };
}

const grid = ({ xs, ys, x, y }, heads) =>
  el(
    'g',
    { class: 'grid' },
    xs.map((v) => [
      el('line', { x1: x(v), x2: x(v), y1: PAD.top, y2: H - PAD.bottom }),
      el('text', { x: x(v), y: H - PAD.bottom + 16, 'text-anchor': 'middle' }, String(v)),
    ]),
    ys.map((v) => [
      el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      el('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, tickLabel(v)),
    ]),
    el('text', { x: (W + PAD.left) / 2, y: H - 6, 'text-anchor': 'middle' }, heads),
  );

function line(s, { x, y }) {
  const points = [...s.points].sort((a, b) => a.heads - b.heads);
  return el(
    'g',
    { class: `series series-${s.key}`, 'data-series': s.key },
    points.length > 1
      ? el('polyline', { points: points.map((p) => `${x(p.heads)},${y(p.ms)}`).join(' ') })
      : null,
    points.map((p) => [
      p.low && p.high
        ? el('line', {
            class: 'range',
            x1: x(p.heads),
            x2: x(p.heads),
            y1: y(p.low),
            y2: y(p.high),
          })
        : null,
      el(
        'circle',
        { cx: x(p.heads), cy: y(p.ms), r: 4, 'data-heads': p.heads, 'data-ms': p.ms },
        el('title', {}, s.point(p, tickLabel(+p.ms.toPrecision(3)))),
      ),
    ]),
  );
}

/**
 * series: [{ key, label, point(p, time) → its point's title, points: [{ heads, ms, low?, high? }] }]
 * (points already resolved); label: what it shows, heads: the x axis's title. Returns an <svg>
 * with role="img" and the label.
 */
export function timeChart(series, { label, heads }) {
  // A point's range (its fastest and slowest run) is on the axis too.
  const all = series.flatMap((s) =>
    s.points.flatMap((p) => [
      p,
      ...(p.low ? [{ heads: p.heads, ms: p.low }] : []),
      ...(p.high ? [{ heads: p.heads, ms: p.high }] : []),
    ]),
  );
  const scale = all.length ? scales(all) : null;
  return el(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, class: 'lab-chart', role: 'img', 'aria-label': label },
    el('title', {}, label),
    scale ? [grid(scale, heads), series.map((s) => line(s, scale))] : null,
  );
}
