// Starting the threaded build: its workers' script (a blob: URL in browsers, the .cjs file in
// Node), whether the page lets them start at all, and the bounded wait for its pool, with the
// note of a lab that gave its threads up. loader.mjs chooses the build and calls these.
import { AttentionLabError } from './errors.mjs';
import { blobWorkersAllowed } from './features.mjs';
import { inNode } from './builds.mjs';
import { THREADS_WHY, START_SECONDS, threadsNoteOf } from './threads-note.mjs';

// The threaded build starts its pthread workers from emscripten's worker script. In browsers that
// script is started from a blob: URL holding its source (inlined at build time): `new Worker(url)`
// is refused for a script on another origin (a CDN), and bundlers then never see a worker to
// rewrite. The worker imports the core module itself, from its absolute URL (CORS applies).
// Node keeps the plain file path (its workers cannot start from blob: URLs).
const THREADS_WORKER = 'attention-core-threads.worker.js';
let workerBlobUrl;
export async function threadedBrowserOptions(locateFile) {
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

// The threaded build's worker script is CommonJS; in this ES-module package ("type": "module") it
// ships as .cjs, since Node would read a .js file here as an ES module. Emscripten's glue asks for
// it by its .js name (browsers start it from a blob: URL instead, above).
const NODE_THREADS_WORKER = 'attention-core-threads.worker.cjs';
export function nodeWorkerFile(locateFile) {
  return (path, prefix) => {
    const file = path === THREADS_WORKER ? NODE_THREADS_WORKER : path;
    return locateFile ? locateFile(file, prefix) : prefix + file;
  };
}

// Threads asked for (or chosen) on a page whose policy forbids blob: workers: 'auto' falls back to
// one thread and says why (in the console, and as the lab's threadsNote for the page to show); an
// explicit count is refused with the reason. Resolves { count, note }.
export async function checkBlobWorkers(threads, count) {
  if (count === 1 || inNode || (await blobWorkersAllowed())) return { count, note: '' };
  return { count: 1, note: fallBack(autoOnly(threads, THREADS_WHY.csp)) };
}

// `why` threads cannot be used, for threads 'auto' (which runs on one thread then); an explicit
// count is refused with it.
function autoOnly(threads, why) {
  if (threads === 'auto' || threads === undefined) return why;
  throw new AttentionLabError(`threads = ${threads}: ${why}; use threads: 'auto' or 1`, {
    option: 'threads',
  });
}

export function fallBack(why) {
  const note = threadsNoteOf(why);
  console.warn(`attention-lab: ${note}`);
  return note;
}

// The threaded build's glue does not wait for its pool (PTHREAD_POOL_DELAY_LOAD): each worker
// imports the core's module and instantiates it while the glue returns. The loader waits until
// every one has, before the lab is made. A worker that a browser refuses without telling (a policy,
// an extension, a proxy that drops the import) would keep it waiting forever: past this bound the
// lab stops those workers and runs the single-threaded build instead (a lab that did not wait stays
// on one thread of its build: giveUpLate). Far above a normal start (each worker compiles nothing:
// it gets the compiled module), so only a start that will never finish reaches it.
export const START_MS = START_SECONDS * 1000;
const POLL_MS = 5;

/**
 * Resolves true once every worker of the core's pool has loaded the core; false after `ms`, or
 * once they are terminated (a lab terminated while they load).
 */
export function poolLoaded(core, ms) {
  const pool = core.PThread ?? {};
  const workers = [...(pool.unusedWorkers ?? []), ...(pool.runningWorkers ?? [])];
  const inPool = (worker) =>
    pool.unusedWorkers?.includes(worker) || pool.runningWorkers?.includes(worker);
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      if (workers.every((worker) => worker.loaded)) resolve(true);
      else if (Date.now() >= until || !workers.some(inPool)) resolve(false);
      else setTimeout(check, POLL_MS).unref?.(); // Node: a script that is done may exit
    };
    check();
  });
}

// The threaded core, once its pool has loaded (wait), or at once (not wait); null when the glue or
// the pool did not start within START_MS.
export async function startThreaded(factory, moduleOptions, wait) {
  const started = Date.now();
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), START_MS);
  });
  const core = await Promise.race([factory(moduleOptions), late]);
  clearTimeout(timer);
  if (core && (!wait || (await poolLoaded(core, START_MS - (Date.now() - started))))) return core;
  moduleOptions.PThread?.terminateAllThreads?.();
  return null;
}

// Why the threads were given up on; 'auto' runs on one thread then, an explicit count is refused.
export function lateThreads(threads) {
  return autoOnly(threads, THREADS_WHY.late(START_SECONDS));
}

// waitForThreads as a boolean (default true), or a refusal that names what is allowed.
export function chooseWait(waitForThreads) {
  if (waitForThreads === undefined || typeof waitForThreads === 'boolean')
    return waitForThreads !== false;
  throw new AttentionLabError(
    `waitForThreads = ${String(waitForThreads)}: allowed are true or false`,
    { option: 'waitForThreads' },
  );
}

/**
 * A lab made while its workers load (waitForThreads: false) runs its passes on the calling thread
 * until they have. Workers that never load are given up: the engine's pool stops (a worker that
 * loads after all leaves it at once) and the lab stays on one thread. Resolves the note that says
 * why (logged), or '' (the workers loaded, or the lab was terminated first).
 */
export function giveUpLate(settled, engine) {
  return settled?.then((loaded) => {
    if (loaded || engine.isDeleted()) return '';
    engine.terminate();
    return fallBack(THREADS_WHY.late(START_SECONDS));
  });
}
