// The whole pipeline on one screen: every step as a card with a small picture of its main tensor
// (head 1, the shown batch item) and its shape; a card opens its step.
import { EN } from '../strings/index.mjs';
import { h, toDom, themeOf, paintThumbnail } from '../render/index.mjs';
import { namedShape } from './format.mjs';
import { thumbnailSpec } from './tensor.mjs';

// The colour scale of each step's thumbnail: weights for the stages that hold weights.
const WEIGHT_STAGES = new Set(['attentionWeights', 'droppedWeights', 'zeroedWeights']);
const kindOf = (main) =>
  main === 'dropoutMask' ? 'mask' : WEIGHT_STAGES.has(main) ? 'weights' : 'signed';

function card(step, i, current, ctx, onPick) {
  const main = step.main(ctx.settings);
  const tensor = ctx.result.trace[main];
  const node = h(
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
      h('canvas', { 'aria-hidden': 'true' }),
      h('code', { class: 'trace-name' }, main),
      h('span', { class: 'shape' }, namedShape(ctx.dims(main), tensor.shape)),
    ),
  );
  return { spec: thumbnailSpec(ctx, main, kindOf(main)), node };
}

/** The overview's section, not yet in the page, and paint() to call once it is (canvases are
 * painted in the page, where the theme's colours can be read). */
export function overviewSection(steps, current, ctx, onPick, S = EN) {
  const cards = steps.map((step, i) => card(step, i, current, ctx, onPick));
  const section = toDom(
    h(
      'section',
      { class: 'stage overview', id: 'stage', 'aria-labelledby': 'stage-title' },
      h(
        'header',
        { class: 'stage-head' },
        h('h2', { id: 'stage-title', tabindex: '-1' }, S['overview.title']),
        h('p', { class: 'stage-shape' }, S['overview.lead']),
      ),
      h(
        'ol',
        { class: 'overview-grid' },
        cards.map((c) => c.node),
      ),
    ),
  );
  const paint = () => {
    const theme = themeOf(section);
    const canvases = section.querySelectorAll('.overview-card > canvas');
    cards.forEach(({ spec }, i) => paintThumbnail(canvases[i], spec, theme));
  };
  return { section, paint };
}
