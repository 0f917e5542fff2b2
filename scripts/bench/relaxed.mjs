#!/usr/bin/env node
// The relaxed-SIMD build against the SIMD128 build, each traced pass against the untraced one, and
// the heads experiment (S4) on both builds,
// on the bench's shapes, in one process, interleaved round-robin (the ratios are what to read:
// this machine's speed drifts between minutes). Node 20 needs the flag for relaxed SIMD:
//   node --experimental-wasm-relaxed-simd scripts/bench/relaxed.mjs [--only S2,S3,S4] [--threads 1,2]
//        [--reps 15] [--dist dist]
// Prints a table and one JSON line per shape and thread count.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { HEAD_EXPERIMENT, SHAPES, seededInputs } from './shapes.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'S2,S3,S4' },
    threads: { type: 'string', default: '1,2' },
    reps: { type: 'string', default: '15' },
    dist: { type: 'string', default: 'dist' },
  },
});
const { createAttentionLab } = await import(
  pathToFileURL(path.resolve(values.dist, 'index.mjs')).href
);
const reps = Number(values.reps);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';

console.log(
  `${cpu}, ${os.cpus().length} CPUs, Node ${process.version}, ${new Date().toISOString()}`,
);
for (const threads of values.threads.split(',').map(Number)) {
  const labs = {
    simd128: await createAttentionLab({ threads, relaxedSimd: false }),
    relaxed: await createAttentionLab({ threads, relaxedSimd: true }), // rejects without the flag
  };
  for (const name of values.only.split(',')) {
    if (name === 'S4') {
      for (const [build, lab] of Object.entries(labs)) {
        const rows = lab.headExperiment({ ...HEAD_EXPERIMENT, repeats: reps });
        const text = rows.map(
          (r) => `${r.heads}: ${r.loopMs.toFixed(3)} / ${r.fusedMs.toFixed(3)}`,
        );
        console.log(`S4 ${threads} thread(s), ${build}: loop / fused ms, heads ${text.join(', ')}`);
        console.log(JSON.stringify({ shape: 'S4', threads, build, rows }));
      }
      continue;
    }
    const s = SHAPES[name];
    const options = { tokens: s.tokens, dIn: s.dIn, dOut: s.dOut, heads: s.heads, seed: 1 };
    const inputs = seededInputs(s.batch * s.tokens * s.dIn, 1);
    const output = new Float32Array(s.batch * s.tokens * s.dOut);
    const variants = [];
    for (const [build, lab] of Object.entries(labs)) {
      // With a trace only up to T = 256: S3's six (B,h,T,T) stages would pass maxTraceBytes.
      // Traced twice: new arrays per call, and (as the page does) the last call's trace reused.
      for (const trace of s.tokens <= 256 ? ['', '+trace', '+trace-reused'] : ['']) {
        const model = lab.createModel({ ...options, trace: trace !== '' });
        let last;
        const run = {
          '': () => model.forward(inputs, { output }),
          '+trace': () => model.forward(inputs),
          '+trace-reused': () => (last = model.forward(inputs, last && { trace: last.trace })),
        }[trace];
        run(); // packs the weights
        variants.push({ name: build + trace, run, ms: [] });
      }
    }
    for (let r = 0; r < reps; ++r) {
      for (const v of variants) {
        const t0 = performance.now();
        v.run();
        v.ms.push(performance.now() - t0);
      }
    }
    const m = Object.fromEntries(variants.map((v) => [v.name, median(v.ms)]));
    const traced = m['simd128+trace'] !== undefined;
    const row = {
      shape: name,
      threads,
      ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Number(v.toFixed(3))])),
      simd128OverRelaxed: Number((m.simd128 / m.relaxed).toFixed(3)),
      ...(traced && {
        traceOverNoTrace: {
          simd128: Number((m['simd128+trace'] / m.simd128).toFixed(3)),
          relaxed: Number((m['relaxed+trace'] / m.relaxed).toFixed(3)),
        },
        reusedTraceOverNoTrace: {
          simd128: Number((m['simd128+trace-reused'] / m.simd128).toFixed(3)),
          relaxed: Number((m['relaxed+trace-reused'] / m.relaxed).toFixed(3)),
        },
      }),
    };
    console.log(
      `${name} ${threads} thread(s): SIMD128 ${m.simd128.toFixed(2)} ms, relaxed ${m.relaxed.toFixed(2)} ms ` +
        `(×${row.simd128OverRelaxed})` +
        (traced
          ? `; with trace: SIMD128 ${m['simd128+trace'].toFixed(2)} ms (×${row.traceOverNoTrace.simd128} ` +
            `of no trace), relaxed ${m['relaxed+trace'].toFixed(2)} ms (×${row.traceOverNoTrace.relaxed}); ` +
            `trace reused: SIMD128 ×${row.reusedTraceOverNoTrace.simd128}, ` +
            `relaxed ×${row.reusedTraceOverNoTrace.relaxed}`
          : ''),
    );
    console.log(JSON.stringify(row));
  }
  for (const lab of Object.values(labs)) lab.terminate();
}
