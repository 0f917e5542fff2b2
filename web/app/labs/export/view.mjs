// The export lab's page: what the download holds, and a button per format. Writing the file is the
// click's work (the numbers were copied out by the compute).
import { h } from '../../render/h.mjs';
import { namedShape } from '../../ui/format.mjs';
import { toJson, toCsv, fileName, download } from '../../ui/export.mjs';
import { weightsNote } from '../kit/notes.mjs';

const button = (action, label, save) =>
  h('button', { type: 'button', dataset: { action }, onclick: save }, label);

export function view({ trained, settings, file, stages, data }) {
  const save = (ext, type, text) =>
    download(new Blob([text], { type }), fileName('all-stages', file, ext));
  return h(
    'div',
    { class: 'lab-export' },
    weightsNote(trained),
    h(
      'p',
      {},
      `The page’s pass for “${settings.sentence}”: ${stages.length} tensors, every number as the core computed it (float32, written so that it reads back as the same float32). Each step’s own downloads, and its maps as PNG or SVG, are under its explanation.`,
    ),
    h(
      'div',
      { class: 'export-row' },
      button('export-all-json', 'Every stage as JSON', () =>
        save('json', 'application/json', toJson(data)),
      ),
      button('export-all-csv', 'Every stage as CSV', () => save('csv', 'text/csv', toCsv(data))),
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
          pass === 'training' ? ' (the dropout step’s training-mode preview)' : '',
        ),
      ),
    ),
  );
}
