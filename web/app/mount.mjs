// mountAttentionLab(root, options): the teaching page's whole UI (controls, tokens, stepper, stage
// panel) built into `root`, for the page (web/app/main.mjs), the iframe embed page (embed.mjs) and
// the <attention-lab> custom element (web/embed/element.mjs). Each mount keeps its own state: no
// module-level mutable state, no document-level listeners unless `page` is set, and all ids stay
// inside `root` (the element mounts into its own shadow root).
import { createStore, DEFAULT_SETTINGS, DEFAULT_VIEW, toUrl } from './store.mjs';
import { STEPS, checkSteps, findStep } from './stages/index.mjs';
import { compute, PageError } from './compute.mjs';
import { createControls } from './ui/controls.mjs';
import { renderTokens } from './ui/tokens.mjs';
import { createPlayer } from './ui/player.mjs';
import { createStagePanel } from './ui/stage.mjs';
import { installShortcuts, SHORTCUTS } from './ui/keys.mjs';
import { createExperiment } from './ui/experiment.mjs';
import { h, replace } from './ui/dom.mjs';

export const LAYOUTS = Object.freeze(['compact', 'full']);

const stepMessage = (value) =>
  `stage = '${value}': not a step of the lecture; use one of ${STEPS.map((s) => s.slug).join(', ')} ` +
  "or a trace stage name such as 'attentionWeights'";

const isInputError = (err) => err && (err.name === 'AttentionLabError' || err.name === 'PageError');

function renderShortcuts(root) {
  replace(root, h('dl', { class: 'shortcuts' }, SHORTCUTS.map(([keys, what]) => [h('dt', {}, h('kbd', {}, keys)), h('dd', {}, what)])));
}

// The frame of one layout; returns its slots. `page` keeps the page's landmarks (one <main>); an
// embedded copy must not add a second <main> to someone else's page.
function buildLayout(root, layout, page) {
  const slot = (name, attrs = {}) => h('div', { id: `${name}-root`, ...attrs });
  const slots = {
    banner: h('p', { class: 'lab-error', role: 'alert', hidden: true }),
    tokens: slot('tokens', { class: 'tokens-root' }),
    player: slot('player', { class: 'player' }),
    stage: slot('stage', { class: 'stage-root', tabindex: '-1' }),
  };
  // The lecture's timing experiment sits below the stage, on the full page only.
  if (page && layout === 'full') {
    slots.experiment = h('section', { id: 'experiment', class: 'card experiment', 'aria-labelledby': 'experiment-heading' });
  }
  const lesson = h(page ? 'main' : 'div', { class: 'lesson' }, slots.player, slots.stage, slots.experiment);
  if (layout === 'compact') {
    replace(root, slots.banner, h('div', { class: 'layout compact' }, h('div', { class: 'compact-head' }, slots.tokens), lesson));
    return slots;
  }
  slots.sentence = slot('sentence');
  slots.settings = slot('settings', { class: 'settings' });
  slots.shortcuts = h('div', { id: 'shortcuts-list' });
  replace(root, slots.banner,
    h('div', { class: 'layout full' },
      h('section', { class: 'card sentence-card', 'aria-labelledby': 'sentence-heading' },
        h('h2', { id: 'sentence-heading', class: 'small-heading' }, 'Your sentence'), slots.sentence, slots.tokens),
      lesson,
      h('section', { class: 'card settings-card', 'aria-labelledby': 'settings-heading' },
        h('h2', { id: 'settings-heading', class: 'small-heading' }, 'Settings'), slots.settings),
      h('details', { class: 'card keys' }, h('summary', {}, 'Keyboard shortcuts'), slots.shortcuts)));
  renderShortcuts(slots.shortcuts);
  return slots;
}

/**
 * Mounts the UI into `root` and starts loading the core.
 *
 * options:
 * - createLab: () => Promise<AttentionLab> (required; the API's createAttentionLab or a shared one)
 * - layout: 'full' (controls, tokens, stepper, stage) or 'compact' (tokens, stepper, stage)
 * - initialState: { settings, view } (partial; missing keys get the page's defaults)
 * - syncUrl: mirror the state into the address bar (history.replaceState), as the page does
 * - page: document-level behaviours of a whole page: shortcuts on the document, the tooltip on
 *   <body>, reduced motion on <html>, document.title, <html data-ready>
 *   (and, with layout 'full', the loop-vs-split timing experiment below the stage)
 * - onChange({ state, changed, source }): after every state change ('initial', 'ui' or 'api')
 * - onError(err): an invalid setting (the last valid state stays shown)
 *
 * Returns { ready, state, result, lab, update(patch), destroy() }.
 */
