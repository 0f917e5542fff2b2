// The benchmark run of the bench page, the browser's counterpart of scripts/bench.mjs: the same
// engines (one Web Worker each instead of one process), the same shapes, cross-check, round-robin
// timing, ratios and targets, from the harness's own modules. What a page cannot do: run the
// native binary, wait for idle threads by reading /proc (the fixed gap after each sample stays),
// and name the CPU.
import { benchHeads, benchShape, TOLERANCE } from '../../scripts/bench/run.mjs';
import { commonNotes, engineSpecs, startEngines } from '../../scripts/bench/lineup.mjs';
import { addRatios, evaluateTargets } from '../../scripts/bench/report.mjs';
import { ORT_MODELS } from '../../scripts/bench/onnx-models.mjs';
import { SHAPES } from '../../scripts/bench/shapes.mjs';
import { EngineWorker } from './engine-worker.mjs';
import { environment, whyNoThreads } from './environment.mjs';

const WORKER_URL = new URL('./worker.js', import.meta.url);
const IMPLEMENTATIONS = ['ours', 'ort', 'tfjs', 'js'];

/** The Node run's defaults (scripts/bench.mjs), but S5 only when asked: it has no peers by default. */
export const DEFAULTS = Object.freeze({
  only: ['S1', 'S2', 'S3', 'S4'],
  impl: IMPLEMENTATIONS,
  threads: [1, 2],
  ortModels: Object.keys(ORT_MODELS),
  reps: 15,
  minReps: 3,
  warmup: 3,
  budgetSec: 20,
  sampleMs: 20,
  gapMs: 25,
  settle: true,
  tolerance: TOLERANCE,
  s5Peers: false,
});
// --quick of the Node run.
const QUICK = { reps: 5, warmup: 1, budgetSec: 4, sampleMs: 5, gapMs: 10 };
// ?smoke: proves the page works, times nothing worth reading: S1 and S2 cut to T = 32, 2 reps.
const SMOKE = {
  ...QUICK,
  only: ['S1', 'S2'],
  reps: 2,
  budgetSec: 1,
  sampleMs: 2,
  gapMs: 0,
  settle: false,
  smokeTokens: 32,
};

/**
 * Options from the page's query, named as the Node run's flags without "--": only, impl, threads,
 * ort-models, reps, warmup, budget, sample-ms, gap-ms, settle=0, tolerance, s5-peers, quick, smoke.
 */
export function optionsFromQuery(search) {
  const q = new URLSearchParams(search);
  const o = { ...DEFAULTS, ...(q.has('quick') ? QUICK : {}), ...(q.has('smoke') ? SMOKE : {}) };
  const list = (name) =>
    q
      .get(name)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const num = (name, min) => {
    const n = Number(q.get(name));
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}`);
    return n;
  };
  if (q.has('only')) o.only = list('only').map((s) => s.toUpperCase());
  if (q.has('impl')) o.impl = list('impl');
  if (q.has('threads')) o.threads = list('threads').map(Number);
  if (q.has('ort-models')) o.ortModels = list('ort-models');
  if (q.has('reps')) o.reps = Math.round(num('reps', 1));
  if (q.has('warmup')) o.warmup = Math.round(num('warmup', 1));
  if (q.has('budget')) o.budgetSec = num('budget', 0);
  if (q.has('sample-ms')) o.sampleMs = num('sample-ms', 0);
  if (q.has('gap-ms')) o.gapMs = num('gap-ms', 0);
  if (q.get('settle') === '0') o.settle = false;
  if (q.has('tolerance')) o.tolerance = num('tolerance', 0);
  if (q.has('s5-peers')) o.s5Peers = true;
  for (const s of o.only) if (!SHAPES[s]) throw new Error(`unknown shape ${s}`);
  for (const i of o.impl)
    if (!IMPLEMENTATIONS.includes(i)) throw new Error(`unknown implementation ${i}`);
  for (const m of o.ortModels) if (!ORT_MODELS[m]) throw new Error(`unknown ONNX model ${m}`);
  for (const t of o.threads) if (!Number.isInteger(t) || t < 1) throw new Error(`threads: ${t}`);
  if (!o.impl.includes('ours')) throw new Error('impl must include ours (the reference output)');
  if (!o.threads.includes(1)) o.threads.unshift(1); // the reference
  return o;
}

/** The shape to run: SHAPES[name], or S2 cut down to smokeTokens for ?smoke. */
function shapeOf(name, opts) {
  const shape = SHAPES[name];
  if (!opts.smokeTokens || name !== 'S2') return shape;
  return { ...shape, tokens: opts.smokeTokens, title: `S2 cut to T=${opts.smokeTokens} (?smoke)` };
}

/** What this run's notes add to the Node run's common ones; may turn threads off (opts.threads). */
function pageNotes(env, opts) {
  const notes = [];
  if (env.noThreads && opts.threads.some((t) => t > 1)) {
    opts.threads = [1];
    notes.push(env.noThreads);
  }
  notes.push(
    !env.noThreads
      ? 'tfjs-backend-wasm is offered threads here (setThreadsCount), which it cannot have under Node; ' +
          'where it still runs 1 (getThreadsCount; tfjs 4.22 in Chromium: tensorflow/tfjs#8513) its 2-thread row is skipped, and its 1-thread row is the best tfjs variant at 2 threads. ' +
          'It gets pre-transposed weights and per-head 2-D matMuls (its transposeB and batched matMuls miss XNNPACK).'
      : 'tfjs-backend-wasm is single-threaded here: it has threads only where this page has them.',
    'Each implementation runs in its own Web Worker; after each sample a fixed idle gap, but no wait for idle threads (a page cannot read /proc).',
  );
  if (opts.smokeTokens && opts.only.includes('S2'))
    notes.push(`?smoke: S2 is cut to T=${opts.smokeTokens}; these times are not S2's.`);
  return notes;
}

