// The view exercise's task: B, T, d_out and h, and the shape the core gives the queries after
// view (its queryView stage); the check of the four sizes typed.
import { shapeSizes, shapeParts, shapeText } from '../kit/shapes.mjs';
import { verdict } from '../kit/answer.mjs';

export function makeTask(core, page, variant) {
  return { variant, ...shapeSizes(core, page, variant) };
}

export function check(task, response) {
  const { B, T, dOut, h, dh, view } = task;
  return verdict(
    shapeParts(response, view, ['B', 'T', 'h', 'd_h']),
    `view keeps the numbers in their order and reads them with a new shape: the last size, ` +
      `d_out = ${dOut}, is cut into h = ${h} heads of d_h = d_out / h = ${dOut} / ${h} = ${dh}. ` +
      `So (B, T, d_out) = ${shapeText([B, T, dOut])} becomes (B, T, h, d_h) = ${shapeText(view)}: ` +
      'still one row per token, now split by head.',
  );
}
