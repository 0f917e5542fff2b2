// The parent's handle on one engine process (worker.mjs): request/response over the IPC channel.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workerPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.mjs');

export class EngineProcess {
  #child;
  #pending = new Map();
  #nextId = 1;
  #exited = null;

  // flags: more V8 flags for the engine process (e.g. --experimental-wasm-relaxed-simd).
  constructor(name, flags = []) {
    this.name = name;
    this.#child = fork(workerPath, [], {
      serialization: 'advanced',
      execArgv: ['--expose-gc', '--max-old-space-size=4096', ...flags],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    this.stderr = '';
    this.#child.stderr.on('data', (chunk) => {
      this.stderr = (this.stderr + chunk).slice(-4000);
    });
    this.#child.on('message', ({ id, ...reply }) => {
      const pending = this.#pending.get(id);
      if (!pending) return;
      this.#pending.delete(id);
      if (reply.ok) pending.resolve(reply.value);
      else
        pending.reject(
          Object.assign(new Error(reply.error), {
            unavailable: reply.unavailable,
            remoteStack: reply.stack,
          }),
        );
    });
    this.#child.on('exit', (code, signal) => {
      this.#exited = `process ${this.name} exited (${signal ?? `code ${code}`})${this.stderr ? `: ${lastLines(this.stderr)}` : ''}`;
      for (const { reject } of this.#pending.values()) reject(new Error(this.#exited));
      this.#pending.clear();
    });
  }

  get pid() {
    return this.#child.pid;
  }

  get alive() {
    return this.#exited === null;
  }

  call(cmd, args = {}, timeoutMs = 0) {
    if (!this.alive) return Promise.reject(new Error(this.#exited));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      let timer = null;
      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          this.#pending.delete(id);
          reject(
            new Error(
              `${this.name}: '${cmd}' took longer than ${Math.round(timeoutMs / 1000)} s; killed`,
            ),
          );
          this.kill();
        }, timeoutMs);
      }
      const done = (fn) => (v) => {
        if (timer) clearTimeout(timer);
        fn(v);
      };
      this.#pending.set(id, { resolve: done(resolve), reject: done(reject) });
      this.#child.send({ id, cmd, ...args });
    });
  }

  async close() {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    try {
      const reply = await Promise.race([
        this.call('exit'),
        new Promise((r) => setTimeout(r, 5000)),
      ]);
      if (reply?.cpuUsage) this.cpuUsage = reply.cpuUsage;
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => this.kill(), 5000);
    await exited;
    clearTimeout(timer);
  }

  kill() {
    if (this.alive) this.#child.kill('SIGKILL');
  }
}

function lastLines(text) {
  return text.trim().split('\n').slice(-3).join(' | ');
}