/** The engines' descriptions for the JSON, tagged with the shapes they ran. */
const describeEngines = (engines, scope) =>
  engines.map((e) => ({
    scope,
    name: e.name,
    kind: e.kind,
    threads: e.threads,
    info: e.info ?? null,
    error: e.error ?? null,
  }));

/**
 * S1–S3 and S4 on one set of workers (peers only when a table shape runs), as the Node run does.
 * run: { opts, specs, open, log, rows, engineInfo, progress(text), step(name, text) → onRound }.
 */
async function runSharedShapes(run, tableShapes) {
  const { opts, specs, open, log, rows } = run;
  run.progress('starting the engines');
  const wanted = tableShapes.length ? specs : specs.filter((s) => s.kind === 'ours');
  const engines = await startEngines(wanted, opts, log, open);
  for (const name of tableShapes) {
    const onRound = run.step(name, 'setting up and checking outputs');
    rows.push(...(await benchShape(name, shapeOf(name, opts), engines, opts, log, { onRound })));
  }
  if (opts.only.includes('S4')) {
    run.step('S4', 'lab.headExperiment()');
    rows.push(...(await benchHeads(engines, opts, log)));
  }
  run.engineInfo.push(...describeEngines(engines, opts.only.filter((s) => s !== 'S5').join(',')));
  await Promise.all(engines.map((e) => e.proc?.close()));
}

/** S5 on fresh workers, so that lab.memoryBytes() is S5's own peak; attention-lab alone unless s5Peers. */
async function runS5(run, notes) {
  const { opts, specs, open, log, rows } = run;
  const onRound = run.step('S5', 'fresh workers');
  const wanted = specs.filter((s) => s.kind === 'ours' || opts.s5Peers);
  const engines = await startEngines(wanted, opts, log, open);
  const memory = { ...opts, memory: true };
  rows.push(...(await benchShape('S5', SHAPES.S5, engines, memory, log, { onRound })));
  run.engineInfo.push(...describeEngines(engines, 'S5'));
  await Promise.all(engines.map((e) => e.proc?.close()));
  if (!opts.s5Peers)
    notes.push(
      'S5: peers are not timed by default (s5-peers): their (B,h,T,T) score tensors are 805 MB each.',
    );
}

/**
 * Runs the benchmark; resolves { date, environment, engineFlags, options, engines, notes, rows,
 * targets, elapsedSec }. log(message): progress lines; progress(fraction, text): the progress bar.
 */
export async function runBenchmark(requested, { log = () => {}, progress = () => {} } = {}) {
  const t0 = performance.now();
  const env = environment();
  env.noThreads = await whyNoThreads(env);
  const opts = { ...requested };
  const notes = [...commonNotes(opts), ...pageNotes(env, opts)];
  const tableShapes = opts.only.filter((s) => s !== 'S4' && s !== 'S5');
  const steps = tableShapes.length + ['S4', 'S5'].filter((s) => opts.only.includes(s)).length;
  let done = -1; // shapes finished before the current one
  const run = {
    opts,
    specs: engineSpecs(opts, { tfjsThreads: !env.noThreads }),
    open: (name) => new EngineWorker(name, WORKER_URL),
    log,
    rows: [],
    engineInfo: [],
    progress: (text) => progress(Math.max(0, done) / steps, text),
    // A new shape: its first words for the bar; returns its per-round progress.
    step(name, text) {
      done += 1;
      const at = done;
      progress(at / steps, `${name}: ${text}`);
      return (r, n) => progress((at + r / n) / steps, `${name}: round ${r + 1} of ${n}`);
    },
  };
  if (tableShapes.length || opts.only.includes('S4')) await runSharedShapes(run, tableShapes);
  if (opts.only.includes('S5')) await runS5(run, notes);
  progress(1, 'done');
  addRatios(run.rows);
  return {
    date: new Date().toISOString(),
    environment: env,
    engineFlags: engineFlags(run.engineInfo),
    options: opts,
    engines: run.engineInfo,
    notes,
    rows: run.rows,
    targets: evaluateTargets(run.rows, { threads: opts.threads }),
    elapsedSec: (performance.now() - t0) / 1000,
  };
}

/** attention-lab's kernels per thread count: 'simd128' or 'relaxed-simd' (lab.relaxedSimd). */
function engineFlags(engineInfo) {
  const flags = {};
  for (const e of engineInfo)
    if (e.kind === 'ours' && e.info) flags[`attention-lab ${e.threads} thr`] = e.info.simdFlags;
  return flags;
}
