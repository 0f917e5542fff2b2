// The sentence box, the presets and every setting, built from the core's option table (SETTINGS in
// state/settings.mjs): a control's input follows the option's type, its range is the table's range within
// what the page can draw (LIMITS in state/settings.mjs), a select offers the table's choices, and its help
// line is the table's help. The page adds only labels, grouping and the step of the dropout field.
// Each control has a help line, a live line and a message line; an invalid value shows the core's
// message there (and the page keeps the last valid state).
import { h, replace } from './dom.mjs';
import { setting, choicesOf, LIMITS, pageMax } from '../state/settings.mjs';

/** The settings panel: groups of [option, label], in the order a student meets them. */
export const GROUPS = Object.freeze([
  {
    legend: 'Weights',
    controls: [['weights', 'weights']],
  },
  {
    legend: 'Sizes',
    controls: [
      ['dIn', 'd_in'],
      ['dOut', 'd_out'],
      ['heads', 'heads h'],
      ['batch', 'batch B'],
    ],
  },
  {
    legend: 'Attention',
    controls: [
      ['module', 'module'],
      ['masking', 'masking'],
      ['layout', 'heads computed'],
      ['causal', 'causal mask'],
      ['qkvBias', 'qkv bias'],
    ],
  },
  {
    legend: 'Training and randomness',
    controls: [
      ['training', 'mode'],
      ['dropout', 'dropout p'],
      ['seed', 'seed'],
    ],
  },
]);

/**
 * The page's words for each choice of the core's choice options (the table has only the values),
 * and for the two values of training, which the page shows as two named modes.
 */
export const CHOICE_LABELS = Object.freeze({
  module: {
    mha: 'MultiHeadAttention (mha)',
    wrapper: 'MultiHeadAttentionWrapper',
    causal: 'CausalAttention (one head)',
  },
  masking: { 'neg-inf': '−∞ before softmax', naive: 'naive: softmax, zero, renormalise' },
  layout: { fused: 'fused: one matmul, then split', loop: 'loop: one projection per head' },
  training: { false: 'evaluation', true: 'training' },
  weights: { random: 'seeded random (the lecture)', trained: 'trained on the Brown Corpus' },
});

// What the settings groups say while the trained weights are on: they shape the random weights'
// module, and the weights file fixes the trained one. They are disabled, not silently ignored.
const RANDOM_ONLY =
  'These settings apply to the seeded random weights only: with the trained weights, the ' +
  'weights file fixes the block (MultiHeadAttention in evaluation mode, its own sizes).';

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
export function controlRange(name) {
  const spec = setting(name);
  const step = STEP[name] ?? 1;
  const limit = pageMax(name);
  const max =
    limit !== undefined && limit < spec.max
      ? limit
      : spec.maxExclusive
        ? spec.max - step
        : spec.max;
  return { min: spec.min, max, step };
}

// The input a setting's type asks for; a boolean with page words for its values is a pair of radios.
const inputOf = (spec) =>
  spec.type === 'choice'
    ? 'select'
    : spec.type === 'boolean'
      ? CHOICE_LABELS[spec.name]
        ? 'radio'
        : 'checkbox'
      : 'number';

function field(name, label, onChange) {
  const spec = setting(name);
  const kind = inputOf(spec);
  const id = `ctl-${name}`;
  const describedBy = `help-${name} live-${name} msg-${name}`;
  const lines = [
    h('span', { class: 'help', id: `help-${name}` }, shortHelp(spec.help, label)),
    h('span', { class: 'help live', id: `live-${name}` }),
    h('p', { class: 'msg', id: `msg-${name}`, role: 'alert' }),
  ];
  const change = () => onChange(name);
  const control = (cls, ...children) =>
    h('div', { class: cls, dataset: { control: name } }, ...children, ...lines);
  if (kind === 'select') {
    const options = choicesOf(name).map((value) =>
      h('option', { value }, CHOICE_LABELS[name]?.[value] ?? value),
    );
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
            h('span', {}, CHOICE_LABELS[name][value]),
          ),
        ),
      ),
      ...lines,
    );
  }
  const { min, max, step } = controlRange(name);
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

// Reads and writes one control's value in the setting's type.
const IO = {
  checkbox: {
    read: (el) => el.querySelector('input').checked,
    write: (el, v) => (el.querySelector('input').checked = Boolean(v)),
  },
  radio: {
    read: (el) => el.querySelector('input:checked')?.value === 'true',
    write: (el, v) =>
      el.querySelectorAll('input').forEach((r) => (r.checked = r.value === String(v))),
  },
  select: {
    read: (el) => el.querySelector('select').value,
    write: (el, v) => (el.querySelector('select').value = String(v)),
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
      if (input.value !== String(v)) input.value = String(v); // the same text: nothing to lay out
    },
  },
};

