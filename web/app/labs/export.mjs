// Lab 10, "Export": every stage of the page's pass in one download, as JSON (each tensor with its
// shape, named dimensions and the settings that produced it) or as CSV (one row per number). The
// numbers are the trace's float32 values as written by ui/export.mjs; one map at a time, as PNG or
// SVG, is on each step's panel ("Download this step").
import { namedShape } from '../ui/format.mjs';
import { allStages } from '../ui/code.mjs';
import { exportData, toJson, toCsv, fileName, download } from '../ui/export.mjs';
import { trainedNote } from './page.mjs';

export const slug = 'export';
export const title = 'Export every stage';
export const stage = null;
export const summary =
  'Download every stage of the page’s pass as JSON or CSV, with shapes and settings (each map as PNG or SVG from its step).';

export function mount(root, ctx) {
  const { h } = ctx;
  const body = h('div', { class: 'lab-export' });
  root.append(body);
  const dims = new Map(ctx.lab.stages.map((s) => [s.name, s.dims]));

  const data = () => {
    const { result } = ctx.page();
    return exportData({
      what: 'all-stages',
      title: 'every stage',
      result,
      shown: allStages(result),
      dims: (name) => dims.get(name),
    });
  };
  const save = (ext, type, text) =>
    download(new Blob([text], { type }), fileName('all-stages', ctx.page().settings, ext));

  function render() {
    const { result } = ctx.page();
    if (!result) return;
    const shown = allStages(result);
    body.replaceChildren(
      trainedNote(h, Boolean(result.trained)) ?? '',
      h(
        'p',
        {},
        `The page’s pass for “${result.settings.sentence}”: ${shown.length} tensors, every number as the core computed it (float32, written so that it reads back as the same float32). Each step’s own downloads, and its maps as PNG or SVG, are under its explanation.`,
      ),
      h(
        'div',
        { class: 'export-row' },
        h(
          'button',
          {
            type: 'button',
            dataset: { action: 'export-all-json' },
            onclick: () => save('json', 'application/json', toJson(data())),
          },
          'Every stage as JSON',
        ),
        h(
          'button',
          {
            type: 'button',
            dataset: { action: 'export-all-csv' },
            onclick: () => save('csv', 'text/csv', toCsv(data())),
          },
          'Every stage as CSV',
        ),
      ),
      h(
        'ul',
        { class: 'export-list' },
        shown.map(({ name, pass }) => {
          const tensor = (pass === 'training' ? result.trainingPreview : result).trace[name];
          return h(
            'li',
            {},
            h('code', { class: 'trace-name' }, name),
            ` ${namedShape(dims.get(name), tensor.shape)}`,
            pass === 'training' ? ' (the dropout step’s training-mode preview)' : '',
          );
        }),
      ),
    );
  }

  render();
  return { update: render, destroy: () => body.remove() };
}
