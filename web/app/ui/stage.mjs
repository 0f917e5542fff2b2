// The stage panel: title, shape, explanation next to the numbers, the view toolbar (heads, batch
// item, numbers), the cell inspector, and the step's own tensors.
import { h, replace } from './dom.mjs';
import { namedShape } from './format.mjs';
import { headColour } from './colour.mjs';
import {
  installMapInteractions,
  layoutMaps,
  measureMaps,
  watchMaps,
  themeOf,
  ensureTable,
  useCanvas,
} from './maps.mjs';
import { patchSection } from './patch.mjs';
import { fitCell, mapLayout, paintMap } from './heatmap.mjs';
import { thumbnailSpec } from './tensor.mjs';

// The colour scale of each step's thumbnail: weights for the stages that hold weights.
const WEIGHT_STAGES = new Set(['attentionWeights', 'droppedWeights', 'zeroedWeights']);

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

// The parts of a step drawn again exactly as they are (the header, the toolbar of head and batch
// buttons, for a new sentence) are kept rather than laid out again. A toolbar whose buttons the
// reader has since changed is not the same, whatever its attributes say.
function keepSame(old, fresh, selectors) {
  for (const selector of selectors) {
    const kept = old.querySelector(selector);
    const drawn = fresh.querySelector(selector);
    if (!kept || !drawn || !kept.isEqualNode(drawn)) continue;
    const live = [...kept.querySelectorAll('input')];
    if (live.every((input) => input.checked === input.hasAttribute('checked')))
      drawn.replaceWith(kept);
  }
}

/**
 * The panel inside `root`. The tooltip lives in `tooltipHost`: <body> on the page; inside an
 * embedded copy, its own positioned root (so several copies never share one). labLinks(step): the
 * step's links to its labs (the full page), or null. tools(step, index, ctx, drawn): what the
 * page adds under a step's explanation (ui/code.mjs: its PyTorch and its downloads), or null.
 */
