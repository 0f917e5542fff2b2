#!/usr/bin/env node
// attention-lab benchmark: our WASM core (1 and 2 threads) against onnxruntime-web (plain-op graph,
// com.microsoft.MultiHeadAttention, ONNX Attention-23, com.microsoft.Attention), tfjs-backend-wasm,
// plain JS loops and the native build, on the same weights and inputs, timed round-robin.
// Usage: node scripts/bench.mjs [--quick] [--only S1,S2,S3,S4,S5] [--browser] [--help]   (npm run bench)
// --browser: the same in headless Chromium, on the bench page (scripts/bench/browser.mjs, web/bench).
import os from 'node:os';
import path from 'node:path';
import { EngineProcess } from './bench/pool.mjs';
import { benchInBrowser } from './bench/browser.mjs';
import { benchHeads, benchShape, TOLERANCE } from './bench/run.mjs';
import {
  benchNative,
  buildNative,
  NATIVE_SHAPES,
  nativeCpu,
  nativeParticipants,
} from './bench/native.mjs';
import { cpuShares, cpuSnapshot } from './bench/cpu.mjs';
import { waitForQuiet } from './bench/quiet.mjs';
import { addRatios, evaluateTargets } from './bench/report.mjs';
import { machineInfo, printReport, writeJson } from './bench/report-node.mjs';
import { ORT_MODELS } from './bench/onnx-models.mjs';
import { SHAPES } from './bench/shapes.mjs';
import { commonNotes, engineSpecs, startEngines } from './bench/lineup.mjs';

const HELP = `Usage: node scripts/bench.mjs [options]     (npm run bench)

  --quick            fast sanity run: 5 reps, 1 warm-up, 4 s budget, 5 ms samples
  --only LIST        shapes to run, e.g. S2,S3 (default S1,S2,S3,S4,S5)
  --impl LIST        implementations: ours,ort,tfjs,js,native (default all)
  --threads LIST     thread counts (default 1,2)
  --ort-models LIST  ONNX graphs: ${Object.keys(ORT_MODELS).join(',')} (default all;
                     contrib is an extra beyond the issue's three)
  --reps N           timed samples per implementation (default 15)
  --warmup N         warm-up samples (default 3)
  --budget S         seconds of timing per implementation and shape; slower ones get fewer
                     reps, never fewer than 3 (default 20)
  --sample-ms MS     fast calls are looped so one sample lasts ≥ MS (default 20)
  --gap-ms MS        idle pause after each sample (lets other runtimes' threads settle; default 25)
  --no-quiet         don't wait, after the gap, until the engine processes' threads are idle
  --no-settle        skip the untimed call that follows each gap (calls under 1 s get one by default)
  --tolerance X      max |diff| vs attention-lab 1 thread allowed before timing (default ${TOLERANCE})
  --dist DIR         the attention-lab build to load (default dist/; e.g. a saved baseline)
  --s5-peers         also time ORT/tfjs/plain JS at S5 (slow, ~1 GB of scores)
  --relaxed-simd     Node only: run every engine process with --experimental-wasm-relaxed-simd
                     (Node 20 validates relaxed SIMD only behind that flag; Node 22 and Chromium
                     have it on), so attention-lab loads its relaxed-SIMD build, as in Chromium
  --no-json          don't write bench-results/bench-<timestamp>.json
  --strict           exit 1 if a target FAILs
  --browser          run in headless Chromium instead (scripts/bench/browser.mjs): the bench page
                     (build/bench, built first) on a cross-origin-isolated local server; no native
                     binary there, and S5 without peers as here
  --help

Shapes: ${Object.entries(SHAPES)
  .map(([k, v]) => `${k} ${v.title}`)
  .join('; ')}.`;

