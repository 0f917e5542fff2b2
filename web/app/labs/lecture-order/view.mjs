// The lecture-order lab's page: one section per class, what it changed, the call that computed
// it, and the tensors the notebook printed, to its 4 decimals.
import { h, m } from '../../render/h.mjs';
import { tokenLabel } from '../../ui/format.mjs';
import { numberTable } from '../kit/table.mjs';
import { weightsNote } from '../kit/notes.mjs';

// A printed tensor's caption: its key's words, with its own seed when it has one.
function caption(one, t) {
  const text = t(
    one.key === 'context' && one.batched ? 'caption.contextBatch' : `caption.${one.key}`,
  );
  return one.seed === null ? text : t('caption.seed', { caption: text, seed: one.seed });
}

function table(one, t) {
  const labels = one.tokens.map(tokenLabel);
  const output = one.columns !== null;
  return [
    numberTable({
      caption: caption(one, t),
      name: one.name,
      rowLabels: one.rowIndices.map((r) => labels[r]),
      colLabels: output ? [...Array(one.columns).keys()].map((c) => `${c + 1}`) : labels,
      rows: one.rows,
      corner: t(output ? 'corner.token' : 'corner.queryKey'),
      cellClass: (v) => (v === 0 && one.masked ? 'masked' : ''),
    }),
    one.batchGap === null ? null : h('p', { class: 'help' }, t('batchGap', { gap: one.batchGap })),
  ];
}

const section = (t) => (cls, index) =>
  h(
    'section',
    { class: 'lab-class', dataset: { module: cls.module } },
    h('h3', {}, `${index + 1}. `, h('code', {}, cls.name ?? t(`name.${cls.module}`))),
    h(
      'p',
      { class: 'lab-changed' },
      h('strong', {}, t(index ? 'whatChanged' : 'start')),
      t(`changed.${cls.module}`),
    ),
    h('p', { class: 'help' }, t('computedBy', { call: m(cls.call) })),
    h(
      'div',
      { class: 'lab-tables' },
      cls.tables.map((one) => table(one, t)),
    ),
  );

export function view({ trained, sentence, classes }, params, actions, error, progress, t) {
  return [
    weightsNote(t, trained, t('subject')),
    h('p', {}, t('intro', { sentence })),
    classes.map(section(t)),
  ];
}
