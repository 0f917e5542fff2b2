// mountAttentionLab(root, options): the teaching page's whole UI (controls, tokens, stepper, stage
// panel) built into `root`, for the page (web/app/main.mjs), the iframe embed page (embed.mjs) and
// the <attention-lab> custom element (web/element/element.mjs). It wires the parts; state flows one
// way through them: input → controller (computes) → store → view and error display (render).
// Each mount keeps its own state: no module-level mutable state, no document-level listeners unless
// `page` is set, and all ids stay inside `root` (the element mounts into its own shadow root).
import { createStore } from './state/store.mjs';
import { newPass } from './state/needs.mjs';
import { checkSteps, findStep, STEPS } from './stages/index.mjs';
import { drawFirstPaint } from './first-paint.mjs';
import { PRESETS } from '../lib/presets.mjs';
import { buildLayout, watchMotion, LAYOUTS } from './layout.mjs';
import { createController } from './controller.mjs';
import { createView } from './view.mjs';
import { createErrorDisplay } from './errors.mjs';
import { createControls } from './ui/controls.mjs';
import { createPlayer } from './ui/player.mjs';
import { createStagePanel } from './ui/stage.mjs';
import { installShortcuts } from './ui/keys.mjs';
import { mountTheme } from './ui/theme.mjs';
import { createHandle, hostReport } from './handle.mjs';
import { authorOptions, showStepsError } from './step-choice.mjs';
import { format, localSteps } from './strings/index.mjs';
import { paceEdits, TYPING_PAUSE_MS } from './edit-pace.mjs';
import { afterPaint } from './ui/frame.mjs';

export { LAYOUTS };

export { TYPING_PAUSE_MS };

// The tab's title, written after the frame that draws its step, as the address is: a write costs
// the frame of a step change about half a millisecond, and only the last title of a sweep counts.
function titleAfterFrame(doc) {
  const win = doc.defaultView;
  let latest = null; // the title to write, while a write is pending
  const write = () => {
    if (doc.title !== latest) doc.title = latest;
    latest = null;
  };
  return (text) => {
    if (latest === null) afterPaint(win, write);
    latest = text;
  };
}

// A host's mistake is a TypeError at once, not an empty frame later.
function checkOptions(createLab, layout) {
  if (typeof createLab !== 'function')
    throw new TypeError('mountAttentionLab: createLab must be a function returning a lab');
  if (!LAYOUTS.includes(layout))
    throw new TypeError(`mountAttentionLab: layout must be 'compact' or 'full', not ${layout}`);
}

/**
 * Mounts the UI into `root` and starts loading the core.
 *
 * options:
 * - createLab: () => Promise<AttentionLab> (required; the API's createAttentionLab or a shared one)
 * - layout: 'full' (controls, tokens, stepper, stage) or 'compact' (tokens, stepper, stage)
 * - initialState: { settings, view, labParams } (partial; missing keys get the page's defaults)
 * - syncUrl: mirror the state into the address bar (history.replaceState), as the page does
 * - page: document-level behaviours of a whole page: shortcuts on the document, the tooltip on
 *   <body>, reduced motion on <html>, document.title, <html data-ready>
 *   (and, with layout 'full', the labs below the stage)
 * - labs: the lecture labs' UI (web/app/ui/labs.mjs), drawn below the stage of a full page; passed
 *   in rather than imported, so the embed and the <attention-lab> element do not carry the labs
 * - exercises: the exercises' UI (web/app/ui/exercises.mjs), drawn beside the labs (full page)
 * - onExerciseResult({ slug, correct, attempts, settings }): after each Check of an exercise
 * - stageTools(step, index, ctx, drawn): nodes under each step's explanation (the page passes
 *   ui/code.mjs's PyTorch lines and downloads; the element leaves them out, and so its bundle)
 * - onChange({ state, changed, source }): after every state change ('initial', 'ui' or 'api')
 * - onError(err): an invalid setting (the last valid state stays shown)
 * - author: { steps, strings, keepQuery }: the steps shown, in order ('' for all), the interface's
 *   words, the query keys the address keeps with syncUrl ("&steps=…"): step-choice.mjs
 *
 * Returns { ready, state, query, result, lab, update(patch), destroy() }.
 */
