// Timing loop: set every implementation up on the same weights and inputs, cross-check outputs,
// warm up, then time round-robin (one sample per implementation per round, rotating the order each
// round) so that machine drift hits every implementation alike. Shared by the Node run (engines in
// child processes) and the browser run (engines in Web Workers): it only needs engine handles with
// call(cmd, args, timeoutMs) and alive, so nothing here may import a Node module.
import { flops, maxAbsDiff, summarize } from './stats.mjs';
import { HEAD_EXPERIMENT, headShape, seededInputs } from './shapes.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CALL_TIMEOUT = 10 * 60 * 1000;

/** The default comparison tolerance (max |diff| vs attention-lab 1 thread). */
export const TOLERANCE = 1e-3;

/** The fields every result row starts with. */
export function baseRow(shapeName, shape, engine, label) {
  return {
    shape: shapeName,
    batch: shape.batch,
    tokens: shape.tokens,
    dIn: shape.dIn,
    dOut: shape.dOut,
    heads: shape.heads,
    implementation: label,
    family: engine.kind,
    role: engine.kind === 'ours' ? 'ours' : engine.kind === 'native' ? 'native' : 'peer',
    threads: engine.info?.threads ?? engine.threads,
    simd: engine.info?.simd ?? null,
    build: engine.info?.build ?? null,
    status: 'ok',
    note: null,
  };
}

/**
 * engines: [{ name, kind, threads, proc, info, error }]; the first 'ours' engine with 1 thread is
 * the reference. hooks (all optional):
 *   natives: [{ threads, sample(): Promise<{ ms, simd }> }] take part in the rounds without an
 *     output check (the binary prints times only);
 *   waitForQuiet(engines) → Promise<{ waitedMs, quiet }>: after each sample's gap, wait until the
 *     engines are idle (Node reads /proc; a page cannot, so it has the gap only);
 *   onRound(round, rounds): called before each round (the page's progress bar).
 * Returns rows.
 */
export async function benchShape(shapeName, shape, engines, opts, log, hooks = {}) {
  const rows = [];
  const ref = engines.find(
    (e) => e.kind === 'ours' && e.threads === 1 && e.proc?.alive && !e.error,
  );
  if (!ref) {
    log(`${shapeName}: no attention-lab 1-thread engine (the reference): skipped`);
    const why = engines.find((e) => e.kind === 'ours' && e.threads === 1)?.error ?? 'not running';
    rows.push({
      ...baseRow(shapeName, shape, { kind: 'ours', threads: 1 }, 'attention-lab'),
      status: 'error',
      note: `reference (attention-lab 1 thread): ${why}`,
    });
    return rows;
  }
  try {
    await benchShapeInto(rows, ref, shapeName, shape, engines, opts, log, hooks);
  } catch (error) {
    rows.push({
      ...baseRow(shapeName, shape, ref, 'attention-lab'),
      status: 'error',
      note: `${shapeName} aborted: ${error.message}`,
    });
    log(`${shapeName}: aborted: ${error.message}`);
  } finally {
    for (const engine of engines) {
      if (engine.proc?.alive && !engine.error) {
        try {
          await engine.proc.call('teardown', {}, CALL_TIMEOUT);
        } catch {
          /* a dead process shows in the next call */
        }
      }
    }
  }
  return rows;
}

