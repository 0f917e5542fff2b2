#!/usr/bin/env node
// Bundles the iframe page's module (web/app/embed.mjs → dist/embed.mjs) for the npm package, so
// that node_modules/attention-lab/dist/embed.html works wherever dist/ is served. Unlike the site's
// bundle (scripts/build-site.mjs), each library module that the package ships stays a separate
// file, its neighbour ./<name>.mjs, so the page and the API load one copy of it (one option table,
// one stage list). Library modules the package does not ship (the PyTorch lines) are bundled.
// Usage: node scripts/build-embed-package.mjs   (after the library modules are copied to dist/)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(root, 'web', 'lib');
const DIST = path.join(root, 'dist');

const shippedLibrary = {
  name: 'attention-lab-shipped-library',
  setup(b) {
    b.onResolve({ filter: /\.mjs$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (path.dirname(file) !== LIB) return undefined;
      const name = path.basename(file);
      return fs.existsSync(path.join(DIST, name))
        ? { path: `./${name}`, external: true }
        : undefined;
    });
  },
};

await build({
  entryPoints: { embed: path.join(root, 'web', 'app', 'embed.mjs') },
  outdir: DIST,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  plugins: [shippedLibrary],
  logLevel: 'warning',
});
