// Maps far from the screen are painted as they come near it, not in the frame that draws their
// step. At 64 tokens a step of twelve heads has two dozen maps, two or three of them on the
// screen, and painting every one was a third of each frame of dropout p. Which maps are near is
// read with the rest of the page's layout, before anything is written (render/layout.mjs); the
// others wait for an IntersectionObserver to see them within a screen's height of the viewport,
// so that they are painted before they are scrolled into sight.
import { paintMap } from './map-paint.mjs';
import { mapEntry } from './maps.mjs';

/** How far from the viewport a map is painted with its step: a screen's height, as CSS margin. */
export const NEAR = '100% 0px';

const waiting = new Set(); // map elements whose painting waits
const observers = new WeakMap(); // window → its observer

function observerOf(el) {
  const win = el.ownerDocument.defaultView;
  let observer = observers.get(win);
  if (!observer) {
    const near = (entries) => {
      for (const entry of entries) if (entry.isIntersecting) paintWaiting(entry.target);
    };
    observer = new win.IntersectionObserver(near, { rootMargin: NEAR });
    observers.set(win, observer);
    // A printed page shows every map.
    win.addEventListener('beforeprint', () => {
      for (const waiter of [...waiting]) paintWaiting(waiter);
    });
  }
  return observer;
}

/** Whether `el` lies within a screen's height of the viewport (NEAR). */
export function isNear(el) {
  const { top, bottom } = el.getBoundingClientRect();
  const { innerHeight } = el.ownerDocument.defaultView;
  return bottom >= -innerHeight && top <= 2 * innerHeight;
}

/**
 * Paints the maps under `root` that wait and are near the screen now: the page scrolled to a step
 * just drawn, whose maps were measured where the last step was read.
 */
export function paintNearIn(root) {
  for (const el of [...waiting]) if (root.contains(el) && isNear(el)) paintWaiting(el);
}

/** Paints the map `el` (on the screen) when it comes within a screen's height of the viewport. */
export function paintLater(el) {
  forgetGone();
  if (waiting.has(el)) return;
  waiting.add(el);
  observerOf(el).observe(el);
}

/** The map `el` was painted with its step: it no longer waits. */
export function paintedNow(el) {
  if (waiting.delete(el)) observerOf(el).unobserve(el);
}

/** Paints the map `el` now if it waits (come near the screen, or exported as drawn). */
export function paintWaiting(el) {
  if (!waiting.has(el)) return;
  paintedNow(el);
  const record = mapEntry(el);
  if (record?.layout) paintMap(record.canvas, record.spec, record.layout);
}

// A map no longer in the page is neither painted nor held.
function forgetGone() {
  for (const el of waiting) if (!el.isConnected) paintedNow(el);
}
