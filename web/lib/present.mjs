// How attention-lab shows a run to people: numbers, token labels, shapes and sizes, the lecture's
// class names and the trained model's head roles. One module for the command line and the teaching
// page, so both say the same thing (what each stage is: stage-text.mjs). No DOM and no Node.
import { STAGES } from './contract.mjs';

/** How a sign and the non-finite values are written: PLAIN for terminals, TYPESET for the page. */
export const PLAIN = Object.freeze({ minus: '-', infinity: 'inf', nan: 'nan' });
export const TYPESET = Object.freeze({ minus: '\u2212', infinity: '∞', nan: 'NaN' });

/** The lecture's classes, by the module option's values. */
export const MODULE_CLASSES = Object.freeze({
  simplified: 'attention without trainable weights',
  sa_v1: 'SelfAttention_v1',
  sa_v2: 'SelfAttention_v2',
  causal: 'CausalAttention',
  wrapper: 'MultiHeadAttentionWrapper',
  mha: 'MultiHeadAttention',
});

/** A number with fixed decimals; −0 (and what rounds to it) as 0; ±∞ and NaN spelled out. */
export function formatNumber(value, decimals = 4, spelling = TYPESET) {
  if (Number.isNaN(value)) return spelling.nan;
  if (value === Infinity) return spelling.infinity;
  if (value === -Infinity) return spelling.minus + spelling.infinity;
  const text = value.toFixed(decimals);
  // "-0.0000" reads as a sign error to students.
  if (/^-0\.?0*$/.test(text)) return text.slice(1);
  return text.replace('-', spelling.minus);
}

// Control characters (ESC, BEL, …), the line separators and the bidirectional embeddings,
// overrides and isolates, as \u001b escapes: text a user typed must never drive a terminal, break a
// line or reorder the text around it. Right-to-left letters themselves are left alone.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escapeChar = (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with every control character escaped. */
export function printable(text) {
  return text.replace(CONTROL, escapeChar);
}

const SHORT_ESCAPES = { '\n': '\\n', '\t': '\\t', '\r': '\\r' };
const visibleWhitespace = (ch) => (ch === ' ' ? '␣' : (SHORT_ESCAPES[ch] ?? escapeChar(ch)));

/**
 * A token as a row or column label: GPT-2's leading space trimmed; a token of whitespace only
 * shown with ␣ and escapes (it would be an invisible label); other whitespace and control
 * characters inside a token escaped, so a label is one visible line.
 */
export function tokenLabel(text) {
  const trimmed = text.trim();
  if (trimmed === '') return [...text].map(visibleWhitespace).join('');
  return printable(trimmed.replace(/[^\S ]/g, visibleWhitespace));
}

/** A stage's shape with its dimension names, e.g. "(B=1, h=2, T=6, d_h=1)". */
export function namedShape(dims, shape) {
  const names = dims.split(',');
  return `(${shape.map((size, i) => `${names[i] ?? `dim${i}`}=${size}`).join(', ')})`;
}

/**
 * The sizes of a run, { B, T, d_in, D, h, d_h }, read from its trace's shapes through the stage
 * list's dimension names: the shapes are the core's word for D and d_h, whatever the module.
 */
export function sizesOf(trace) {
  const sizes = {};
  for (const { name, dims } of STAGES) {
    const shape = trace[name]?.shape;
    if (shape) dims.split(',').forEach((dim, i) => (sizes[dim] ??= shape[i]));
  }
  return sizes;
}

/**
 * What the trained model's shared id (every token outside its cut vocabulary) is called when it
 * is predicted: it stands for every token the model has no id of its own for at once (a quarter of
 * English text), so it has no text of its own and must not read as one word.
 */
export const SHARED_TOKEN = '(any token outside its vocabulary)';

/** A token of the trained model (read or predicted) as a label. */
export function trainedTokenLabel(token) {
  return token.id < 0 ? SHARED_TOKEN : tokenLabel(token.text);
}

/** A probability or a share as a percentage: "64 %", or "0.4 %" below one per cent. */
/**
 * The head roles' short names, for a map's caption or a table cell (the API's descriptions are
 * written for a sentence: "the same token (itself)"), and one word each for narrower places.
 */
export const ROLE_NAMES = Object.freeze({
  previous: 'previous token',
  first: 'first token',
  self: 'itself',
  punctuation: 'punctuation',
  'pronoun-noun': 'pronoun → noun',
  'noun-determiner': 'noun → determiner',
});
export const ROLE_WORDS = Object.freeze({
  previous: 'previous',
  first: 'first',
  'pronoun-noun': 'pronoun',
  'noun-determiner': 'noun',
});

export function percent(p) {
  const value = 100 * p;
  return `${value >= 1 || value === 0 ? Math.round(value) : value.toFixed(1)} %`;
}
