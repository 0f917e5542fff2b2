// A labelled group of radio buttons, the way every lab offers a choice (a preset, a generator,
// W_o): one param, its choices, and what to do when the student picks one.
import { h } from '../../render/h.mjs';

/** choices: { value: text }; `value` is checked; onPick(value) when the student picks another. */
export const choice = ({ className = 'lab-choice', legend, name, choices, value, onPick }) =>
  h(
    'fieldset',
    { class: className },
    h('legend', {}, legend),
    Object.entries(choices).map(([v, text]) =>
      h(
        'label',
        {},
        h('input', {
          type: 'radio',
          name,
          value: v,
          checked: v === value,
          onchange: () => onPick(v),
        }),
        ` ${text}`,
      ),
    ),
  );
