// The harness every lab runs on. A lab is a folder: index.mjs (slug, title, stage, summary, its
// params with defaults, load() → the imports of its compute, view and words, made when it opens),
// compute.mjs (compute(core, page, params, context) → plain data: the core's numbers, no DOM; it
// runs in Node), view.mjs (view(data, params, actions, error, progress, t) → plain nodes of
// render/h.mjs; it never calls the core) and words.mjs (its English words, which t looks up). The harness reads the lab's params from its URL keys
// ("<slug>.<key>"), runs its compute when the page's pass or the params change (a run overtaken by
// a newer one is aborted and its result dropped), and paints the view. A refused input (an
// AttentionLabError, a PageError) is shown in the panel beside the last good numbers; the params
// keep what the student asked for, and go to the URL only once they compute, through the one
// callback the page's controller gives (the harness never writes the address itself).
import { h } from '../render/h.mjs';
import { readPage } from './kit/page.mjs';
import { paintChildren } from './kit/paint.mjs';
import { translator, fill } from '../strings/words.mjs';
import { EN } from '../strings/index.mjs';

// The lab's compute, view and words modules, and the tokenizer: labs embed sentences of their own
// (the page's first sentences need none). t: the lab's words in the mount's language
// (strings/words.mjs), its title and summary among them; its words.mjs passes on the kit's too
// (`kit`), so that they load at once with the lab's.
async function load(spec, core, strings) {
  const [[{ compute }, { view }, words]] = await Promise.all([
    Promise.all(spec.load()),
    core.loadTokenizer(),
  ]);
  return { compute, view, t: labWords(spec, strings, words?.default, words?.kit) };
}

/**
 * A lab's t in the mount's words (`strings`, English when null): its own words (`words`: its
 * words.mjs, with index.mjs's title and summary) under "lab.<slug>.", and as t.kit the kit's
 * (`kitWords`: kit/words.mjs) under "lab.kit."; t.page: the mount's catalogue. t.unknown: the
 * author's keys under either prefix that neither has.
 */
export function labWords(spec, strings, words, kitWords) {
  const english = { title: spec.title, summary: spec.summary, ...words };
  const t = translator(strings, `lab.${spec.slug}.`, english);
  t.kit = translator(strings, 'lab.kit.', kitWords ?? {});
  t.page = strings ?? EN; // the page's own words (a step's name)
  t.unknown = [...t.unknown, ...t.kit.unknown];
  return t;
}

// The panel's own words (strings/en.mjs's "labs.*"), in the mount's catalogue.
const chrome = (strings, key, params) => fill((strings ?? EN)[key] ?? EN[key], params);

/** Whether an error is a message the student can act on (the core's or the page's). */
export const isInputError = (err) => err?.name === 'AttentionLabError' || err?.name === 'PageError';

/** A lab's params from its URL keys: { values, errors } (a value that does not read keeps the default). */
export function readParams(spec, search) {
  const values = {};
  const errors = [];
  for (const [key, param] of Object.entries(spec.params ?? {})) {
    const raw = param.url === false ? null : search.get(`${spec.slug}.${key}`);
    values[key] = param.default;
    if (raw === null) continue;
    try {
      values[key] = param.read ? param.read(raw) : readAs(param.default, raw);
    } catch (err) {
      // A read's message may be a key of the lab's words (err.words), said once they load.
      const words = err.words ?? null;
      errors.push({
        option: key,
        raw,
        words,
        message: `${spec.slug}.${key} = '${raw}': ${err.message}`,
      });
    }
  }
  return { values, errors };
}

const readAs = (fallback, raw) =>
  typeof fallback === 'number' ? (raw.trim() === '' ? NaN : Number(raw)) : raw;

/**
 * The URL patch for `values`: each key as text, or null (removed) when it holds its default; a
 * param with `url: false` (a request such as "run it") stays out of the address.
 */
export function writeParams(spec, values) {
  return Object.fromEntries(
    Object.entries(spec.params ?? {})
      .filter(([, param]) => param.url !== false)
      .map(([key, param]) => [
        key,
        Object.is(values[key], param.default) ? null : String(values[key]),
      ]),
  );
}

/**
 * Runs the lab `spec` in `body`. Its compute gets { signal (aborted when a newer run starts or the
 * lab closes), progress(text, partial?), cause ('page' or 'params'), previous (the last run's data,
 * to reuse what the change did not touch), keep (a Map for what it builds once while open) }.
 * ctx: { lab (the core), page() → { settings, result }, params (URLSearchParams of the address),
 * setParams(patch) (the controller's: the one writer of the URL), strings (the mount's words:
 * strings/index.mjs) }. The view and the compute get t, the lab's words (strings/words.mjs). `paint(body, nodes)` puts the
 * nodes on the page (a test hands in its own). Returns { update(), destroy() }.
 */
