// The transpose exercise's task: B, T, d_out and h, and the shape the core gives the query heads
// (its queryHeads stage, after view and transpose(1, 2)); the check of the four sizes typed.
import { shapeSizes, shapeParts, shapeText } from '../kit/shapes.mjs';
import { verdict } from '../kit/answer.mjs';

export function makeTask(core, page, variant) {
  return { variant, ...shapeSizes(core, page, variant) };
}

export function check(task, response) {
  const { h, dh, view, heads } = task;
  return verdict(
    shapeParts(response, heads, ['B', 'h', 'T', 'd_h']),
    `transpose(1, 2) swaps dimensions 1 and 2 (counting from 0): the tokens and the heads. ` +
      `(B, T, h, d_h) = ${shapeText(view)} becomes (B, h, T, d_h) = ${shapeText(heads)}. Now ` +
      `each of the ${h} heads holds a (T, d_h) matrix of its own, so one batched matmul ` +
      `queries @ keys.transpose(2, 3) computes every head's T × T scores at once (d_h = ${dh}).`,
  );
}
