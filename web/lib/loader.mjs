// Loading the WebAssembly core: the SIMD check, the choice between the single-threaded build (any
// page) and the threaded one (cross-origin-isolated pages, or asked for in Node), between each
// one's SIMD128 and relaxed-SIMD (fused multiply-add) kernels, and starting the threaded build's
// workers from a blob: URL in browsers. index.mjs builds the lab on top.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { LIMITS } from './contract.mjs';
import { hasExceptions, hasRelaxedSimd, hasSimd } from './features.mjs';
import { inNode, whyNoThreads } from './builds.mjs';

// Each build's relaxed-SIMD twin: the same JS glue and exports, its kernels with
// f32x4.relaxed_madd (scripts/relax-simd.mjs). Written as literal `new URL(…, import.meta.url)`
// so that bundlers (Vite, webpack) emit the files.
const RELAXED_FILES = {
  'attention-core.wasm': 'attention-core-relaxed.wasm',
  'attention-core-threads.wasm': 'attention-core-threads-relaxed.wasm',
};
function relaxedUrl(file) {
  return file === 'attention-core-relaxed.wasm'
    ? new URL('./attention-core-relaxed.wasm', import.meta.url).href
    : new URL('./attention-core-threads-relaxed.wasm', import.meta.url).href;
}

// 'auto' (default): the relaxed build where the engine validates it; true: that build or an error;
// false: the SIMD128 build.
function chooseRelaxed(relaxedSimd) {
  if (relaxedSimd === 'auto' || relaxedSimd === undefined) return hasRelaxedSimd();
  if (relaxedSimd === false) return false;
  if (relaxedSimd !== true) {
    throw new AttentionLabError(
      `relaxedSimd = ${String(relaxedSimd)}: allowed are 'auto', true or false`,
      { option: 'relaxedSimd' },
    );
  }
  if (!hasRelaxedSimd()) {
    throw new AttentionLabError(
      'relaxedSimd = true: this engine does not support WebAssembly relaxed SIMD (Chrome and Edge 114+ ' +
        "do; Node 20 with --experimental-wasm-relaxed-simd); use relaxedSimd: 'auto' or false",
      { option: 'relaxedSimd' },
    );
  }
  return true;
}

/** The most threads the threaded build can use (its pthread pool size, from the core). */
export const MAX_THREADS = LIMITS.poolSize;

function chooseThreads(threads) {
  if (threads === 'auto' || threads === undefined) {
    if (inNode || whyNoThreads()) return 1;
    return Math.max(1, Math.min(MAX_THREADS, globalThis.navigator?.hardwareConcurrency ?? 1));
  }
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new AttentionLabError(
      `threads = ${threads}: allowed are 'auto' or an integer from 1 to ${MAX_THREADS}`,
      { option: 'threads' },
    );
  }
  const why = threads > 1 ? whyNoThreads() : '';
  if (why) throw new AttentionLabError(`threads = ${threads}: ${why}`, { option: 'threads' });
  return threads;
}

// The threaded build starts its pthread workers from emscripten's worker script. In browsers that
// script is started from a blob: URL holding its source (inlined at build time): `new Worker(url)`
// is refused for a script on another origin (a CDN), and bundlers then never see a worker to
// rewrite. The worker imports the core module itself, from its absolute URL (CORS applies).
// Node keeps the plain file path (its workers cannot start from blob: URLs).
const THREADS_WORKER = 'attention-core-threads.worker.js';
let workerBlobUrl;
async function threadedBrowserOptions(locateFile) {
  if (!workerBlobUrl) {
    const { default: source } = await import('./attention-core-threads.worker-source.mjs');
    workerBlobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  }
  const wasmUrl = new URL('./attention-core-threads.wasm', import.meta.url).href;
  return {
    mainScriptUrlOrBlob: new URL('./attention-core-threads.mjs', import.meta.url).href,
    locateFile: (path, prefix) => {
      if (path === THREADS_WORKER) return workerBlobUrl;
      if (locateFile) return locateFile(path, prefix);
      return path === 'attention-core-threads.wasm' ? wasmUrl : prefix + path;
    },
  };
}

