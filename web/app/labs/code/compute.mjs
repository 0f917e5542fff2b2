// The code lab's data: each step's trace stage and PyTorch lines for the page's class, and the
// snippet that reproduces the page's pass (offered with the random weights only: it rebuilds the
// module from its seed, not from a trained state_dict).
import { STEPS } from '../../stages/index.mjs';
import { MODULE_CLASSES } from '../../../lib/present.mjs';
import { stepCode } from '../../../lib/pytorch.mjs';
import { pageSnippet } from '../kit/page.mjs';

/** { className, trained, steps: [{ slug, title, stage, groups, note }], snippet | null }. */
export function compute(core, page) {
  const { settings } = page;
  return {
    className: MODULE_CLASSES[settings.module],
    trained: page.trained,
    steps: STEPS.map((step) => ({
      slug: step.slug,
      title: step.title,
      stage: step.main(settings),
      ...stepCode(step.slug, settings),
    })),
    snippet: page.trained ? null : pageSnippet(page, 'every step'),
  };
}
