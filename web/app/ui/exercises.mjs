// The exercises on the full page: the panel that runs the open exercise (?exercise=<slug>), the
// list of every exercise with the student's progress, and the links from a step to its exercises.
// Progress (attempts, solved: exercise-progress.mjs) stays in this browser. Links are real links;
// a plain click opens the exercise in place. The words are the mount's: those all exercises share
// ("exercise.kit.<key>", English in exercises/kit/words.mjs, so that the element, which shows no
// list, does not carry them) and each exercise's title, short name and idea.
import { h, replace } from './dom.mjs';
import { h as plain } from '../render/h.mjs';
import { EN } from '../strings/index.mjs';
import { kitWords } from '../exercises/kit/english.mjs';
import { EXERCISES, findExercise, exercisesAt } from '../exercises/index.mjs';
import { lazyRunner } from './later.mjs';
import { toUrl } from '../state/url.mjs';
import { newPass } from '../state/needs.mjs';
import { STEPS } from '../stages/index.mjs';
import { findLab } from '../labs/index.mjs';
import { createProgress, storageOf } from './exercise-progress.mjs';

/** An exercise's title in the words `S`. */
const titleOf = (spec, S) => S[`exercise.${spec.slug}.title`] ?? spec.title;

/** The link's address: the page's current state with this exercise open. */
const hrefOf = (state, slug) =>
  toUrl({ settings: state.settings, view: { ...state.view, exercise: slug } });

const plainClick = (e) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

function exerciseLink(spec, state, open, text, title = null) {
  return h(
    'a',
    {
      class: 'lab-link exercise-link',
      title,
      href: hrefOf(state, spec.slug),
      dataset: { exerciseLink: spec.slug },
      onclick: (e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        open(spec.slug);
      },
    },
    text,
  );
}

/** The links of one step to its exercises, or null when it has none; S: the mount's words. */
export function stepExerciseLinks(step, state, open, S = EN) {
  const list = exercisesAt(step);
  if (!list.length) return null;
  const kit = kitWords(S);
  return h(
    'nav',
    { class: 'step-labs step-exercises', 'aria-label': kit('stepLinks') },
    h('span', { class: 'step-labs-label' }, kit(list.length > 1 ? 'stepMany' : 'stepOne')),
    list.map((spec, i) => [
      i ? ' · ' : '',
      exerciseLink(
        spec,
        state,
        open,
        S[`exercise.${spec.slug}.short`] ?? spec.short,
        kit('stepLinkTitle', { title: titleOf(spec, S) }),
      ),
    ]),
  );
}

const summaryText = (progress, kit) =>
  kit('listSummary', { solved: progress.solvedCount(), all: EXERCISES.length });

// One exercise of the list: its link, its progress and its idea.
function listItem(spec, state, open, p, S, kit) {
  return h(
    'li',
    { dataset: { solved: String(p.solved) } },
    exerciseLink(spec, state, open, titleOf(spec, S)),
    p.solved ? kit('listSolved') : p.attempts ? kit('listTried', { n: p.attempts }) : '',
    h('span', { class: 'lab-summary' }, S[`exercise.${spec.slug}.idea`] ?? spec.idea),
  );
}

/** The "Exercises" section: every exercise as a link with its progress, and the summary. */
export function renderExerciseList(root, state, open, progress, S = EN) {
  const kit = kitWords(S);
  const code = plain('code', {}, '?exercise=<name>');
  replace(
    root,
    h('h2', { id: 'exercises-heading', tabindex: '-1' }, kit('listHeading')),
    h('p', { class: 'help' }, kit('listIntro', { code })),
    h('p', { class: 'exercise-summary', role: 'status' }, summaryText(progress, kit)),
    h(
      'ol',
      { class: 'lab-list exercise-list' },
      EXERCISES.map((spec) => listItem(spec, state, open, progress.get(spec.slug), S, kit)),
    ),
  );
}

/** Keeps the list's addresses in step with the page's state. */
export function refreshExerciseLinks(root, state) {
  for (const a of root.querySelectorAll('a[data-exercise-link]'))
    a.setAttribute('href', hrefOf(state, a.dataset.exerciseLink));
}

// The step's and the lab's names in the words S, for the links after a check.
const stepTitle = (S) => (slug) =>
  S[`step.${slug}.title`] ?? STEPS.find((s) => s.slug === slug)?.title ?? slug;
const labTitle = (S) => (slug) => S[`lab.${slug}.title`] ?? findLab(slug)?.title ?? slug;

/**
 * The exercise panel in `root`. ctx: { lab, page(), close(), setParams(slug, patch), progress,
 * onResult(detail), href(view patch) (the page's address with it), go(view patch) (a plain click
 * on a step or lab link), strings (the mount's words) }. show(state) opens,
 * keeps or closes the exercise the view names; update() tells it the page's result changed.
 */
