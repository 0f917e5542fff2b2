#!/usr/bin/env node
// Builds what the Python module (python/attention_lab/, shipped as dist/python/) puts into a
// notebook's output, into dist/notebook/: element.js, the <attention-lab> element (the package's
// own dist/attention-lab.js) bundled with the API and the single-thread core's glue into one module
// script that fetches nothing (the core's .wasm is inlined by the Python module from
// dist/attention-core.wasm); limits.json, the sizes the element draws (the page's LIMITS), which
// the Python module checks before it writes anything.
// Usage: node scripts/build-notebook.mjs   (after the element is in dist/: scripts/build.sh dist)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS } from '../web/app/state/settings.mjs';
import { loadLeftOut, SINGLE_FILE, SINGLE_THREAD_STUBS } from './left-out.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(root, 'dist');
const OUT = path.join(DIST, 'notebook');
const ELEMENT = path.join(DIST, 'attention-lab.js');

// A notebook's view runs the single-thread core from the bytes it carries, and shows the page's own
// tensors with their own labels: the threaded build, its worker, the training module and the
// tokenizer are left out (each fails with this reason if ever asked for).
const LEFT_OUT = { ...SINGLE_THREAD_STUBS, 'tokenizer.mjs': 'throw new Error(LEFT_OUT);' };
const notebookFiles = {
  name: 'attention-lab-notebook',
  setup(b) {
    // The element's API: the notebook's, which hands the core its inlined bytes.
    b.onResolve({ filter: /^\.\/index\.mjs$/ }, (args) =>
      args.importer === ELEMENT
        ? { path: path.join(root, 'web', 'element', 'notebook-core.mjs') }
        : { path: path.join(DIST, 'index.mjs') },
    );
    b.onResolve({ filter: /^\.\/[\w.-]+\.m?js$/ }, (args) => {
      const name = path.basename(args.path);
      if (name in LEFT_OUT) return { path: name, namespace: 'left-out' };
      // The labs and exercises are loaded only for a `lab` or `exercise` attribute.
      if (/^attention-lab-(labs|exercises)\.js$/.test(name))
        return { path: args.path, external: true };
      return undefined;
    });
    loadLeftOut(
      b,
      'a notebook view carries the single-thread core only, and no tokenizer',
      LEFT_OUT,
    );
  },
};

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: [ELEMENT],
  outfile: path.join(OUT, 'element.js'),
  ...SINGLE_FILE,
  plugins: [notebookFiles],
});
fs.writeFileSync(path.join(OUT, 'limits.json'), `${JSON.stringify(LIMITS)}\n`);