/**
 * Builds the sentence box (with presets) into `sentenceRoot` and the settings into `settingsRoot`.
 * onChange(key) fires on every edit, onPreset(preset) on a preset's button.
 */
export function createControls(sentenceRoot, settingsRoot, { presets, onChange, onPreset }) {
  const sentence = h('input', {
    id: 'ctl-sentence',
    name: 'sentence',
    type: 'text',
    dir: 'auto',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'help-sentence msg-sentence',
    oninput: () => onChange('sentence'),
  });
  replace(
    sentenceRoot,
    h(
      'div',
      { class: 'control sentence', dataset: { control: 'sentence' } },
      h('label', { for: 'ctl-sentence' }, 'Sentence'),
      sentence,
      h(
        'span',
        { class: 'help', id: 'help-sentence' },
        `Any text; up to ${LIMITS.tokens} GPT-2 tokens.`,
      ),
      h('p', { class: 'msg', id: 'msg-sentence', role: 'alert' }),
    ),
    h(
      'div',
      { class: 'presets', role: 'group', 'aria-label': 'Example sentences' },
      presets.map((p) =>
        h(
          'button',
          { type: 'button', class: 'preset', title: p.note, onclick: () => onPreset(p) },
          p.sentence,
        ),
      ),
    ),
  );

  replace(
    settingsRoot,
    GROUPS.map((g) =>
      h(
        'fieldset',
        { class: 'settings-group', dataset: { randomOnly: g.legend !== 'Weights' } },
        h('legend', {}, g.legend),
        g.legend !== 'Weights'
          ? h('p', { class: 'note random-only', hidden: true }, RANDOM_ONLY)
          : null,
        g.controls.map(([name, label]) => field(name, label, onChange)),
      ),
    ),
  );
  // With the trained weights every group but the switch is disabled, with its note shown.
  const showWeights = (weights) => {
    // Written only when they change: an attribute set again to its value still has Chromium
    // recompute the element's style, and the page's next layout read waits for it.
    for (const group of settingsRoot.querySelectorAll('[data-random-only="true"]')) {
      const note = group.querySelector('.random-only');
      if (group.disabled !== (weights === 'trained')) group.disabled = weights === 'trained';
      if (note.hidden !== (weights !== 'trained')) note.hidden = weights !== 'trained';
    }
  };

  const roots = [sentenceRoot, settingsRoot];
  const control = (key) =>
    roots.map((r) => r.querySelector(`[data-control="${key}"]`)).find(Boolean);
  const names = GROUPS.flatMap((g) => g.controls.map(([name]) => name));
  const io = (name) => IO[inputOf(setting(name))];

  return {
    /** The settings as the controls hold them now (numbers that do not parse are ''). */
    read() {
      return Object.fromEntries([
        ['sentence', sentence.value],
        ...names.map((name) => [name, io(name).read(control(name))]),
      ]);
    },
    /** Shows `settings` in the controls. */
    write(settings) {
      if (sentence.value !== settings.sentence) sentence.value = settings.sentence;
      for (const name of names) io(name).write(control(name), settings[name]);
      showWeights(settings.weights);
    },
    /** Shows `message` under the control `key`. */
    showError(key, message) {
      const el = control(key);
      if (!el) return false;
      el.classList.add('invalid');
      el.querySelector('.msg').textContent = message;
      el.querySelectorAll('input, select').forEach((i) => i.setAttribute('aria-invalid', 'true'));
      return true;
    },
    clearErrors() {
      for (const el of roots.flatMap((r) => [...r.querySelectorAll('.control.invalid')])) {
        el.classList.remove('invalid');
        el.querySelector('.msg').textContent = '';
        el.querySelectorAll('[aria-invalid]').forEach((i) => i.removeAttribute('aria-invalid'));
      }
    },
    /** A live line under a control, from the result (e.g. d_h = d_out / h = 2); '' hides it. */
    setLive(key, text) {
      const live = control(key)?.querySelector('.live');
      if (live && live.textContent !== text) live.textContent = text; // unchanged: no new layout
    },
    /** Whether this layout has a control for `key`. */
    has: (key) => Boolean(control(key)),
  };
}