export function createExercisePanel(root, ctx) {
  const S = ctx.strings ?? EN;
  const kit = kitWords(S);
  let open = null; // { slug, instance }
  // The harness loads with the first exercise opened (ui/later.mjs).
  const runExercise = lazyRunner(
    () => import('../exercises/harness.mjs').then((m) => m.runExercise),
    (err, body) => {
      replace(
        body,
        h('p', { class: 'msg', role: 'alert' }, kit('loadFailed', { message: err.message })),
      );
      console.error(err);
    },
  );

  function unmount() {
    open?.instance?.destroy();
    open = null;
    root.hidden = true;
    delete root.dataset.exercise;
    root.replaceChildren();
  }

  const closeButton = () =>
    h(
      'button',
      { type: 'button', class: 'lab-close', onclick: () => ctx.close() },
      kit('panelClose'),
    );

  function header(title) {
    return h(
      'header',
      { class: 'lab-head' },
      h('p', { class: 'lab-kind' }, kit('panelKind')),
      h('h2', { id: 'exercise-heading', tabindex: '-1' }, title),
      closeButton(),
    );
  }

  function mount(spec, state) {
    const body = h('div', { class: 'lab-body exercise-body' });
    root.hidden = false;
    root.dataset.exercise = spec.slug;
    replace(root, header(titleOf(spec, S)), body);
    open = { slug: spec.slug, instance: null };
    open.instance = runExercise(body, spec, {
      lab: ctx.lab,
      page: ctx.page,
      params: new URLSearchParams(Object.entries(state.labParams ?? {})),
      setParams: (patch) => ctx.setParams(spec.slug, patch),
      strings: ctx.strings,
      progress: ctx.progress.get(spec.slug),
      onResult: ctx.onResult,
      href: ctx.href,
      go: (e, view) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        ctx.go(view);
      },
      stepTitle: stepTitle(S),
      labTitle: labTitle(S),
    });
  }

  function unknown(slug) {
    root.hidden = false;
    replace(
      root,
      header(kit('panelNone')),
      h(
        'p',
        { class: 'lab-unknown', role: 'alert' },
        kit('noSuch', { slug, known: EXERCISES.map((e) => e.slug).join(', ') }),
      ),
    );
    open = { slug, instance: null };
  }

  return {
    /** Opens, keeps or closes the exercise of `state.view.exercise`; true when it is new. */
    show(state) {
      const slug = state.view.exercise;
      if (open?.slug === slug || (!open && !slug && root.hidden)) return false;
      unmount();
      if (!slug) return true;
      const spec = findExercise(slug);
      if (spec) mount(spec, state);
      else unknown(slug);
      return true;
    },
    update() {
      open?.instance?.update();
    },
    focus() {
      const heading = root.querySelector('#exercise-heading');
      heading?.scrollIntoView({ block: 'start', behavior: 'instant' });
      heading?.focus({ preventScroll: true });
    },
    destroy: unmount,
  };
}

/**
 * The exercises of a full page, wired to its store: the panel in slots.exercise, the list in
 * slots.exercises. ctx: { lab, store, controller, win, labs() (the lab panel), onResult }. Each
 * Check updates the progress kept in the window's localStorage and the list's summary, then calls
 * onResult(detail). Returns { listener (for the store), stepLinks(step), destroy() }.
 */
export function attachExercises(slots, { lab, store, controller, win, labs, onResult, strings }) {
  const progress = createProgress(storageOf(win));
  const open = (slug) => {
    controller.setView({ exercise: slug }, 'ui');
    panel.focus();
  };
  const S = strings ?? EN;
  const renderList = () => renderExerciseList(slots.exercises, store.get(), open, progress, S);
  const panel = createExercisePanel(slots.exercise, {
    lab,
    strings,
    page: () => ({ settings: store.get().settings, result: store.get().result }),
    close: () => {
      controller.setView({ exercise: '' }, 'ui');
      slots.exercises.querySelector('#exercises-heading')?.focus();
    },
    setParams: (slug, patch) => controller.setLabParams(slug, patch),
    progress,
    onResult: (detail) => {
      progress.record(detail);
      renderList();
      onResult?.(detail);
    },
    href: (view) =>
      toUrl({ settings: store.get().settings, view: { ...store.get().view, ...view } }),
    go: (view) => {
      controller.setView(view, 'ui');
      if (view.lab) labs()?.focus();
      else slots.stage.querySelector('#stage-title')?.focus();
    },
  });
  return {
    listener(state, changed, { source } = {}) {
      if (!state.result) return;
      const fresh = panel.show(state);
      // A shared link to an exercise opens on the exercise, not on step 1 with it far below; once
      // more after the maps' layout, which may move it.
      if (fresh && source === 'initial' && state.view.exercise) {
        panel.focus();
        win.requestAnimationFrame(() => panel.focus());
      }
      if (!fresh && newPass(changed, { source })) panel.update();
      if (!slots.exercises.firstChild) renderList();
      else refreshExerciseLinks(slots.exercises, state);
    },
    stepLinks: (step) => stepExerciseLinks(step, store.get(), open, S),
    destroy: () => panel.destroy(),
  };
}
