// <attention-lab exercise="<slug>">: one exercise alone in the element, as
// embed.html?exercise=<slug> shows it. The exercises' code and stylesheet are a file of their own
// beside the element's script (attention-lab-exercises.js, built by build.mjs), fetched only by an
// element that shows an exercise. Each Check is told to the host (onResult), which the element
// dispatches as an `exercise-result` event with the fields the iframe page posts.

let loading; // the exercises' module, once asked for: shared by every element of the page
const loadExercises = () => (loading ??= import('./attention-lab-exercises.js'));

// The exercises' stylesheet, added to the shadow root's own (constructed once per page).
let sheet;
function adoptExerciseStyles(shadow, text) {
  if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet === 'function') {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(text);
    if (!shadow.adoptedStyleSheets.includes(sheet))
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  if (shadow.querySelector('style[data-exercises]')) return;
  const style = document.createElement('style');
  style.dataset.exercises = '';
  style.textContent = text;
  shadow.append(style);
}

/**
 * Mounts the exercise `options.slug` into `frame` once the exercises' module and the core are
 * loaded. options: { createLab, slug, settings, labParams ({ "<slug>.variant": "2" }),
 * onResult(detail), onVariant(n) }. Returns a handle shaped like mountAttentionLab's (ready, state,
 * hasResult, result, lab, update, destroy); the state is { settings, view: { exercise } }.
 */
export function mountExerciseInElement(shadow, frame, options) {
  let run = null;
  let lab = null;
  let destroyed = false;
  const handle = {
    ready: null,
    get state() {
      return run ? { settings: run.settings, view: { exercise: options.slug } } : null;
    },
    // Drawn, even if only to say that the slug or the settings are wrong: new attributes remount.
    get hasResult() {
      return run !== null;
    },
    get result() {
      return run?.result ?? null;
    },
    get lab() {
      return lab;
    },
    update() {},
    destroy() {
      destroyed = true;
      run?.destroy();
      frame.replaceChildren();
    },
  };
  handle.ready = Promise.all([loadExercises(), options.createLab()]).then(
    async ([{ mountExercise, EXERCISE_STYLES }, core]) => {
      lab = core;
      if (destroyed) return handle;
      adoptExerciseStyles(shadow, EXERCISE_STYLES);
      const mounted = await mountExercise(frame, { ...options, createLab: async () => core });
      if (destroyed) mounted.destroy();
      else run = mounted;
      return handle;
    },
  );
  return handle;
}
