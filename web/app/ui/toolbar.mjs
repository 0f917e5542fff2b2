// The view toolbar of a step: which heads (all side by side, or one), which batch item, and
// numbers in the cells or not, described as plain nodes. It changes the view only (onView), never
// the settings.
import { h } from '../render/index.mjs';
import { headColour } from './colour.mjs';
import { EN } from '../strings/index.mjs';

// A group of radio buttons, each [value, text, head colour?].
const group = (label, name, options, current, onView) =>
  h(
    'fieldset',
    { class: 'segmented-field' },
    h('legend', {}, label),
    h(
      'div',
      { class: 'segmented' },
      options.map(([value, text, colour]) =>
        h(
          'label',
          { style: colour ? { '--head': colour } : undefined, class: colour ? 'has-head' : '' },
          h('input', {
            type: 'radio',
            name,
            value,
            checked: String(current) === value,
            onchange: () => onView({ [name]: value }),
          }),
          h('span', {}, text),
        ),
      ),
    ),
  );

/** The toolbar of `step` drawn with `ctx` (its sizes and view), in the words of `S`. */
export function toolbar(step, ctx, onView, S = EN) {
  const { sizes } = ctx.result;
  const heads = [
    ['all', S['toolbar.allHeads']],
    ...Array.from({ length: sizes.h }, (_, i) => [String(i), `${i + 1}`, headColour(i)]),
  ];
  const items = Array.from({ length: sizes.B }, (_, i) => [String(i), `${i + 1}`]);
  return h(
    'div',
    { class: 'toolbar', part: 'toolbar' },
    sizes.h > 1 && step.perHead
      ? group(S['toolbar.heads'], 'head', heads, ctx.view.head, onView)
      : null,
    sizes.B > 1 ? group(S['toolbar.item'], 'item', items, ctx.view.item, onView) : null,
    h(
      'label',
      { class: 'numbers-toggle' },
      h('input', {
        type: 'checkbox',
        checked: ctx.view.numbers,
        onchange: (e) => onView({ numbers: e.target.checked }),
      }),
      ` ${S['toolbar.numbers']}`,
    ),
  );
}
