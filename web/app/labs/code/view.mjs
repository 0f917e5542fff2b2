// The code lab's page: a table of the steps with their trace stage and PyTorch lines, and the
// snippet's copy button.
import { h } from '../../render/h.mjs';
import { copyBox } from '../kit/copy.mjs';

const row = (step, index) =>
  h(
    'tr',
    { dataset: { step: step.slug } },
    h('th', { scope: 'row' }, `${index + 1}. ${step.title}`),
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

const snippetPart = (snippet) =>
  snippet === null
    ? h(
        'p',
        { class: 'weights-note', dataset: { weightsNote: 'random' } },
        'The snippet that reproduces the page’s numbers in PyTorch rebuilds the lecture’s seeded random weights, so it is offered with the random weights only.',
      )
    : [
        h(
          'p',
          {},
          'The snippet builds the same module with the same seed on the page’s input vectors and prints every stage: run it with Python and PyTorch and compare with the page.',
        ),
        copyBox(snippet),
      ];

export function view({ className, trained, steps, snippet }) {
  return h(
    'div',
    { class: 'lab-code' },
    h(
      'p',
      {},
      `The page runs ${className}; these are its lines, as the chapter’s notebook writes them. `,
      trained
        ? 'With the trained weights the block is MultiHeadAttention; the module setting applies to the random weights.'
        : 'Change the module in the settings to see another class’s lines.',
    ),
    h(
      'table',
      { class: 'code-table' },
      h('caption', {}, `Each step and its PyTorch (${className})`),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Step'),
          h('th', { scope: 'col' }, 'Trace stage'),
          h('th', { scope: 'col' }, 'PyTorch'),
        ),
      ),
      h('tbody', {}, steps.map(row)),
    ),
    snippetPart(snippet),
  );
}
