// The page's handle on one engine worker (worker.js), with the interface the harness's run.mjs and
// lineup.mjs use for the Node run's child processes (scripts/bench/pool.mjs): call, alive, close.
export class EngineWorker {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #exited = null;

  constructor(name, url) {
    this.name = name;
    this.#worker = new Worker(url, { type: 'module', name });
    this.#worker.addEventListener('message', ({ data: { id, ...reply } }) => {
      const pending = this.#pending.get(id);
      if (!pending) return;
      this.#pending.delete(id);
      if (reply.ok) pending.resolve(reply.value);
      else
        pending.reject(Object.assign(new Error(reply.error), { unavailable: reply.unavailable }));
    });
    // A worker that fails to load, or throws outside a command, cannot answer any more.
    this.#worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.#stop(`worker ${name} failed: ${event.message || 'could not load worker.js'}`);
    });
  }

  get alive() {
    return this.#exited === null;
  }

  call(cmd, args = {}, timeoutMs = 0) {
    if (!this.alive) return Promise.reject(new Error(this.#exited));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer =
        timeoutMs > 0
          ? setTimeout(
              () => this.#stop(`${this.name}: '${cmd}' took longer than ${timeoutMs / 1000} s`),
              timeoutMs,
            )
          : null;
      const done = (fn) => (v) => {
        clearTimeout(timer);
        fn(v);
      };
      this.#pending.set(id, { resolve: done(resolve), reject: done(reject) });
      this.#worker.postMessage({ id, cmd, ...args });
    });
  }

  async close() {
    if (!this.alive) return;
    try {
      // Lets the engine dispose of its models and stop its own threads before the worker goes.
      await Promise.race([this.call('exit'), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      /* already failed */
    }
    this.#stop(`worker ${this.name} closed`);
  }

  #stop(why) {
    if (!this.alive) return;
    this.#exited = why;
    this.#worker.terminate();
    for (const { reject } of this.#pending.values()) reject(new Error(why));
    this.#pending.clear();
  }
}
