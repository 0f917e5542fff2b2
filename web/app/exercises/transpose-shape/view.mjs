// The transpose exercise's page: the sizes and the viewed shape, and four fields for the result.
import { h, m } from '../../render/h.mjs';
import { shapeFields, shapeText } from '../kit/shapes.mjs';

export function view(task, { response }, actions) {
  const { B, T, dOut, h: heads } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `B = ${B}, T = ${T}, d_out = ${dOut}, h = ${heads}. After view the queries have the shape (B, T, h, d_h) = ${shapeText(task.view)}. What is the shape of `,
      m('queries.transpose(1, 2)'),
      '?',
    ),
    shapeFields('transpose-shape', response, actions),
  ];
}
