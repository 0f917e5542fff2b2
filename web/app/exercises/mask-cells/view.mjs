// The mask exercise's page: the sentence's T × T grid of scores, to pick the hidden cells in.
import { h } from '../../render/h.mjs';
import { cellGrid } from '../kit/inputs.mjs';

export function view(task, { response, result }, actions) {
  const T = task.tokens.length;
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `The scores of “${task.tokens.join('').trim()}” form a ${T} × ${T} grid: one row per query, one column per key. `,
      'Click (or move with the arrow keys and press Space on) every cell the causal mask will set to −∞.',
    ),
    cellGrid({
      caption: 'Scores: pick the cells to hide',
      tokens: task.tokens,
      response,
      actions,
      shown: result ? new Set(task.hidden) : null,
    }),
  ];
}
