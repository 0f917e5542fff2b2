// Where the engines (scripts/bench/engines.mjs) find their modules and .wasm files in the bench
// page: attention-lab from ./lib/ (copied from dist/), onnxruntime-web and tfjs-backend-wasm's
// .wasm from ./peers/ (copied from node_modules by scripts/build.sh bench; never a CDN). tfjs-core
// and tfjs-backend-wasm's JS are bundled into worker.js, as their modules import each other by
// bare name, which a worker cannot map. The Node counterpart is scripts/bench/platform-node.mjs.
import * as tf from '@tensorflow/tfjs-core';
import * as tfjsWasm from '@tensorflow/tfjs-backend-wasm';

// Relative to worker.js (this module is bundled into it): build/bench/{lib,peers}/.
const here = (file) => new URL(file, import.meta.url).href;

// tfjs-backend-wasm starts its threads only where SharedArrayBuffer exists: a cross-origin-isolated
// page (and its workers).
const isolated = globalThis.crossOriginIsolated === true;

export const browserPlatform = {
  labHint: 'build it: bash scripts/build.sh bench',
  // A URL the bundler leaves alone: the API stays a separate module, as on the teaching page.
  loadLab: () => import(here('./lib/index.mjs')),

  async loadOrt() {
    // ort.wasm.min.mjs fetches ort-wasm-simd-threaded.{mjs,wasm} beside itself; its threads are
    // module workers of that .mjs, same-origin.
    const ort = await import(here('./peers/ort/ort.wasm.min.mjs'));
    return { ort, simd: true }; // 1.19+ ships SIMD builds only
  },

  tfjsThreads: isolated,
  tfjsThreadsWhy:
    'single-threaded: this page is not cross-origin isolated, so tfjs-backend-wasm has no SharedArrayBuffer',
  async loadTfjs() {
    tfjsWasm.setWasmPaths(here('./peers/tfjs/'));
    return { tf, backend: tfjsWasm };
  },

  jsRuntime: navigator.userAgent.match(/(Chrom(e|ium)|Firefox|Version)\/[\d.]+/)?.[0] ?? 'browser',
};
