// One control per setting, built from the core's option table (SETTINGS in store.mjs): its input
// follows the option's type, its range is the table's range within what the page can draw
// (the `limit` the page passes, pageMax in compute.mjs), a select offers the table's choices, and
// its help line is the catalogue's `setting.<name>.help`, else the table's help (English). Each
// control has a help line, a live line and a message line.
import { h } from './dom.mjs';
import { setting, choicesOf } from '../state/settings.mjs';
import { EN } from '../strings/index.mjs';

// The options whose choices the page names (the core's choice options: the table has only the
// values; training's two values, which the page shows as two named modes; the weights switch).
const NAMED_CHOICES = {
  module: ['mha', 'wrapper', 'causal'],
  masking: ['neg-inf', 'naive'],
  layout: ['fused', 'loop'],
  training: ['false', 'true'],
  weights: ['random', 'trained'],
};

/** The page's words for each choice, in the words of `S` (the catalogue's `choice.<option>.<value>`). */
export const choiceLabels = (S) =>
  Object.fromEntries(
    Object.entries(NAMED_CHOICES).map(([name, values]) => [
      name,
      Object.fromEntries(values.map((value) => [value, S[`choice.${name}.${value}`]])),
    ]),
  );
export const CHOICE_LABELS = Object.freeze(choiceLabels(EN));

// Steps of the number fields where 1 is too coarse: dropout in twentieths.
const STEP = { dropout: 0.05 };

/**
 * A control's help line: the table's help, shortened by one rule so that it fits under a narrow
 * field. Parenthesised asides go (the choices' API names, which the select shows by label, and
 * details for the reference), only the first clause stays (up to "; "), and a leading "symbol: "
 * goes when the label ends with that symbol ("d_in: …" under the label d_in).
 */
export function shortHelp(help, label) {
  const text = help.replace(/ \([^()]*\)/g, '').split('; ')[0];
  const symbol = text.match(/^(\S+): /);
  return symbol && label.split(' ').at(-1) === symbol[1] ? text.slice(symbol[0].length) : text;
}

/**
 * The range of a number control: the table's range within the page's limit. An exclusive maximum
 * (dropout p < 1) becomes the last step below it, so the field's arrows never offer it.
 */
export function controlRange(name, limit) {
  const spec = setting(name);
  const step = STEP[name] ?? 1;
  const max =
    limit !== undefined && limit < spec.max
      ? limit
      : spec.maxExclusive
        ? spec.max - step
        : spec.max;
  return { min: spec.min, max, step };
}

// The input a setting's type asks for; a boolean with page words for its values is a pair of radios.
export const inputOf = (spec) =>
  spec.type === 'choice'
    ? 'select'
    : spec.type === 'boolean'
      ? CHOICE_LABELS[spec.name]
        ? 'radio'
        : 'checkbox'
      : 'number';

export function field(name, label, onChange, limit, S = EN) {
  const spec = setting(name);
  const named = (value) => S[`choice.${name}.${value}`] ?? CHOICE_LABELS[name]?.[value] ?? value;
  const kind = inputOf(spec);
  const id = `ctl-${name}`;
  const describedBy = `help-${name} live-${name} msg-${name}`;
  const lines = [
    h(
      'span',
      { class: 'help', id: `help-${name}` },
      shortHelp(S[`setting.${name}.help`] ?? spec.help, label),
    ),
    h('span', { class: 'help live', id: `live-${name}` }),
    h('p', { class: 'msg', id: `msg-${name}`, role: 'alert' }),
  ];
  const change = () => onChange(name);
  const control = (cls, ...children) =>
    h('div', { class: cls, dataset: { control: name } }, ...children, ...lines);
  if (kind === 'select') {
    const options = choicesOf(name).map((value) => h('option', { value }, named(value)));
    return control(
      'control',
      h('label', { for: id }, label),
      h('select', { id, name, 'aria-describedby': describedBy, onchange: change }, options),
    );
  }
  if (kind === 'checkbox') {
    const input = h('input', {
      id,
      name,
      type: 'checkbox',
      'aria-describedby': describedBy,
      onchange: change,
    });
    return control('control check', input, h('label', { for: id }, label));
  }
  if (kind === 'radio') {
    return h(
      'fieldset',
      { class: 'control radio', dataset: { control: name }, 'aria-describedby': describedBy },
      h('legend', {}, label),
      h(
        'div',
        { class: 'segmented' },
        [false, true].map((value) =>
          h(
            'label',
            {},
            h('input', { type: 'radio', name, value: String(value), onchange: change }),
            h('span', {}, named(value)),
          ),
        ),
      ),
      ...lines,
    );
  }
  const { min, max, step } = controlRange(name, limit);
  const input = h('input', {
    id,
    name,
    type: 'number',
    inputmode: spec.type === 'integer' ? 'numeric' : 'decimal',
    min,
    max,
    step,
    'aria-describedby': describedBy,
    oninput: change,
  });
  return control('control number', h('label', { for: id }, label), input);
}

// Sets `el[key]` only where it differs: every change of the state writes every control, and a
// select handed its own value selects it again (most of a millisecond for each step of a slider).
function put(el, key, value) {
  if (el[key] !== value) el[key] = value;
}

// Reads and writes one control's value in the setting's type.
export const IO = {
  checkbox: {
    read: (el) => el.querySelector('input').checked,
    write: (el, v) => put(el.querySelector('input'), 'checked', Boolean(v)),
  },
  radio: {
    read: (el) => el.querySelector('input:checked')?.value === 'true',
    write: (el, v) =>
      el.querySelectorAll('input').forEach((r) => put(r, 'checked', r.value === String(v))),
  },
  select: {
    read: (el) => el.querySelector('select').value,
    write: (el, v) => put(el.querySelector('select'), 'value', String(v)),
  },
  number: {
    // A number that does not parse (the field reports '') stays '' for the page's "enter a number".
    read: (el) =>
      el.querySelector('input').value.trim() === '' ? '' : Number(el.querySelector('input').value),
    write(el, v) {
      const input = el.querySelector('input');
      // The field being typed in keeps its text while it means the same number ("0.10", "1e1").
      if (
        input === el.getRootNode().activeElement &&
        Number(input.value) === v &&
        input.value !== ''
      )
        return;
      // A refused value that is no number (an attribute's "Infinity" or markup) shows as an empty
      // field: a number field cannot hold other text, and browsers warn when handed it.
      const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
      if (input.value !== text) input.value = text; // the same text: nothing to lay out
    },
  },
};
