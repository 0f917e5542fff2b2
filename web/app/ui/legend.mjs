// The legend under a tensor's maps: the colour scale with its two ends, the kept and dropped
// swatches of the dropout mask, or the colour of each head.
import { h } from './dom.mjs';
import { fmt } from './format.mjs';
import { signedColour, weightColour, headColour, gradient } from './colour.mjs';
import { range } from '../render/index.mjs';
import { EN, format } from '../strings/index.mjs';

function legendBar(lo, hi, colourAt, S) {
  return h(
    'p',
    { class: 'legend' },
    h('span', { class: 'visually-hidden' }, S['legend.from']),
    h('span', { class: 'legend-end' }, fmt(lo, 2)),
    h('span', {
      class: 'legend-bar',
      'aria-hidden': 'true',
      style: { 'background-image': gradient(colourAt) },
    }),
    h('span', { class: 'visually-hidden' }, S['legend.to']),
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

/** The colour of each of `heads` heads. */
export function headLegend(heads, S = EN) {
  return h(
    'p',
    { class: 'legend' },
    Array.from({ length: heads }, (_, i) =>
      swatch(headColour(i), format(S['map.head'], { n: i + 1 })),
    ),
  );
}

/** The legend of a scale of `kind` (render/scales.mjs) for `tensor`, in the words of `S`. */
export function legendFor(kind, tensor, sizes, S = EN) {
  switch (kind) {
    case 'weights':
      return legendBar(0, 1, (t) => weightColour(t, 1), S);
    case 'dropped':
      return legendBar(0, Math.max(1, range(tensor).maxFinite), (t) => weightColour(t, 1), S);
    case 'mask':
      return h(
        'p',
        { class: 'legend' },
        swatch('#dbe8f3', S['legend.kept']),
        swatch('#ffffff', S['legend.dropped'], 'dropped'),
      );
    case 'heads':
      return headLegend(sizes.h, S);
    default: {
      const m = range(tensor).maxAbs;
      return legendBar(-m, m, (t) => signedColour(2 * t - 1, 1), S);
    }
  }
}
