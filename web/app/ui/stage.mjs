// The stage panel: title, shape, explanation next to the numbers, the view toolbar (heads, batch
// item, numbers), the cell inspector, and the step's own tensors. The panel describes a step as a
// section (plain nodes, render/h.mjs, around the step's own figures); the render layer turns it
// into DOM, puts it on the screen (render/section.mjs) and paints its maps.
import { replace } from './dom.mjs';
import {
  h,
  isNode,
  toDom,
  watchMaps,
  layoutMaps,
  patchStep,
  replaceSection,
} from '../render/index.mjs';
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
  const stopWatching = watchMaps(root);
  const interactions = installMapInteractions(root, tooltip);
  root.addEventListener('heatmap-escape', () => root.querySelector('#stage-title')?.focus());

  // The step on the screen and the context it was drawn with. The code and the downloads under the
  // explanation (tools) read them through `live` and `drawn`, so that, kept by a patch, they copy
  // and save the numbers on the screen, not those they were first drawn with.
  const shown = { ctx: null, section: null };
  const live = new Proxy({}, { get: (_, key) => shown.ctx[key] });
  const drawn = () => shown.section;

  // The whole step as a section, not yet in the page. Its maps are drawn with canvases of their
  // own, never set up: the render layer swaps in the canvases on the screen.
  function build(step, index, count, ctx) {
    const main = step.main(ctx.settings);
    const canvas = () => toDom(h('canvas', { 'aria-hidden': 'true' }));
    const view = step.render({ ...ctx, canvas });
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
          tools?.(step, index, live, drawn),
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
      shown.ctx = ctx;
      const { section, body } = build(step, index, count, ctx);
      const old = root.querySelector(':scope > .stage');
      // Patched, the step keeps its mount (the split animation's replay button): a mount reads
      // the motion setting and the page, never the numbers.
      if (patchStep(old, section)) shown.section = old;
      else {
        unmount();
        shown.section = section;
        readout = section.querySelector('#readout');
        const keep = old?.dataset.step === step.slug ? ['.stage-head', '.toolbar'] : [];
        replaceSection(root, section, { old, keep });
        cleanup = step.mount?.(ctx, body) ?? null;
      }
      if (refocus) root.querySelector(refocus)?.focus({ preventScroll: true });
      return shown.section;
    },
    message(text, kind = 'info') {
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
      const { section, paint } = overviewSection(steps, current, ctx, onPick, S);
      replace(root, section);
      paint();
      return section;
    },
    /** Paints the maps again (the type size or the layout around them changed). */
    relayout() {
      const section = root.querySelector('.stage');
      if (section) layoutMaps(section);
    },
    destroy() {
      stopWatching();
      unmount();
      tooltip.remove();
    },
  };
}
