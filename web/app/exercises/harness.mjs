// The harness every exercise runs on: predict, then check. An exercise is a folder: index.mjs
// (slug, title, stage — the step that shows the idea —, lab (optional: the lab that shows it
// too), idea (one line), load() → the imports of its task, view and words), task.mjs
// (makeTask(core, page, variant, t) → plain data: the prompt's numbers and the expected answer,
// computed by the core for the page's sentence and settings or a seeded variant of them;
// check(task, response, observed, t) → { correct, parts, explanation }; optionally observe(core,
// task) → what Check measures first, such as a timing), view.mjs (view(task, state, actions, t) →
// plain nodes: the prompt and the inputs; it never calls the core) and words.mjs (its English
// words, which t looks up in the mount's language: strings/words.mjs; t.kit has the words every
// exercise shares, kit/words.mjs). The harness draws the rest: the Check button,
// the feedback in a polite live region, the link to the step or lab, New numbers and the count of
// attempts. The variant goes to the address through the page's callback (`<slug>.variant=N`).
import { h } from '../render/h.mjs';
import { paintChildren } from '../labs/kit/paint.mjs';
import { readPage } from '../labs/kit/page.mjs';
import { readVariant } from './kit/variant.mjs';
import { exerciseWords } from './kit/english.mjs';

export { readVariant };

/** Whether an error is a message the student can act on (the core's or the page's). */
export const isInputError = (err) => err?.name === 'AttentionLabError' || err?.name === 'PageError';

/** The feedback of a check as nodes: right or not, each part, and why; kit: t.kit's words. */
export function feedbackNodes(result, kit = exerciseWords(null, '', {}).kit) {
  if (!result) return [];
  return [
    h(
      'p',
      { class: `exercise-verdict ${result.correct ? 'right' : 'wrong'}` },
      kit(result.correct ? 'right' : 'wrong'),
    ),
    h(
      'ul',
      { class: 'exercise-parts' },
      result.parts.map((p) =>
        h(
          'li',
          { class: p.correct ? 'right' : 'wrong', dataset: { part: p.name } },
          `${p.correct ? '✓' : '✗'} `,
          kit('said', { label: p.label, said: p.said === '' ? kit('nothing') : p.said }),
          p.correct ? '' : kit('computes', { expected: p.expected }),
          '.',
        ),
      ),
    ),
    h('p', { class: 'exercise-why' }, result.explanation),
  ];
}

// Where to see the idea: the step, and the lab when there is one.
function nextLinks(spec, ctx, kit) {
  const links = [];
  if (spec.stage) links.push(['step', spec.stage, ctx.stepTitle?.(spec.stage) ?? spec.stage]);
  if (spec.lab) links.push(['lab', spec.lab, ctx.labTitle?.(spec.lab) ?? spec.lab]);
  return h(
    'p',
    { class: 'exercise-next' },
    kit('seeIt'),
    links.map(([kind, slug, text], i) => [
      i ? ' · ' : '',
      h(
        'a',
        {
          href: ctx.href?.({ [kind]: slug }) ?? `?${kind}=${encodeURIComponent(slug)}`,
          dataset: { exerciseLink: kind },
          onclick: (e) => ctx.go?.(e, { [kind]: slug }),
        },
        kit(kind === 'step' ? 'stepLink' : 'labLink', { title: text }),
      ),
    ]),
  );
}

function controls(s, actions, kit) {
  return h(
    'div',
    { class: 'exercise-actions' },
    h(
      'button',
      { type: 'button', class: 'exercise-check', disabled: s.busy, onclick: actions.check },
      kit('check'),
    ),
    h(
      'button',
      { type: 'button', class: 'exercise-new', disabled: s.busy, onclick: actions.newNumbers },
      kit('newNumbers'),
    ),
    h(
      'span',
      { class: 'exercise-attempts', dataset: { attempts: s.attempts } },
      s.attempts === 1 ? kit('attempt') : kit('attempts', { n: s.attempts }),
      s.solved ? kit('solved') : '',
    ),
  );
}

// The author's keys under the exercise's prefix or the kit's that no English word has, said once
// the exercise loaded, so that a misspelt key is found rather than silently ignored.
function unknownWords(t) {
  const keys = t ? [...t.unknown, ...t.kit.unknown] : [];
  if (!keys.length) return null;
  return h(
    'p',
    { class: 'msg exercise-words', role: 'status' },
    t.kit('unknownWords', { keys: keys.join(', ') }),
  );
}