function parseArgs(argv) {
  const o = {
    quick: false,
    only: ['S1', 'S2', 'S3', 'S4', 'S5'],
    impl: ['ours', 'ort', 'tfjs', 'js', 'native'],
    threads: [1, 2],
    ortModels: Object.keys(ORT_MODELS),
    reps: 15,
    minReps: 3,
    warmup: 3,
    budgetSec: 20,
    sampleMs: 20,
    gapMs: 25,
    settle: true,
    quiet: true,
    tolerance: TOLERANCE,
    s5Peers: false,
    relaxedSimd: false,
    dist: 'dist',
    json: true,
    strict: false,
    browser: false,
  };
  const explicit = new Set();
  const list = (v) =>
    String(v)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  for (let i = 0; i < argv.length; ++i) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const num = (min) => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < min) throw new Error(`${flag} must be a number ≥ ${min}`);
      return n;
    };
    switch (flag) {
      case '--help':
      case '-h':
        console.log(HELP);
        process.exit(0);
        break;
      case '--quick':
        o.quick = true;
        break;
      case '--no-quiet':
        o.quiet = false;
        break;
      case '--only':
        o.only = list(value()).map((s) => s.toUpperCase());
        break;
      case '--impl':
        o.impl = list(value());
        break;
      case '--threads':
        o.threads = list(value()).map(Number);
        break;
      case '--ort-models':
        o.ortModels = list(value());
        break;
      case '--reps':
        o.reps = Math.round(num(1));
        explicit.add('reps');
        break;
      case '--warmup':
        o.warmup = Math.round(num(1));
        explicit.add('warmup');
        break;
      case '--budget':
        o.budgetSec = num(0);
        explicit.add('budgetSec');
        break;
      case '--sample-ms':
        o.sampleMs = num(0);
        explicit.add('sampleMs');
        break;
      case '--gap-ms':
        o.gapMs = num(0);
        explicit.add('gapMs');
        break;
      case '--no-settle':
        o.settle = false;
        break;
      case '--tolerance':
        o.tolerance = num(0);
        break;
      case '--dist':
        o.dist = path.resolve(value());
        break;
      case '--relaxed-simd':
        o.relaxedSimd = true;
        break;
      case '--s5-peers':
        o.s5Peers = true;
        break;
      case '--no-json':
        o.json = false;
        break;
      case '--strict':
        o.strict = true;
        break;
      case '--browser':
        o.browser = true;
        break;
      default:
        throw new Error(`unknown option ${argv[i]} (see --help)`);
    }
  }
  if (o.quick) {
    const quick = { reps: 5, warmup: 1, budgetSec: 4, sampleMs: 5, gapMs: 10 };
    for (const [k, v] of Object.entries(quick)) if (!explicit.has(k)) o[k] = v;
  }
  for (const s of o.only)
    if (!SHAPES[s])
      throw new Error(`unknown shape ${s}; shapes: ${Object.keys(SHAPES).join(', ')}`);
  for (const m of o.ortModels)
    if (!ORT_MODELS[m])
      throw new Error(`unknown ONNX model ${m}; models: ${Object.keys(ORT_MODELS).join(', ')}`);
  for (const t of o.threads)
    if (!Number.isInteger(t) || t < 1) throw new Error(`--threads: ${t} is not a thread count`);
  for (const i of o.impl)
    if (!['ours', 'ort', 'tfjs', 'js', 'native'].includes(i))
      throw new Error(`unknown implementation ${i}`);
  if (!o.impl.includes('ours'))
    throw new Error('--impl must include ours (attention-lab 1 thread is the reference output)');
  if (!o.threads.includes(1)) o.threads.unshift(1); // the reference
  if (o.browser && o.relaxedSimd)
    throw new Error(
      '--relaxed-simd is for Node: Chromium has relaxed SIMD on, and the page picks it',
    );
  if (o.browser && o.dist !== 'dist')
    throw new Error('--dist: the browser run loads the build in dist/ (copied into build/bench)');
  return o;
}

const pct = (x) => `${(100 * x).toFixed(0)}%`;
const log = (msg) => process.stderr.write(`[bench] ${msg}\n`);
// Every engine process; with --relaxed-simd, Node's flag for relaxed SIMD in each.
const opener = (opts) => (name) =>
  new EngineProcess(name, opts.relaxedSimd ? ['--experimental-wasm-relaxed-simd'] : []);

/** The wait after each sample until the engine processes' threads are idle (--no-quiet: none). */
function quietWaiter(opts) {
  if (!opts.quiet) return null;
  return (engines) => waitForQuiet(engines.filter((e) => e.proc?.alive).map((e) => e.proc.pid));
}

