// The sizes a shape exercise asks about, and a four-number shape answer: variant 0 takes the
// page's (its batch, its sentence's T, its width and heads, as MultiHeadAttention sees them); a
// variant N > 0 takes other sizes from short lists, with another sentence's T. The shapes themselves
// are the core's: describe() of a MultiHeadAttention of those sizes.
import { mhaOptions } from '../../labs/kit/page.mjs';
import { variantSettings, pick, reported } from './variant.mjs';
import { readNumber, same, part } from './answer.mjs';
import { h } from '../../render/h.mjs';
import { numberField } from './inputs.mjs';

const BATCHES = [2, 1, 3, 4];
const HEADS = [2, 4, 3, 12, 6, 8];
const HEAD_SIZES = [3, 2, 64, 4, 8, 16];

/** { B, T, dOut, h, described, settings } for variant `variant`. */
export function shapeSizes(core, page, variant) {
  const settings = variantSettings(page, variant);
  const T = variant ? core.tokenize(settings.sentence).length : page.tokens.length;
  const mha = mhaOptions(settings);
  const heads = variant ? pick(HEADS, variant) : mha.heads;
  const dOut = variant ? heads * pick(HEAD_SIZES, variant + 1) : mha.dOut;
  const B = variant ? pick(BATCHES, variant) : mha.batch;
  const options = { module: 'mha', dIn: dOut, dOut, heads, tokens: T, batch: B, trace: false };
  const described = core.describe(options);
  const stage = (name) => described.stages.find((st) => st.name === name).shape;
  return {
    B,
    T,
    dOut,
    h: heads,
    dh: described.headSize,
    view: stage('queryView'),
    heads: stage('queryHeads'),
    settings: { ...reported(settings), batch: B, dOut, heads, dIn: dOut, tokens: T },
  };
}

/** The four fields of a shape (response keys d0..d3); kit: the kit's words (t.kit). */
export const shapeFields = (slug, response, actions, kit) =>
  h(
    'fieldset',
    { class: 'exercise-shape' },
    h('legend', {}, kit('shape')),
    [1, 2, 3, 4].map((n, i) => numberField(slug, `d${i}`, kit(`size${n}`), response, actions)),
  );

/** Whether the four typed sizes are `shape`: one part per size. */
export const shapeParts = (response, shape, names, kit) =>
  shape.map((size, i) =>
    part(
      `d${i}`,
      kit('sizePart', { n: i + 1, name: names[i] }),
      same(readNumber(response[`d${i}`]), size),
      response[`d${i}`],
      size,
    ),
  );

/** "(2, 6, 2, 3)" */
export const shapeText = (shape) => `(${shape.join(', ')})`;
