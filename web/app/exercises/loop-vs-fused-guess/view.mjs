// The loop-vs-fused exercise's page: what will be timed, and two choices.
import { h } from '../../render/h.mjs';
import { choiceField } from '../kit/inputs.mjs';
import { FACTORS, WINNERS } from './task.mjs';

export function view(task, { response }, actions) {
  return [
    h(
      'p',
      { class: 'exercise-prompt' },
      `The lecture’s experiment with ${task.heads.toLocaleString('en-US')} heads of size ${task.headSize}, ${task.tokens} tokens, a batch of ${task.batch}: the same attention computed by a loop over per-head modules, and by one weight-split (fused) matmul. Guess first; Check then times both in your browser.`,
    ),
    choiceField(
      'loop-vs-fused-guess',
      'winner',
      'Which form is faster?',
      WINNERS,
      response,
      actions,
    ),
    choiceField('loop-vs-fused-guess', 'factor', 'By about how much?', FACTORS, response, actions),
  ];
}
