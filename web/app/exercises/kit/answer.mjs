// How an exercise reads what the student typed and judges a number: a typed number is read the
// way people write it (a comma for a decimal point, a real minus sign, thousands separators), and
// a computed answer is accepted within a stated tolerance, since the student works from the
// 4-decimal numbers on the screen while the core computes in float32.
import { fmt } from '../../ui/format.mjs';

export { fmt };

/** "−1,5" / "2 360 064" / "0.25" → a number, or null when it does not read as one. */
export function readNumber(text) {
  if (text === undefined || text === null) return null;
  let t = String(text)
    .trim()
    .replace(/[−–]/g, '-')
    .replace(/[\s_']/g, '');
  if (t === '') return null;
  // One comma and no point: a decimal comma; otherwise commas group thousands.
  t = /^-?\d+,\d+$/.test(t) && !/^-?\d{1,3}(,\d{3})+$/.test(t) ? t.replace(',', '.') : t;
  t = t.replace(/,/g, '');
  const n = Number(t);
  return /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(t) && Number.isFinite(n) ? n : null;
}

/**
 * Whether `given` agrees with `expected` to 3 significant figures: within 0.5 % of it, or 0.002
 * near 0 (the kit's words say so: t.kit('tolerance')).
 */
export const close = (given, expected) =>
  given !== null && Math.abs(given - expected) <= Math.max(0.005 * Math.abs(expected), 0.002);

/** An exact whole number: what a shape or a count must be. */
export const same = (given, expected) => given !== null && given === expected;

/**
 * One part of a check: { name, label, correct, said (what the student gave), expected (text) }.
 * `said` is kept as typed, so the feedback can quote it ('' when nothing was given: the feedback
 * says so in the page's language).
 */
export const part = (name, label, correct, said, expected) => ({
  name,
  label,
  correct: Boolean(correct),
  said: said === undefined || said === null ? '' : String(said),
  expected: String(expected),
});

/** { correct, parts, explanation }: correct when every part is. */
export const verdict = (parts, explanation) => ({
  correct: parts.every((p) => p.correct),
  parts,
  explanation,
});

/** A whole count grouped by thousands: 2,360,064. */
export const grouped = (n) => n.toLocaleString('en-US');
