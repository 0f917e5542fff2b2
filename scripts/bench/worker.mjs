// Child process hosting one engine (see engines.mjs). Forked by scripts/bench/pool.mjs with
// serialization: 'advanced' (typed arrays pass as structured clones) and --expose-gc.
// Messages in: { id, cmd, ...args }; out: { id, ok: true, value } | { id, ok: false, error, unavailable }.
import { ENGINES, Unavailable } from './engines.mjs';

let engine = null;

const handlers = {
  async init({ kind, options }) {
    const Engine = ENGINES[kind];
    if (!Engine) throw new Error(`unknown engine '${kind}'`);
    engine = new Engine();
    return engine.init(options);
  },
  setup: ({ shape, weights, inputs }) => engine.setup(shape, weights, inputs),
  async forward({ variant }) {
    const t0 = performance.now();
    const output = await engine.forward(variant);
    return { output, ms: performance.now() - t0 };
  },
  async run({ variant, inner, gc, settle }) {
    if (gc && globalThis.gc) globalThis.gc();
    if (settle) await engine.run(variant, 1); // untimed: wakes threads after the idle gap
    return engine.run(variant, inner);
  },
  memoryBytes: () => engine.memoryBytes?.() ?? null,
  headExperiment: ({ args }) => engine.headExperiment(args),
  teardown: () => engine?.teardown(),
  async exit() {
    await engine?.teardown?.();
    engine?.terminate?.();
    setImmediate(() => process.exit(0));
    return { cpuUsage: process.cpuUsage() }; // all threads of this process, µs
  },
};

process.on('message', async (msg) => {
  const { id, cmd, ...args } = msg;
  try {
    const handler = handlers[cmd];
    if (!handler) throw new Error(`unknown command '${cmd}'`);
    const value = await handler(args);
    process.send({ id, ok: true, value });
  } catch (error) {
    process.send({
      id,
      ok: false,
      unavailable: error instanceof Unavailable,
      error: String(error?.message ?? error),
      stack: error instanceof Unavailable ? undefined : error?.stack,
    });
  }
});

process.on('disconnect', () => process.exit(0));
