// The labs on the full page: the panel that runs the open lab (?lab=<slug>), the list of every lab
// and the links from a step to its labs. Links are real links (a new tab opens the lab with the
// page's state); a plain click opens the lab in place, without reloading the core.
import { h, replace } from './dom.mjs';
import { LABS, findLab, labsAt } from '../labs/index.mjs';
import { toUrl } from '../state/url.mjs';
import { lazyRunner } from './later.mjs';
import { EN } from '../strings/index.mjs';
import { fill } from '../strings/words.mjs';

// The page's words (strings/index.mjs: the mount's catalogue, English when none), and a lab's
// title and summary in them (its own words load only when it opens).
const wordsOf = (strings) => strings ?? EN;
const titleOf = (lab, S) => S[`lab.${lab.slug}.title`] ?? lab.title;
const summaryOf = (lab, S) => S[`lab.${lab.slug}.summary`] ?? lab.summary;
// (fill takes a DOM element as a value inside an array: a list of children.)

/** The link's address: the page's current state with this lab open. */
const hrefOf = (state, slug) =>
  toUrl({ settings: state.settings, view: { ...state.view, lab: slug } });

// A plain click stays on the page; a modified one (new tab, new window) follows the href.
const plainClick = (e) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

function labLink(lab, state, open, S) {
  return h(
    'a',
    {
      class: 'lab-link',
      href: hrefOf(state, lab.slug),
      dataset: { labLink: lab.slug },
      onclick: (e) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        open(lab.slug);
      },
    },
    titleOf(lab, S),
  );
}

/** The links of one step to its labs ("Labs: …"), or null when it has none; strings: the page's words. */
export function stepLabLinks(step, state, open, strings = null) {
  const labs = labsAt(step);
  if (!labs.length) return null;
  const S = wordsOf(strings);
  return h(
    'nav',
    { class: 'step-labs', 'aria-label': S['labs.forStep'] },
    h('span', { class: 'step-labs-label' }, S[labs.length > 1 ? 'labs.many' : 'labs.one']),
    labs.map((lab, i) => [i ? ' · ' : '', labLink(lab, state, open, S)]),
  );
}

/** The "Labs" section: every lab as a link, in the lectures' order; strings: the page's words. */
export function renderLabList(root, state, open, strings = null) {
  const S = wordsOf(strings);
  replace(
    root,
    h('h2', { id: 'labs-heading', tabindex: '-1' }, S['labs.heading']),
    h('p', { class: 'help' }, fill(S['labs.intro'], { code: [h('code', {}, '?lab=<name>')] })),
    h(
      'ol',
      { class: 'lab-list' },
      LABS.map((lab) =>
        h(
          'li',
          {},
          labLink(lab, state, open, S),
          h('span', { class: 'lab-summary' }, summaryOf(lab, S)),
        ),
      ),
    ),
  );
}

/** Keeps the links' addresses in step with the page's state (focus and the list stay put). */
export function refreshLabLinks(root, state) {
  for (const a of root.querySelectorAll('a[data-lab-link]'))
    a.setAttribute('href', hrefOf(state, a.dataset.labLink));
}

/**
 * The lab panel in `root` (a <section>). show(state) opens, keeps or closes the lab the view
 * names; update(state) tells the open lab the page's result changed. `state`: the store's state,
 * whose labParams are the open lab's own keys; `setParams(slug, patch)` asks the controller to
 * change them (it writes the store and the address); `close()` goes back to the lesson (null: the
 * lab is shown alone, without a close button).
 */
export function createLabPanel(root, { lab, page, close, setParams, strings }) {
  const S = wordsOf(strings);
  let open = null; // { slug, instance }
  const failed = (body, err) => {
    body.dataset.state = 'idle';
    body.setAttribute('aria-busy', 'false');
    replace(
      body,
      h('p', { class: 'msg', role: 'alert' }, fill(S['labs.failed'], { message: err.message })),
    );
    console.error(err);
  };
  // The harness loads with the first lab opened (ui/later.mjs).
  const runLab = lazyRunner(
    () => import('../labs/harness.mjs').then((m) => m.runLab),
    (err, body) => failed(body, err),
  );

  function unmount() {
    open?.instance?.destroy?.();
    open = null;
    root.hidden = true;
    delete root.dataset.lab;
    root.replaceChildren();
  }

  // A lab shown alone (the embed page, the element) has nothing to close to: no button.
  const closeButton = () =>
    close
      ? h('button', { type: 'button', class: 'lab-close', onclick: () => close() }, S['labs.close'])
      : null;

  function unknown(slug) {
    root.hidden = false;
    replace(
      root,
      h('h2', { id: 'lab-heading', tabindex: '-1' }, S['labs.noSuch']),
      h(
        'p',
        { class: 'lab-unknown', role: 'alert' },
        fill(S['labs.unknown'], { slug, labs: LABS.map((l) => l.slug).join(', ') }),
      ),
      closeButton(),
    );
  }

  function mount(spec, labParams) {
    // Running from the start: the harness and the lab's modules load before its first run.
    const body = h('div', {
      class: 'lab-body',
      dataset: { state: 'running' },
      'aria-busy': 'true',
    });
    root.hidden = false;
    root.dataset.lab = spec.slug;
    replace(
      root,
      h(
        'header',
        { class: 'lab-head' },
        h('p', { class: 'lab-kind' }, S['labs.kind']),
        h('h2', { id: 'lab-heading', tabindex: '-1' }, titleOf(spec, S)),
        closeButton(),
      ),
      body,
    );
    // Open before it mounts: a lab that writes its own keys while mounting (setParams) changes
    // the store, whose listeners then find this lab already open.
    open = { slug: spec.slug, instance: null };
    let instance = null;
    try {
      instance = runLab(body, spec, {
        lab,
        page,
        params: new URLSearchParams(Object.entries(labParams)),
        setParams: (patch) => setParams(spec.slug, patch),
        strings,
      });
    } catch (err) {
      failed(body, err);
    }
    if (open?.slug === spec.slug) open.instance = instance;
  }

  return {
    /** Opens, keeps or closes the lab of `state.view.lab`; true when that lab (or message) is new. */
    show(state) {
      const slug = state.view.lab;
      if (open?.slug === slug || (!open && !slug && root.hidden)) return false;
      unmount();
      if (!slug) return true;
      const spec = findLab(slug);
      if (spec) mount(spec, state.labParams);
      else {
        unknown(slug);
        open = { slug, instance: null };
      }
      return true;
    },
    /** The page's settings or result changed. */
    update() {
      open?.instance?.update?.();
    },
    /** Brings the panel's heading into view and focus (after a click on a lab link). */
    focus() {
      const heading = root.querySelector('#lab-heading');
      heading?.scrollIntoView({ block: 'start', behavior: 'instant' });
      heading?.focus({ preventScroll: true });
    },
    destroy: unmount,
  };
}
