// The prediction inputs the exercises share, as plain nodes: a labelled number field, a group of
// choices, and a grid of cells to pick (one tab stop; arrows move, Space or Enter toggles). Each
// reports to the harness through actions.respond(name, value); none computes anything.
import { h } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';

/** A labelled number field whose text is the response `name`. */
export function numberField(slug, name, label, response, actions, hint = '') {
  const id = `${slug}-${name}`;
  return h(
    'div',
    { class: 'exercise-field' },
    h('label', { for: id }, label),
    h('input', {
      id,
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      value: response[name] ?? '',
      dataset: { answer: name },
      'aria-describedby': hint ? `${id}-hint` : null,
      oninput: (e) => actions.respond(name, e.target.value, { quiet: true }),
    }),
    hint ? h('span', { class: 'help', id: `${id}-hint` }, hint) : null,
  );
}

/** Radio buttons for the response `name`: choices { value: text }. */
export const choiceField = (slug, name, legend, choices, response, actions) =>
  h(
    'fieldset',
    { class: 'exercise-choice', dataset: { answer: name } },
    h('legend', {}, legend),
    Object.entries(choices).map(([value, text]) =>
      h(
        'label',
        {},
        h('input', {
          type: 'radio',
          name: `${slug}-${name}`,
          value,
          checked: response[name] === value,
          onchange: () => actions.respond(name, value),
        }),
        ` ${text}`,
      ),
    ),
  );

const KEYS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Arrows move the one focusable cell, Home/End go to the row's ends, Space or Enter toggles.
function onGridKey(e, T, cursor, picked, actions) {
  const [r, c] = cursor;
  if (e.key === ' ' || e.key === 'Enter') {
    e.preventDefault();
    actions.respond('cells', toggle(picked, `${r},${c}`));
    return;
  }
  let next = null;
  if (KEYS[e.key]) next = [r + KEYS[e.key][0], c + KEYS[e.key][1]];
  else if (e.key === 'Home') next = [r, 0];
  else if (e.key === 'End') next = [r, T - 1];
  if (!next) return;
  e.preventDefault();
  const clamped = next.map((v) => Math.max(0, Math.min(T - 1, v)));
  actions.respond('cursor', clamped);
  const grid = e.currentTarget.closest('[role="grid"]');
  grid?.querySelector(`[data-cell="${clamped.join(',')}"]`)?.focus();
}

const toggle = (picked, key) =>
  picked.includes(key) ? picked.filter((k) => k !== key) : [...picked, key];

function cell(r, c, tokens, state) {
  const { picked, cursor, T, actions, shown, kit } = state;
  const key = `${r},${c}`;
  const on = picked.includes(key);
  const mark = shown ? (shown.has(key) ? '−∞' : '') : on ? '×' : '';
  return h(
    'td',
    { role: 'gridcell', 'aria-selected': String(on) },
    h(
      'button',
      {
        type: 'button',
        class: `pick-cell${on ? ' picked' : ''}${shown?.has(key) ? ' masked' : ''}`,
        tabindex: cursor[0] === r && cursor[1] === c ? '0' : '-1',
        dataset: { cell: key },
        'aria-pressed': String(on),
        'aria-label': kit(on ? 'cellHidden' : 'cell', {
          row: r + 1,
          query: tokens[r],
          column: c + 1,
          key: tokens[c],
        }),
        onclick: (e) => {
          actions.respond('cursor', [r, c]);
          actions.respond('cells', toggle(picked, key));
          e.currentTarget.focus();
        },
        onkeydown: (e) => onGridKey(e, T, cursor, picked, actions),
      },
      mark,
    ),
  );
}

/**
 * A T × T grid of query rows and key columns; response.cells: the picked "r,c" keys.
 * `shown`: a Set of the keys the core masked, drawn as −∞ once checked (or null); kit: the kit's
 * words (t.kit).
 */
export function cellGrid({ caption, tokens, response, actions, shown = null, kit }) {
  const T = tokens.length;
  const state = {
    picked: response.cells ?? [],
    cursor: response.cursor ?? [0, 0],
    T,
    actions,
    shown,
    kit,
  };
  const labels = tokens.map(tokenLabel);
  return h(
    'table',
    { class: 'pick-grid', role: 'grid', 'aria-label': caption },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, kit('gridCorner')),
        labels.map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    h(
      'tbody',
      {},
      labels.map((t, r) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, t),
          labels.map((_, c) => cell(r, c, labels, state)),
        ),
      ),
    ),
  );
}
