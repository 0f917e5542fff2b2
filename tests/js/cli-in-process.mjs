// The command line run in a worker thread of the test's own process: the same main() and error
// report as dist/cli.mjs, the same exit code and output, without starting Node and loading the core
// for every run. For tests of what a command prints or refuses; what only a process has (the
// shebang, stdin, a closed pipe, the exit status of the process itself) is tested on dist/cli.mjs.
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker; `run(args)` resolves to { code, stdout, stderr } of `attention-lab ...args`,
 * one run at a time in the order asked; `close()` ends the worker.
 */
export function cliInProcess() {
  const worker = new Worker(new URL('./cli-worker.mjs', import.meta.url));
  const pending = new Map();
  let next = 0;
  let queue = Promise.resolve();
  // The worker keeps the process alive only while a run is under way.
  worker.unref();
  worker.on('message', ({ id, ...result }) => {
    pending.get(id).resolve(result);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  });
  worker.on('error', (error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  });
  const ask = (args) =>
    new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, args: args.map(String) });
    });
  return {
    run(args) {
      const result = queue.then(() => ask(args));
      queue = result.catch(() => {});
      return result;
    },
    close: () => worker.terminate(),
  };
}
