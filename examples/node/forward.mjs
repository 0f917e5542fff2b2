#!/usr/bin/env node
// attention-lab in Node: one forward pass of the lecture's MultiHeadAttention, its attention
// weights, the error you get for a bad option, a model that keeps its weights, and the lecture's
// loop-versus-split timing.
//
// Run it in this repository (after `bash scripts/build.sh wasm && bash scripts/build.sh dist`):
//   node examples/node/forward.mjs
// or in a project of your own after `npm install attention-lab` (copy the file; nothing else needed).
import { createAttentionLab, AttentionLabError, PRESETS } from 'attention-lab';

const lab = await createAttentionLab(); // Node: the single-threaded build unless you ask for threads
console.log(`core: ${lab.build} build, ${lab.threads} thread(s), WebAssembly SIMD: ${lab.simd}`);

// The lecture's sentence and its own 3-d vectors, twice (a batch of 2).
const sentence = PRESETS[0].sentence; // 'Your journey starts with one step'
const { tokens, inputs, shape } = lab.embed(sentence, { dIn: 3, batch: 2 });
console.log(
  `tokens: ${tokens.map((t) => JSON.stringify(t.text)).join(' ')}  inputs: (${shape.join(', ')})`,
);

const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123 });
const row = (data, width, r) =>
  Array.from(data.slice(r * width, (r + 1) * width), (v) => v.toFixed(4)).join('  ');

// attentionWeights is (B, h, T, T): batch item 0, head 0 is the first T × T block.
const T = tokens.length;
console.log('\nattention weights, batch item 0, head 1 (each row sums to 1; the future is 0):');
for (let t = 0; t < T; ++t)
  console.log(`  ${tokens[t].text.padStart(8)}  ${row(trace.attentionWeights.data, T, t)}`);

console.log(`\noutput (${output.shape.join(', ')}), batch item 0:`);
for (let t = 0; t < T; ++t)
  console.log(`  ${tokens[t].text.padStart(8)}  ${row(output.data, 2, t)}`);
// The book prints 0.3190 0.4858 for the first row.

// Every bad option is an AttentionLabError naming the option.
try {
  lab.forward({ inputs, batch: 2, dIn: 3, dOut: 4, heads: 3 });
} catch (err) {
  if (!(err instanceof AttentionLabError)) throw err;
  console.log(`\n${err.kind} on '${err.option}': ${err.message}`);
}

// A model keeps its weights (and dropout stream) between calls; dispose() frees its memory.
const model = lab.createModel({
  batch: 2,
  tokens: T,
  dIn: 3,
  dOut: 2,
  heads: 2,
  dropout: 0.5,
  training: true,
  trace: false,
});
const first = model.forward(inputs).output.data[0];
const second = model.forward(inputs).output.data[0];
console.log(
  `\ntraining mode, two calls of one model: ${first.toFixed(4)} then ${second.toFixed(4)} (new dropout masks)`,
);
console.log(`state_dict keys: ${Object.keys(model.stateDict()).join(', ')}`);
model.dispose();

// The lecture's experiment, small: a loop over heads against one weight-split matmul.
console.log('\nheads  loop ms   split ms');
for (const r of lab.headExperiment({ heads: [2, 400], repeats: 5 })) {
  console.log(
    `${String(r.heads).padStart(5)}  ${r.loopMs.toFixed(3).padStart(7)}  ${r.fusedMs.toFixed(3).padStart(8)}`,
  );
}

// For tests and scripts: the first output row as JSON on the last line.
console.log(JSON.stringify({ build: lab.build, firstRow: Array.from(output.data.slice(0, 2)) }));
