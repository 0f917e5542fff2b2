// The export lab's page: what the download holds, and a button per format. Writing the file is the
// click's work (the numbers were copied out by the compute).
import { h } from '../../render/h.mjs';
import { namedShape } from '../../ui/format.mjs';
import { toJson, toCsv, fileName, download } from '../../ui/export.mjs';
import { weightsNote } from '../kit/notes.mjs';

const button = (action, label, save) =>
  h('button', { type: 'button', dataset: { action }, onclick: save }, label);

export function view(
  { trained, settings, file, stages, data },
  params,
  actions,
  error,
  progress,
  t,
) {
  const save = (ext, type, text) =>
    download(new Blob([text], { type }), fileName('all-stages', file, ext));
  return h(
    'div',
    { class: 'lab-export' },
    weightsNote(t, trained),
    h('p', {}, t('intro', { sentence: settings.sentence, n: stages.length })),
    h(
      'div',
      { class: 'export-row' },
      button('export-all-json', t('json'), () => save('json', 'application/json', toJson(data))),
      button('export-all-csv', t('csv'), () => save('csv', 'text/csv', toCsv(data))),
    ),
    h(
      'ul',
      { class: 'export-list' },
      stages.map(({ name, pass, shape, dims }) =>
        h(
          'li',
          {},
          h('code', { class: 'trace-name' }, name),
          ` ${namedShape(dims, shape)}`,
          pass === 'training' ? t('preview') : '',
        ),
      ),
    ),
  );
}
