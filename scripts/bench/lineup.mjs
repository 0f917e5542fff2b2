// Which engines take part and how they are started, shared by the Node run (engines in child
// processes, pool.mjs) and the bench page (engines in Web Workers, web/bench/engine-worker.mjs):
// the caller passes open(name), which returns a handle with call(cmd, args, timeoutMs) and close().
import { FLOP_NOTE } from './stats.mjs';

export const LABELS = {
  ours: 'attention-lab',
  ort: 'onnxruntime-web',
  tfjs: 'tfjs-backend-wasm',
  js: 'plain JS loops',
};

/**
 * [{ kind, threads }] for opts.impl and opts.threads. tfjsThreads: whether tfjs-backend-wasm can
 * have threads here (a cross-origin-isolated page; never Node). Plain JS is single-threaded.
 */
export function engineSpecs(opts, { tfjsThreads = false } = {}) {
  const specs = [];
  const peerKinds = ['ort', 'tfjs', 'js'].filter((k) => opts.impl.includes(k));
  for (const t of opts.threads) {
    if (opts.impl.includes('ours')) specs.push({ kind: 'ours', threads: t });
    for (const kind of peerKinds) {
      const threaded = kind === 'ort' || (kind === 'tfjs' && tfjsThreads);
      if (threaded || t === 1) specs.push({ kind, threads: t });
    }
  }
  return specs;
}

/** Starts one engine per spec: [{ name, kind, threads, label, proc, info, error }]. */
export async function startEngines(specs, opts, log, open) {
  const engines = [];
  for (const { kind, threads } of specs) {
    const engine = { name: `${kind}-${threads}`, kind, threads, label: LABELS[kind] };
    engines.push(engine);
    engine.proc = open(engine.name);
    try {
      engine.info = await engine.proc.call(
        'init',
        { kind, options: { threads, models: opts.ortModels, dist: opts.dist } },
        120_000,
      );
      for (const note of engine.info.notes ?? []) log(`${engine.name}: ${note}`);
      log(
        `${engine.name}: ${engine.info.build}, ${engine.info.threads} thread(s), SIMD ${engine.info.simd ?? '?'}`,
      );
    } catch (error) {
      engine.error = error.unavailable
        ? `not available: ${error.message}`
        : `failed to start: ${error.message}`;
      engine.errorStatus = error.unavailable ? 'skipped' : 'error';
      log(`${engine.name}: ${engine.error}`);
      await engine.proc.close();
    }
  }
  return engines;
}

/** What every run's notes say, whatever it runs on. */
export function commonNotes(opts) {
  return [
    FLOP_NOTE,
    'vs best peer = (median of the fastest non-attention-lab, non-native implementation at the same shape and thread count) / (this median); > 1 means faster than that peer.',
    `Outputs are checked against attention-lab (1 thread) before timing: max |diff| ≤ ${opts.tolerance}, else the implementation is not timed.`,
    'Interleaved: each round times one sample of every implementation, the order rotating each round; median and IQR (q3 − q1) over the samples. Fast calls are looped so a sample lasts ≥ ' +
      `${opts.sampleMs} ms and reported per call (S1: µs per call, copies in and out included).`,
  ];
}
