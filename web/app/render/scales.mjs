// The colour of every cell of a tensor's maps, by the kind of scale its step asks for: signed
// values around 0 (scores, projections), weights in [0, 1], weights after dropout (scaled by
// 1/(1 − p), so up to the largest), the dropout mask, and the head a column belongs to. The scales
// are sampled tables (ui/colour.mjs); a cell's colour is an index into one, or an [r, g, b] colour.
import { headColour, tintRgb, SIGNED, WEIGHTS, signedIndex, weightIndex } from '../ui/colour.mjs';

// A tensor's range, once per trace tensor: the legend and the painter both need it, for every
// figure of the step (a (4, 12, 64, 64) tensor is 196,608 numbers). Keyed by the pass's
// { shape, data } object, not by its array: a pass may write its numbers into the array of the
// pass before, but returns a new object.
const RANGES = new WeakMap();

/** { maxAbs, maxFinite } of a trace tensor { shape, data }, non-finite values left out. */
export function range(tensor) {
  let r = RANGES.get(tensor);
  if (!r) {
    const { data } = tensor;
    r = { maxAbs: 0, maxFinite: 0 };
    // An indexed loop: iterating a typed array with for…of is several times slower.
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

const KEPT = [219, 232, 243];
const DROPPED = [255, 255, 255];
const SUM_GREY = () => [240, 242, 245];
const sumColour = (max) => (s) => {
  const e = weightIndex(s, max);
  return [WEIGHTS.rgb[3 * e], WEIGHTS.rgb[3 * e + 1], WEIGHTS.rgb[3 * e + 2]];
};

/**
 * The scale of `kind` ('signed' | 'weights' | 'dropped' | 'mask' | 'heads') for `tensor`:
 * { lut (the sampled table), rgb(v, r, c) → index or [r, g, b], sumRgb(s) → [r, g, b] }.
 */
export function paintScale(kind, tensor, sizes) {
  switch (kind) {
    case 'weights':
      return { lut: WEIGHTS, rgb: (v) => weightIndex(v, 1), sumRgb: sumColour(1) };
    case 'dropped': {
      const max = Math.max(1, range(tensor).maxFinite);
      return { lut: WEIGHTS, rgb: (v) => weightIndex(v, max), sumRgb: sumColour(max) };
    }
    case 'mask':
      return { lut: WEIGHTS, rgb: (v) => (v ? KEPT : DROPPED), sumRgb: SUM_GREY };
    case 'heads': {
      const cols = Array.from({ length: sizes.h }, (_, i) => tintRgb(headColour(i), 0.62));
      return { lut: WEIGHTS, rgb: (v, r, c) => cols[Math.floor(c / sizes.dh)], sumRgb: SUM_GREY };
    }
    default: {
      const m = range(tensor).maxAbs;
      return { lut: SIGNED, rgb: (v) => signedIndex(v, m), sumRgb: SUM_GREY };
    }
  }
}
