// Step 1: tokens → embeddings (B,T,d_in).
import EN from '../strings/en.mjs';
import { wordsOf } from '../strings/index.mjs';
import { explainWords } from './words.mjs';
import { h } from '../ui/dom.mjs';
import { tensorFigure } from '../ui/tensor.mjs';
import { trainedEmbeddings } from '../ui/trained-notes.mjs';

export const slug = 'embeddings';
export const title = EN['step.embeddings.title'];
export const short = EN['step.embeddings.short'];
export const traceStages = ['inputs'];
export const main = () => 'inputs';

const SOURCES = { own: 'embeddings.own', lecture: 'embeddings.lecture' };

export function explain(ctx) {
  const { sizes, source } = ctx.result;
  const t = explainWords(ctx);
  return [
    h('p', {}, t('embeddings.lookup')),
    source === 'trained'
      ? trainedEmbeddings(ctx)
      : h('p', {}, t(SOURCES[source] ?? 'embeddings.seeded')),
    h('p', {}, sizes.B > 1 ? t('embeddings.batch', { B: sizes.B }) : t('embeddings.one')),
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
