// Loading the WebAssembly core: the SIMD check, the choice between the single-threaded build (any
// page) and the threaded one (cross-origin-isolated pages, or asked for in Node), between each
// one's SIMD128 and relaxed-SIMD (fused multiply-add) kernels, and starting the chosen build (its
// workers: threads-start.mjs). index.mjs builds the lab on top.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { LIMITS } from './contract.mjs';
import { hasExceptions, hasRelaxedSimd, hasSimd } from './features.mjs';
import { nodeRequire } from './node-builtin.mjs';
import { baseUrlLocateFile, instantiateFrom } from './core-files.mjs';
import { inNode, whyNoThreads } from './builds.mjs';
import {
  checkBlobWorkers,
  chooseWait,
  fallBack,
  lateThreads,
  nodeWorkerFile,
  poolLoaded,
  START_MS,
  startThreaded,
  threadedBrowserOptions,
} from './threads-start.mjs';

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
// the count − 1 workers the engine starts (each loads the core's module and instantiates it: on a
// two-core machine one, not the build's most). `wait`: whether to resolve only once they have.
async function startThreads(moduleOptions, files, fromBase, count, wait) {
  moduleOptions = { ...moduleOptions, pthreadPoolSize: count - 1 };
  const start = (options) => startThreaded((given) => instantiate('threads', given), options, wait);
  if (inNode) return start({ ...moduleOptions, locateFile: nodeWorkerFile(files) });
  const options = { ...moduleOptions, ...(await threadedBrowserOptions(files)) };
  if (fromBase) options.mainScriptUrlOrBlob = fromBase('attention-core-threads.mjs');
  return start(options);
}

/**
 * Loads the core for `threads` ('auto', or an integer) and `relaxedSimd` ('auto', true, false) and
 * starts its engine: { core, engine, build: 'single' | 'threads', note, settled } (note: why
 * threads were possible but not used, or ''; settled: with waitForThreads false and threads, a
 * promise of whether the workers loaded, else null). Throws AttentionLabError (option 'simd', 'exceptions',
 * 'threads', 'relaxedSimd' or 'waitForThreads'). With wasmBinary, the bytes given decide the
 * kernels.
 */
export async function loadCore({
  threads = 'auto',
  relaxedSimd = 'auto',
  locateFile: givenLocateFile,
  baseUrl,
  wasmBinary,
  waitForThreads,
} = {}) {
  requireEngineFeatures();
  const wait = chooseWait(waitForThreads);
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
    core = await startThreads(moduleOptions, files, fromBase, count, wait);
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
  // Made while its workers load (waitForThreads: false): whether they did, for the lab to act on.
  const settled = build === 'threads' && !wait ? poolLoaded(core, START_MS) : null;
  return { core, engine, build, note, settled };
}
