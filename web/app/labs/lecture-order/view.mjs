// The lecture-order lab's page: one section per class, what it changed, the call that computed
// it, and the tensors the notebook printed, to its 4 decimals.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { weightsNote } from '../kit/notes.mjs';

function table(t) {
  const labels = t.tokens.map(tokenLabel);
  const output = t.columns !== null;
  return [
    numberTable({
      caption: t.caption,
      name: t.name,
      rowLabels: t.rowIndices.map((r) => labels[r]),
      colLabels: output ? [...Array(t.columns).keys()].map((c) => `${c + 1}`) : labels,
      rows: t.rows,
      corner: output ? 'token ↓' : 'query ↓ key →',
      cellClass: (v) => (v === 0 && t.masked ? 'masked' : ''),
    }),
    t.batchGap === null
      ? null
      : h(
          'p',
          { class: 'help' },
          `The second copy of the sentence in the batch gets the same rows (largest difference ${t.batchGap}).`,
        ),
  ];
}

function section(cls, index) {
  return h(
    'section',
    { class: 'lab-class', dataset: { module: cls.module } },
    h('h3', {}, `${index + 1}. `, h('code', {}, cls.name)),
    h(
      'p',
      { class: 'lab-changed' },
      h('strong', {}, index ? 'What changed: ' : 'Start: '),
      cls.changed,
    ),
    h('p', { class: 'help' }, 'Computed by ', m(cls.call), '.'),
    h('div', { class: 'lab-tables' }, cls.tables.map(table)),
  );
}

export function view({ trained, sentence, classes }) {
  return [
    weightsNote(trained, 'the lecture’s classes on the notebook’s own inputs'),
    h(
      'p',
      {},
      'The lecture builds self-attention up one class at a time. Each block below runs one class on the notebook’s sentence “',
      sentence,
      '” with its own six 3-number vectors and the seed the notebook used, and shows what the notebook printed, to its 4 decimals. Each step changes one idea; the line above the numbers says which.',
    ),
    classes.map(section),
  ];
}
