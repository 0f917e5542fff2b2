// The tooltip and the readout of the inspected cell: the tooltip beside the cell, the same lines
// in the step's readout (a live region, for screen readers and for reading without hovering).
import { h, replace } from './dom.mjs';
import { EN } from '../strings/index.mjs';

export const HINT = EN['tip.hint'];

/** The readout of a step (each drawing has its own; a patch keeps the old one), showing `hint`. */
export const newReadout = (hint = HINT) =>
  h('p', { class: 'readout', id: 'readout', 'aria-live': 'polite' }, hint);

/**
 * A tooltip in `host`: <body> on the page; inside an embedded copy, its own positioned root (so
 * several copies never share one). readout() gives the readout of the step on the screen; `hint`
 * is its text while no cell is inspected.
 * Returns { show(lines, cell), hide(), clear() (hides it and clears the readout), remove() }.
 */
export function createTooltip(host, readout, hint = HINT) {
  const tooltip = h('div', { class: 'tooltip', role: 'tooltip', hidden: true });
  host.append(tooltip);
  const place = (cell) => {
    const tip = tooltip.getBoundingClientRect();
    const x = Math.min(
      window.innerWidth - tip.width - 8,
      Math.max(8, cell.left + cell.width / 2 - tip.width / 2),
    );
    const below = cell.bottom + 8 + tip.height < window.innerHeight;
    const y = below ? cell.bottom + 8 : Math.max(8, cell.top - tip.height - 8);
    // Page coordinates on <body>; coordinates inside the (positioned) host otherwise.
    const origin =
      host === document.body
        ? { left: -window.scrollX, top: -window.scrollY }
        : host.getBoundingClientRect();
    tooltip.style.setProperty('left', `${x - origin.left}px`);
    tooltip.style.setProperty('top', `${y - origin.top}px`);
  };
  return {
    show(lines, cell) {
      replace(
        tooltip,
        lines.map((l, i) =>
          h('span', { class: i === 0 ? 'tt-index' : i === lines.length - 1 ? 'tt-value' : '' }, l),
        ),
      );
      replace(readout(), lines.join(' · '));
      tooltip.hidden = false;
      place(cell);
    },
    hide() {
      tooltip.hidden = true;
    },
    // Never stale: a readout names the step it belongs to, so it is cleared with every drawing.
    // Written only where it differs: a write, even of the same value, makes the next read of the
    // page lay it out again, and every drawing starts here.
    clear() {
      if (!tooltip.hidden) tooltip.hidden = true;
      const shown = readout();
      if (shown.childNodes.length !== 1 || shown.textContent !== hint) replace(shown, hint);
    },
    remove: () => tooltip.remove(),
  };
}
