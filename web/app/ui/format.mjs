// How numbers and shapes are written on the page: one format everywhere.

export const DECIMALS = 4;
const MINUS = '\u2212';

/** 4 decimals, a real minus sign, −∞ as "−∞", and no "−0.0000". */
export function fmt(v, decimals = DECIMALS) {
  if (v === -Infinity) return `${MINUS}∞`;
  if (v === Infinity) return '∞';
  if (Number.isNaN(v)) return 'NaN';
  const text = v.toFixed(decimals);
  if (/^-0\.?0*$/.test(text)) return text.slice(1);
  return text.replace('-', MINUS);
}

/** The exact value (the float32 read as a double), for data-value and the inspector. */
export const exact = (v) => (Object.is(v, -0) ? '0' : String(v));

/** The exact value for people: "−∞" or the shortest decimal that is that float. */
export const exactText = (v) => (Number.isFinite(v) ? exact(v).replace('-', MINUS) : fmt(v));

/** The dimension names of a stage ("B,h,T,d_h") with the sizes of its trace shape. */
export function namedShape(dims, shape) {
  const names = dims.split(',');
  return `(${shape.map((size, i) => `${names[i] ?? `dim${i}`}=${size}`).join(', ')})`;
}

/** A token for a row or column label: trimmed, a visible sign for whitespace-only tokens. */
export function tokenLabel(text) {
  const trimmed = text.trim();
  return trimmed === '' ? '␣' : trimmed;
}
