// The sentence box, the presets and every setting. Each control has a help line and a message
// line; an invalid value shows the core's message there (and the page keeps the last valid state).
import { h, replace } from './dom.mjs';
import { SETTINGS } from '../store.mjs';

const TYPE = Object.fromEntries(SETTINGS.map((s) => [s.key, s.type]));

const GROUPS = [
  {
    legend: 'Sizes',
    controls: [
      { key: 'dIn', label: 'd_in', help: 'numbers per token embedding', input: 'number', min: 1, max: 64 },
      { key: 'dOut', label: 'd_out', help: 'width of Q, K, V and the output', input: 'number', min: 1, max: 96 },
      { key: 'heads', label: 'heads h', help: 'd_out is split into h heads', input: 'number', min: 1, max: 12 },
      { key: 'batch', label: 'batch B', help: 'copies of the sentence', input: 'number', min: 1, max: 4 },
    ],
  },
  {
    legend: 'Attention',
    controls: [
      {
        key: 'module', label: 'module', input: 'select',
        options: [['mha', 'MultiHeadAttention (mha)'], ['wrapper', 'MultiHeadAttentionWrapper'], ['causal', 'CausalAttention (one head)']],
        help: 'which lecture class runs',
      },
      {
        key: 'masking', label: 'masking', input: 'select',
        options: [['neg-inf', '−∞ before softmax'], ['naive', 'naive: softmax, zero, renormalise']],
        help: 'how the future is hidden',
      },
      {
        key: 'layout', label: 'heads computed', input: 'select',
        options: [['fused', 'fused: one matmul, then split'], ['loop', 'loop: one projection per head']],
        help: 'same numbers, two ways',
      },
      { key: 'causal', label: 'causal mask', input: 'checkbox', help: 'hide later tokens' },
      { key: 'qkvBias', label: 'qkv bias', input: 'checkbox', help: 'add a bias to Q, K, V' },
    ],
  },
  {
    legend: 'Training and randomness',
    controls: [
      { key: 'training', label: 'mode', input: 'radio', options: [[false, 'evaluation'], [true, 'training']], help: 'dropout acts only in training' },
      { key: 'dropout', label: 'dropout p', help: 'share of weights dropped', input: 'number', min: 0, max: 0.95, step: 0.05 },
      { key: 'seed', label: 'seed', help: 'weights, embeddings, dropout mask', input: 'number', min: 0, max: 4294967295 },
    ],
  },
];

function field(spec, onChange) {
  const id = `ctl-${spec.key}`;
  const describedBy = `help-${spec.key} msg-${spec.key}`;
  const help = h('span', { class: 'help', id: `help-${spec.key}` }, spec.help ?? '');
  const msg = h('p', { class: 'msg', id: `msg-${spec.key}`, role: 'alert' });
  const change = () => onChange(spec.key);
  let input;
  if (spec.input === 'select') {
    input = h('select', { id, name: spec.key, 'aria-describedby': describedBy, onchange: change },
      spec.options.map(([value, text]) => h('option', { value }, text)));
    return h('div', { class: 'control', dataset: { control: spec.key } }, h('label', { for: id }, spec.label), input, help, msg);
  }
  if (spec.input === 'checkbox') {
    input = h('input', { id, name: spec.key, type: 'checkbox', 'aria-describedby': describedBy, onchange: change });
    return h('div', { class: 'control check', dataset: { control: spec.key } }, input, h('label', { for: id }, spec.label), help, msg);
  }
  if (spec.input === 'radio') {
    return h('fieldset', { class: 'control radio', dataset: { control: spec.key }, 'aria-describedby': describedBy },
      h('legend', {}, spec.label),
      h('div', { class: 'segmented' }, spec.options.map(([value, text]) =>
        h('label', {}, h('input', { type: 'radio', name: spec.key, value: String(value), onchange: change }), h('span', {}, text)))),
      help, msg);
  }
  input = h('input', {
    id, name: spec.key, type: 'number', inputmode: spec.step ? 'decimal' : 'numeric',
    min: spec.min, max: spec.max, step: spec.step ?? 1, 'aria-describedby': describedBy, oninput: change,
  });
  return h('div', { class: 'control', dataset: { control: spec.key } }, h('label', { for: id }, spec.label), input, help, msg);
}

