// Keyboard shortcuts for the stepper: Space play/pause, ←/→ step, Home/End first/last step,
// +/− speed, H all heads / next head, P presentation mode. Typing in a field never triggers them; inside a heatmap the
// arrows move between cells (the heatmap stops those keys itself).

/** The shortcuts the page lists: each one's catalogue keys, `keys.<name>` and `keys.<name>.does`. */
export const SHORTCUTS = [
  'space',
  'arrows',
  'ends',
  'speed',
  'head',
  'present',
  'overview',
  'cells',
];

const typing = (el) =>
  el instanceof HTMLElement &&
  (el.isContentEditable ||
    el.tagName === 'TEXTAREA' ||
    el.tagName === 'SELECT' ||
    (el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'range'].includes(el.type)));

/** Listens on `target` (the document for the page, an embedded copy's own root); returns a remover. */
export function installShortcuts(
  player,
  { cycleHead, present, overview, target: scope = document },
) {
  const onKey = (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target;
    if (typing(target)) return;
    const onRange = target instanceof HTMLInputElement && target.type === 'range';
    const activates =
      target instanceof HTMLElement &&
      target.matches('button, summary, a[href], input[type="checkbox"], input[type="radio"]');
    const actions = {
      ' ': () => !activates && player.toggle(),
      ArrowRight: () => !onRange && player.next(),
      ArrowLeft: () => !onRange && player.back(),
      Home: () => !onRange && player.first(),
      End: () => !onRange && player.last(),
      '+': () => player.faster(),
      '=': () => player.faster(),
      '-': () => player.slower(),
      h: () => cycleHead(),
      H: () => cycleHead(),
      p: () => (present ? present() : false),
      P: () => (present ? present() : false),
      o: () => (overview ? overview() : false),
      O: () => (overview ? overview() : false),
    };
    const action = actions[e.key];
    if (!action) return;
    if (e.key.startsWith('Arrow') && target instanceof HTMLInputElement && target.type === 'radio')
      return;
    if (action() !== false) e.preventDefault();
  };
  scope.addEventListener('keydown', onKey);
  return () => scope.removeEventListener('keydown', onKey);
}
