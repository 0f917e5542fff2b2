// The view: draws the store's state (tokens, controls, stepper, the current step's stage panel)
// whenever it changes. It reads the state and never writes it; what the reader does goes to the
// controller through the callbacks the mount gave the controls, the stepper and the panel.
import { renderTokens } from './ui/tokens.mjs';
import { EN, format } from './strings/index.mjs';
import { holdsNeeds } from './state/needs.mjs';
import { paintNearIn } from './render/index.mjs';
import { afterPaint } from './ui/frame.mjs';

// A live line under a control, with the sizes of the result's trace: what h and d_out make of the
// heads of this module. MultiHeadAttention splits d_out; the wrapper splits nothing (each head is a
// whole CausalAttention of width d_out, and h of them side by side are h·d_out wide).
function liveHelp({ settings, sizes }, S) {
  const { module } = settings;
  const say = (key) => format(S[key], sizes);
  if (module === 'mha') return { heads: say('live.mhaHeads'), dOut: say('live.mhaDOut') };
  if (module === 'wrapper')
    return { heads: say('live.wrapperHeads'), dOut: say('live.wrapperDOut') };
  return { heads: S['live.causalHeads'], dOut: '' };
}

/**
 * createView({ slots, controls, player, panel, steps, dims, motion, title, strings }): returns
 * render(state, changed), a store listener. `title` (the page only) sets document.title.
 */
