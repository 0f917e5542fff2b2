// The error display: the messages of refused input, as the store's `errors` hold them. A refused
// setting is shown next to the control of the option the message names, and next to the control
// that was changed when that is another one (heads = 4 refused because of d_out = 6); where the
// layout has no such control (the compact layout, the element's attributes) it goes into the banner
// above the lesson, as does a step that does not exist. The last valid state stays drawn meanwhile.
import { h, replace } from './ui/dom.mjs';
import { STEPS } from './stages/index.mjs';
import { PageError } from './compute.mjs';
import { EN, format } from './strings/index.mjs';
import { didYouMean } from '../lib/suggest.mjs';

// Options the page has no control of, and the control their messages belong to: the number of
// tokens T follows from the sentence.
const CONTROL_OF = { tokens: 'sentence' };

/** The message for a step that is not one of the lecture's, in the words of `strings`. */
export const stepError = (value, strings = EN) =>
  new PageError(
    'step',
    format(strings['error.step'], {
      value,
      guess: didYouMean(String(value), [
        ...STEPS.map((s) => s.slug),
        ...STEPS.flatMap((s) => s.traceStages),
      ]),
      steps: STEPS.map((s) => s.slug).join(', '),
    }),
  );

/**
 * Renders the store's errors into `banner` and, on the full layout, into `controls`. Returns
 * render(state, changed), a store listener.
 */
export function createErrorDisplay({ banner, controls }) {
  // Shows a refused setting at its controls; false when this layout has none of them.
  function showAtControls({ error, key }) {
    if (!controls) return false;
    const places = new Set(
      [CONTROL_OF[error.option] ?? error.option, key].filter((k) => controls.has(k)),
    );
    for (const place of places) controls.showError(place, error.message);
    return places.size > 0;
  }

  function showInBanner(messages) {
    replace(
      banner,
      messages.flatMap((message, i) => (i === 0 ? [message] : [h('br'), message])),
    );
    banner.hidden = messages.length === 0;
  }

  return function render(state, changed) {
    if (!changed.has('errors')) return;
    const { settings: refused, step } = state.errors;
    controls?.clearErrors();
    const messages = [];
    if (refused && !showAtControls(refused)) messages.push(refused.error.message);
    if (step) messages.push(step.error.message);
    showInBanner(messages);
  };
}
