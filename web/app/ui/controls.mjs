// The sentence box, the presets and every setting, built from the core's option table (SETTINGS in
// state/settings.mjs): a control's input follows the option's type, its range is the table's range within
// what the page can draw (LIMITS in state/settings.mjs), a select offers the table's choices, and its help
// line is the table's help. The page adds only labels, grouping and the step of the dropout field.
// Each control has a help line, a live line and a message line; an invalid value shows the core's
// message there (and the page keeps the last valid state).
import { h, replace } from './dom.mjs';
import { setting, LIMITS, pageMax, SETUPS } from '../state/settings.mjs';
import {
  CHOICE_LABELS,
  shortHelp,
  controlRange as rangeWithin,
  field,
  inputOf,
  IO,
} from './fields.mjs';

export { CHOICE_LABELS, shortHelp };

/** The range of a number control: the option table's range within the page's limit. */
export const controlRange = (name) => rangeWithin(name, pageMax(name));

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

// What the settings groups say while the trained weights are on: they shape the random weights'
// module, and the weights file fixes the trained one. They are disabled, not silently ignored.
const RANDOM_ONLY =
  'These settings apply to the seeded random weights only: with the trained weights, the ' +
  'weights file fixes the block (MultiHeadAttention in evaluation mode, its own sizes).';

// The sentence box, the whole set-ups' buttons and the example sentences' buttons, into `root`;
// returns the box.
function sentenceBox(root, { presets, onChange, onPreset }) {
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
    root,
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
      { class: 'presets setups', role: 'group', 'aria-label': 'Set-ups' },
      SETUPS.map((s) =>
        h(
          'button',
          {
            type: 'button',
            class: 'preset setup',
            title: s.note,
            dataset: { setup: s.id },
            onclick: () => onPreset(s),
          },
          s.label,
        ),
      ),
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

  return sentence;
}

/**
 * Builds the sentence box (with presets) into `sentenceRoot` and the settings into `settingsRoot`.
 * onChange(key) fires on every edit, onPreset(preset) on a preset's button.
 */
export function createControls(sentenceRoot, settingsRoot, { presets, onChange, onPreset }) {
  const sentence = sentenceBox(sentenceRoot, { presets, onChange, onPreset });
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
        g.controls.map(([name, label]) => field(name, label, onChange, pageMax(name))),
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
