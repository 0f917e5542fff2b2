// The sentence box, the presets and every setting, built from the core's option table (SETTINGS in
// state/settings.mjs): a control's input follows the option's type, its range is the table's range within
// what the page can draw (LIMITS in state/settings.mjs), a select offers the table's choices, and its help
// line is the table's help (in another language, the catalogue's words for it). The page adds only
// labels, grouping and the step of the dropout field.
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
import { EN, format } from '../strings/index.mjs';

export { CHOICE_LABELS, shortHelp };

/** The range of a number control: the option table's range within the page's limit. */
export const controlRange = (name) => rangeWithin(name, pageMax(name));

// The settings panel's groups, in the order a student meets them: each group's name and its
// options. Their words are the catalogue's: `settings.<group>` and `setting.<option>`.
const GROUP_OPTIONS = [
  ['weights', ['weights']],
  ['sizes', ['dIn', 'dOut', 'heads', 'batch']],
  ['attention', ['module', 'masking', 'layout', 'causal', 'qkvBias']],
  ['training', ['training', 'dropout', 'seed']],
];

/** The settings panel in the words of `S`: groups of { id, legend, controls: [option, label] }. */
export const groupsIn = (S) =>
  GROUP_OPTIONS.map(([id, names]) => ({
    id,
    legend: S[`settings.${id}`],
    controls: names.map((name) => [name, S[`setting.${name}`]]),
  }));
export const GROUPS = Object.freeze(groupsIn(EN));

// The sentence box, the whole set-ups' buttons and the example sentences' buttons, into `root`;
// returns the box.
function sentenceBox(root, { presets, onChange, onPreset }, S) {
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
      h('label', { for: 'ctl-sentence' }, S['settings.sentence']),
      sentence,
      h(
        'span',
        { class: 'help', id: 'help-sentence' },
        format(S['settings.sentenceHelp'], { tokens: LIMITS.tokens }),
      ),
      h('p', { class: 'msg', id: 'msg-sentence', role: 'alert' }),
    ),
    h(
      'div',
      { class: 'presets setups', role: 'group', 'aria-label': S['settings.setups'] },
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
      { class: 'presets', role: 'group', 'aria-label': S['settings.examples'] },
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

// The settings' groups. The groups but the weights switch say, while the trained weights are on,
// that they shape the random weights' module only: they are disabled, not silently ignored.
const settingsGroups = (S, onChange) =>
  groupsIn(S).map((g) =>
    h(
      'fieldset',
      { class: 'settings-group', dataset: { randomOnly: g.id !== 'weights' } },
      h('legend', {}, g.legend),
      g.id !== 'weights'
        ? h('p', { class: 'note random-only', hidden: true }, S['settings.randomOnly'])
        : null,
      g.controls.map(([name, label]) => field(name, label, onChange, pageMax(name), S)),
    ),
  );

/**
 * Builds the sentence box (with presets) into `sentenceRoot` and the settings into `settingsRoot`.
 * onChange(key) fires on every edit, onPreset(preset) on a preset's button; strings: the
 * interface's words, the help lines included (in English, the core's option table's).
 */
export function createControls(sentenceRoot, settingsRoot, options) {
  const { onChange, strings: S = EN } = options;
  const sentence = sentenceBox(sentenceRoot, options, S);
  replace(settingsRoot, settingsGroups(S, onChange));
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