async function benchShapeInto(rows, ref, shapeName, shape, engines, opts, log, hooks) {
  const { natives = [], waitForQuiet = null, onRound = null } = hooks;
  const inputs = seededInputs(shape.batch * shape.tokens * shape.dIn, 1234 + shape.tokens);
  const entries = [];

  // Setup: the reference first (its stateDict gives everybody the same weights).
  let stateDict;
  for (const engine of [ref, ...engines.filter((e) => e !== ref)]) {
    if (engine.error || !engine.proc?.alive) {
      const row = baseRow(shapeName, shape, engine, engine.label);
      rows.push({
        ...row,
        status: engine.errorStatus ?? 'error',
        note: engine.error ?? 'process not running',
      });
      continue;
    }
    try {
      const res = await engine.proc.call(
        'setup',
        { shape, inputs, weights: engine === ref ? undefined : stateDict },
        CALL_TIMEOUT,
      );
      if (engine === ref) stateDict = res.stateDict;
      for (const v of res.variants) {
        entries.push({
          engine,
          variant: v.id,
          label: v.label,
          role: v.role,
          note: v.note,
          sample: (inner, settle) =>
            engine.proc.call('run', { variant: v.id, inner, gc: true, settle }, CALL_TIMEOUT),
        });
      }
      for (const f of res.failures) {
        rows.push({
          ...baseRow(shapeName, shape, engine, f.label),
          status: 'error',
          note: `model rejected: ${f.error}`,
        });
        log(`${shapeName}: ${f.label} (${engine.threads} thr): ${f.error}`);
      }
    } catch (error) {
      rows.push({
        ...baseRow(shapeName, shape, engine, engine.label),
        status: 'error',
        note: `setup failed: ${error.message}`,
      });
      log(`${shapeName}: ${engine.label} (${engine.threads} thr) setup failed: ${error.message}`);
      if (engine === ref) return;
    }
  }

  // Cross-check against attention-lab (1 thread). The check's forward doubles as the first
  // warm-up; its time tells slow implementations (> 1 s a call) to skip further warm-up.
  const { output: refOutput, ms: refMs } = await ref.proc.call(
    'forward',
    { variant: 'ours' },
    CALL_TIMEOUT,
  );
  const checked = [];
  const tol = opts.tolerance ?? TOLERANCE;
  for (const entry of entries) {
    const row = baseRow(shapeName, shape, entry.engine, entry.label);
    if (entry.role) row.role = entry.role; // a variant shown beside attention-lab's row, not judged
    if (entry.note) row.note = entry.note;
    entry.row = row;
    try {
      const { output: out, ms } =
        entry.engine === ref
          ? { output: refOutput, ms: refMs }
          : await entry.engine.proc.call('forward', { variant: entry.variant }, CALL_TIMEOUT);
      entry.checkMs = ms;
      row.maxDiff = maxAbsDiff(refOutput, out);
      if (!(row.maxDiff <= tol)) {
        row.status = 'mismatch';
        row.note = `output differs from attention-lab (1 thread): max |diff| = ${fmtDiff(row.maxDiff)} > ${tol}; not timed`;
        log(
          `${shapeName}: MISMATCH ${entry.label} (${row.threads} thr): max |diff| ${fmtDiff(row.maxDiff)} > ${tol}; not timed`,
        );
        rows.push(row);
        continue;
      }
      log(
        `${shapeName}: ${entry.label} (${row.threads} thr) max |diff| vs attention-lab 1 thr = ${fmtDiff(row.maxDiff)}`,
      );
      checked.push(entry);
    } catch (error) {
      row.status = 'error';
      row.note = `forward failed: ${error.message}`;
      log(`${shapeName}: ${entry.label} (${row.threads} thr) forward failed: ${error.message}`);
      rows.push(row);
    }
  }

  // The native binary: one process per sample (`--reps 1`, after its own warm-up forward).
  for (const native of natives) {
    const engine = {
      kind: 'native',
      threads: native.threads,
      info: { threads: native.threads, simd: null, build: native.build },
    };
    const entry = { engine, variant: 'native', label: native.label, native: true };
    entry.row = { ...baseRow(shapeName, shape, engine, native.label), note: native.note };
    if (native.skip) {
      rows.push({ ...entry.row, status: 'skipped', note: native.skip });
      continue;
    }
    entry.sample = async () => {
      const { ms, simd } = await native.sample();
      entry.row.simd = simd ?? entry.row.simd;
      return ms;
    };
    checked.push(entry);
  }

  // Warm-up and calibration: `inner` calls per sample so that a sample lasts ≥ sampleMs;
  // implementations whose call takes long get fewer reps (budget per implementation and shape).
  const timed = [];
  for (const entry of checked) {
    try {
      const run = entry.sample;
      let inner = 1;
      // A multi-second first call (plain JS at S3) is warm-up enough; anything faster gets
      // timed again, since first calls carry one-time costs (JIT, weight packing).
      const slowCheck = entry.checkMs > 3000;
      let per = slowCheck ? entry.checkMs : await run(1);
      if (!entry.native && per < opts.sampleMs) {
        inner = Math.min(1e6, Math.ceil(opts.sampleMs / per));
        per = await run(inner);
        inner = Math.max(1, Math.min(1e6, Math.round(opts.sampleMs / per)));
      }
      const slow = per * inner > 1000 || entry.native;
      // After each idle gap, one untimed call before the sample (calls under 1 s only; the native
      // binary does the same with its warm-up forward per process): on this 2-vCPU virtual machine
      // the first call after ~25 ms of idling often runs its threads at half speed (measured: the
      // native core at S2 with 2 threads, 7 vs 13.7 ms, alternating), which is the host's doing,
      // not the implementation's, and not what a user running forwards back to back sees.
      entry.settle = opts.settle && !slow;
      for (let w = 1; w < (slow ? 1 : opts.warmup); ++w) per = await run(inner);
      const fit = Math.floor((opts.budgetSec * 1000) / (per * inner));
      entry.reps = Math.max(Math.min(opts.minReps, opts.reps), Math.min(opts.reps, fit));
      entry.inner = inner;
      entry.samples = [];
      entry.reduced = entry.reps < opts.reps;
      timed.push(entry);
    } catch (error) {
      entry.row.status = 'error';
      entry.row.note = `warm-up failed: ${error.message}`;
      rows.push(entry.row);
    }
  }

  // Round-robin rounds. An implementation with k < N reps takes part in k rounds spread evenly.
  const N = Math.max(0, ...timed.map((e) => e.reps));
  log(`${shapeName}: ${timed.length} implementations, ${N} rounds`);
  const quietWaits = [];
  for (let r = 0; r < N; ++r) {
    onRound?.(r, N);
    const order = timed.map((_, i) => timed[(i + r) % timed.length]);
    for (const entry of order) {
      if (entry.failed) continue;
      const k = entry.reps;
      if (Math.floor(((r + 1) * k) / N) === Math.floor((r * k) / N)) continue;
      try {
        entry.samples.push(await entry.sample(entry.inner, entry.settle));
      } catch (error) {
        entry.failed = error.message;
      }
      if (opts.gapMs > 0) await sleep(opts.gapMs);
      if (waitForQuiet) quietWaits.push(await waitForQuiet(engines));
    }
  }
  if (quietWaits.length) log(`${shapeName}: ${describeWaits(quietWaits)}`);

  const fl = flops(shape);
  for (const entry of timed) {
    const row = entry.row;
    if (entry.failed) {
      row.status = 'error';
      row.note = `timing failed: ${entry.failed}`;
    } else {
      Object.assign(row, summarize(entry.samples), {
        reps: entry.samples.length,
        inner: entry.inner,
        samplesMs: entry.samples,
      });
      if (entry.reduced) {
        const fewer = `${row.reps} reps instead of ${opts.reps}: ${fmtMs(row.medianMs)} per call (budget ${opts.budgetSec} s per implementation and shape)`;
        row.note = row.note ? `${row.note}; ${fewer}` : fewer;
      }
      row.gflops = fl / (row.medianMs * 1e6);
      row.flops = fl;
    }
    rows.push(row);
  }

  // Peak WASM memory of attention-lab (memory only grows, so "now" is the peak).
  if (opts.memory) {
    for (const entry of timed.filter((e) => e.engine.kind === 'ours')) {
      try {
        const bytes = await entry.engine.proc.call('memoryBytes', {}, CALL_TIMEOUT);
        if (bytes === null)
          entry.row.memoryNote = 'lab.memoryBytes() is not in this build of the API yet';
        else entry.row.memoryBytes = bytes;
      } catch (error) {
        entry.row.memoryNote = `memoryBytes failed: ${error.message}`;
      }
    }
  }
}