export function runLab(body, spec, ctx, { paint: put = paintChildren } = {}) {
  const read = readParams(spec, ctx.params);
  let params = read.values;
  // A value of the address that does not read (until the student sets that param again), and the
  // message of the last run when the core or the page refused it.
  let readError = read.errors[0] ?? null;
  let error = null; // { message, option }
  let progress = '';
  let modules = null;
  let last = null; // { data }: the last run that computed
  let running = null; // the AbortController of the run under way
  let destroyed = false;
  // What a compute builds once and reuses while the lab is open (models: disposed when it closes).
  const keep = new Map();

  const actions = {
    /** Changes some params; the lab computes again and, once that succeeds, the URL follows. */
    setParams(patch) {
      params = { ...params, ...patch };
      readError = null;
      run({ cause: 'params' });
    },
  };

  function paint() {
    if (destroyed) return;
    const message = error ?? said(readError);
    const own = last && spec.ownErrors;
    put(
      body,
      [
        h('p', { class: 'msg lab-error', role: 'alert' }, own ? '' : (message?.message ?? '')),
        h('p', { class: 'msg lab-progress', role: 'status' }, spec.ownProgress ? '' : progress),
        unknownWords(),
        last ? modules.view(last.data, params, actions, message, progress, modules.t) : [],
      ].flat(Infinity),
    );
  }

  // A value of the address that did not read, in the lab's words when its message is one of them.
  function said(read) {
    if (!read?.words || !modules) return read;
    return {
      ...read,
      message: `${spec.slug}.${read.option} = '${read.raw}': ${modules.t(read.words)}`,
    };
  }

  // The author's words for this lab that it does not have (a misspelt key), named once it loaded.
  function unknownWords() {
    const keys = modules?.t.unknown ?? [];
    if (!keys.length) return [];
    const text = chrome(ctx.strings, 'labs.unknownWords', {
      keys: keys.join(', '),
      slug: spec.slug,
    });
    return h('p', { class: 'msg lab-words-unknown', role: 'status' }, text);
  }

  async function compute(values, signal, cause) {
    const page = readPage(ctx.page());
    if (!page) return null;
    // progress(text, partial?): what the run is doing, and what it has computed so far.
    const onProgress = (text, partial) => {
      if (signal.aborted) return;
      progress = text;
      if (partial) last = { data: partial };
      paint();
    };
    const previous = last?.data ?? null;
    const context = { signal, progress: onProgress, cause, previous, keep, t: modules.t };
    return modules.compute(ctx.lab, page, values, context);
  }

  // Keeps a run's data; a compute may settle its params (a count lowered to what the page allows).
  function adopt(data) {
    last = { data };
    if (data.params) params = { ...params, ...data.params };
  }

  // cause: 'params' (the student changed one: the URL follows once it computes) or 'page'.
  async function run({ cause = 'page' } = {}) {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const values = params;
    busy(true);
    try {
      modules ??= await load(spec, ctx.lab, ctx.strings);
      const data = await compute(values, controller.signal, cause);
      if (controller.signal.aborted || data === null) return;
      adopt(data);
      error = null;
      if (cause === 'params') ctx.setParams(writeParams(spec, values));
    } catch (err) {
      if (controller.signal.aborted) return;
      if (!isInputError(err)) console.error(err);
      const message = isInputError(err)
        ? err.message
        : chrome(ctx.strings, 'labs.failed', { message: err.message });
      error = { message, option: err.option ?? null };
      // Nothing computed yet (a refused value in the address): the defaults' numbers, beside it.
      if (!last && isInputError(err) && (await fallback(controller.signal)))
        error.message += ` ${chrome(ctx.strings, 'labs.defaults')}`;
    } finally {
      if (running === controller) {
        running = null;
        progress = '';
        busy(false);
      }
    }
    paint();
  }

  // The panel says whether it is computing (data-state, aria-busy).
  function busy(on) {
    body.dataset.state = on ? 'running' : 'idle';
    body.setAttribute('aria-busy', String(on));
  }

  async function fallback(signal) {
    try {
      const data = await compute(readParams(spec, new URLSearchParams()).values, signal, 'page');
      if (data !== null) last = { data };
      return data !== null;
    } catch {
      return false; // the defaults refused too (the page's own pass did): the message stays alone
    }
  }

  run();
  return {
    update: () => run(),
    destroy() {
      destroyed = true;
      running?.abort();
      for (const value of keep.values()) value?.dispose?.();
      keep.clear();
    },
  };
}