// A page's Content-Security-Policy may forbid workers from blob: URLs (a worker-src, or a
// default-src, without blob:). The threaded build's workers then never start, and the core would
// wait for them forever. A one-line worker from a blob: URL tells: it answers at once where it may
// run; a refusal arrives as an error event (or an exception), a hang as the timeout.
const PROBE_MS = 5000;
function blobWorkersAllowed() {
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

// Threads asked for (or chosen) on a page whose policy forbids blob: workers: 'auto' falls back to
// one thread and says why in the console; an explicit count is refused with the reason.
async function checkBlobWorkers(threads, count) {
  if (count === 1 || inNode || (await blobWorkersAllowed())) return count;
  const why =
    "this page's Content-Security-Policy does not allow workers from blob: URLs (worker-src " +
    "blob:), which the threaded build's workers start from";
  if (threads !== 'auto' && threads !== undefined) {
    throw new AttentionLabError(`threads = ${threads}: ${why}; use threads: 'auto' or 1`, {
      option: 'threads',
    });
  }
  console.warn(`attention-lab: running on one thread: ${why}`);
  return 1;
}

// The relaxed build: the glue asks for its usual .wasm name; hand it the relaxed file instead
// (through the caller's locateFile, when there is one).
function relaxedLocateFile(locateFile) {
  return (path, prefix) => {
    const file = RELAXED_FILES[path];
    if (file === undefined) return locateFile ? locateFile(path, prefix) : prefix + path;
    if (locateFile) return locateFile(file, prefix);
    return inNode ? prefix + file : relaxedUrl(file);
  };
}

/** Throws an AttentionLabError (option 'simd' or 'exceptions') where the engine cannot run a core. */
export function requireEngineFeatures() {
  if (!hasSimd()) {
    throw new AttentionLabError(
      'this browser does not support WebAssembly SIMD (Chrome 91+, Firefox 89+, Safari 16.4+ do); attention-lab needs it',
      { option: 'simd', kind: 'Error' },
    );
  }
  if (!hasExceptions()) {
    throw new AttentionLabError(
      'this browser does not support WebAssembly exception handling (Chrome 95+, Firefox 100+, Safari 15.2+ do); attention-lab needs it',
      { option: 'exceptions', kind: 'Error' },
    );
  }
}

/**
 * Loads the core for `threads` ('auto', or an integer) and `relaxedSimd` ('auto', true, false) and
 * starts its engine: { core, engine, build: 'single' | 'threads' }. Throws AttentionLabError
 * (option 'simd', 'exceptions', 'threads' or 'relaxedSimd'). With wasmBinary, the bytes given
 * decide the kernels.
 */
export async function loadCore({
  threads = 'auto',
  relaxedSimd = 'auto',
  locateFile,
  wasmBinary,
} = {}) {
  requireEngineFeatures();
  const count = await checkBlobWorkers(threads, chooseThreads(threads));
  const relaxed = chooseRelaxed(relaxedSimd) && !wasmBinary;
  const build = count > 1 ? 'threads' : 'single';
  const files = relaxed ? relaxedLocateFile(locateFile) : locateFile;
  const moduleOptions = {};
  if (files) moduleOptions.locateFile = files;
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  if (build === 'threads' && !inNode)
    Object.assign(moduleOptions, await threadedBrowserOptions(files));
  const factory =
    build === 'threads'
      ? (await import('./attention-core-threads.mjs')).default
      : (await import('./attention-core.mjs')).default;
  const core = await factory(moduleOptions);
  if (inNode && build === 'threads') {
    // Worker threads must not keep Node alive: a script that is done should exit.
    for (const worker of [
      ...(core.PThread?.unusedWorkers ?? []),
      ...(core.PThread?.runningWorkers ?? []),
    ]) {
      worker.unref?.();
    }
  }
  const engine = new core.Engine(count);
  const error = engine.error();
  if (error !== undefined) {
    engine.delete();
    throw fromCoreError(error);
  }
  return { core, engine, build };
}