export function createView({
  slots,
  controls,
  player,
  panel,
  steps,
  dims,
  motion,
  title,
  strings: S = EN,
}) {
  let shownStep = -1;
  // Without the settings (the compact layout of the iframe page and the element) a step's text
  // must not send the reader to a control that is not there.
  const embedded = !controls;

  function renderControls(state, changed) {
    if (!controls) return;
    // Settings change only with a new result. A refused input stays in the controls, next to its
    // message, until it is corrected.
    if (changed.has('result') || changed.has('errors')) {
      controls.write(state.errors.settings?.asked ?? state.settings);
    }
    if (changed.has('result'))
      for (const [key, text] of Object.entries(liveHelp(state.result, S)))
        controls.setLive(key, text);
  }

  // Where the step's title is, under the sticky stepper (0 when the stepper does not stick).
  function titlePlace(title) {
    const bar = slots.player.getBoundingClientRect();
    const sticky = getComputedStyle(slots.player).position === 'sticky' ? bar.height : 0;
    return { sticky, top: title.getBoundingClientRect().top };
  }

  // The place of the title of the step on the screen, read before the next one is drawn: the
  // layout of the last frame still holds but for what changed before it in the same task, where
  // read after the new maps are drawn they force a second layout of the whole step. Every step's
  // title sits at the same place, under the same one-line step count; the overview's does not
  // (null: read after drawing).
  function placeBeforeDrawing() {
    const title = slots.stage.querySelector(':scope > .stage:not(.overview) #stage-title');
    return title ? titlePlace(title) : null;
  }

  // The stepper is sticky: a new step chosen by the reader (Next, ←, a step button) brings its
  // title to just below it, so the step is read from the top, not from where the last one ended.
  function bringIntoView(section, place = null) {
    const title = section.querySelector('#stage-title');
    const { sticky, top } = place ?? titlePlace(title);
    // On the stage, which stays, and only when it differs: set on each new section, it would
    // restyle the whole step once more in every frame that changes it.
    if (slots.stage.style.getPropertyValue('--sticky-h') !== `${sticky}px`)
      slots.stage.style.setProperty('--sticky-h', `${sticky}px`);
    const win = section.ownerDocument.defaultView;
    if (top >= sticky && top < win.innerHeight * 0.5) return;
    title.style.scrollMarginTop = `${sticky + 8}px`;
    title.scrollIntoView({ block: 'start', behavior: 'instant' });
  }

  let overview = false; // the pipeline overview instead of the step (a look, not state)
  let last = null;

  // The steps next to the one shown, drawn ahead after the frame that shows it and kept out of
  // sight by the panel, so that Next, the arrow keys and Play show a step already laid out and
  // painted: the next step first, then the one before, each in a task of its own after a frame
  // (idle callbacks do not come while a reader steps through at a key's pace); only steps whose
  // extras the result holds (the controller adds those of a step's neighbours after the frame
  // that shows it, as the same pass), and not where a step takes longer than 250 ms to draw (a
  // slow machine at GPT-2's sizes): a key typed meanwhile waits for the drawing under way. A
  // pause is marked on the stage (data-ahead="paused"), so that whoever profiles the page, and the
  // tests, can tell a page that chose not to draw ahead from one that failed to.
  const win = slots.stage.ownerDocument.defaultView;
  let ahead = null; // the pending drawing's ticket
  function prepareNeighbours(index, ctx) {
    if (!panel.prepare) return;
    const paused = panel.drawCost() > 250;
    if ((slots.stage.dataset.ahead === 'paused') !== paused)
      if (paused) slots.stage.dataset.ahead = 'paused';
      else delete slots.stage.dataset.ahead;
    if (paused) return;
    const queue = [index + 1, index - 1].filter(
      (i) => i >= 0 && i < steps.length && holdsNeeds(ctx.result, steps[i].slug),
    );
    const ticket = (ahead = {});
    const afterFrame = () => afterPaint(win, () => ticket === ahead && next());
    const next = () => {
      while (queue.length) {
        const i = queue.shift();
        const view = { ...ctx.view, step: steps[i].slug };
        if (panel.prepare(steps[i], i, steps.length, { ...ctx, view, entered: true })) break;
      }
      if (queue.length) afterFrame();
    };
    if (queue.length) afterFrame();
  }

  // What a step is drawn from: the state's pass and view, and how the page draws.
  function stepContext({ view, result }, entered) {
    return {
      settings: result.settings,
      view,
      result,
      dims: (name) => dims.get(name),
      heads:
        view.head === 'all'
          ? Array.from({ length: result.sizes.h }, (_, i) => i)
          : [Number(view.head)],
      motion: motion.animates(),
      entered,
      embedded,
      strings: S,
    };
  }

  function renderStep(state, meta) {
    last = state;
    ahead = null; // what was to be drawn ahead was for the state before
    const { view, result } = state;
    const index = steps.findIndex((s) => s.slug === view.step);
    const step = steps[index];
    const moved = shownStep !== -1 && shownStep !== index && meta?.source === 'ui';
    const ctx = {
      settings: result.settings,
      view,
      result,
      dims: (name) => dims.get(name),
      heads: [0],
      embedded,
      strings: S,
    };
    if (overview && moved) overview = false; // a step was chosen: show it
    player.showOverview?.(overview);
    if (overview) {
      panel.overview(steps, index, ctx, (i) => {
        overview = false;
        if (i === index) renderStep(last, { source: 'ui' });
        else player.go(i);
      });
      player.show(index);
      return;
    }
    const place = moved ? placeBeforeDrawing() : null;
    const entered = shownStep !== index; // a step entered anew animates; a new head does not
    const stepCtx = stepContext(state, entered);
    const section = panel.render(step, index, steps.length, stepCtx);
    // Ahead only while the reader goes from step to step: typing would draw them for nothing.
    if (entered) prepareNeighbours(index, stepCtx);
    shownStep = index;
    player.show(index);
    if (moved) bringIntoView(section, place);
    // A new step's maps were measured where the last step was read: some may be near now. On the
    // same step they were measured in place (reading that again would lay the page out in the
    // frame, a millisecond at 64 tokens); one a change moves near is painted as it comes near.
    if (entered) paintNearIn(section);
    if (title) title(`${index + 1}. ${step.title} · attention-lab`);
  }

  // The neighbours of the step on the screen drawn ahead, once the result holds what they read.
  function readyAhead(state) {
    const index = steps.findIndex((s) => s.slug === state.view.step);
    if (overview || index !== shownStep) return;
    last = state;
    prepareNeighbours(index, stepContext(state, true));
  }

  // A refused input leaves the last valid numbers drawn; they are marked as not matching it, so
  // a student never reads the old sentence's maps as the new one's.
  function renderStale(state) {
    const refused = state.errors.settings;
    const stale = Boolean(refused && state.result);
    slots.stage.classList.toggle('stale', stale);
    slots.tokens.classList.toggle('stale', stale);
    if (slots.stale.hidden !== !stale) slots.stale.hidden = !stale; // unchanged: no new style
    if (!stale) return;
    const { settings, tokens } = state.result;
    const what =
      refused.key === 'sentence' || refused.error.option === 'sentence'
        ? format(S['status.staleSentence'], {
            sentence: settings.sentence,
            count: tokens.length,
          })
        : S['status.staleSettings'];
    slots.stale.textContent = format(S['status.stale'], { what });
  }

  function render(state, changed, meta) {
    renderControls(state, changed);
    if (changed.has('errors') || changed.has('result')) renderStale(state);
    if (!state.result) return; // only a message so far; the first result draws everything
    // The same pass with what the steps next to the shown one read (the controller adds it after
    // the frame): nothing on the screen changes, and those steps can now be drawn ahead.
    if (meta?.source === 'ahead') return void readyAhead(state);
    // The step before the tokens: a step patched in place reads the sizes of its maps' space, and
    // before the tokens list changes, reading them forces no layout (at 64 tokens the list,
    // changed first, cost a forced layout of 5 to 10 ms a keystroke). The controls change nothing
    // for a new sentence (they are written only where their text differs).
    const drawn = ['result', 'step', 'head', 'item', 'numbers'];
    if (drawn.some((k) => changed.has(k))) renderStep(state, meta);
    if (changed.has('result')) renderTokens(slots.tokens, state.result, S);
  }
  /** Opens or closes the pipeline overview (the stepper's button, the O key). */
  render.toggleOverview = () => {
    if (!last) return;
    overview = !overview;
    renderStep(last, { source: 'overview' });
    const section = slots.stage.querySelector(':scope > .stage:not(.kept)');
    if (section) bringIntoView(section);
    slots.stage.querySelector('#stage-title')?.focus({ preventScroll: true });
  };
  return render;
}
