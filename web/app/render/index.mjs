// The render layer's interface. A view describes what to paint: plain nodes (h, s), and for each
// matrix a map registered with its description (registerMap: a spec of rows, columns, labels and
// the value and colour of each cell); the render layer turns nodes into DOM, puts a step on the
// screen (patched in place when only its numbers changed), and lays out and paints its maps, with
// the canvases, caches and measurements that keeps fast. Nothing here knows about attention.
export { h, s, isNode } from './h.mjs';
export { toDom } from './dom.mjs';
export { registerMap, ensureTable, mapEntry } from './maps.mjs';
export { patchStep, replaceSection } from './section.mjs';
export { createKept } from './kept.mjs';
export { layoutMaps, watchMaps, themeOf, paintThumbnail } from './layout.mjs';
export { paintWaiting, paintNearIn } from './paint-later.mjs';
export { paintScale, range } from './scales.mjs';
export { hit, cellRect } from './map-layout.mjs';
export { cellRgb, paintOverlay } from './map-paint.mjs';