export function createStagePanel(
  root,
  { onView, tooltipHost = document.body, labLinks = () => null, tools = null },
) {
  const tooltip = h('div', { class: 'tooltip', role: 'tooltip', hidden: true });
  const HINT = 'Hover over, tap or focus a cell to see its value and its tokens.';
  // The readout of the step on the screen (each drawing has its own; a patch keeps the old one).
  const newReadout = () => h('p', { class: 'readout', id: 'readout', 'aria-live': 'polite' }, HINT);
  let readout = newReadout();
  let cleanup = null;
  tooltipHost.append(tooltip);
  const stopWatching = watchMaps(root);

  const interactions = installMapInteractions(root, {
    show(lines, cell) {
      replace(
        tooltip,
        lines.map((l, i) =>
          h('span', { class: i === 0 ? 'tt-index' : i === lines.length - 1 ? 'tt-value' : '' }, l),
        ),
      );
      replace(readout, lines.join(' · '));
      tooltip.hidden = false;
      const tip = tooltip.getBoundingClientRect();
      const x = Math.min(
        window.innerWidth - tip.width - 8,
        Math.max(8, cell.left + cell.width / 2 - tip.width / 2),
      );
      const below = cell.bottom + 8 + tip.height < window.innerHeight;
      const y = below ? cell.bottom + 8 : Math.max(8, cell.top - tip.height - 8);
      // Page coordinates on <body>; coordinates inside the (positioned) host otherwise.
      const origin =
        tooltipHost === document.body
          ? { left: -window.scrollX, top: -window.scrollY }
          : tooltipHost.getBoundingClientRect();
      tooltip.style.setProperty('left', `${x - origin.left}px`);
      tooltip.style.setProperty('top', `${y - origin.top}px`);
    },
    hide() {
      tooltip.hidden = true;
    },
  });
  // Never stale: a readout names the step it belongs to, so it is cleared with every new drawing.
  const clearReadout = () => replace(readout, HINT);
  root.addEventListener('heatmap-escape', () => root.querySelector('#stage-title')?.focus());

  function toolbar(step, ctx) {
    const { sizes } = ctx.result;
    const group = (label, name, options, current) =>
      h(
        'fieldset',
        { class: 'segmented-field' },
        h('legend', {}, label),
        h(
          'div',
          { class: 'segmented' },
          options.map(([value, text, colour]) =>
            h(
              'label',
              { style: colour ? { '--head': colour } : undefined, class: colour ? 'has-head' : '' },
              h('input', {
                type: 'radio',
                name,
                value,
                checked: String(current) === value,
                onchange: () => onView({ [name]: value }),
              }),
              h('span', {}, text),
            ),
          ),
        ),
      );
    return h(
      'div',
      { class: 'toolbar' },
      sizes.h > 1 && step.perHead
        ? group(
            'Heads',
            'head',
            [
              ['all', 'all side by side'],
              ...Array.from({ length: sizes.h }, (_, i) => [String(i), `${i + 1}`, headColour(i)]),
            ],
            ctx.view.head,
          )
        : null,
      sizes.B > 1
        ? group(
            'Batch item',
            'item',
            Array.from({ length: sizes.B }, (_, i) => [String(i), `${i + 1}`]),
            ctx.view.item,
          )
        : null,
      h(
        'label',
        { class: 'numbers-toggle' },
        h('input', {
          type: 'checkbox',
          checked: ctx.view.numbers,
          onchange: (e) => onView({ numbers: e.target.checked }),
        }),
        ' numbers in cells',
      ),
    );
  }

  // The step on the screen and the context it was drawn with. The code and the downloads under the
  // explanation (tools) read them through `live` and `drawn`, so that, kept by a patch, they copy
  // and save the numbers on the screen, not those they were first drawn with.
  const shown = { ctx: null, section: null };
  const live = new Proxy({}, { get: (_, key) => shown.ctx[key] });
  const drawn = () => shown.section;

  // The whole step as a section, not yet in the page; its maps get `canvas()` for their canvases.
  function build(step, index, count, ctx, canvas) {
    const main = step.main(ctx.settings);
    const tensor = ctx.result.trace[main];
    const body = step.render({ ...ctx, canvas });
    const section = h(
      'section',
      {
        class: 'stage',
        id: 'stage',
        'aria-labelledby': 'stage-title',
        dataset: { stage: main, step: step.slug },
      },
      h(
        'header',
        { class: 'stage-head' },
        h('p', { class: 'step-count' }, `Step ${index + 1} of ${count}`),
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
        labLinks(step),
      ),
      h(
        'div',
        { class: 'stage-body' },
        h('div', { class: 'explain' }, step.explain(ctx), tools?.(step, index, live, drawn)),
        h('div', { class: 'numbers' }, toolbar(step, ctx), newReadout(), body),
      ),
    );
    return { section, body };
  }

  // The step on the screen patched to the new numbers (ui/patch.mjs), if it is the same step with
  // its maps in the same places and no animation running. Its mount (the split animation's replay
  // button) is kept: a mount reads the motion setting and the page, never the numbers.
  function patch(old, fresh) {
    if (!old || old.dataset.step !== fresh.dataset.step || old.querySelector('.animating'))
      return false;
    // The sizes of the maps' space, read while the page is as it was last laid out (the step is
    // drawn before anything else changes: view.mjs); a patch changes numbers, not widths.
    const measured = measureMaps(old);
    const reading = patchSection(old, fresh);
    if (!reading) return false;
    shown.section = old;
    layoutMaps(old, measured);
    for (const el of reading) ensureTable(el);
    return true;
  }

  return {
    render(step, index, count, ctx) {
      const refocus = focusKey(root);
      interactions.leave();
      tooltip.hidden = true;
      clearReadout();
      shown.ctx = ctx;
      // The new step is drawn with canvases of its own, never set up; kept by a patch, the maps
      // paint the canvases on the screen instead.
      const placeholder = () => h('canvas', { 'aria-hidden': 'true' });
      const fresh = build(step, index, count, ctx, placeholder);
      const old = root.querySelector(':scope > .stage');
      if (patch(old, fresh.section)) {
        if (refocus) root.querySelector(refocus)?.focus({ preventScroll: true });
        return old;
      }
      cleanup?.();
      cleanup = null;
      // Drawn anew, the maps reuse the canvases of the step drawn before: a new canvas costs about
      // a millisecond to set up its context and fonts on its first text, a reused one almost
      // nothing (measured in Chromium), and a 12-head step draws 12 to 24 maps per keystroke.
      const spare = [...root.querySelectorAll('.map-canvas > canvas')];
      for (const el of fresh.section.querySelectorAll('.map')) {
        const canvas = spare.pop();
        if (canvas) useCanvas(el, canvas);
      }
      const { section, body } = fresh;
      shown.section = section;
      readout = section.querySelector('#readout');
      if (old?.dataset.step === step.slug) keepSame(old, section, ['.stage-head', '.toolbar']);
      replace(root, section);
      layoutMaps(section);
      cleanup = step.mount?.(ctx, body) ?? null;
      if (refocus) root.querySelector(refocus)?.focus({ preventScroll: true });
      return section;
    },
    message(text, kind = 'info') {
      replace(
        root,
        h('p', { class: `panel-message ${kind}`, role: kind === 'error' ? 'alert' : null }, text),
      );
    },
    /**
     * The whole pipeline on one screen: every step as a card with a small picture of its main
     * tensor (head 1, the shown batch item) and its shape; a card opens its step.
     */
    overview(steps, current, ctx, onPick) {
      cleanup?.();
      cleanup = null;
      interactions.leave();
      tooltip.hidden = true;
      clearReadout();
      const cards = steps.map((step, i) => {
        const main = step.main(ctx.settings);
        const tensor = ctx.result.trace[main];
        const canvas = h('canvas', { 'aria-hidden': 'true' });
        const kind =
          main === 'dropoutMask' ? 'mask' : WEIGHT_STAGES.has(main) ? 'weights' : 'signed';
        return {
          canvas,
          spec: thumbnailSpec(ctx, main, kind),
          node: h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'overview-card',
                dataset: { slug: step.slug },
                'aria-current': i === current ? 'step' : null,
                onclick: () => onPick(i),
              },
              h('span', { class: 'overview-title' }, `${i + 1}. ${step.title}`),
              canvas,
              h('code', { class: 'trace-name' }, main),
              h('span', { class: 'shape' }, namedShape(ctx.dims(main), tensor.shape)),
            ),
          ),
        };
      });
      const section = h(
        'section',
        { class: 'stage overview', id: 'stage', 'aria-labelledby': 'stage-title' },
        h(
          'header',
          { class: 'stage-head' },
          h('h2', { id: 'stage-title', tabindex: '-1' }, 'The whole pipeline'),
          h(
            'p',
            { class: 'stage-shape' },
            'Every step of one forward pass, head 1; choose one to open it (O closes the overview).',
          ),
        ),
        h(
          'ol',
          { class: 'overview-grid' },
          cards.map((c) => c.node),
        ),
      );
      replace(root, section);
      const theme = themeOf(section);
      for (const { canvas, spec } of cards) {
        spec.base = 9;
        spec.tokenWidth = 0;
        spec.colours = theme;
        const fit = fitCell(spec, 150, 110, { maxCell: 14, minSquare: 1 });
        paintMap(canvas, spec, mapLayout(spec, fit.cellW, fit.cellH));
      }
      return section;
    },
    /** Paints the maps again (the type size or the layout around them changed). */
    relayout() {
      const section = root.querySelector('.stage');
      if (section) layoutMaps(section);
    },
    destroy() {
      stopWatching();
      cleanup?.();
      cleanup = null;
      tooltip.remove();
    },
  };
}
