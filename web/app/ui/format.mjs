// How numbers, shapes and tokens are written on the page: web/lib/present.mjs, shared with the
// command line, typeset (a real minus sign, ∞), plus the page's exact-value readouts.
import { formatNumber, TYPESET } from '../../lib/present.mjs';

export { namedShape, tokenLabel } from '../../lib/present.mjs';

export const DECIMALS = 4;

/** 4 decimals, a real minus sign, −∞ as "−∞", and no "−0.0000". */
export const fmt = (v, decimals = DECIMALS) => formatNumber(v, decimals, TYPESET);

/** The exact value (the float32 read as a double), for data-value and the inspector. */
export const exact = (v) => (Object.is(v, -0) ? '0' : String(v));

/** The exact value for people: "−∞" or the shortest decimal that is that float. */
export const exactText = (v) =>
  Number.isFinite(v) ? exact(v).replace('-', TYPESET.minus) : fmt(v);
