#!/usr/bin/env node
// The size budget: what `npm install attention-lab` downloads (the packed tarball) and what a page
// downloads (each file gzipped, as servers send it), against budgets written down here. Exits 1 when
// anything is over its budget, 2 when dist/ is not built.
// Usage: node scripts/size.mjs [--json]      (after: bash scripts/build.sh wasm && bash scripts/build.sh dist)
//
// The budgets are about 20 % above the sizes measured when they were set (2026-11-30); raise one
// only together with a reason in the commit message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const KB = 1000;

// [label, files in dist/ (gzipped each, summed), budget in bytes, measured when set]
const GZIP_BUDGETS = [
  ['attention-core.wasm (single-threaded)', ['attention-core.wasm'], 142 * KB, '118.5 kB'],
  // The threaded builds compile everything at -O3 (CMakeLists.txt, COLD_SOURCES): +16 kB gzipped
  // for a traced pass ~5 ms faster at S2 with 2 threads (2026-12-01; budgets raised with it).
  ['attention-core-threads.wasm', ['attention-core-threads.wasm'], 192 * KB, '159.9 kB'],
  // The relaxed-SIMD twins (fused multiply-add kernels; the loader fetches one build, never both):
  // the same budgets as the SIMD128 builds they mirror.
  ['attention-core-relaxed.wasm', ['attention-core-relaxed.wasm'], 142 * KB, '109.5 kB'],
  [
    'attention-core-threads-relaxed.wasm',
    ['attention-core-threads-relaxed.wasm'],
    192 * KB,
    '160.5 kB',
  ],
  // The element carries every step's text: the mask step's measured story of both routes, the
  // trained heads' shares on the sentence at hand and the theme choice grew it to about 48 kB.
  // The interface's English words in one catalogue an author can override, the steps an embed
  // shows and the lazy load of another language's words added 2.8 kB (52.3 kB); a page's own
  // tensors (inputs, weights, tokens properties), the first paint before the core and the
  // once-a-frame edits and in-place patches another 4.5 kB (56.8 kB, 2026-12-03). The steps'
  // explanations, leads and trained notes as templates under keys that another language's
  // catalogue fills (the keys, the translator) added 1.5 kB (60.6 kB with the labs' and
  // exercises' lookups). The steps kept drawn, ahead of the reader and behind (render/kept.mjs,
  // which halves the frame of a step change), added 1.7 kB (62.3 kB); the changes since that keep
  // work out of a frame (among them the address written once a sweep rests and the neighbours'
  // extras computed after the frame, 0.3 kB) brought it to 64.0 kB.
  ['attention-lab.js (the element)', ['attention-lab.js'], 65 * KB, '64.0 kB'],
  // The lecture labs for <attention-lab lab="…">: fetched only by an element that shows a lab.
  // They draw the steps' maps, so the steps' keyed words add 1.5 kB; each lab's words looked up
  // by key beside their English (words.mjs), so that the labs follow the interface's language,
  // about 5 kB more (77.8 kB).
  ['attention-lab-labs.js (the labs, on request)', ['attention-lab-labs.js'], 80 * KB, '77.8 kB'],
  // The exercises for <attention-lab exercise="…">: fetched only by an element that shows one.
  // Their words by key, so that another language can replace each, made them 28.3 kB.
  [
    'attention-lab-exercises.js (the exercises, on request)',
    ['attention-lab-exercises.js'],
    30 * KB,
    '28.3 kB',
  ],
  ['tokenizer.mjs (GPT-2 vocabulary)', ['tokenizer.mjs'], 245 * KB, '203.4 kB'],
  // The trained weights (int8 rows compress little): fetched only by lab.loadWeights('trained'),
  // so never part of a first load.
  ['brown.atlm (trained weights, on request)', ['brown.atlm'], 365 * KB, '299.4 kB'],
  // The training module: loaded only by train() (the CLI's `train`), never by a page that does not
  // train. The core's kernels, forward and backward pass, AdamW and the measurements.
  ['attention-train.wasm (train(), on request)', ['attention-train.wasm'], 106 * KB, '88.7 kB'],
  // Everything a page with <attention-lab> loads when it is not cross-origin isolated.
  [
    'element page, first load (single)',
    [
      'attention-lab.js',
      'index.mjs',
      'model.mjs',
      'loader.mjs',
      'features.mjs',
      'embeddings.mjs',
      'tokens.mjs',
      'known-tokens.mjs',
      'vocabulary.mjs',
      'builds.mjs',
      'presets.mjs',
      'experiments.mjs',
      'sizes.mjs',
      'errors.mjs',
      'options.mjs',
      'contract.mjs',
      'trained.mjs',
      'present.mjs',
      'stage-text.mjs',
      'tokenizer.mjs',
      'attention-core.mjs',
      'attention-core.wasm',
    ],
    465 * KB,
    '387.1 kB',
  ],
];
// What the tarball holds beyond the two core builds: their relaxed-SIMD twins (about 224 kB; a
// page still downloads only one build), the trained weights (brown.atlm, about 300 kB packed: its
// int8 rows compress little, and a page downloads it only when it asks for them) and the training
// module (about 115 kB packed), and the labs the element loads for its `lab` attribute
// (attention-lab-labs.js, about 60 kB packed, raised with it); the exercises it loads for its
// `exercise` attribute (attention-lab-exercises.js, about 21 kB packed); the iframe page (embed.html
// with its bundled module and stylesheets, about 110 kB packed, raised with it). And what
// `attention-lab lesson` inlines into a lesson file (dist/lesson/: the lesson page bundled, its
// styles; it shares tokenizer.mjs with the API; about 132 kB packed, raised by that): a page never
// downloads it. And what the Python module for Jupyter inlines into a notebook's output
// (dist/notebook/: the element bundled with the API and the single-thread glue, about 76 kB packed;
// dist/python/, about 7 kB; raised by that): a page never downloads it either.
// The German words of every step, lead, head role, setting's help, lab and exercise (one copy in
// each bundle that can show German: the element's catalogue file, the iframe page, the lesson and
// notebook builds) added about 140 kB packed (1995.2 kB): a page downloads them
// only with lang="de".
const TARBALL_BUDGET = [2040 * KB, '1995.2 kB'];

