// Step 3: split into heads — view (B,T,d_out) as (B,T,h,d_h), transpose to (B,h,T,d_h). The
// animation starts with the heads' column blocks glued together as one matrix and slides them
// apart into h separate matrices.
import EN from '../strings/en.mjs';
import { wordsOf, format } from '../strings/index.mjs';
import { h, m } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { gridRect } from '../ui/maps.mjs';
import { explainWords } from './words.mjs';

export const slug = 'split';
export const title = EN['step.split.title'];
export const short = EN['step.split.short'];
export const perHead = true;
export const traceStages = ['queryHeads', 'keyHeads', 'valueHeads'];
export const main = () => 'queryHeads';

export function explain(ctx) {
  const { sizes } = ctx.result;
  const { settings } = ctx;
  const t = explainWords(ctx);
  return [
    howHeadsAreCut(settings, sizes, t),
    ...viewAndTranspose(t),
    ...asides(settings, sizes, ctx.embedded, t),
  ];
}

// The cut itself (its sizes are in the step's lead sentence), or why there is nothing to cut.
function howHeadsAreCut(settings, sizes, t) {
  if (settings.module === 'mha') return h('p', {}, t('split.mha'));
  return h(
    'p',
    {},
    settings.module === 'wrapper'
      ? t('split.wrapper', { h: sizes.h, dh: sizes.dh })
      : t('split.causal'),
  );
}

// The lecture's two moves, view then transpose, and the same split at the sizes of real models.
function viewAndTranspose(t) {
  return [
    h(
      'ol',
      { class: 'moves' },
      h(
        'li',
        {},
        t('split.view', { view: h('strong', {}, 'view'), shape: m(`(B,T,d_out) → (B,T,h,d_h)`) }),
      ),
      h(
        'li',
        {},
        t('split.transpose', {
          transpose: h('strong', {}, 'transpose(1, 2)'),
          shape: m('→ (B,h,T,d_h)'),
        }),
      ),
    ),
    h('p', { class: 'aside' }, t('split.scale')),
  ];
}

// What the current settings make hard to see (one-column heads) or different (the loop layout).
function asides(settings, sizes, embedded, t) {
  const parts = [];
  if (sizes.h > 1 && sizes.dh === 1) {
    const values = { dOut: 3 * sizes.h, h: sizes.h };
    parts.push(
      h('p', { class: 'aside' }, t(embedded ? 'split.thinEmbedded' : 'split.thin', values)),
    );
  }
  if (settings.layout === 'loop') parts.push(h('p', {}, t('split.loop')));
  return parts;
}

export function render(ctx) {
  const S = wordsOf(ctx);
  const all = Array.from({ length: ctx.result.sizes.h }, (_, i) => i);
  const opts = (label) => ({
    label,
    columns: 'features',
    headTint: true,
    heads: all, // the split is about all heads; a chosen head is highlighted instead
    corner: S['axis.token'],
    onMap: (el, head) => {
      if (ctx.view.head !== 'all' && head !== Number(ctx.view.head)) el.classList.add('dimmed');
    },
  });
  const phase = h(
    'p',
    { class: 'phase' },
    format(S['split.transposed'], { h: ctx.result.sizes.h }),
  );
  const replay = h(
    'button',
    { type: 'button', class: 'replay', dataset: { action: 'replay-split' } },
    S['split.replay'],
  );
  return h(
    'div',
    { class: 'split' },
    h('div', { class: 'split-bar' }, phase, replay),
    tensorFigure(ctx, 'queryHeads', opts(S['map.queryHeads'])),
    tensorFigure(ctx, 'keyHeads', opts(S['map.keyHeads'])),
    tensorFigure(ctx, 'valueHeads', opts(S['map.valueHeads'])),
  );
}

// Each phase of the animation and the catalogue's key of its line.
const PHASES = [
  ['merged', 'split.merged'],
  ['view', 'split.view'],
  ['split', 'split.split'],
];

/** Runs the split animation (after the section is in the page); nothing moves under reduced motion. */
export function mount(ctx, node) {
  const button = node.querySelector('[data-action="replay-split"]');
  const run = () => animate(node, ctx);
  button.addEventListener('click', run);
  // A step kept drawn (render/kept.mjs) is mounted again each time it is shown.
  const unmount = () => {
    button.removeEventListener('click', run);
    clearTimeout(node.splitTimer);
  };
  if (!ctx.motion) {
    button.hidden = true;
    return unmount;
  }
  if (ctx.entered) run();
  return unmount;
}

function animate(root, ctx) {
  if (!ctx.motion) return;
  clearTimeout(root.splitTimer);
  const phase = root.querySelector('.phase');
  const setPhase = (i) => {
    root.dataset.phase = PHASES[i][0];
    phase.textContent = wordsOf(ctx)[PHASES[i][1]];
  };
  const figures = [...root.querySelectorAll('figure.tensor')];
  const moves = [];
  root.classList.remove('animating');
  for (const figure of figures) {
    const wraps = [...figure.querySelectorAll('.table-wrap')];
    for (const w of wraps) w.style.transform = '';
    const top = gridRect(wraps[0])?.top;
    let right = gridRect(wraps[0])?.right;
    if (top === undefined) continue;
    for (const w of wraps.slice(1)) {
      const g = gridRect(w);
      moves.push([w, right - g.left, top - g.top]);
      right += g.right - g.left;
    }
  }
  root.classList.add('animating');
  setPhase(0);
  // Glued together, a head's own row labels would lie over the previous head's cells: each
  // moved map shows only its cells until the transpose takes the heads apart again.
  const clip = (w, on) => {
    const canvas = w.querySelector('canvas');
    const [left, top] = (canvas.dataset.grid ?? '0,0').split(',').map(Number);
    canvas.style.clipPath = on ? `inset(0 0 0 ${left}px)` : '';
    w.style.setProperty('--grid-left', `${left}px`);
    w.style.setProperty('--grid-top', `${top}px`);
  };
  for (const [w, dx, dy] of moves) {
    w.style.transform = `translate(${dx}px, ${dy}px)`;
    clip(w, true);
  }
  root.splitTimer = setTimeout(() => {
    setPhase(1);
    root.splitTimer = setTimeout(() => {
      setPhase(2);
      for (const [w] of moves) {
        w.style.transform = '';
        clip(w, false);
      }
      root.splitTimer = setTimeout(() => root.classList.remove('animating'), 1100);
    }, 1300);
  }, 1100);
}
