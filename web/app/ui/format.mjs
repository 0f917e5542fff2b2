// How numbers, shapes and tokens are written on the page: web/lib/present.mjs, shared with the
// command line, typeset (a real minus sign, ∞), plus the page's exact-value readouts.
import { formatNumber, TYPESET } from '../../lib/present.mjs';

export { namedShape, tokenLabel } from '../../lib/present.mjs';

export const DECIMALS = 4;

/** 4 decimals, a real minus sign, −∞ as "−∞", and no "−0.0000". */
export const fmt = (v, decimals = DECIMALS) => formatNumber(v, decimals, TYPESET);

/** The exact value (the float32 read as a double), for data-value and the tests. */
export const exact = (v) => (Object.is(v, -0) ? '0' : String(v));

/**
 * The shortest decimal that reads back as the same float32: what the core computed, without the
 * 17 digits a double needs (0.1 in float32 is 0.100000001490116…, written here as 0.1).
 */
export function float32Text(v) {
  if (!Number.isFinite(v)) return fmt(v);
  if (v === 0) return '0';
  const f = Math.fround(v);
  for (let digits = 1; digits <= 9; ++digits) {
    const text = f.toPrecision(digits);
    if (Math.fround(Number(text)) === f) return String(Number(text));
  }
  return String(f);
}

/** The exact value for people: "−∞" or the shortest decimal that is that float32. */
export const exactText = (v) => float32Text(v).replace('-', TYPESET.minus);

/**
 * A value for a glance (hover): 4 decimals, or 4 significant digits where 4 decimals would round a
 * non-zero value to 0 (1.234e−7), so no value reads as 0 that is not.
 */
export function readable(v) {
  if (!Number.isFinite(v) || v === 0 || Math.abs(v) >= 5e-5) return fmt(v);
  return Math.fround(v).toPrecision(4).replaceAll('-', TYPESET.minus);
}