export function mountAttentionLab(
  root,
  {
    createLab,
    layout = 'full',
    initialState = {},
    syncUrl = false,
    page = false,
    name = '',
    labs: labsUi = null,
    exercises: exercisesUi = null,
    onExerciseResult = () => {},
    stageTools = null,
    onChange = () => {},
    onError = () => {},
    author = {},
  } = {},
) {
  checkOptions(createLab, layout);
  const { S, chosen, control } = authorOptions(author);
  const doc = root.ownerDocument;
  const cleanups = [];
  let destroyed = false;
  let lab = null;

  const win = doc.defaultView;
  const motion = watchMotion(win, page ? doc.documentElement : root);
  const slots = buildLayout(root, layout, page, Boolean(labsUi), Boolean(exercisesUi), S);
  const store = createStore(initialState);
  const address = { win, ...(syncUrl ? { history: win.history, location: win.location } : {}) };
  const controller = createController(store, { onError, ...control, ...address });
  const theme = page ? mountTheme(store, doc) : null;
  cleanups.push(motion.stop, () => theme?.stop());
  let labs = null; // the lab panel (full page only)
  const openLab = (slug) => {
    controller.setView({ lab: slug }, 'ui');
    labs?.focus();
  };
  let exercises = null; // the exercises (full page only)
  const panel = createStagePanel(slots.stage, {
    onView: (patch) => controller.setView(patch, 'ui'),
    tooltipHost: page ? doc.body : root,
    labLinks: slots.lab
      ? (step) => [
          labsUi.stepLabLinks(step.slug, store.get(), openLab, S),
          exercises?.stepLinks(step.slug),
        ]
      : undefined,
    tools: stageTools,
    strings: S,
  });
  cleanups.push(() => panel.destroy());
  // The stepper's steps (the author's, in the interface's words), drawn before the core.
  const steps = localSteps(chosen.steps, S);
  // The step's text and layout at once, before the core: its numbers follow when it is ready.
  drawFirstPaint(slots.stage, store.get(), S['status.loading'], S, steps);

  const listen = (fn) => cleanups.push(store.subscribe(fn));
  // The host hears of a change after it is drawn.
  const report = hostReport(onChange, () => handle.state);

  // The controls (full layout only) send every edit to the controller.
  function buildControls() {
    if (!slots.sentence) return null;
    const edit = (key) => controller.edit(controls.read(), key);
    const pace = paceEdits(edit, { typing: () => controller.typing(), win });
    cleanups.push(pace.cancel);
    const controls = createControls(slots.sentence, slots.settings, {
      presets: PRESETS, // lab.presets, known before the core
      strings: S,
      onChange: pace.change,
      // A set-up sets several settings at once; an example sentence its text (and the notebook
      // sentence its d_in).
      onPreset: (preset) => {
        pace.cancel();
        const patch = preset.settings ?? {
          sentence: preset.sentence,
          ...(preset.dIn ? { dIn: preset.dIn } : {}),
        };
        controller.edit({ ...controls.read(), ...patch }, 'sentence');
      },
    });
    return controls;
  }

  // The labs (full page): the panel follows view.lab, the list's links carry the page's state.
  function buildLabs() {
    labs = labsUi.createLabPanel(slots.lab, {
      lab,
      page: () => ({ settings: store.get().settings, result: store.get().result }),
      close: () => {
        controller.setView({ lab: '' }, 'ui');
        // Back to the list of labs, or to the step where the list is hidden (presentation mode).
        const list = slots.labs.querySelector('#labs-heading');
        (list?.offsetParent ? list : slots.stage.querySelector('#stage-title'))?.focus();
      },
      setParams: (slug, patch) => controller.setLabParams(slug, patch),
      strings: S,
    });
    cleanups.push(() => labs.destroy());
    return (state, changed, { source }) => {
      if (!state.result) return;
      const fresh = labs.show(state);
      // A shared link to a lab opens on the lab, not on step 1 with the lab far below; once more
      // after the maps' layout, which may move it.
      if (fresh && source === 'initial' && state.view.lab) {
        labs.focus();
        requestAnimationFrame(() => labs.focus());
      }
      if (!fresh && newPass(changed, { source })) labs.update();
      if (!slots.labs.firstChild) labsUi.renderLabList(slots.labs, state, openLab, S);
      else labsUi.refreshLabLinks(slots.labs, state);
    };
  }

  let view = null;
  function buildPlayer() {
    const player = createPlayer(slots.player, {
      steps,
      onGo: (i) => controller.setView({ step: steps[i].slug }, 'ui'),
      onOverview: () => view?.toggleOverview(),
      // Each lab on a page names its stepper, so that screen readers can tell two of them apart.
      label: name ? format(S['stepper.labelOf'], { name }) : S['stepper.label'],
      strings: S,
    });
    cleanups.push(() => player.stop());
    const current = STEPS[findStep(String(store.get().view.step ?? ''))]?.slug;
    player.show(
      Math.max(
        0,
        steps.findIndex((step) => step.slug === current),
      ),
    );
    return player;
  }

  // What the first paint shows of the settings and the stepper waits, unusable, for the core.
  function firstPaint() {
    const controls = buildControls();
    controls?.write(store.get().settings);
    const player = buildPlayer();
    const waiting = [slots.sentence, slots.settings, slots.player].filter(Boolean);
    for (const el of waiting) el.inert = true;
    return { controls, player, usable: () => waiting.forEach((el) => (el.inert = false)) };
  }

  async function start() {
    const { controls, player, usable } = firstPaint();
    try {
      lab = await createLab();
    } catch (err) {
      panel.message(format(S['status.loadFailed'], { message: err.message }), 'error');
      throw err;
    }
    if (destroyed) return handle;
    controller.attach(lab);
    // Trained weights asked for from the start (?weights=trained, weights="trained"): read first.
    if (store.get().settings.weights === 'trained') panel.message(S['status.loadingTrained']);
    const loadError = await controller.prepare();
    if (destroyed) return handle;
    checkSteps(lab.stages);
    if (chosen.error) onError(showStepsError(slots.banner, chosen.error));
    usable();
    if (theme && slots.theme) theme.switchInto(slots.theme, (p) => controller.setView(p, 'ui'));
    if (slots.lab) listen(buildLabs());
    if (slots.exercise) {
      const ctx = { lab, store, controller, win, labs: () => labs, onResult: onExerciseResult };
      ctx.strings = S;
      exercises = exercisesUi.attachExercises(slots, ctx);
      cleanups.push(() => exercises.destroy());
      listen(exercises.listener);
    }
    // Presentation mode (P, or #present in the page's address): large type, the lesson alone,
    // for a projector; the stepper's keys drive it. The maps repaint for the new width and type.
    const presentTarget = page ? doc.documentElement : root;
    const present = (on = !presentTarget.classList.contains('present')) => {
      presentTarget.classList.toggle('present', on);
      panel.relayout();
    };
    if (page && doc.defaultView.location.hash === '#present') present(true);
    cleanups.push(
      installShortcuts(player, {
        cycleHead: controller.cycleHead,
        present: () => present(),
        overview: () => view?.toggleOverview(),
        target: page ? doc : root,
      }),
    );

    listen(createErrorDisplay({ banner: slots.banner, controls }));
    view = createView({
      slots,
      controls,
      player,
      panel,
      steps,
      motion,
      dims: new Map(lab.stages.map((s) => [s.name, s.dims])),
      title: page ? titleAfterFrame(doc) : null,
      strings: S,
    });
    listen(view);
    listen(report);
    controller.start(loadError);
    if (page) doc.documentElement.dataset.ready = 'true';
    root.dataset.ready = 'true';
    return handle;
  }

  const handle = createHandle(store, controller, {
    lab: () => lab,
    destroy() {
      destroyed = true;
      for (const fn of cleanups.splice(0)) fn?.();
      root.replaceChildren();
      delete root.dataset.ready;
    },
  });
  handle.ready = start();
  return handle;
}
