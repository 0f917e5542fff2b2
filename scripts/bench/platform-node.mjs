// Where the engines (engines.mjs) find their modules and .wasm files under Node: attention-lab from
// a dist/ folder, onnxruntime-web and tfjs-backend-wasm from node_modules. The browser's
// counterpart is web/bench/platform.mjs.
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { wasmUsesSimd } from './wasm-simd.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = (dist) => path.resolve(root, dist ?? 'dist');

export const nodePlatform = {
  labHint: 'build it: bash scripts/build.sh wasm && bash scripts/build.sh dist',
  loadLab: (dist) => import(pathToFileURL(path.join(distDir(dist), 'index.mjs')).href),
  labWasmUsesSimd: (dist) => wasmUsesSimd(path.join(distDir(dist), 'attention-core.wasm')),

  async loadOrt() {
    const ort = await import('onnxruntime-web');
    // The package's "exports" hide package.json; its main entry lives in dist/.
    const wasmFile = path.join(
      path.dirname(require.resolve('onnxruntime-web')),
      'ort-wasm-simd-threaded.wasm',
    );
    return { ort, simd: wasmUsesSimd(wasmFile) };
  },

  tfjsThreads: false,
  tfjsThreadsWhy:
    'single-threaded: tfjs-backend-wasm disables threads under Node (workers from blob: URLs)',
  async loadTfjs() {
    const tf = await import('@tensorflow/tfjs-core');
    const backend = await import('@tensorflow/tfjs-backend-wasm');
    const dir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
    backend.setWasmPaths(`${path.join(dir, 'dist')}/`);
    return { tf, backend };
  },

  jsRuntime: `V8 ${process.versions.v8}`,
};
