// One exercise alone, for embed.html?exercise=<slug> and <attention-lab exercise="<slug>">: the
// sentence and settings of the address or the attributes computed once, then the exercise's
// harness with only its title around it. Each Check calls onResult({ slug, correct, attempts,
// settings }), which the iframe page posts to its parent and the element dispatches as an event.
import { compute } from '../compute.mjs';
import { DEFAULT_SETTINGS } from '../state/settings.mjs';
import { EXERCISES, findExercise } from './index.mjs';
import { runExercise, englishOf } from './harness.mjs';
import { exerciseWords } from './kit/english.mjs';

// A message in place of the exercise (the root keeps nothing else).
function say(root, text) {
  const p = root.ownerDocument.createElement('p');
  p.className = 'msg lab-error';
  p.setAttribute('role', 'alert');
  p.textContent = text;
  root.replaceChildren(p);
}

/**
 * Mounts the exercise `slug` into `root`. options: { createLab, slug, settings (partial: the
 * page's defaults fill in), labParams ({ "<slug>.variant": "2" }), onResult(detail),
 * onVariant(n) (New numbers: the host may write it to its address), strings (the interface's
 * words, strings/index.mjs) }. Resolves once drawn with
 * { destroy(), settings (all of them), result (the page's pass, null when there is none) }; an
 * unknown slug or settings the core refuses are said in the root instead.
 */
export async function mountExercise(root, options) {
  const { createLab, slug, settings = {}, labParams = {}, onResult, onVariant, strings } = options;
  const spec = findExercise(slug);
  const all = { ...DEFAULT_SETTINGS, ...settings };
  const none = { destroy() {}, settings: all, result: null };
  // The title and the shared words in the mount's language (the exercise's own load with it).
  const t = exerciseWords(strings, spec?.slug ?? '', spec ? englishOf(spec, {}) : {});
  if (!spec) {
    const known = EXERCISES.map((e) => e.slug).join(', ');
    say(root, t.kit('noSuch', { slug, known }));
    return none;
  }
  const lab = await createLab();
  let result;
  try {
    result = compute(lab, all);
  } catch (err) {
    say(root, t.kit('cannotStart', { message: err.message }));
    return none;
  }
  const doc = root.ownerDocument;
  const heading = doc.createElement('h2');
  heading.id = 'exercise-heading';
  heading.textContent = t('title');
  const body = doc.createElement('div');
  body.className = 'lab-body exercise-body';
  root.replaceChildren(heading, body);
  const run = runExercise(body, spec, {
    lab,
    page: () => ({ settings: all, result }),
    params: new URLSearchParams(Object.entries(labParams)),
    setParams: (patch) => onVariant?.(patch.variant),
    onResult,
    strings,
    // The links after a check name the step and the lab in the mount's words.
    stepTitle: (name) => strings?.[`step.${name}.title`] ?? name,
    labTitle: (name) => strings?.[`lab.${name}.title`] ?? name,
  });
  await run.ready;
  return { ...run, settings: all, result };
}
