// The frame of one mount: the empty slots the views render into, in the 'full' layout (sentence
// card, settings, the lesson, keyboard shortcuts) or the 'compact' one (tokens and the lesson), and
// the reduced-motion preference the animations follow. Nothing here knows the state.
import { h, replace } from './ui/dom.mjs';
import { SHORTCUTS } from './ui/keys.mjs';
import { EN } from './strings/index.mjs';

export const LAYOUTS = Object.freeze(['compact', 'full']);

function renderShortcuts(root, S) {
  replace(
    root,
    h(
      'dl',
      { class: 'shortcuts' },
      SHORTCUTS.map((name) => [
        h('dt', {}, h('kbd', {}, S[`keys.${name}`])),
        h('dd', {}, S[`keys.${name}.does`]),
      ]),
    ),
  );
}

const slot = (name, attrs = {}) => h('div', { id: `${name}-root`, ...attrs });

// `part`: the card's ::part name, for an author who styles the element from outside.
const card = (name, part, title, ...children) =>
  h(
    'section',
    { class: `card ${name}-card`, 'aria-labelledby': `${name}-heading`, part },
    h('h2', { id: `${name}-heading`, class: 'small-heading' }, title),
    ...children,
  );

// The open lab and the list of labs sit below the stage, on the full page only (an embedded copy
// is one view, not a course: it shows a lab alone through mount-lab.mjs). The lecture's timing is a lab of its own (labs/loop-vs-fused.mjs).
function labSlots() {
  return {
    lab: h('section', {
      id: 'lab-panel',
      class: 'card lab-panel',
      'aria-labelledby': 'lab-heading',
      hidden: true,
    }),
    labs: h('section', {
      id: 'labs',
      class: 'card labs',
      'aria-labelledby': 'labs-heading',
    }),
  };
}

// The open exercise and the list of exercises, below the labs (full page only).
function exerciseSlots() {
  return {
    exercise: h('section', {
      id: 'exercise-panel',
      class: 'card lab-panel exercise-panel',
      'aria-labelledby': 'exercise-heading',
      hidden: true,
    }),
    exercises: h('section', {
      id: 'exercises',
      class: 'card labs exercises',
      'aria-labelledby': 'exercises-heading',
    }),
  };
}

// Compact: the sentence's tokens above the lesson, nothing else.
function buildCompact(root, slots, lesson, S) {
  replace(
    root,
    slots.banner,
    h(
      'div',
      { class: 'layout compact' },
      h('section', { class: 'compact-head', 'aria-label': S['layout.tokens'] }, slots.tokens),
      lesson,
    ),
  );
}

// Full: the sentence card, the lesson, the settings and the keyboard shortcuts.
function buildFull(root, slots, lesson, S) {
  slots.sentence = slot('sentence');
  slots.settings = slot('settings', { class: 'settings' });
  slots.theme = slot('theme', { class: 'theme-root' });
  const shortcuts = h('div', { id: 'shortcuts-list' });
  replace(
    root,
    slots.banner,
    h(
      'div',
      { class: 'layout full' },
      card('sentence', 'sentence', S['layout.sentence'], slots.sentence, slots.tokens),
      lesson,
      card('settings', 'controls', S['layout.settings'], slots.settings, slots.theme),
      h('details', { class: 'card keys' }, h('summary', {}, S['layout.shortcuts']), shortcuts),
    ),
  );
  renderShortcuts(shortcuts, S);
}

/**
 * Builds the frame into `root`; returns its slots: banner (messages without a control), tokens,
 * player, stale (the note over a view that no longer matches the input), stage, and with the full
 * layout sentence, settings and theme (and, on a page with `withLabs`, lab and labs; with
 * `withExercises`, exercise and exercises).
 * `page` keeps the page's landmarks (one <main>); an embedded copy must not add a second <main>
 * to someone else's page. `S`: the interface's words (strings/en.mjs's keys). The main regions
 * carry ::part names (status, tokens, stepper, stage, sentence, controls; the stage panel adds
 * explanation, numbers and toolbar), documented in web/element/attention-lab.d.mts.
 */
export function buildLayout(root, layout, page, withLabs = false, withExercises = false, S = EN) {
  const slots = {
    banner: h('p', { class: 'lab-error', role: 'alert', hidden: true, part: 'status error' }),
    tokens: slot('tokens', { class: 'tokens-root', part: 'tokens' }),
    player: slot('player', { class: 'player', part: 'stepper' }),
    stage: slot('stage', { class: 'stage-root', tabindex: '-1', part: 'stage' }),
    // Shown while a refused input stands: the numbers below belong to the last valid one.
    stale: h('p', {
      class: 'stale-note',
      id: 'stale-note',
      role: 'status',
      hidden: true,
      part: 'status',
    }),
    ...(page && layout === 'full' && withLabs ? labSlots() : {}),
    ...(page && layout === 'full' && withExercises ? exerciseSlots() : {}),
  };
  const lesson = h(
    page ? 'main' : 'div',
    { class: 'lesson' },
    slots.player,
    slots.stale,
    slots.stage,
    slots.lab,
    slots.exercise,
    slots.labs,
    slots.exercises,
  );
  if (layout === 'compact') buildCompact(root, slots, lesson, S);
  else buildFull(root, slots, lesson, S);
  return slots;
}

/**
 * Follows prefers-reduced-motion: a class on `target` (<html> for the page, the mount's root
 * otherwise) switches CSS transitions off, and animates() tells the stages whether to move.
 */
export function watchMotion(win, target) {
  const query = win.matchMedia('(prefers-reduced-motion: reduce)');
  const apply = () => target.classList.toggle('reduced-motion', query.matches);
  apply();
  query.addEventListener('change', apply);
  return {
    animates: () => !query.matches,
    stop: () => query.removeEventListener('change', apply),
  };
}