export function mountAttentionLab(root, {
  createLab,
  layout = 'full',
  initialState = {},
  syncUrl = false,
  page = false,
  onChange = () => {},
  onError = () => {},
} = {}) {
  if (typeof createLab !== 'function') throw new TypeError('mountAttentionLab: createLab must be a function returning a lab');
  if (!LAYOUTS.includes(layout)) throw new TypeError(`mountAttentionLab: layout must be 'compact' or 'full', not ${layout}`);
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const cleanups = [];
  let destroyed = false;

  // Reduced motion: a class on <html> for the page, on the mount's root otherwise.
  const motionQuery = win.matchMedia('(prefers-reduced-motion: reduce)');
  const motionTarget = page ? doc.documentElement : root;
  const applyMotion = () => motionTarget.classList.toggle('reduced-motion', motionQuery.matches);
  applyMotion();
  motionQuery.addEventListener('change', applyMotion);
  cleanups.push(() => motionQuery.removeEventListener('change', applyMotion));
  const motion = () => !motionQuery.matches;

  const slots = buildLayout(root, layout, page);
  const panel = createStagePanel(slots.stage, {
    onView: (patch) => setView(patch, 'ui'),
    tooltipHost: page ? doc.body : root,
  });
  cleanups.push(() => panel.destroy());
  panel.message('Loading the attention core (WebAssembly)…');

  const state0 = {
    settings: { ...DEFAULT_SETTINGS, ...(initialState.settings ?? {}) },
    view: { ...DEFAULT_VIEW, ...(initialState.view ?? {}) },
  };
  const store = createStore(state0, syncUrl ? {} : { history: null, location: null });
  let lab = null;
  let steps = null;
  let dims = null;
  let result = null;
  let shownStep = -1;
  let controls = null;
  let player = null;

  // One line for messages that have no control to sit next to; `from` says whose it is, so that a
  // valid step does not clear a settings message and the other way round.
  let bannerFrom = null;
  function showBanner(message, from = 'settings') {
    if (!message && from !== bannerFrom) return;
    bannerFrom = message ? from : null;
    slots.banner.textContent = message;
    slots.banner.hidden = !message;
  }

  function showError(err, changedKey) {
    onError(err);
    if (!controls) {
      showBanner(err.message);
      return;
    }
    const option = { tokens: 'sentence', inputs: changedKey, trace: changedKey }[err.option] ?? err.option;
    let shown = controls.showError(option, err.message);
    if (changedKey && changedKey !== option) shown = controls.showError(changedKey, err.message) || shown;
    else if (!shown) shown = controls.showError(changedKey ?? 'sentence', err.message);
    if (!shown) showBanner(err.message);
  }

  function clearErrors() {
    controls?.clearErrors();
    showBanner('');
  }

  // Computes with `candidate`; on success it becomes the state, otherwise the message is shown and
  // the last valid state stays.
  function recompute(candidate, changedKey, source) {
    let next;
    try {
      next = compute(lab, candidate);
    } catch (err) {
      if (!isInputError(err)) throw err;
      clearErrors();
      showError(err, changedKey);
      return { ok: false, error: err };
    }
    clearErrors();
    result = next;
    const before = store.get().settings;
    store.set({ settings: candidate });
    render({ entered: false }, changedSet(before, store.get().settings), source);
    return { ok: true };
  }

  const changedSet = (a, b) => new Set(Object.keys(b).filter((k) => !Object.is(a[k], b[k])));

  function setView(patch, source) {
    const before = store.get().view;
    store.set({ view: patch });
    const changed = changedSet(before, store.get().view);
    render({ entered: store.get().view.step !== before.step }, changed, source);
  }

  function cycleHead() {
    const { h: heads } = result.sizes;
    const current = store.get().view.head;
    const next = current === 'all' ? 0 : Number(current) + 1;
    setView({ head: next >= heads ? 'all' : String(next) }, 'ui');
  }

  function normalisedView() {
    const view = { ...store.get().view };
    let step = findStep(view.step);
    if (step < 0) step = 0;
    view.step = steps[step].slug;
    const { h: heads, B } = result.sizes;
    if (view.head !== 'all' && !(Number.isInteger(Number(view.head)) && Number(view.head) >= 0 && Number(view.head) < heads)) view.head = 'all';
    view.head = String(view.head);
    view.item = Number.isInteger(Number(view.item)) ? Math.max(0, Math.min(B - 1, Number(view.item))) : 0;
    view.numbers = view.numbers !== false && view.numbers !== 'false';
    return { view, step };
  }

  function render({ entered }, changed = new Set(), source = 'ui') {
    const before = store.get().view;
    const { view, step } = normalisedView();
    store.set({ view });
    for (const key of changedSet(before, store.get().view)) changed.add(key);
    const { settings, sizes } = result;
    renderTokens(slots.tokens, result);
    if (controls) {
      controls.setHelp('heads', settings.module === 'mha'
        ? `d_h = d_out / h = ${sizes.dh}`
        : settings.module === 'wrapper' ? `${sizes.h} separate heads of d_out each` : 'CausalAttention: exactly 1');
      controls.setHelp('dOut', settings.module === 'wrapper' ? `per head: width h·d_out = ${sizes.D}` : 'width of Q, K, V and the output');
    }
    const ctx = {
      settings,
      view,
      result,
      dims: (name) => dims.get(name),
      heads: view.head === 'all' ? Array.from({ length: sizes.h }, (_, i) => i) : [Number(view.head)],
      motion: motion(),
      entered: entered || shownStep !== step,
    };
    panel.render(steps[step], step, steps.length, ctx);
    shownStep = step;
    player.show(step);
    if (page) doc.title = `${step + 1}. ${steps[step].title} · attention-lab`;
    if (changed.size) onChange({ state: controller.state, changed, source });
  }

  async function start() {
    try {
      lab = await createLab();
    } catch (err) {
      panel.message(`The attention core could not be loaded: ${err.message}`, 'error');
      throw err;
    }
    if (destroyed) return;
    steps = checkSteps(lab.stages);
    dims = new Map(lab.stages.map((s) => [s.name, s.dims]));

    if (slots.sentence) {
      controls = createControls(slots.sentence, slots.settings, {
        presets: lab.presets,
        onChange: (key) => recompute(controls.read(), key, 'ui'),
        onPreset: (preset) => {
          controls.write({ ...controls.read(), sentence: preset.sentence, ...(preset.dIn ? { dIn: preset.dIn } : {}) });
          recompute(controls.read(), 'sentence', 'ui');
        },
      });
      controls.write(store.get().settings);
    }
    if (slots.experiment) {
      const experiment = createExperiment(slots.experiment, { lab });
      cleanups.push(() => experiment.destroy());
    }
    player = createPlayer(slots.player, { steps, onGo: (i) => setView({ step: steps[i].slug }, 'ui') });
    cleanups.push(() => player.stop());
    cleanups.push(installShortcuts(player, { cycleHead, target: page ? doc : root }));

    // First state: the given settings, or the defaults (with the message shown) if they are invalid.
    const first = store.get().settings;
    try {
      result = compute(lab, first);
    } catch (err) {
      if (!isInputError(err)) throw err;
      showError(err, err.option);
      result = compute(lab, DEFAULT_SETTINGS);
      store.set({ settings: { ...DEFAULT_SETTINGS } });
      // The controls keep showing what was asked for (with the message), as on the page.
    }
    render({ entered: true }, new Set(['initial']), 'initial');
    const asked = state0.view.step;
    if (asked !== '' && asked !== undefined && findStep(String(asked)) < 0) showBanner(stepMessage(asked), 'step');
    if (page) doc.documentElement.dataset.ready = 'true';
    root.dataset.ready = 'true';
    return controller;
  }

  const controller = {
    /** Resolves (with this controller) once the core is loaded and the first state is drawn. */
    ready: null,
    /** { settings, view }: the last valid state. */
    get state() {
      const { settings, view } = store.get();
      return { settings: { ...settings }, view: { ...view } };
    },
    /** The query string of the state (the page's URL format). */
    get query() {
      return toUrl(store.get());
    },
    /** The last valid computation: { settings, tokens, trace, output, weights, sizes }. */
    get result() {
      return result;
    },
    get lab() {
      return lab;
    },
    /**
     * Applies { settings?, view? } (partial). Settings are recomputed; an invalid one shows the
     * core's message and keeps the last valid state. Returns { ok, error? }.
     */
    update({ settings, view } = {}, { source = 'api' } = {}) {
      if (!result) throw new Error('mountAttentionLab: not ready yet (await .ready)');
      let outcome = { ok: true };
      const current = store.get().settings;
      if (settings && Object.keys(settings).some((k) => !Object.is(settings[k], current[k]))) {
        const candidate = { ...current, ...settings };
        controls?.write(candidate);
        const changedKey = Object.keys(settings).find((k) => !Object.is(settings[k], current[k]));
        outcome = recompute(candidate, changedKey, source);
      }
      if (view?.step !== undefined && findStep(String(view.step)) < 0) {
        const error = new PageError('step', stepMessage(view.step));
        onError(error);
        showBanner(error.message, 'step');
        return { ok: false, error };
      }
      if (view?.step !== undefined) showBanner('', 'step');
      if (view) setView(view, source);
      return outcome;
    },
    /** Removes the UI and every listener; the lab itself is left to its owner. */
    destroy() {
      destroyed = true;
      for (const fn of cleanups.splice(0)) fn?.();
      root.replaceChildren();
      delete root.dataset.ready;
    },
  };
  controller.ready = start();
  return controller;
}
