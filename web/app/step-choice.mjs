// Which steps an embed shows, in which order: the element's `steps` attribute and the iframe
// page's ?steps= ("scores,scale,mask,softmax"). A step is named as the `stage` attribute names one
// (its slug, or a trace stage it shows: lib/steps.mjs); a name that is neither is refused with the
// message the API gives, "did you mean" included, and every step stays shown.
import { findStep, STEP_STAGES } from '../lib/steps.mjs';
import { AttentionLabError } from '../lib/errors.mjs';
import { didYouMean } from '../lib/suggest.mjs';
import { EN, format } from './strings/index.mjs';
import { STEPS } from './stages/index.mjs';
import { h } from './ui/dom.mjs';

const SLUGS = STEP_STAGES.map((s) => s.slug);

/**
 * The slugs a `steps` text names, in its order; [] for none (every step). Throws an
 * AttentionLabError (option 'steps') for a name that is not a step, or a step named twice, in the
 * words of `strings` (the catalogue's error.steps and error.stepsTwice).
 */
export function parseSteps(text, strings) {
  const names = String(text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const slugs = [];
  for (const name of names) {
    const index = findStep(name);
    if (index < 0) {
      const known = [...SLUGS, ...STEP_STAGES.flatMap((s) => s.traceStages)];
      const message = format(strings['error.steps'], {
        value: name,
        guess: didYouMean(name, known),
        steps: SLUGS.join(', '),
      });
      throw new AttentionLabError(message, { option: 'steps' });
    }
    if (slugs.includes(SLUGS[index]))
      throw new AttentionLabError(format(strings['error.stepsTwice'], { value: name }), {
        option: 'steps',
      });
    slugs.push(SLUGS[index]);
  }
  return slugs;
}

/**
 * The steps to show: `all` (the page's step modules) in the order `text` names them; every step
 * when it names none or is refused. { steps, error }: error is the refusal, or null.
 */
export function chooseSteps(all, text, strings) {
  try {
    const slugs = parseSteps(text, strings);
    if (!slugs.length) return { steps: all, error: null };
    return { steps: slugs.map((slug) => all.find((s) => s.slug === slug)), error: null };
  } catch (error) {
    return { steps: all, error };
  }
}

/**
 * A mount's author controls (mount.mjs's `author` option): S, the interface's words; chosen,
 * chooseSteps' answer; control, what the controller needs of them (the words, the slugs of the
 * steps shown or null for all, the query keys the address keeps).
 */
export function authorOptions({ steps = '', strings = EN, keepQuery = '' } = {}) {
  const chosen = chooseSteps(STEPS, steps, strings);
  const shown = chosen.steps === STEPS ? null : chosen.steps.map((s) => s.slug);
  return { S: strings, chosen, control: { strings, shown, keepQuery } };
}

/** A `steps` list that was refused: its message above the lesson (which shows every step). */
export function showStepsError(banner, error) {
  const note = h('p', { class: 'lab-error steps-error', role: 'alert', part: 'status error' });
  note.textContent = error.message;
  banner.before(note);
  return error;
}
