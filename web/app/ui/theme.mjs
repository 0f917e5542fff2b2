// The page's colour theme: light, dark, or the reader's system setting, kept in the view (the URL's
// `theme`). The dark stylesheet applies under <html data-theme="dark">, so the page can be dark on
// a light system (a dim room) or light on a dark one (a projector); "system" follows the system
// setting as it changes.
import { h } from './dom.mjs';

const LABELS = Object.freeze({ system: 'System', light: 'Light', dark: 'Dark' });

/** The theme a choice draws: the choice itself, or for 'system' the system's setting. */
export const resolveTheme = (choice, systemDark) =>
  choice === 'light' || choice === 'dark' ? choice : systemDark ? 'dark' : 'light';

/**
 * Keeps data-theme on `target` (the page's <html>) the resolved theme of the last choice applied;
 * returns { apply(choice), stop() }.
 */
export function watchTheme(win, target) {
  const system = win.matchMedia('(prefers-color-scheme: dark)');
  let choice = 'system';
  const draw = () => {
    const theme = resolveTheme(choice, system.matches);
    if (target.dataset.theme !== theme) target.dataset.theme = theme;
  };
  system.addEventListener('change', draw);
  return {
    apply(next) {
      choice = next;
      draw();
    },
    stop: () => system.removeEventListener('change', draw),
  };
}

/**
 * The switch as a DOM node: three radio buttons, onView({ theme }) on a change; show(choice)
 * checks the one of a choice made elsewhere (the URL, the back button).
 */
export function themeSwitch(onView) {
  const inputs = Object.keys(LABELS).map((value) =>
    h('input', { type: 'radio', name: 'theme', value, onchange: () => onView({ theme: value }) }),
  );
  const node = h(
    'fieldset',
    { class: 'segmented-field theme-switch' },
    h('legend', {}, 'Theme'),
    h(
      'div',
      { class: 'segmented' },
      inputs.map((input) => h('label', {}, input, h('span', {}, LABELS[input.value]))),
    ),
  );
  return {
    node,
    show(choice) {
      for (const input of inputs) input.checked = input.value === choice;
    },
  };
}

/**
 * The page's colour theme (a whole page only: it styles <html>), drawn at once, before the core
 * loads, and on every change of the store's view.theme; switchInto(slot, onView) adds the switch
 * (once there is a result for the view to change). Returns { switchInto, stop }.
 */
export function mountTheme(store, doc) {
  const theme = watchTheme(doc.defaultView, doc.documentElement);
  let ui = null;
  const draw = ({ view }) => {
    theme.apply(view.theme);
    ui?.show(view.theme);
  };
  draw(store.get());
  const stop = store.subscribe((state, changed) => changed.has('theme') && draw(state));
  return {
    switchInto(slot, onView) {
      ui = themeSwitch(onView);
      slot.append(ui.node);
      draw(store.get());
    },
    stop() {
      stop();
      theme.stop();
    },
  };
}
