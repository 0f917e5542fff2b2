// The first paint, drawn while the WebAssembly core still loads: the step's title, its place in the
// lecture, the shape of its main tensor, its explanation, and a placeholder shaped like each map,
// all from the settings alone. The sizes follow from the settings as the core's pass reports them
// (tests/js/first-paint.test.mjs holds the two together); the tokens are those the page's first
// sentences carry (lib/known-tokens.mjs). The view draws the numbers over it once the core has
// computed them; a sentence that needs the tokenizer, or the trained model, waits for them with
// the title alone.
import { h, toDom } from './render/index.mjs';
import { replace } from './ui/dom.mjs';
import { STEPS } from './stages/index.mjs';
import { stageLead } from './stages/lead.mjs';
import { findStep } from '../lib/steps.mjs';
import { STAGES } from '../lib/contract.mjs';
import { PRESETS } from '../lib/presets.mjs';
import { canTokenize, tokenize } from '../lib/tokens.mjs';
import { namedShape } from '../lib/present.mjs';
import { EN, format } from './strings/index.mjs';

// Each stage's dimension names, as the core's stage list gives them: 'B,h,T,T'.
const DIMS = new Map(STAGES.map((s) => [s.name, s.dims]));
const LECTURE = PRESETS.find((p) => p.id === 'journey');

/**
 * The sizes a pass with `settings` over T tokens has, named as compute.mjs names them:
 * { B, h, T, dh, D, dIn }. One head but for the two multi-head modules; the wrapper's heads sit
 * side by side (D = h·d_out), MultiHeadAttention splits d_out; the simplified attention has no
 * weights, so its width stays d_in.
 */
export function firstPaintSizes({ module, dIn, dOut, heads, batch }, T) {
  const h = module === 'mha' || module === 'wrapper' ? heads : 1;
  const D = module === 'simplified' ? dIn : module === 'wrapper' ? heads * dOut : dOut;
  return { B: batch, h, T, dh: D / h, D, dIn };
}

/** A result without numbers: its tensors' shapes only, or null when they are not known yet. */
export function shapesOnly(settings) {
  const sentence = typeof settings.sentence === 'string' ? settings.sentence.trim() : '';
  if (settings.weights === 'trained' || !sentence || !canTokenize(sentence)) return null;
  const tokens = tokenize(sentence);
  const sizes = firstPaintSizes(settings, tokens.length);
  // Settings the core will refuse (the page then shows its message) have no shapes to draw.
  if (!Object.values(sizes).every((n) => Number.isInteger(n) && n > 0)) return null;
  const named = { ...sizes, d_in: sizes.dIn, d_h: sizes.dh };
  const trace = {};
  for (const [name, dims] of DIMS) trace[name] = { shape: dims.split(',').map((d) => named[d]) };
  const lecture = sentence === LECTURE.sentence && settings.dIn === LECTURE.dIn;
  return { settings, tokens, source: lecture ? 'lecture' : 'seeded', trained: null, trace, sizes };
}

// The maps of the step's main tensor as empty frames of their size: one per head shown.
function placeholders(shape, dims, view) {
  const [rows, cols] = shape.slice(-2);
  const head = dims.split(',').indexOf('h');
  const count = head >= 0 && view.head === 'all' ? shape[head] : 1;
  return h(
    'div',
    { class: 'first-paint-maps', 'aria-hidden': 'true' },
    Array.from({ length: Math.min(count, 4) }, () =>
      h('div', { class: 'first-paint-map', style: { '--rows': rows, '--cols': cols } }),
    ),
  );
}

// The step's explanation, as far as it can be told without the numbers: its own paragraphs when
// they read only sizes, else its lead sentence alone.
function explanation(step, ctx) {
  try {
    return step.explain(ctx);
  } catch {
    return stageLead(step, ctx);
  }
}

/**
 * Draws step `view.step` of `settings` into `root` without numbers (see above), with `message`
 * (what is loading) where the numbers will be, in the words of `S`. `steps`: the steps the stepper
 * shows (an author's choice, under the catalogue's names), counted and named as it will.
 */
export function drawFirstPaint(root, { settings, view }, message, S = EN, steps = STEPS) {
  const shown = { steps, S };
  try {
    replace(root, toDom(firstPaintSection(settings, view, message, shapesOnly(settings), shown)));
  } catch {
    // Settings the step's text cannot tell without the core: the title alone.
    replace(root, toDom(firstPaintSection(settings, view, message, null, shown)));
  }
}

// The step of `view` among `steps`, as the stepper and the controller place it: a step that is
// not shown opens the first one shown.
function placed(view, steps) {
  const slug = STEPS[Math.max(0, findStep(String(view.step ?? '')))].slug;
  const index = Math.max(
    0,
    steps.findIndex((step) => step.slug === slug),
  );
  return { index, step: steps[index] };
}

function firstPaintSection(settings, view, message, result, { steps, S }) {
  const { index, step } = placed(view, steps);
  const main = step.main(settings);
  const ctx = result && {
    settings,
    view,
    result,
    dims: (name) => DIMS.get(name),
    heads: [0],
    embedded: false,
    strings: S,
  };
  const shape = result?.trace[main].shape;
  return h(
    'section',
    { class: 'stage first-paint', 'aria-labelledby': 'stage-title', 'aria-busy': 'true' },
    h(
      'header',
      { class: 'stage-head' },
      h(
        'p',
        { class: 'step-count' },
        format(S['stage.count'], { n: index + 1, count: steps.length }),
      ),
      h('h2', { id: 'stage-title', tabindex: '-1' }, S[`step.${step.slug}.title`] ?? step.title),
      shape &&
        h(
          'p',
          { class: 'stage-shape' },
          h('code', { class: 'trace-name' }, main),
          ' ',
          h('span', { class: 'shape' }, namedShape(DIMS.get(main), shape)),
        ),
      ctx && stageLead(step, ctx),
    ),
    h(
      'div',
      { class: 'stage-body' },
      h('div', { class: 'explain' }, ctx && explanation(step, ctx)),
      h(
        'div',
        { class: 'numbers' },
        h('p', { class: 'panel-message info' }, message),
        shape && placeholders(shape, DIMS.get(main), view),
      ),
    ),
  );
}
