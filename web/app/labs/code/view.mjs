// The code lab's page: a table of the steps with their trace stage and PyTorch lines, and the
// snippet's copy button.
import { h } from '../../render/h.mjs';
import { copyBox } from '../kit/copy.mjs';

// A step's name in the mount's words (the page's catalogue: "step.<slug>.title").
const row = (t) => (step, index) =>
  h(
    'tr',
    { dataset: { step: step.slug } },
    h('th', { scope: 'row' }, `${index + 1}. ${t.page[`step.${step.slug}.title`] ?? step.title}`),
    h('td', {}, h('code', { class: 'trace-name' }, step.stage)),
    h(
      'td',
      {},
      step.groups.map((g) =>
        h(
          'pre',
          {},
          h('code', { class: 'language-python' }, [`# ${g.where}`, ...g.lines].join('\n')),
        ),
      ),
      step.note ? h('p', { class: 'code-note' }, step.note) : null,
    ),
  );

const snippetPart = (snippet, t) =>
  snippet === null
    ? h('p', { class: 'weights-note', dataset: { weightsNote: 'random' } }, t('snippet.random'))
    : [h('p', {}, t('snippet.intro')), copyBox(t, snippet)];

export function view({ className, trained, steps, snippet }, params, actions, error, progress, t) {
  return h(
    'div',
    { class: 'lab-code' },
    h('p', {}, t('runs', { name: className }), t(trained ? 'trained' : 'random')),
    h(
      'table',
      { class: 'code-table' },
      h('caption', {}, t('caption', { name: className })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('step')),
          h('th', { scope: 'col' }, t('stage')),
          h('th', { scope: 'col' }, t('pytorch')),
        ),
      ),
      h('tbody', {}, steps.map(row(t))),
    ),
    snippetPart(snippet, t),
  );
}