const workerCpu = { ms: 0 };
async function closeEngines(engines) {
  for (const e of engines) {
    if (!e.proc) continue;
    await e.proc.close();
    if (e.proc.cpuUsage) workerCpu.ms += (e.proc.cpuUsage.user + e.proc.cpuUsage.system) / 1000;
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.browser) {
    const targets = (await benchInBrowser(opts, log)).targets;
    if (opts.strict && targets.some((t) => t.status === 'FAIL')) process.exitCode = 1;
    return;
  }
  const t0 = performance.now();
  const cpuStart = cpuSnapshot();
  const machine = machineInfo();
  log(
    `${machine.cpuModel} × ${machine.cpuCount}, Node ${machine.node}; shapes ${opts.only.join(',')}; ` +
      `reps ${opts.reps}, warm-up ${opts.warmup}, budget ${opts.budgetSec} s${opts.quick ? ' (quick)' : ''}`,
  );
  const rows = [];
  const notes = [
    ...commonNotes(opts),
    'tfjs-backend-wasm is single-threaded: under Node it disables threads (its workers load from blob: URLs → ERR_WORKER_PATH). ' +
      'It gets pre-transposed weights and per-head 2-D matMuls: its transposeB and batched (rank > 2) matMuls miss the XNNPACK path (~7-8× slower).',
    'onnxruntime-web ships only SIMD wasm builds (ort-wasm-simd-threaded); env.wasm.numThreads is global per process, so each thread count runs in its own process.',
  ];

  const tableShapes = opts.only.filter((s) => s !== 'S4' && s !== 'S5');
  const specs = engineSpecs(opts);
  if (opts.impl.includes('native')) {
    const why = buildNative(log);
    if (why) log(`native: ${why}`);
  }

  let engines = [];
  const engineInfo = [];
  const remember = (list, scope) => {
    for (const e of list)
      engineInfo.push({
        scope,
        name: e.name,
        kind: e.kind,
        threads: e.threads,
        info: e.info ?? null,
        error: e.error ?? null,
      });
  };
  if (tableShapes.length || opts.only.includes('S4')) {
    const needPeers = tableShapes.length > 0;
    engines = await startEngines(
      needPeers ? specs : specs.filter((s) => s.kind === 'ours'),
      opts,
      log,
      opener(opts),
    );
    for (const shapeName of tableShapes) {
      log(`── ${shapeName}: ${SHAPES[shapeName].title}`);
      const natives =
        opts.impl.includes('native') && NATIVE_SHAPES.has(shapeName)
          ? nativeParticipants(shapeName, opts.threads)
          : [];
      rows.push(
        ...(await benchShape(shapeName, SHAPES[shapeName], engines, opts, log, {
          natives,
          waitForQuiet: quietWaiter(opts),
        })),
      );
    }
    if (opts.only.includes('S4')) {
      log('── S4: lab.headExperiment()');
      rows.push(...(await benchHeads(engines, opts, log)));
    }
    remember(engines, opts.only.filter((x) => x !== 'S5').join(','));
    await closeEngines(engines);
  }

  if (opts.only.includes('S5')) {
    // Fresh processes, so that lab.memoryBytes() is S5's own peak.
    log(`── S5: ${SHAPES.S5.title} (fresh processes)`);
    const s5specs = specs.filter((s) => s.kind === 'ours' || opts.s5Peers);
    const s5engines = await startEngines(s5specs, opts, log, opener(opts));
    rows.push(
      ...(await benchShape('S5', SHAPES.S5, s5engines, { ...opts, memory: true }, log, {
        waitForQuiet: quietWaiter(opts),
      })),
    );
    remember(s5engines, 'S5');
    await closeEngines(s5engines);
    if (!opts.s5Peers)
      notes.push(
        'S5: peers are not timed by default (--s5-peers): their (B,h,T,T) score tensors are 12·4096²·4 B = 805 MB each.',
      );
  }

  // S5 native: the binary's own loop (one process per sample would cost two extra multi-second
  // forwards each), with the reps attention-lab got at S5.
  if (opts.impl.includes('native') && opts.only.includes('S5')) {
    const s5ours = rows.find(
      (r) => r.shape === 'S5' && r.role === 'ours' && r.threads === 1 && r.reps,
    );
    const reps = s5ours?.reps ?? Math.min(opts.reps, 5);
    for (const t of opts.threads) {
      log(`native S5 ${t} thr, ${reps} reps`);
      const row = await benchNative('S5', SHAPES.S5, t, reps);
      if (row.status !== 'ok') log(`native S5 ${t} thr: ${row.status}: ${row.note}`);
      rows.push(row);
    }
  }

  // Other work on the machine skews everything; say so.
  machine.loadAverageEnd = os.loadavg();
  const self = process.cpuUsage();
  const shares = cpuShares(
    cpuStart,
    cpuSnapshot(),
    (self.user + self.system) / 1000 + workerCpu.ms + nativeCpu.ms,
  );
  machine.cpuShares = shares;
  if (shares) {
    log(
      `CPU over the run: machine ${pct(shares.busy)} busy, this benchmark ${pct(shares.own)}, other processes ${pct(shares.others)} (${shares.source})`,
    );
    if (shares.others > 0.1) {
      notes.push(
        `WARNING: other processes used ${pct(shares.others)} of the machine's CPU during the run ` +
          `(this benchmark ${pct(shares.own)}, ${machine.cpuCount} CPUs): absolute times and IQRs are inflated; ` +
          'the ratios from the interleaved rounds hold up better' +
          (opts.threads.some((t) => t > 1) && shares.others > 0.25
            ? `; 2-thread rows need cores the other processes were using, so thread scaling is not judged fairly here.`
            : '.'),
      );
    }
  }

  addRatios(rows);
  const targets = evaluateTargets(rows, { threads: opts.threads });
  printReport({
    heading: `attention-lab benchmark — ${machine.cpuModel} × ${machine.cpuCount}, Node ${machine.node}, ${machine.date}`,
    rows,
    notes,
    targets,
  });

  const elapsedSec = (performance.now() - t0) / 1000;
  if (opts.json) {
    const file = writeJson({
      machine,
      options: { ...opts },
      engines: engineInfo,
      elapsedSec,
      notes,
      rows,
      targets,
    });
    console.log(`\nJSON: ${file}`);
  }
  log(`done in ${elapsedSec.toFixed(0)} s`);
  if (opts.strict && targets.some((t) => t.status === 'FAIL')) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench: ${error.message}`);
  process.exitCode = 2;
});
