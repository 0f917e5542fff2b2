// The stage panel: title, shape, explanation next to the numbers, the view toolbar (heads, batch
// item, numbers), the cell inspector, and the step's own tensors. The panel describes a step as a
// section (plain nodes, render/h.mjs, around the step's own figures); the render layer turns it
// into DOM, puts it on the screen (render/section.mjs) and paints its maps.
import { replace, append, renew } from './dom.mjs';
import {
  h,
  isNode,
  toDom,
  watchMaps,
  layoutMaps,
  patchStep,
  replaceSection,
  createKept,
} from '../render/index.mjs';
import { drawsAlike } from '../state/needs.mjs';
import { namedShape } from './format.mjs';
import { installMapInteractions } from './maps.mjs';
import { createTooltip, newReadout } from './tooltip.mjs';
import { toolbar } from './toolbar.mjs';
import { overviewSection } from './overview.mjs';
import { stageLead } from '../stages/lead.mjs';
import { EN, format } from '../strings/index.mjs';

// A selector for the focused control or cell, so that a re-render (new head, batch item, settings)
// does not throw keyboard users back to the top of the page.
function focusKey(root) {
  const el = root.getRootNode().activeElement;
  if (!el || !root.contains(el) || el === root) return null;
  if (el.matches('input[name]'))
    return `input[name="${CSS.escape(el.name)}"][value="${CSS.escape(el.value)}"]`;
  if (el.matches('.numbers-toggle input')) return '.numbers-toggle input';
  if (el.matches('[data-action]')) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.matches('td[data-i]'))
    return `[data-tensor="${CSS.escape(el.closest('[data-tensor]').dataset.tensor)}"] td[data-i="${el.dataset.i}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  return null;
}

// The step's header: its place in the lecture, its title, its main tensor and shape, its labs.
function stageHead(step, index, count, ctx, main, labLinks, S) {
  const tensor = ctx.result.trace[main];
  return h(
    'header',
    { class: 'stage-head' },
    h('p', { class: 'step-count' }, format(S['stage.count'], { n: index + 1, count })),
    h('h2', { id: 'stage-title', tabindex: '-1' }, step.title),
    h(
      'p',
      { class: 'stage-shape' },
      h('code', { class: 'trace-name' }, main),
      ' ',
      h(
        'span',
        { class: 'shape', dataset: { shape: tensor.shape.join(',') } },
        namedShape(ctx.dims(main), tensor.shape),
      ),
    ),
    stageLead(step, ctx),
    labLinks(step),
  );
}

/**
 * The panel inside `root`. The tooltip lives in `tooltipHost`: <body> on the page; inside an
 * embedded copy, its own positioned root (so several copies never share one). labLinks(step): the
 * step's links to its labs (the full page), or null. tools(step, index, ctx, drawn): what the
 * page adds under a step's explanation (ui/code.mjs: its PyTorch and its downloads), or null.
 * strings: the interface's words (strings/en.mjs's keys).
 */
export function createStagePanel(
  root,
  { onView, tooltipHost = document.body, labLinks = () => null, tools = null, strings: S = EN },
) {
  let readout = newReadout(S['tip.hint']);
  let cleanup = null;
  const tooltip = createTooltip(tooltipHost, () => readout, S['tip.hint']);
  // The sections of steps left, and of the neighbours drawn ahead, are kept in the page until
  // shown again (render/kept.mjs); a new width or colour scheme drops them rather than repaint
  // maps no one sees.
  const kept = createKept(root);
  const stopWatching = watchMaps(root, () => {
    kept.clear();
    layoutMaps(root);
  });
  const interactions = installMapInteractions(root, tooltip);
  root.addEventListener('heatmap-escape', () => root.querySelector('#stage-title')?.focus());

  // The step on the screen and the context it was drawn with. The code and the downloads under the
  // explanation (tools) read them through `live` and `drawn`, so that, kept by a patch, they copy
  // and save the numbers on the screen, not those they were first drawn with.
  const shown = { ctx: null, section: null };
  const live = new Proxy({}, { get: (_, key) => shown.ctx[key] });
  const drawn = () => shown.section;

  // What the page adds under the explanation, marked: a kept step draws it again when shown, as
  // it holds the reader's choices (the code folded or not), not the numbers.
  function toolsOf(step, index) {
    const nodes = [tools?.(step, index, live, drawn) ?? []].flat().filter(Boolean);
    for (const node of nodes) node.dataset.tools = '';
    return nodes;
  }

  // The whole step as a section, not yet in the page. Its maps are drawn with canvases of their
  // own, never set up: the render layer swaps in the canvases on the screen. tablesLater: drawn to
  // patch the same step on the screen, whose tables take the new numbers; the render layer builds
  // them if the step is put in the page instead.
  function build(step, index, count, ctx, tablesLater = false) {
    const main = step.main(ctx.settings);
    const canvas = () => toDom(h('canvas', { 'aria-hidden': 'true' }));
    const view = step.render({ ...ctx, canvas, tablesLater });
    const body = isNode(view) ? toDom(view) : view;
    const description = h(
      'section',
      {
        class: 'stage',
        id: 'stage',
        'aria-labelledby': 'stage-title',
        dataset: { stage: main, step: step.slug },
      },
      stageHead(step, index, count, ctx, main, labLinks, S),
      h(
        'div',
        { class: 'stage-body' },
        h(
          'div',
          // In the mount's language, as the chrome (the catalogue's explain.* and lead.* words).
          { class: 'explain', part: 'explanation' },
          step.explain(ctx),
          toolsOf(step, index),
        ),
        h(
          'div',
          { class: 'numbers', part: 'numbers' },
          toolbar(step, ctx, onView, S),
          newReadout(S['tip.hint']),
          body,
        ),
      ),
    );
    return { section: toDom(description), body };
  }

  // What a section shows, besides its result: the step and the view's choices (the motion setting
  // for the split animation's replay button).
  const keyOf = (step, ctx) =>
    [step.slug, ctx.view.head, ctx.view.item, ctx.view.numbers, ctx.motion].join('|');
  const alikeTo = (ctx) => (entry) => drawsAlike(entry.result, ctx.result, entry.step.slug);
  const onScreen = () => root.querySelector(':scope > .stage:not(.kept, .overview)');
  // How long drawing a step takes here, build and maps (ms): the least of the last three steps
  // drawn, so that one slow drawing (beside another busy tab) does not stop the page from drawing
  // ahead; not the page's first (the browser sets up canvases and fonts then).
  const costs = [];
  let first = true;
  let destroyed = false;
  const timed = (start) => {
    if (first) return void (first = false);
    costs.push(performance.now() - start);
    if (costs.length > 3) costs.shift();
  };

  // The section on the screen, put away to be shown again (an animation halfway through starts
  // again from the beginning when its step is shown: a step shown anew is mounted anew).
  function putAway(section, was) {
    if (!was.key) return false;
    kept.keep(was.key, { section, body: was.body, step: was.step, result: was.result });
    return true;
  }

  // A kept section back on the screen. Its links to labs and exercises and the page's tools are
  // drawn again: they carry the page's state and the reader's progress and choices, which may
  // have moved since. Those equal to the kept ones stay (renew): a node put back costs its style
  // and layout again, and equal tools act alike (their handlers read the page through `live`).
  function reveal(entry, step, index, ctx) {
    const head = entry.section.querySelector('.stage-head');
    renew(head, head.querySelectorAll(':scope > nav.step-labs'), labLinks(step));
    const explain = entry.section.querySelector('.explain');
    renew(explain, explain.querySelectorAll(':scope > [data-tools]'), toolsOf(step, index));
    readout = entry.section.querySelector('#readout');
    if (step.mount) {
      // The browser lets go of the skipped contents when it next computes the section's style:
      // read here, so that a mount that reads the layout (the split animation) does not read a
      // subtree still skipped, which the browser warns about. Only then: the read lays the
      // section out, and the frame would lay it out again after the step is put away.
      void getComputedStyle(entry.section).contentVisibility;
      cleanup = step.mount(ctx, entry.body) ?? null;
    }
    return entry;
  }

  // Before anything else is drawn: no inspection, no tooltip, a blank readout.
  function reset() {
    interactions.leave();
    tooltip.clear();
  }
  function unmount() {
    cleanup?.();
    cleanup = null;
  }

  return {
    render(step, index, count, ctx) {
      const refocus = focusKey(root);
      reset();
      const was = { ...shown };
      const key = keyOf(step, ctx);
      shown.ctx = ctx;
      kept.prune(alikeTo(ctx));
      const old = onScreen();
      const another = old?.dataset.step !== step.slug;
      const entry = another ? kept.take(key, alikeTo(ctx)) : null;
      if (entry) {
        unmount();
        if (old && !putAway(old, was)) old.remove();
        Object.assign(shown, { section: entry.section, body: entry.body });
        reveal(entry, step, index, ctx);
      } else {
        const start = performance.now();
        const { section, body } = build(step, index, count, ctx, Boolean(old) && !another);
        // Patched, the step keeps its mount (the split animation's replay button): a mount reads
        // the motion setting and the page, never the numbers.
        if (patchStep(old, section)) shown.section = old;
        else {
          unmount();
          Object.assign(shown, { section, body });
          readout = section.querySelector('#readout');
          const keep = another ? [] : ['.stage-head', '.toolbar'];
          const away = old && another && putAway(old, was);
          replaceSection(root, section, { old: away ? null : old, keep });
          cleanup = step.mount?.(ctx, body) ?? null;
          timed(start);
        }
      }
      Object.assign(shown, { key, step, result: ctx.result });
      if (refocus) shown.section.querySelector(refocus)?.focus({ preventScroll: true });
      return shown.section;
    },
    /**
     * Draws step `step` ahead, kept out of sight until it is chosen (the page calls it after a
     * frame for the steps next to the one shown). Returns whether it drew anything.
     */
    prepare(step, index, count, ctx) {
      const key = keyOf(step, ctx);
      if (destroyed || !onScreen() || key === shown.key || kept.has(key, alikeTo(ctx)))
        return false;
      const start = performance.now();
      const { section, body } = build(step, index, count, ctx);
      const draw = (drawn) => layoutMaps(drawn, undefined, { all: true });
      kept.keepAhead(key, { section, body, step, result: ctx.result }, draw);
      timed(start);
      return true;
    },
    /** What drawing a step ahead would cost, in ms (0 before any was drawn). */
    drawCost: () => (costs.length ? Math.min(...costs) : 0),
    message(text, kind = 'info') {
      kept.clear();
      shown.key = null;
      replace(
        root,
        h(
          'p',
          {
            class: `panel-message ${kind}`,
            role: kind === 'error' ? 'alert' : null,
            part: 'status',
          },
          text,
        ),
      );
    },
    /** The whole pipeline on one screen (ui/overview.mjs); a card opens its step. */
    overview(steps, current, ctx, onPick) {
      unmount();
      reset();
      kept.clear();
      shown.key = null;
      const { section, paint } = overviewSection(steps, current, ctx, onPick, S);
      replace(root, section);
      paint();
      return section;
    },
    /** Paints the maps again (the type size or the layout around them changed). */
    relayout() {
      kept.clear();
      const section = root.querySelector('.stage');
      if (section) layoutMaps(section);
    },
    destroy() {
      destroyed = true;
      kept.clear();
      stopWatching();
      unmount();
      tooltip.remove();
    },
  };
}
