// Lab 9, "The code": every step of the stepper beside the line(s) of the lecture's PyTorch that
// compute it, for the class the page runs (MultiHeadAttention, the wrapper or CausalAttention),
// and one "copy as PyTorch" for the whole pass: a runnable snippet that prints every stage on the
// page with its numbers (web/lib/pytorch.mjs builds it from the page's settings and vectors).
import { STEPS } from '../stages/index.mjs';
import { MODULE_CLASSES } from '../../lib/present.mjs';
import { stepCode } from '../../lib/pytorch.mjs';
import { allStages, copyButton, snippetFor } from '../ui/code.mjs';
import { replace } from '../ui/dom.mjs';

export const slug = 'code';
export const title = 'The code behind each step';
export const stage = null;
export const summary =
  'Every step beside the lecture’s PyTorch lines that compute it, and a snippet that reproduces the page’s numbers in PyTorch.';

function row(h, step, index, settings) {
  const { groups, note } = stepCode(step.slug, settings);
  return h(
    'tr',
    { dataset: { step: step.slug } },
    h('th', { scope: 'row' }, `${index + 1}. ${step.title}`),
    h('td', {}, h('code', { class: 'trace-name' }, step.main(settings))),
    h(
      'td',
      {},
      groups.map((g) =>
        h(
          'pre',
          {},
          h('code', { class: 'language-python' }, [`# ${g.where}`, ...g.lines].join('\n')),
        ),
      ),
      note ? h('p', { class: 'code-note' }, note) : null,
    ),
  );
}

export function mount(root, ctx) {
  const { h } = ctx;
  const body = h('div', { class: 'lab-code' });
  root.append(body);

  function render() {
    const { result } = ctx.page();
    if (!result) return;
    // The settings of what the page computed: with the trained weights, the trained block's.
    const { settings } = result;
    replace(
      body,
      h(
        'p',
        {},
        `The page runs ${MODULE_CLASSES[settings.module]}; these are its lines, as the chapter’s notebook writes them. `,
        result.trained
          ? 'With the trained weights the block is MultiHeadAttention; the module setting applies to the random weights.'
          : 'Change the module in the settings to see another class’s lines.',
      ),
      h(
        'table',
        { class: 'code-table' },
        h('caption', {}, `Each step and its PyTorch (${MODULE_CLASSES[settings.module]})`),
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
        h(
          'tbody',
          {},
          STEPS.map((step, i) => row(h, step, i, settings)),
        ),
      ),
      // The snippet rebuilds the module from its seed, not the trained state_dict (see ui/code.mjs).
      result.trained
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
            copyButton(() => snippetFor(result, allStages(result), 'every step')),
          ],
    );
  }

  render();
  return { update: render, destroy: () => body.remove() };
}
