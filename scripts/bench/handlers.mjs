// The commands an engine host answers, the same in a child process (worker.mjs) and in a Web
// Worker (web/bench/worker.mjs); only the transport and `platform` (where modules come from) differ.
// Messages in: { id, cmd, ...args }; out: { id, ok: true, value } | { id, ok: false, error, unavailable }.
import { ENGINES, Unavailable } from './engines.mjs';

/** handlers[cmd](args) → value; exit() is the host's own (it ends the process or the worker). */
export function engineHandlers(platform, exit) {
  let engine = null;
  return {
    async init({ kind, options }) {
      const Engine = ENGINES[kind];
      if (!Engine) throw new Error(`unknown engine '${kind}'`);
      engine = new Engine();
      return engine.init({ ...options, platform });
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
      return exit();
    },
  };
}

/** Runs one message through the handlers; resolves the reply to send back. */
export async function answer(handlers, { id, cmd, ...args }) {
  try {
    const handler = handlers[cmd];
    if (!handler) throw new Error(`unknown command '${cmd}'`);
    return { id, ok: true, value: await handler(args) };
  } catch (error) {
    return {
      id,
      ok: false,
      unavailable: error instanceof Unavailable,
      error: String(error?.message ?? error),
      stack: error instanceof Unavailable ? undefined : error?.stack,
    };
  }
}
