// Loading the WebAssembly core: the SIMD check, the choice between the single-threaded build (any
// page) and the threaded one (cross-origin-isolated pages, or asked for in Node), between each
// one's SIMD128 and relaxed-SIMD (fused multiply-add) kernels, and starting the threaded build's
// workers from a blob: URL in browsers. index.mjs builds the lab on top.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { LIMITS } from './contract.mjs';
import { blobWorkersAllowed, hasExceptions, hasRelaxedSimd, hasSimd } from './features.mjs';
import { nodeRequire } from './node-builtin.mjs';
import { baseUrlLocateFile, instantiateFrom } from './core-files.mjs';
import { inNode, whyNoThreads } from './builds.mjs';
import { THREADS_WHY, START_SECONDS, threadsNoteOf } from './threads-note.mjs';

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

// Threads asked for (or chosen) on a page whose policy forbids blob: workers: 'auto' falls back to
// one thread and says why (in the console, and as the lab's threadsNote for the page to show); an
// explicit count is refused with the reason. Resolves { count, note }.
async function checkBlobWorkers(threads, count) {
  if (count === 1 || inNode || (await blobWorkersAllowed())) return { count, note: '' };
  const why = THREADS_WHY.csp;
  if (threads !== 'auto' && threads !== undefined) {
    throw new AttentionLabError(`threads = ${threads}: ${why}; use threads: 'auto' or 1`, {
      option: 'threads',
    });
  }
  return { count: 1, note: fallBack(why) };
}

function fallBack(why) {
  const note = threadsNoteOf(why);
  console.warn(`attention-lab: ${note}`);
  return note;
}

// The threaded build waits until every worker of its pool has loaded the core. A worker that a
// browser refuses without telling (a policy, an extension, a proxy that drops the import) would
// keep it waiting forever: past this bound the lab stops those workers and runs the
// single-threaded build instead. Far above a normal start (each worker compiles nothing: it gets
// the compiled module), so only a start that will never finish reaches it.
const START_MS = START_SECONDS * 1000;
async function startThreaded(factory, moduleOptions) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), START_MS);
  });
  const core = await Promise.race([factory(moduleOptions), late]);
  clearTimeout(timer);
  if (core) return core;
  moduleOptions.PThread?.terminateAllThreads?.();
  return null;
}

// Why the threads were given up on; 'auto' runs on one thread then, an explicit count is refused.
function lateThreads(threads) {
  const why = THREADS_WHY.late(START_MS / 1000);
  if (threads !== 'auto' && threads !== undefined) {
    throw new AttentionLabError(`threads = ${threads}: ${why}; use threads: 'auto' or 1`, {
      option: 'threads',
    });
  }
  return why;
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

// The threaded build's worker script is CommonJS; in this ES-module package ("type": "module") it
// ships as .cjs, since Node would read a .js file here as an ES module. Emscripten's glue asks for
// it by its .js name (browsers start it from a blob: URL instead, above).
const NODE_THREADS_WORKER = 'attention-core-threads.worker.cjs';
function nodeWorkerFile(locateFile) {
  return (path, prefix) => {
    const file = path === THREADS_WORKER ? NODE_THREADS_WORKER : path;
    return locateFile ? locateFile(file, prefix) : prefix + file;
  };
}

// Browsers: the loader fetches the .wasm itself (core-files.mjs), from where emscripten would: the
// given locateFile's answer, or the file beside this module. Resolves never; rejects with the
// AttentionLabError of a file that did not load.
const CORE_DIR = import.meta.url.replace(/[^/]*$/, '');
function browserInstantiate(build, moduleOptions) {
  const name = build === 'threads' ? 'attention-core-threads.wasm' : 'attention-core.wasm';
  const located = moduleOptions.locateFile?.(name, CORE_DIR);
  const url = located
    ? new URL(located, globalThis.location?.href).href
    : build === 'threads'
      ? new URL('./attention-core-threads.wasm', import.meta.url).href
      : new URL('./attention-core.wasm', import.meta.url).href;
  return new Promise((_, reject) => {
    moduleOptions.instantiateWasm = instantiateFrom(url, reject);
  });
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

// The chosen build's factory, run with the loader's own fetch of its .wasm in browsers (a file
// that does not load rejects with its AttentionLabError instead of emscripten's abort).
async function instantiate(build, moduleOptions) {
  const failed =
    inNode || moduleOptions.wasmBinary ? undefined : browserInstantiate(build, moduleOptions);
  const factory =
    build === 'threads'
      ? (await import('./attention-core-threads.mjs')).default
      : (await import('./attention-core.mjs')).default;
  return failed ? Promise.race([factory(moduleOptions), failed]) : factory(moduleOptions);
}

// The threaded build for `count` threads: Node's workers from the .cjs file; a browser's from a
// blob: URL, bounded in time (startThreaded: null when they never start). Its pthread pool holds
// the count − 1 workers the engine starts (each worker loads the core's module and instantiates
// it before the core runs: on a two-core machine one, not the build's most).
async function startThreads(moduleOptions, files, fromBase, count) {
  moduleOptions = { ...moduleOptions, pthreadPoolSize: count - 1 };
  if (inNode)
    return instantiate('threads', { ...moduleOptions, locateFile: nodeWorkerFile(files) });
  const options = { ...moduleOptions, ...(await threadedBrowserOptions(files)) };
  if (fromBase) options.mainScriptUrlOrBlob = fromBase('attention-core-threads.mjs');
  return startThreaded((given) => instantiate('threads', given), options);
}

/**
 * Loads the core for `threads` ('auto', or an integer) and `relaxedSimd` ('auto', true, false) and
 * starts its engine: { core, engine, build: 'single' | 'threads', note } (note: why threads were
 * possible but not used, or ''). Throws AttentionLabError
 * (option 'simd', 'exceptions', 'threads' or 'relaxedSimd'). With wasmBinary, the bytes given
 * decide the kernels.
 */
export async function loadCore({
  threads = 'auto',
  relaxedSimd = 'auto',
  locateFile: givenLocateFile,
  baseUrl,
  wasmBinary,
} = {}) {
  requireEngineFeatures();
  const fromBase = baseUrlLocateFile(baseUrl);
  const locateFile = givenLocateFile ?? fromBase;
  let { count, note } = await checkBlobWorkers(threads, chooseThreads(threads));
  const relaxed = chooseRelaxed(relaxedSimd) && !wasmBinary;
  const files = relaxed ? relaxedLocateFile(locateFile) : locateFile;
  const moduleOptions = {};
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  const require = await nodeRequire(); // Node before 20.16: the glue's fs, path and url
  if (require) moduleOptions.nodeRequire = require;
  let core = null;
  if (count > 1) {
    core = await startThreads(moduleOptions, files, fromBase, count);
    if (!core) {
      count = 1;
      note = fallBack(lateThreads(threads));
    }
  }
  core ??= await instantiate(
    'single',
    files ? { ...moduleOptions, locateFile: files } : moduleOptions,
  );
  const build = count > 1 ? 'threads' : 'single';
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
  return { core, engine, build, note };
}
