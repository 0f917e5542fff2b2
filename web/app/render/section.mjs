// Puts a step's section on the screen: patched into the section already there when only its
// numbers changed, else in its place, reusing the canvases of the section it replaces; then its
// maps are laid out and painted. A view hands over the section it drew (never shown yet) and gets
// back the section on the screen.
import { patchSection } from './patch.mjs';
import { layoutMaps, measureMaps } from './layout.mjs';
import { ensureTable, placeTables, useCanvas } from './maps.mjs';

/**
 * Patches `old` (on the screen) to show `fresh`, if it is the same step (data-step) with its maps
 * in the same places and no animation running. Returns whether it did.
 */
export function patchStep(old, fresh) {
  if (!old || old.dataset.step !== fresh.dataset.step || old.querySelector('.animating'))
    return false;
  // The sizes of the maps' space, read while the page is as it was last laid out; a patch
  // changes numbers, not widths.
  const measured = measureMaps(old);
  const reading = patchSection(old, fresh);
  if (!reading) return false;
  layoutMaps(old, measured);
  for (const el of reading) ensureTable(el);
  return true;
}

// The parts of a step drawn again exactly as they are (the header, the toolbar of head and batch
// buttons, for a new sentence) are kept rather than laid out again. A toolbar whose buttons the
// reader has since changed is not the same, whatever its attributes say.
function keepSame(old, fresh, selectors) {
  for (const selector of selectors) {
    const kept = old.querySelector(selector);
    const drawn = fresh.querySelector(selector);
    if (!kept || !drawn || !kept.isEqualNode(drawn)) continue;
    const live = [...kept.querySelectorAll('input')];
    if (live.every((input) => input.checked === input.hasAttribute('checked')))
      drawn.replaceWith(kept);
  }
}

/**
 * Shows `fresh` in `root` in the place of what is shown there (all but the kept sections,
 * render/kept.mjs) and paints its maps. Its maps take the canvases of the section it replaces: a
 * new canvas costs the browser a context and fonts on its first text, a reused one almost
 * nothing, and a step of many heads draws dozens of maps per keystroke. keep: selectors of parts
 * kept from `old` when drawn the same.
 */
export function replaceSection(root, fresh, { old = null, keep = [] } = {}) {
  const leaving = [...root.childNodes].filter((node) => !node.classList?.contains('kept'));
  const spare = leaving.flatMap((node) => [
    ...(node.querySelectorAll?.('.map-canvas > canvas') ?? []),
  ]);
  for (const el of fresh.querySelectorAll('.map')) {
    const canvas = spare.pop();
    if (canvas) useCanvas(el, canvas);
  }
  if (old && keep.length) keepSame(old, fresh, keep);
  placeTables(fresh); // a step drawn to patch the one on the screen left them out
  for (const node of leaving) node.remove();
  root.append(fresh);
  layoutMaps(fresh);
  return fresh;
}
