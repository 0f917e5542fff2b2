// The exercises on the full page: the panel that runs the open exercise (?exercise=<slug>), the
// list of every exercise with the student's progress, and the links from a step to its exercises.
// Progress (attempts, solved) is kept in this browser's localStorage, one entry per exercise, and
// sent nowhere. Links are real links; a plain click opens the exercise in place.
import { h, replace } from './dom.mjs';
import { EXERCISES, findExercise, exercisesAt } from '../exercises/index.mjs';
import { runExercise } from '../exercises/harness.mjs';
import { toUrl } from '../state/url.mjs';
import { STEPS } from '../stages/index.mjs';
import { findLab } from '../labs/index.mjs';

const KEY = 'attention-lab.exercise.';

/**
 * The progress of every exercise in `storage` (localStorage, or null: kept for this visit only):
 * { get(slug) → { attempts, solved }, record({ slug, correct, attempts }), solvedCount() }.
 */
export function createProgress(storage) {
  const memory = new Map();
  const read = (slug) => {
    try {
      const raw = storage?.getItem(KEY + slug);
      if (raw) return JSON.parse(raw);
    } catch {
      // A storage that refuses (private mode, blocked) or a damaged entry: start afresh.
    }
    return memory.get(slug) ?? { attempts: 0, solved: false };
  };
  const get = (slug) => {
    const p = read(slug);
    return { attempts: Number(p.attempts) || 0, solved: p.solved === true };
  };
  return {
    get,
    record({ slug, correct, attempts }) {
      const next = { attempts, solved: get(slug).solved || correct };
      memory.set(slug, next);
      try {
        storage?.setItem(KEY + slug, JSON.stringify(next));
      } catch {
        // Storage full or refused: the memory copy keeps this visit's progress.
      }
    },
    solvedCount: () => EXERCISES.filter((e) => get(e.slug).solved).length,
  };
}

/** The link's address: the page's current state with this exercise open. */
const hrefOf = (state, slug) =>
  toUrl({ settings: state.settings, view: { ...state.view, exercise: slug } });

const plainClick = (e) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

function exerciseLink(spec, state, open, text = spec.title, title = null) {
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

/** The links of one step to its exercises, or null when it has none. */
export function stepExerciseLinks(step, state, open) {
  const list = exercisesAt(step);
  if (!list.length) return null;
  return h(
    'nav',
    { class: 'step-labs step-exercises', 'aria-label': 'Exercises for this step' },
    h('span', { class: 'step-labs-label' }, list.length > 1 ? 'Exercises: ' : 'Exercise: '),
    list.map((spec, i) => [
      i ? ' · ' : '',
      exerciseLink(spec, state, open, spec.short, `Exercise: ${spec.title}`),
    ]),
  );
}

const summaryText = (progress) =>
  `${progress.solvedCount()} of ${EXERCISES.length} solved (kept in this browser only).`;

/** The "Exercises" section: every exercise as a link with its progress, and the summary. */
export function renderExerciseList(root, state, open, progress) {
  replace(
    root,
    h('h2', { id: 'exercises-heading', tabindex: '-1' }, 'Exercises: predict, then check'),
    h(
      'p',
      { class: 'help' },
      'Each asks for a prediction first; the core then computes the answer for your sentence and settings. ',
      h('code', {}, '?exercise=<name>'),
      ' opens one.',
    ),
    h('p', { class: 'exercise-summary', role: 'status' }, summaryText(progress)),
    h(
      'ol',
      { class: 'lab-list exercise-list' },
      EXERCISES.map((spec) => {
        const p = progress.get(spec.slug);
        return h(
          'li',
          { dataset: { solved: String(p.solved) } },
          exerciseLink(spec, state, open),
          p.solved ? ' ✓ solved' : p.attempts ? ` (${p.attempts} tried)` : '',
          h('span', { class: 'lab-summary' }, spec.idea),
        );
      }),
    ),
  );
}

/** Keeps the list's addresses in step with the page's state. */
export function refreshExerciseLinks(root, state) {
  for (const a of root.querySelectorAll('a[data-exercise-link]'))
    a.setAttribute('href', hrefOf(state, a.dataset.exerciseLink));
}

const stepTitle = (slug) => STEPS.find((s) => s.slug === slug)?.title ?? slug;
const labTitle = (slug) => findLab(slug)?.title ?? slug;

/**
 * The exercise panel in `root`. ctx: { lab, page(), close(), setParams(slug, patch), progress,
 * onResult(detail), href(view patch) (the page's address with it), go(view patch) (a plain click
 * on a step or lab link) }. show(state) opens,
 * keeps or closes the exercise the view names; update() tells it the page's result changed.
 */
export function createExercisePanel(root, ctx) {
  let open = null; // { slug, instance }

  function unmount() {
    open?.instance?.destroy();
    open = null;
    root.hidden = true;
    delete root.dataset.exercise;
    root.replaceChildren();
  }

  const closeButton = () =>
    h('button', { type: 'button', class: 'lab-close', onclick: () => ctx.close() }, 'Close');

  function header(title) {
    return h(
      'header',
      { class: 'lab-head' },
      h('p', { class: 'lab-kind' }, 'Exercise'),
      h('h2', { id: 'exercise-heading', tabindex: '-1' }, title),
      closeButton(),
    );
  }

  function mount(spec, state) {
    const body = h('div', { class: 'lab-body exercise-body' });
    root.hidden = false;
    root.dataset.exercise = spec.slug;
    replace(root, header(spec.title), body);
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
      stepTitle,
      labTitle,
    });
  }

  function unknown(slug) {
    root.hidden = false;
    replace(
      root,
      header('No such exercise'),
      h(
        'p',
        { class: 'lab-unknown', role: 'alert' },
        `There is no exercise called “${slug}”. The exercises are: ${EXERCISES.map((e) => e.slug).join(', ')}.`,
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
  const renderList = () => renderExerciseList(slots.exercises, store.get(), open, progress);
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
      if (!fresh && changed.has('result')) panel.update();
      if (!slots.exercises.firstChild) renderList();
      else refreshExerciseLinks(slots.exercises, state);
    },
    stepLinks: (step) => stepExerciseLinks(step, store.get(), open),
    destroy: () => panel.destroy(),
  };
}

// The window's localStorage, or null where reading it throws (a sandboxed frame, blocked storage).
function storageOf(win) {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}
