// Which build of the core runs here: threads only where the engine gives SharedArrayBuffer (a
// cross-origin-isolated page, or Node), the relaxed-SIMD kernels where the engine validates them.
// Shared by the loader and by the page's preload (web/app/preload.mjs), which starts fetching
// that build's files before the page's own code has arrived; small on purpose, for that reason.
import { hasRelaxedSimd } from './features.mjs';

export const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// Threads need SharedArrayBuffer, which browsers give only to cross-origin-isolated pages, and
// which some engines lack even there (WebKitGTK: crossOriginIsolated true, no SharedArrayBuffer).
// Why the threaded build cannot run here and what to do, naming the piece that is missing (only
// isolation is the page author's to give), or '' when it can run.
export const ONE_THREAD = "use threads: 'auto' or 1";
export function whyNoThreads() {
  const shared = typeof SharedArrayBuffer === 'function';
  if (inNode)
    return shared
      ? ''
      : `this Node.js has no SharedArrayBuffer, so WebAssembly threads are unavailable; ${ONE_THREAD}`;
  if (globalThis.crossOriginIsolated !== true)
    return (
      `this page is not cross-origin isolated, so WebAssembly threads are unavailable; ${ONE_THREAD}, ` +
      'or serve the page with Cross-Origin-Opener-Policy: same-origin and ' +
      'Cross-Origin-Embedder-Policy: require-corp'
    );
  if (!shared)
    return (
      'this browser has no SharedArrayBuffer although the page is cross-origin isolated, so ' +
      `WebAssembly threads are unavailable in it; ${ONE_THREAD}`
    );
  return '';
}

/**
 * The files of the build createAttentionLab() loads here with its default options: { module, wasm
 * (names in the library's folder), threaded }. The loader's own choice (loader.mjs chooseThreads)
 * also falls back to one thread where the page's Content-Security-Policy forbids blob: workers,
 * which only starting one can tell; a preload then fetched a file that goes unused.
 */
export function defaultBuildFiles() {
  const threaded =
    !inNode && whyNoThreads() === '' && (globalThis.navigator?.hardwareConcurrency ?? 1) > 1;
  const base = threaded ? 'attention-core-threads' : 'attention-core';
  return {
    module: `${base}.mjs`,
    wasm: `${base}${hasRelaxedSimd() ? '-relaxed' : ''}.wasm`,
    threaded,
  };
}