const gzipSize = (file) =>
  zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

const missing = [
  'attention-core.wasm',
  'attention-core-threads.wasm',
  'attention-lab.js',
  'index.mjs',
].filter((f) => !fs.existsSync(path.join(DIST, f)));
if (missing.length) {
  console.error(
    `size: dist/ is not built (missing ${missing.join(', ')}): run bash scripts/build.sh wasm && bash scripts/build.sh dist`,
  );
  process.exit(2);
}

// npm's own numbers for the tarball, without writing it.
const pack = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  }),
)[0];

const rows = [
  {
    what: `npm tarball ${pack.filename} (${pack.entryCount} files, ${kB(pack.unpackedSize)} unpacked)`,
    size: pack.size,
    budget: TARBALL_BUDGET[0],
    measured: TARBALL_BUDGET[1],
  },
  ...GZIP_BUDGETS.map(([what, files, budget, measured]) => ({
    what: `${what}, gzip`,
    size: files.reduce((sum, f) => sum + gzipSize(f), 0),
    budget,
    measured,
  })),
];
for (const file of fs.readdirSync(DIST).filter((f) => f.endsWith('.wasm'))) {
  if (!GZIP_BUDGETS.some(([, files]) => files.length === 1 && files[0] === file)) {
    rows.push({
      what: `${file}, gzip (no budget written down: add one)`,
      size: gzipSize(file),
      budget: 0,
      measured: '',
    });
  }
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const width = Math.max(...rows.map((r) => r.what.length));
  console.log(`${'what'.padEnd(width)}  ${'size'.padStart(9)}  ${'budget'.padStart(9)}  use`);
  for (const r of rows) {
    const use = r.budget ? `${Math.round((100 * r.size) / r.budget)} %` : '-';
    console.log(
      `${r.what.padEnd(width)}  ${kB(r.size).padStart(9)}  ${(r.budget ? kB(r.budget) : '-').padStart(9)}  ${use}${r.size > r.budget ? '  OVER BUDGET' : ''}`,
    );
  }
}
const over = rows.filter((r) => r.size > r.budget);
console.log(`size: ${rows.length - over.length} passed, ${over.length} failed`);
process.exit(over.length ? 1 : 0);
