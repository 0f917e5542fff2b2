// Lab 10, "Export": every stage of the page's pass in one download, as JSON (each tensor with its
// shape, named dimensions and the settings that produced it) or as CSV (one row per number). The
// numbers are the trace's float32 values as written by ui/export.mjs; one map at a time, as PNG or
// SVG, is on each step's panel ("Download this step").
export const slug = 'export';
export const title = 'Export every stage';
export const stage = null;
export const summary =
  'Download every stage of the page’s pass as JSON or CSV, with shapes and settings (each map as PNG or SVG from its step).';
export const params = {};

export const load = () => [import('./compute.mjs'), import('./view.mjs'), import('./words.mjs')];
