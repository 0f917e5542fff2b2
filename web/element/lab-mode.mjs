// <attention-lab lab="<slug>">: one lecture lab alone in the element, as embed.html?lab=<slug>
// shows it. The labs' code and stylesheet are a file of their own beside the element's script
// (attention-lab-labs.js, built by build.mjs), fetched only by an element that shows a lab: an
// element showing the lesson never downloads them.

let loading; // the labs' module, once asked for: shared by every element of the page
const loadLabs = () => (loading ??= import('./attention-lab-labs.js'));

// The labs' stylesheet, added to the shadow root's own (constructed once per page).
let sheet;
function adoptLabStyles(shadow, text) {
  if ('adoptedStyleSheets' in shadow && typeof CSSStyleSheet === 'function') {
    sheet ??= new CSSStyleSheet();
    if (!sheet.cssRules.length) sheet.replaceSync(text);
    if (!shadow.adoptedStyleSheets.includes(sheet))
      shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    return;
  }
  if (shadow.querySelector('style[data-labs]')) return;
  const style = document.createElement('style');
  style.dataset.labs = '';
  style.textContent = text;
  shadow.append(style);
}

/**
 * Mounts the lab of `options.initialState.view.lab` into `frame` once the labs' module is loaded.
 * Returns the handle mountAttentionLab returns (ready, state, hasResult, result, lab, update,
 * destroy), usable at once: until the lab is mounted it has no result.
 */
export function mountLabInElement(shadow, frame, options) {
  let app = null;
  let destroyed = false;
  const handle = {
    ready: null,
    get state() {
      return app?.state ?? null;
    },
    get hasResult() {
      return app?.hasResult ?? false;
    },
    get result() {
      return app?.result ?? null;
    },
    get lab() {
      return app?.lab ?? null;
    },
    update: (patch, opts) => app.update(patch, opts),
    destroy() {
      destroyed = true;
      app?.destroy();
    },
  };
  handle.ready = loadLabs().then(async ({ mountLab, labs, LAB_STYLES }) => {
    if (destroyed) return handle;
    adoptLabStyles(shadow, LAB_STYLES);
    app = mountLab(frame, { ...options, labs });
    await app.ready;
    return handle;
  });
  return handle;
}
