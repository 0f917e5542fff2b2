// embed.html?exercise=<slug>: one exercise alone in an iframe. Each Check is posted to the parent
// page as { type: 'attention-lab:exercise-result', slug, correct, attempts, settings }, so that a
// course page can record it (docs/EMBEDDING.md); the message holds nothing but these, so it is
// posted to any parent origin. New numbers writes the variant to the frame's own address.
import { stateUrl, patchLabParams, parseUrl } from './state/url.mjs';
import { mountExercise } from './exercises/alone.mjs';

/** The type of the message posted to the parent after each Check. */
export const RESULT_MESSAGE = 'attention-lab:exercise-result';

/** Whether the address (a query string) asks for one exercise. */
export const asksForExercise = (search) => parseUrl(search).view.exercise !== '';

/**
 * Mounts the exercise of initialState.view.exercise into `root`, taking mountAttentionLab's
 * options (createLab, initialState, and strings: the interface's words; the others do not apply
 * to an exercise). Returns { ready,
 * lab } like it; "Open the full page" (#open-full) gets the full page with the exercise open.
 */
export function mountEmbeddedExercise(root, { createLab, initialState, strings }) {
  const { settings, view, labParams } = initialState;
  const slug = view.exercise;
  const link = root.ownerDocument.querySelector('#open-full');
  let own = labParams;
  const address = () => stateUrl({ settings, view, labParams: own });
  link?.setAttribute('href', `./${address()}`);
  const handle = { lab: null, ready: null };
  handle.ready = mountExercise(root, {
    createLab: async () => (handle.lab = await createLab()),
    strings,
    slug,
    settings,
    labParams,
    onResult(detail) {
      if (window.parent !== window)
        window.parent.postMessage({ type: RESULT_MESSAGE, ...detail }, '*');
    },
    onVariant(variant) {
      own = patchLabParams(own, slug, { variant });
      history.replaceState(null, '', `${address()}${location.hash}`);
      link?.setAttribute('href', `./${address()}`);
    },
  }).then(() => {
    document.documentElement.dataset.ready = 'true';
    return handle;
  });
  return handle;
}
