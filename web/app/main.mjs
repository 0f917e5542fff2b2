// attention-lab's teaching page: wires the core (./lib/index.mjs), the store (which mirrors the
// URL), the controls, the stepper and the stage panel together.
import { createAttentionLab } from './lib/index.mjs';
import { createStore, parseUrl, DEFAULT_SETTINGS } from './store.mjs';
import { STEPS, checkSteps, findStep } from './stages/index.mjs';
import { compute } from './compute.mjs';
import { createControls } from './ui/controls.mjs';
import { renderTokens } from './ui/tokens.mjs';
import { createPlayer } from './ui/player.mjs';
import { createStagePanel } from './ui/stage.mjs';
import { installShortcuts, SHORTCUTS } from './ui/keys.mjs';
import { h, replace } from './ui/dom.mjs';

const $ = (selector) => document.querySelector(selector);

function watchMotion() {
  const query = matchMedia('(prefers-reduced-motion: reduce)');
  const apply = () => document.documentElement.classList.toggle('reduced-motion', query.matches);
  apply();
  query.addEventListener('change', apply);
  return () => !query.matches;
}

function renderShortcuts(root) {
  replace(root, h('dl', { class: 'shortcuts' }, SHORTCUTS.map(([keys, what]) => [h('dt', {}, h('kbd', {}, keys)), h('dd', {}, what)])));
}

const isInputError = (err) => err && (err.name === 'AttentionLabError' || err.name === 'PageError');

async function start() {
  const motion = watchMotion();
  renderShortcuts($('#shortcuts-list'));
  let store;
  const panel = createStagePanel($('#stage-root'), { onView: (patch) => setView(patch) });
  panel.message('Loading the attention core (WebAssembly)…');

  let lab;
  try {
    lab = await createAttentionLab();
  } catch (err) {
    panel.message(`The attention core could not be loaded: ${err.message}`, 'error');
    throw err;
  }
  const steps = checkSteps(lab.stages);
  const dims = new Map(lab.stages.map((s) => [s.name, s.dims]));

  const initial = parseUrl(location.search);
  store = createStore(initial);
  let result = null;
  let shownStep = -1;

  const controls = createControls($('#sentence-root'), $('#settings-root'), {
    presets: lab.presets,
    onChange: (key) => recompute(key),
    onPreset: (preset) => {
      controls.write({ ...controls.read(), sentence: preset.sentence, ...(preset.dIn ? { dIn: preset.dIn } : {}) });
      recompute('sentence');
    },
  });
  controls.write(initial.settings);

  const player = createPlayer($('#player-root'), {
    steps,
    onGo: (i) => setView({ step: steps[i].slug }),
  });
  installShortcuts(player, { cycleHead });

  function showError(err, changedKey) {
    const option = { tokens: 'sentence', inputs: changedKey, trace: changedKey }[err.option] ?? err.option;
    const shown = controls.showError(option, err.message);
    if (changedKey && changedKey !== option) controls.showError(changedKey, err.message);
    else if (!shown) controls.showError(changedKey ?? 'sentence', err.message);
  }

  function recompute(changedKey) {
    const candidate = controls.read();
    let next;
    try {
      next = compute(lab, candidate);
    } catch (err) {
      if (!isInputError(err)) throw err;
      controls.clearErrors();
      showError(err, changedKey);
      return; // the last valid state stays on screen
    }
    controls.clearErrors();
    result = next;
    store.set({ settings: candidate });
    render({ entered: false });
  }

  function setView(patch) {
    const before = store.get().view.step;
    store.set({ view: patch });
    render({ entered: store.get().view.step !== before });
  }

  function cycleHead() {
    const { h: heads } = result.sizes;
    const current = store.get().view.head;
    const next = current === 'all' ? 0 : Number(current) + 1;
    setView({ head: next >= heads ? 'all' : String(next) });
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
    return { view, step };
  }

  function render({ entered }) {
    const { view, step } = normalisedView();
    store.set({ view });
    const { settings, sizes } = result;
    renderTokens($('#tokens-root'), result);
    controls.setHelp('heads', settings.module === 'mha'
      ? `d_h = d_out / h = ${sizes.dh}`
      : settings.module === 'wrapper' ? `${sizes.h} separate heads of d_out each` : 'CausalAttention: exactly 1');
    controls.setHelp('dOut', settings.module === 'wrapper' ? `per head: width h·d_out = ${sizes.D}` : 'width of Q, K, V and the output');
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
    document.title = `${step + 1}. ${steps[step].title} · attention-lab`;
  }

  // First state: the URL's settings, or the defaults (with the message shown) if they are invalid.
  try {
    result = compute(lab, initial.settings);
  } catch (err) {
    if (!isInputError(err)) throw err;
    showError(err, err.option);
    result = compute(lab, DEFAULT_SETTINGS);
    store.set({ settings: { ...DEFAULT_SETTINGS } });
  }
  render({ entered: true });
  document.documentElement.dataset.ready = 'true';
}

start().catch((err) => {
  document.documentElement.dataset.ready = 'error';
  console.error(err);
});
