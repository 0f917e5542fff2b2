// A small SVG line plot for the labs: straight lines between measured points, linear or log axes,
// labelled ticks and vertical marks. The picture is described for screen readers (role="img" with
// a label); the numbers it draws are also in the lab's text or tables.
const SVG = 'http://www.w3.org/2000/svg';

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// Position on an axis { min, max, log } as a share 0…1.
function share(axis, v) {
  if (axis.log)
    return (Math.log10(v) - Math.log10(axis.min)) / (Math.log10(axis.max) - Math.log10(axis.min));
  return (v - axis.min) / (axis.max - axis.min);
}

/**
 * linePlot({ label, x, y, series, marks }) → <svg>.
 * x, y: { min, max, log?, title, ticks: [values], format?(v) }.
 * series: [{ name, points: [[x, y]], className, dashed? }] (points outside y's range are clipped).
 * marks: [{ x, label, className? }] vertical lines.
 */
export function linePlot({ label, x, y, series, marks = [], width = 560, height = 260 }) {
  const pad = { left: 56, right: 14, top: 12, bottom: 40 };
  const w = width - pad.left - pad.right;
  const hgt = height - pad.top - pad.bottom;
  const px = (v) => pad.left + share(x, v) * w;
  const py = (v) => pad.top + (1 - Math.min(1, Math.max(0, share(y, v)))) * hgt;
  const fx = x.format ?? String;
  const fy = y.format ?? String;
  const svg = s('svg', {
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': label,
    class: 'lab-plot',
  });
  svg.append(
    s('line', {
      class: 'axis',
      x1: pad.left,
      y1: pad.top + hgt,
      x2: pad.left + w,
      y2: pad.top + hgt,
    }),
    s('line', { class: 'axis', x1: pad.left, y1: pad.top, x2: pad.left, y2: pad.top + hgt }),
  );
  for (const t of x.ticks) {
    svg.append(
      s('line', { class: 'tick', x1: px(t), x2: px(t), y1: pad.top + hgt, y2: pad.top + hgt + 4 }),
      s('text', { x: px(t), y: pad.top + hgt + 16, 'text-anchor': 'middle' }, fx(t)),
    );
  }
  for (const t of y.ticks) {
    svg.append(
      s('line', { class: 'grid', x1: pad.left, x2: pad.left + w, y1: py(t), y2: py(t) }),
      s('text', { x: pad.left - 6, y: py(t) + 4, 'text-anchor': 'end' }, fy(t)),
    );
  }
  svg.append(
    s(
      'text',
      { x: pad.left + w / 2, y: height - 4, 'text-anchor': 'middle', class: 'axis-title' },
      x.title,
    ),
    s(
      'text',
      {
        x: 12,
        y: pad.top + hgt / 2,
        'text-anchor': 'middle',
        class: 'axis-title',
        transform: `rotate(-90 12 ${pad.top + hgt / 2})`,
      },
      y.title,
    ),
  );
  for (const m of marks) {
    svg.append(
      s('line', {
        class: `mark ${m.className ?? ''}`,
        x1: px(m.x),
        x2: px(m.x),
        y1: pad.top,
        y2: pad.top + hgt,
      }),
      s(
        'text',
        // A label near the right edge goes to the left of its line.
        {
          class: 'mark-label',
          x: px(m.x) + (share(x, m.x) > 0.75 ? -3 : 3),
          y: pad.top + 10 + (m.row ?? 0) * 12,
          'text-anchor': share(x, m.x) > 0.75 ? 'end' : 'start',
        },
        m.label,
      ),
    );
  }
  for (const line of series) {
    const pts = line.points.filter(
      ([a, b]) => Number.isFinite(a) && Number.isFinite(b) && (!y.log || b > 0),
    );
    svg.append(
      s('polyline', {
        class: `series ${line.className}`,
        points: pts.map(([a, b]) => `${px(a).toFixed(1)},${py(b).toFixed(1)}`).join(' '),
        'stroke-dasharray': line.dashed ? '5 4' : null,
      }),
    );
    for (const [a, b] of pts.length <= 40 ? pts : [])
      svg.append(
        s('circle', {
          class: `point ${line.className}`,
          cx: px(a).toFixed(1),
          cy: py(b).toFixed(1),
          r: 2.5,
        }),
      );
  }
  return svg;
}

/** The plot's legend: one swatch per series, as HTML text. */
export function legend(h, series) {
  return h(
    'ul',
    { class: 'lab-legend' },
    series.map((line) =>
      h(
        'li',
        {},
        h('span', {
          class: `swatch ${line.className}${line.dashed ? ' dashed' : ''}`,
          'aria-hidden': 'true',
        }),
        line.name,
      ),
    ),
  );
}
