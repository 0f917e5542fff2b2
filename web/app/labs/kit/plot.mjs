// A small SVG line plot for the labs: straight lines between measured points, linear or log axes,
// labelled ticks and vertical marks. The picture is described for screen readers (role="img" with
// a label); the numbers it draws are also in the lab's text or tables.
import { h, s } from '../../render/h.mjs';

// Position on an axis { min, max, log } as a share 0…1.
function share(axis, v) {
  if (axis.log)
    return (Math.log10(v) - Math.log10(axis.min)) / (Math.log10(axis.max) - Math.log10(axis.min));
  return (v - axis.min) / (axis.max - axis.min);
}

// The plot's frame: where each axis maps a value, in the SVG's units.
function frame(x, y, width, height) {
  const pad = { left: 56, right: 14, top: 12, bottom: 40 };
  const w = width - pad.left - pad.right;
  const hgt = height - pad.top - pad.bottom;
  return {
    pad,
    w,
    hgt,
    bottom: pad.top + hgt,
    px: (v) => pad.left + share(x, v) * w,
    py: (v) => pad.top + (1 - Math.min(1, Math.max(0, share(y, v)))) * hgt,
  };
}

function axes(x, y, f, height) {
  const { pad, w, hgt, bottom, px, py } = f;
  const mid = pad.top + hgt / 2;
  return [
    s('line', { class: 'axis', x1: pad.left, y1: bottom, x2: pad.left + w, y2: bottom }),
    s('line', { class: 'axis', x1: pad.left, y1: pad.top, x2: pad.left, y2: bottom }),
    x.ticks.map((t) => [
      s('line', { class: 'tick', x1: px(t), x2: px(t), y1: bottom, y2: bottom + 4 }),
      s('text', { x: px(t), y: bottom + 16, 'text-anchor': 'middle' }, (x.format ?? String)(t)),
    ]),
    y.ticks.map((t) => [
      s('line', { class: 'grid', x1: pad.left, x2: pad.left + w, y1: py(t), y2: py(t) }),
      s('text', { x: pad.left - 6, y: py(t) + 4, 'text-anchor': 'end' }, (y.format ?? String)(t)),
    ]),
    s(
      'text',
      { x: pad.left + w / 2, y: height - 4, 'text-anchor': 'middle', class: 'axis-title' },
      x.title,
    ),
    s(
      'text',
      {
        x: 12,
        y: mid,
        'text-anchor': 'middle',
        class: 'axis-title',
        transform: `rotate(-90 12 ${mid})`,
      },
      y.title,
    ),
  ];
}

// A vertical line with its label; a label near the right edge goes to the left of its line.
function mark(m, x, f) {
  const right = share(x, m.x) > 0.75;
  return [
    s('line', {
      class: `mark ${m.className ?? ''}`,
      x1: f.px(m.x),
      x2: f.px(m.x),
      y1: f.pad.top,
      y2: f.bottom,
    }),
    s(
      'text',
      {
        class: 'mark-label',
        x: f.px(m.x) + (right ? -3 : 3),
        y: f.pad.top + 10 + (m.row ?? 0) * 12,
        'text-anchor': right ? 'end' : 'start',
      },
      m.label,
    ),
  ];
}

// A series as a line, with a dot at each point when there are few.
function line(series, y, f) {
  const pts = series.points.filter(
    ([a, b]) => Number.isFinite(a) && Number.isFinite(b) && (!y.log || b > 0),
  );
  return [
    s('polyline', {
      class: `series ${series.className}`,
      points: pts.map(([a, b]) => `${f.px(a).toFixed(1)},${f.py(b).toFixed(1)}`).join(' '),
      'stroke-dasharray': series.dashed ? '5 4' : null,
    }),
    (pts.length <= 40 ? pts : []).map(([a, b]) =>
      s('circle', {
        class: `point ${series.className}`,
        cx: f.px(a).toFixed(1),
        cy: f.py(b).toFixed(1),
        r: 2.5,
      }),
    ),
  ];
}

/**
 * linePlot({ label, x, y, series, marks }) → an <svg> node.
 * x, y: { min, max, log?, title, ticks: [values], format?(v) }.
 * series: [{ name, points: [[x, y]], className, dashed? }] (points outside y's range are clipped).
 * marks: [{ x, label, className?, row? }] vertical lines.
 */
export function linePlot({ label, x, y, series, marks = [], width = 560, height = 260 }) {
  const f = frame(x, y, width, height);
  return s(
    'svg',
    { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'lab-plot' },
    axes(x, y, f, height),
    marks.map((m) => mark(m, x, f)),
    series.map((one) => line(one, y, f)),
  );
}

/** The plot's legend: one swatch per series. */
export function legend(series) {
  return h(
    'ul',
    { class: 'lab-legend' },
    series.map((one) =>
      h(
        'li',
        {},
        h('span', {
          class: `swatch ${one.className}${one.dashed ? ' dashed' : ''}`,
          'aria-hidden': 'true',
        }),
        one.name,
      ),
    ),
  );
}
