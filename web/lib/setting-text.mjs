// A setting's text ⇄ its value, one codec for the three places a setting arrives as text: the
// page's URL, the <attention-lab> element's attributes and the command line's flags. The type is
// the option's own (contract.mjs: integer, number, boolean, choice, text); names are the API's
// camelCase, written in kebab-case where a name is text (attributes, flags).

/** An option's name in kebab-case: dOut → d-out, qkvBias → qkv-bias, maxFlops → max-flops. */
export const kebabCase = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const TRUE_WORDS = ['true', '1', 'on', 'yes'];
const FALSE_WORDS = ['false', '0', 'off', 'no'];

/**
 * `raw` read as `spec.type` ({ type, choices? }): { value } when it reads as that type, else
 * { error } saying what it must be (empty: true when the text is blank). Numbers are read as
 * JavaScript reads them; whether one is in range is the core's to say.
 */
export function readText(spec, raw) {
  const text = raw.trim();
  switch (spec.type) {
    case 'integer':
    case 'number': {
      const value = text === '' ? NaN : Number(text);
      if (!Number.isNaN(value)) return { value };
      const error = spec.type === 'integer' ? 'must be a whole number' : 'must be a number';
      return { error, empty: text === '' };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.includes(word)) return { value: true };
      if (FALSE_WORDS.includes(word)) return { value: false };
      return { error: `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(', ')}` };
    }
    case 'choice':
      return spec.choices.includes(raw)
        ? { value: raw }
        : { error: `allowed are ${spec.choices.join(', ')}` };
    default:
      return raw === '' ? { error: 'needs a value', empty: true } : { value: raw };
  }
}

/**
 * `raw` as the page and the element read it: the value when it reads as its type; otherwise the
 * text as given, so that the core's own message names it ("heads = 'two': … an integer"), and ''
 * for a blank number (the page asks for a number).
 */
export function readLenient(spec, raw) {
  const read = readText(spec, raw);
  if ('value' in read) return read.value;
  return (spec.type === 'integer' || spec.type === 'number') && read.empty ? '' : raw;
}

/** A value as text, which readText() reads back as the same value. */
export const writeText = (spec, value) =>
  spec.type === 'boolean' ? String(value === true) : String(value);