/**
 * Builds the sentence box (with presets) into `sentenceRoot` and the settings into `settingsRoot`.
 * onChange(key) fires on every edit.
 */
export function createControls(sentenceRoot, settingsRoot, { presets, onChange, onPreset }) {
  const sentence = h('input', {
    id: 'ctl-sentence', name: 'sentence', type: 'text', dir: 'auto', autocomplete: 'off', spellcheck: 'false',
    'aria-describedby': 'help-sentence msg-sentence', oninput: () => onChange('sentence'),
  });
  replace(sentenceRoot,
    h('div', { class: 'control sentence', dataset: { control: 'sentence' } },
      h('label', { for: 'ctl-sentence' }, 'Sentence'),
      sentence,
      h('span', { class: 'help', id: 'help-sentence' }, 'Any text; up to 32 GPT-2 tokens.'),
      h('p', { class: 'msg', id: 'msg-sentence', role: 'alert' })),
    h('div', { class: 'presets', role: 'group', 'aria-label': 'Example sentences' },
      presets.map((p) => h('button', { type: 'button', class: 'preset', title: p.note, onclick: () => onPreset(p) }, p.sentence))));

  replace(settingsRoot, GROUPS.map((g) => h('fieldset', { class: 'settings-group' }, h('legend', {}, g.legend), g.controls.map((c) => field(c, onChange)))));

  const root = [sentenceRoot, settingsRoot];
  const find = (selector) => root.map((r) => r.querySelector(selector)).find(Boolean);
  const control = (key) => find(`[data-control="${key}"]`);

  return {
    /** The settings as the controls hold them now (numbers that do not parse stay as text). */
    read() {
      const out = { sentence: sentence.value };
      for (const g of GROUPS) {
        for (const c of g.controls) {
          const el = control(c.key);
          if (c.input === 'checkbox') out[c.key] = el.querySelector('input').checked;
          else if (c.input === 'radio') out[c.key] = el.querySelector('input:checked')?.value === 'true';
          else if (c.input === 'select') out[c.key] = el.querySelector('select').value;
          else {
            const raw = el.querySelector('input').value;
            out[c.key] = raw.trim() === '' ? '' : Number(raw);
          }
        }
      }
      return out;
    },
    write(settings) {
      if (sentence.value !== settings.sentence) sentence.value = settings.sentence;
      for (const g of GROUPS) {
        for (const c of g.controls) {
          const el = control(c.key);
          const v = settings[c.key];
          if (c.input === 'checkbox') el.querySelector('input').checked = Boolean(v);
          else if (c.input === 'radio') el.querySelectorAll('input').forEach((r) => (r.checked = r.value === String(v)));
          else if (c.input === 'select') el.querySelector('select').value = String(v);
          else if (el.querySelector('input') !== sentenceRoot.getRootNode().activeElement || Number(el.querySelector('input').value) !== v) {
            el.querySelector('input').value = String(v);
          }
        }
      }
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
      for (const el of root.flatMap((r) => [...r.querySelectorAll('.control.invalid')])) {
        el.classList.remove('invalid');
        el.querySelector('.msg').textContent = '';
        el.querySelectorAll('[aria-invalid]').forEach((i) => i.removeAttribute('aria-invalid'));
      }
    },
    /** A live hint under a control (e.g. d_h = d_out / h). */
    setHelp(key, text) {
      const help = control(key)?.querySelector('.help');
      if (help) help.textContent = text;
    },
    has: (key) => Boolean(control(key)) && key in TYPE,
  };
}
