// A Web Worker hosting one engine of the bench page: the same commands as the Node run's child
// process (scripts/bench/handlers.mjs), over postMessage. One engine per worker, because
// onnxruntime-web's env.wasm.numThreads is global per module instance, and so that every engine's
// WASM memory is its own. Bundled into build/bench/worker.js.
import { answer, engineHandlers } from '../../scripts/bench/handlers.mjs';
import { browserPlatform } from './platform.mjs';

// exit: the page terminates this worker when the reply has arrived.
const handlers = engineHandlers(browserPlatform, () => ({ cpuUsage: null }));

self.addEventListener('message', async ({ data }) =>
  self.postMessage(await answer(handlers, data)),
);
