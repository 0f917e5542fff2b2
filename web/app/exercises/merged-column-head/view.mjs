// The merge exercise's page: the merged tensor's sizes and the column asked, then two questions.
import { h } from '../../render/h.mjs';
import { numberField, choiceField } from '../kit/inputs.mjs';
import { IDENTITY } from './task.mjs';

export function view(task, { response }, actions) {
  const { column, D, h: heads, dh } = task;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `${heads} heads of d_h = ${dh} are merged into a tensor of d_out = ${D} columns (B, T, ${D}). Column ${column + 1} (counting from 1): which head’s context vectors fill it?`,
    ),
    numberField(
      'merged-column-head',
      'head',
      `The head of column ${column + 1} (1 to ${heads})`,
      response,
      actions,
    ),
    choiceField(
      'merged-column-head',
      'identity',
      'If the output projection were W_o = identity (bias 0), the output would be…',
      IDENTITY,
      response,
      actions,
    ),
  ];
}
