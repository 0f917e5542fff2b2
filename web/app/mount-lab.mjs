// mountLab(root, options): one lecture lab alone, for the iframe page (embed.html?lab=<slug>) and
// the <attention-lab lab="…"> element: the lab panel with the lab's own controls, and nothing of
// the lesson (no stepper, no step, no settings). The page's settings come from the address or the
// attributes; the lab computes on their pass as it does below the stage of the full page. State
// flows one way as in mount.mjs: controller (computes) → store → lab panel and error banner.
import { h } from './ui/dom.mjs';
import { createStore } from './state/store.mjs';
import { newPass } from './state/needs.mjs';
import { createController } from './controller.mjs';
import { createErrorDisplay } from './errors.mjs';
import { watchMotion } from './layout.mjs';
import { createHandle, hostReport } from './handle.mjs';
import { findLab } from './labs/index.mjs';
import { EN, format } from './strings/index.mjs';

// The frame: the banner (a refused setting: there is no control to show it at), the loading
// message, then the lab panel.
function buildFrame(root, page) {
  const slots = {
    banner: h('p', { class: 'lab-error', role: 'alert', hidden: true }),
    message: h('p', { class: 'panel-message', role: 'status' }),
    lab: h('section', {
      id: 'lab-panel',
      class: 'card lab-panel',
      'aria-labelledby': 'lab-heading',
      hidden: true,
    }),
  };
  root.replaceChildren(
    slots.banner,
    h(page ? 'main' : 'div', { class: 'layout solo-lab' }, slots.message, slots.lab),
  );
  return slots;
}

/**
 * Mounts the lab of `initialState.view.lab` into `root` and starts loading the core.
 * options: createLab, labs (web/app/ui/labs.mjs, passed in as mountAttentionLab takes it),
 * initialState, syncUrl, page (the document's title and <html data-ready>), onChange, onError,
 * strings (the interface's words: strings/index.mjs; the lab's own are looked up in them):
 * as mountAttentionLab's. Returns the same handle: { ready, state, query, result, lab, update,
 * destroy }.
 */
export function mountLab(
  root,
  {
    createLab,
    labs: labsUi,
    initialState = {},
    syncUrl = false,
    page = false,
    onChange = () => {},
    onError = () => {},
    strings = null,
  } = {},
) {
  if (typeof createLab !== 'function' || !labsUi)
    throw new TypeError('mountLab: createLab (a function) and labs (ui/labs.mjs) are required');
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const cleanups = [];
  let destroyed = false;
  let lab = null;
  const motion = watchMotion(win, page ? doc.documentElement : root);
  cleanups.push(motion.stop);
  const slots = buildFrame(root, page);
  const S = strings ?? EN;
  slots.message.textContent = S['status.loading'];
  const store = createStore(initialState);
  const controller = createController(store, {
    onError,
    win,
    ...(syncUrl ? { history: win.history, location: win.location } : {}),
  });
  const listen = (fn) => cleanups.push(store.subscribe(fn));

  function showLab() {
    const panel = labsUi.createLabPanel(slots.lab, {
      lab,
      page: () => ({ settings: store.get().settings, result: store.get().result }),
      close: null, // nothing to go back to: the lab is the whole view
      setParams: (slug, patch) => controller.setLabParams(slug, patch),
      strings,
    });
    cleanups.push(() => panel.destroy());
    return (state, changed, meta) => {
      if (!state.result) return;
      slots.message.hidden = true;
      const fresh = panel.show(state);
      if (!fresh && newPass(changed, meta)) panel.update();
    };
  }

  const report = hostReport(onChange, () => handle.state);

  async function start() {
    try {
      lab = await createLab();
    } catch (err) {
      slots.message.textContent = format(S['status.loadFailed'], { message: err.message });
      slots.message.classList.add('error');
      throw err;
    }
    if (destroyed) return handle;
    controller.attach(lab);
    if (store.get().settings.weights === 'trained')
      slots.message.textContent = S['status.loadingTrained'];
    const loadError = await controller.prepare();
    if (destroyed) return handle;
    listen(createErrorDisplay({ banner: slots.banner, controls: null }));
    listen(showLab());
    listen(report);
    controller.start(loadError);
    const spec = findLab(store.get().view.lab);
    if (page) {
      const title = spec ? (S[`lab.${spec.slug}.title`] ?? spec.title) : S['labs.noSuch'];
      doc.title = `${title} · attention-lab`;
      doc.documentElement.dataset.ready = 'true';
    }
    root.dataset.ready = 'true';
    return handle;
  }

  const handle = createHandle(store, controller, {
    lab: () => lab,
    destroy() {
      destroyed = true;
      for (const fn of cleanups.splice(0)) fn?.();
      root.replaceChildren();
      delete root.dataset.ready;
    },
  });
  handle.ready = start();
  return handle;
}