/** The exercise's nodes around the view's: the root with data-exercise. */
function frame(spec, ctx, s, actions) {
  const t = s.modules?.t;
  const kit = s.words.kit;
  const feedback = s.status ? [h('p', {}, s.status)] : feedbackNodes(s.result, kit);
  return h(
    'div',
    { class: 'exercise', dataset: { exercise: spec.slug, variant: s.variant } },
    h('p', { class: 'exercise-idea' }, s.words('idea')),
    unknownWords(t),
    h('p', { class: 'msg exercise-error', role: 'alert' }, s.error ?? ''),
    s.task ? s.modules.view(s.task, { response: s.response, result: s.result }, actions, t) : [],
    controls(s, actions, kit),
    h('div', { class: 'exercise-feedback', 'aria-live': 'polite', role: 'status' }, feedback),
    s.result ? nextLinks(spec, ctx, kit) : null,
  );
}

/** An exercise's English words: its title, idea and short name (index.mjs) and its words.mjs. */
export const englishOf = (spec, words) => ({
  title: spec.title,
  idea: spec.idea,
  short: spec.short,
  ...words,
});

// The exercise's task, view and words modules, and the tokenizer: variants embed sentences of
// their own. t: the exercise's words in the mount's language, its title and idea among them.
async function load(spec, core, strings) {
  const [[task, { view }, words]] = await Promise.all([
    Promise.all(spec.load()),
    core.loadTokenizer(),
  ]);
  const t = exerciseWords(strings, spec.slug, englishOf(spec, words?.default));
  return { makeTask: task.makeTask, check: task.check, observe: task.observe, view, t };
}

/**
 * Runs the exercise `spec` in `body`. ctx: { lab (the core), page() → { settings, result },
 * params (URLSearchParams: "<slug>.variant"), setParams(patch) (the page's: writes the address),
 * progress (optional: { attempts, solved } so far), onResult(detail) (after each check: { slug,
 * correct, attempts, settings }), href/go/stepTitle/labTitle (optional: the links to the step
 * and lab), strings (the mount's words: strings/index.mjs) }. Returns { update() (the page's result changed), destroy(), ready (a promise) }.
 */
export function runExercise(body, spec, ctx, { paint: put = paintChildren } = {}) {
  const s = {
    variant: readVariant(ctx.params?.get(`${spec.slug}.variant`) ?? null),
    modules: null,
    task: null,
    response: {},
    result: null,
    error: null,
    status: '',
    busy: false,
    attempts: ctx.progress?.attempts ?? 0,
    solved: Boolean(ctx.progress?.solved),
    // The title, idea and shared words, before the exercise's own have loaded (or if they fail).
    words: exerciseWords(ctx.strings, spec.slug, englishOf(spec, {})),
  };
  let destroyed = false;
  body.dataset.exercise = spec.slug;

  const paint = () => destroyed || put(body, [frame(spec, ctx, s, actions)]);

  function makeTask() {
    const page = readPage(ctx.page());
    if (!page) return;
    try {
      s.task = s.modules.makeTask(ctx.lab, page, s.variant, s.modules.t);
      s.error = null;
    } catch (err) {
      if (!isInputError(err)) console.error(err);
      s.error = s.words.kit('cannotSet', { message: err.message });
      s.task = null;
    }
    s.response = {};
    s.result = null;
  }

  async function check() {
    if (!s.task || s.busy) return;
    s.busy = true;
    try {
      let observed;
      if (s.modules.observe) {
        s.status = s.words.kit('measuring');
        paint();
        await new Promise((resolve) => setTimeout(resolve, 0)); // the status paints first
        observed = s.modules.observe(ctx.lab, s.task);
      }
      s.result = s.modules.check(s.task, s.response, observed, s.modules.t);
      s.attempts += 1;
      s.solved ||= s.result.correct;
      const detail = {
        slug: spec.slug,
        correct: s.result.correct,
        attempts: s.attempts,
        settings: s.task.settings,
      };
      ctx.onResult?.(detail);
    } catch (err) {
      if (!isInputError(err)) console.error(err);
      s.error = s.words.kit('checkFailed', { message: err.message });
    } finally {
      s.busy = false;
      s.status = '';
    }
    paint();
  }

  const actions = {
    /** The student changed part `name` of the answer; `quiet`: no repaint (a field typed into). */
    respond(name, value, { quiet = false } = {}) {
      s.response = { ...s.response, [name]: value };
      if (!quiet) paint();
    },
    check,
    /** The next seeded variant: other numbers to try again with. */
    newNumbers() {
      s.variant += 1;
      ctx.setParams?.({ variant: s.variant });
      makeTask();
      paint();
    },
  };

  const ready = (async () => {
    try {
      s.modules = await load(spec, ctx.lab, ctx.strings);
      makeTask();
    } catch (err) {
      console.error(err);
      s.error = s.words.kit('loadFailed', { message: err.message });
    }
    paint();
  })();

  return {
    ready,
    actions,
    update() {
      if (!s.modules) return;
      // A new result of the same numbers (another step read more of the pass) keeps the answer.
      const { task, response, result } = s;
      makeTask();
      if (JSON.stringify(s.task) === JSON.stringify(task)) Object.assign(s, { response, result });
      paint();
    },
    destroy() {
      destroyed = true;
    },
  };
}
