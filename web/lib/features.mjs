// What this WebAssembly engine can run, each checked with WebAssembly.validate on a tiny module
// (as wasm-feature-detect does, inlined), and whether the page may start workers from blob: URLs:
// the loader picks a build by these, and the benchmark page reports them.

// A tiny module using SIMD128: i8x16.splat, then i8x16.popcnt (0xfd 0x62), which only the final
// SIMD128 has.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);

// A tiny module using f32x4.relaxed_madd (0xfd 0x85 0x02) on three i8x16.splat vectors: engines
// with relaxed SIMD (Chrome/Edge 114+; Node 20 only with --experimental-wasm-relaxed-simd) accept it.
const RELAXED_SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 19, 1, 17, 0, 65, 1, 253, 15,
  65, 1, 253, 15, 65, 1, 253, 15, 253, 133, 2, 11,
]);

// A tiny module with one try … catch_all … end: WebAssembly exception handling, which the core's
// C++ exceptions compile to (Chrome/Edge 95+, Firefox 100+, Safari 15.2+).
const EXCEPTIONS_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 8, 1, 6, 0, 6, 64, 25, 11, 11,
]);

function validates(bytes) {
  try {
    return WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}

/** Whether this engine runs SIMD128, which every build of the core needs. */
export const hasSimd = () => validates(SIMD_PROBE);
/** Whether it runs WebAssembly exception handling, which the core's C++ exceptions compile to. */
export const hasExceptions = () => validates(EXCEPTIONS_PROBE);
/** Whether it runs relaxed SIMD (the fused multiply-add the relaxed builds use). */
export const hasRelaxedSimd = () => validates(RELAXED_SIMD_PROBE);

// A page's Content-Security-Policy may forbid workers from blob: URLs (a worker-src, or a
// default-src, without blob:). The threaded build's workers then never start, and the core would
// wait for them forever. A one-line worker from a blob: URL tells: it answers at once where it may
// run; a refusal arrives as an error event (or an exception), a hang as the timeout.
const PROBE_MS = 5000;
// A page may start the probe before its code has arrived (the teaching page's inlined preload,
// web/app/preload.mjs): the answer holds for the whole document, so every later ask shares it.
const EARLY_PROBE = Symbol.for('attention-lab.blob-workers-allowed');

/** Starts the probe now, for blobWorkersAllowed() to answer from later. */
export function probeBlobWorkersEarly() {
  globalThis[EARLY_PROBE] ??= probeBlobWorkers();
}

/** Resolves whether this page may start workers from blob: URLs (always false without Worker). */
export const blobWorkersAllowed = () => globalThis[EARLY_PROBE] ?? probeBlobWorkers();

function probeBlobWorkers() {
  return new Promise((resolve) => {
    let worker;
    let url;
    const timer = setTimeout(() => done(false), PROBE_MS);
    function done(allowed) {
      clearTimeout(timer);
      worker?.terminate();
      if (url) URL.revokeObjectURL(url);
      resolve(allowed);
    }
    try {
      url = URL.createObjectURL(new Blob(['postMessage(0)'], { type: 'text/javascript' }));
      worker = new Worker(url);
      worker.onmessage = () => done(true);
      worker.onerror = () => done(false);
    } catch {
      done(false);
    }
  });
}
