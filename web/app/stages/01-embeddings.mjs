// Step 1: tokens → embeddings (B,T,d_in).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { h } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { trainedEmbeddings } from '../ui/trained-notes.mjs';

export const slug = 'embeddings';
export const title = EN['step.embeddings.title'];
export const short = EN['step.embeddings.short'];
export const traceStages = ['inputs'];
export const main = () => 'inputs';

export function explain(ctx) {
  const { sizes, source } = ctx.result;
  return [
    h(
      'p',
      {},
      'The network cannot compute with words, so each token is looked up in a table and replaced by its embedding, a list of numbers: one row per token, one column per number.',
    ),
    source === 'trained'
      ? trainedEmbeddings(ctx)
      : source === 'own'
        ? h(
            'p',
            {},
            'These are the vectors this page passed in, row by row, as its own model sees them.',
          )
        : source === 'lecture'
          ? h(
              'p',
              {},
              'These are the very vectors of the lecture notebook for “Your journey starts with one step”.',
            )
          : h(
              'p',
              {},
              'A trained model learns these vectors. Here each token id gets a fixed pseudo-random vector drawn from the seed, so the same token always gets the same row.',
            ),
    h(
      'p',
      {},
      sizes.B > 1
        ? `The batch holds the sentence ${sizes.B} times (B = ${sizes.B}), as the lecture does: every sequence of a batch is processed on its own, so all copies give the same numbers unless dropout is on.`
        : 'The batch holds one sequence (B = 1).',
    ),
  ];
}

export function render(ctx) {
  const S = wordsOf(ctx);
  return tensorFigure(ctx, 'inputs', {
    label: S['map.embeddings'],
    columns: 'features',
    corner: S['axis.token'],
  });
}
