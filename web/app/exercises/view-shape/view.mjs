// The view exercise's page: the sizes, and four fields for the shape.
import { h, m } from '../../render/h.mjs';
import { shapeFields } from '../kit/shapes.mjs';

export function view(task, { response }, actions) {
  const { B, T, dOut, h: heads } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `B = ${B} sentences of T = ${T} tokens, d_out = ${dOut}, h = ${heads} heads. The queries have the shape (B, T, d_out) = (${B}, ${T}, ${dOut}). What is the shape of `,
      m('queries.view(B, T, h, d_h)'),
      '?',
    ),
    shapeFields('view-shape', response, actions),
  ];
}
