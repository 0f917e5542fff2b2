// Steps kept drawn. A step drawn anew costs the browser the style and layout of a few hundred
// new elements and the painting of its maps, most of a frame; going back to a step just seen
// (scrubbing back and forth, Play coming round) would pay it again for the same picture. So the
// sections of steps the reader left, and of the steps next to the one on the screen (drawn after
// the frame that shows it), stay in the page, skipped by the browser (content-visibility: hidden
// keeps their style and layout without drawing them, see .stage.kept in the stylesheet), inert
// and without ids, until they are shown again or no longer match what the page would draw.

/** How many sections are kept besides the one on the screen: the neighbours and a few just left. */
export const KEPT_LIMIT = 6;

// A kept section gives up its ids (the page's #stage, #stage-title, the readout's id…: one of each
// in the page) and the names of its controls (radio buttons of one name are one group in the whole
// page: the head and batch item choices), and takes them back when it is shown.
const OWN = ['id', 'name'];
function hide(section, state = 'kept') {
  for (const el of [section, ...section.querySelectorAll('[id], [name]')])
    for (const attr of OWN)
      if (el.hasAttribute(attr)) {
        el.setAttribute(`data-kept-${attr}`, el.getAttribute(attr));
        el.removeAttribute(attr);
      }
  section.classList.add(state);
  section.inert = true; // out of the tab order and of what assistive technology reads
}

function unhide(section) {
  section.classList.remove('kept');
  section.inert = false;
  for (const el of [section, ...section.querySelectorAll('[data-kept-id], [data-kept-name]')])
    for (const attr of OWN)
      if (el.hasAttribute(`data-kept-${attr}`)) {
        el.setAttribute(attr, el.getAttribute(`data-kept-${attr}`));
        el.removeAttribute(`data-kept-${attr}`);
      }
  // A choice is checked as drawn: the reader's clicks elsewhere did not reach it.
  for (const input of section.querySelectorAll('input[type="radio"], input[type="checkbox"]'))
    input.checked = input.hasAttribute('checked');
}

/**
 * The kept sections of one stage root. Each entry: { section, body, step, result, ...more } under
 * a key that names what it shows (the step and the view's choices); `alike(entry)` says whether
 * an entry still draws what the page would draw now.
 */
export function createKept(root) {
  const entries = new Map(); // key → entry, the least recently used first

  function drop(key) {
    entries.get(key)?.section.remove();
    entries.delete(key);
  }

  function register(key, entry) {
    if (entries.get(key)?.section !== entry.section) drop(key);
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > KEPT_LIMIT) drop(entries.keys().next().value);
  }

  return {
    /** The entry under `key` if `alike(entry)`, taken out of the kept ones; else null. */
    take(key, alike) {
      const entry = entries.get(key);
      if (!entry || !alike(entry)) return null;
      entries.delete(key);
      unhide(entry.section);
      return entry;
    },
    /** Whether a section alike is kept under `key`. */
    has: (key, alike) => entries.has(key) && alike(entries.get(key)),
    /** Keeps `entry.section` (in `root`) under `key`; the least used beyond KEPT_LIMIT go. */
    keep(key, entry) {
      hide(entry.section);
      register(key, entry);
    },
    /**
     * Keeps a section drawn ahead: `draw(section)` lays out and paints it in `root`, out of sight
     * but not yet skipped (the browser warns when a page reads the layout of a skipped subtree),
     * and then it is kept like any other.
     */
    keepAhead(key, entry, draw) {
      hide(entry.section, 'ahead');
      root.append(entry.section);
      draw(entry.section);
      entry.section.classList.replace('ahead', 'kept');
      register(key, entry);
    },
    /** Drops every entry that no longer draws what the page would (`alike` false). */
    prune(alike) {
      for (const [key, entry] of entries) if (!alike(entry)) drop(key);
    },
    /** Drops them all (a new width or colour scheme: their maps are painted for the old one). */
    clear() {
      for (const key of [...entries.keys()]) drop(key);
    },
  };
}