/** S4 through lab.headExperiment(): rows for loop and fused at each head count. */
export async function benchHeads(engines, opts, log) {
  const rows = [];
  const args = { ...HEAD_EXPERIMENT, repeats: Math.max(opts.reps, 1) };
  for (const engine of engines.filter((e) => e.kind === 'ours')) {
    const rowFor = (h, layout) => ({
      ...baseRow('S4', headShape(h), engine, `attention-lab ${layout}`),
      variant: `h=${h}`,
    });
    if (engine.error || !engine.proc?.alive) {
      rows.push({
        ...rowFor(HEAD_EXPERIMENT.heads.at(-1), 'loop/fused'),
        variant: null,
        status: engine.errorStatus ?? 'error',
        note: engine.error ?? 'process not running',
      });
      continue;
    }
    try {
      const result = await engine.proc.call('headExperiment', { args }, CALL_TIMEOUT);
      for (const r of result) {
        for (const layout of ['loop', 'fused']) {
          const ms = r[`${layout}Ms`];
          const row = rowFor(r.heads, layout);
          const fl = flops(headShape(r.heads));
          Object.assign(row, {
            medianMs: ms,
            iqrMs: r[`${layout}IqrMs`] ?? null,
            reps: args.repeats,
            gflops: fl / (ms * 1e6),
            flops: fl,
            maxDiff: r.maxDifference,
            note: 'median timed inside WASM by lab.headExperiment(); maxDiff = loop vs fused',
          });
          rows.push(row);
        }
      }
      log(
        `S4 (${engine.threads} thr): ${result.map((r) => `h=${r.heads} loop ${fmtMs(r.loopMs)} fused ${fmtMs(r.fusedMs)}`).join('; ')}`,
      );
    } catch (error) {
      const status = error.unavailable ? 'skipped' : 'error';
      rows.push({
        ...rowFor(HEAD_EXPERIMENT.heads.at(-1), 'loop/fused'),
        variant: null,
        status,
        note: error.message,
      });
      log(`S4 (${engine.threads} thr): ${status}: ${error.message}`);
    }
  }
  return rows;
}

export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 3 : ms < 100 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function fmtDiff(d) {
  return Number.isFinite(d) ? d.toExponential(2) : String(d);
}

function describeWaits(waits) {
  const ms = waits.map((w) => w.waitedMs).sort((a, b) => a - b);
  const gaveUp = waits.filter((w) => !w.quiet).length;
  return (
    `waited for a quiet machine after each sample: median ${ms[ms.length >> 1].toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms` +
    (gaveUp ? `, ${gaveUp} of ${waits.length} gave up (busy or no /proc)` : '')
  );
}
