#!/usr/bin/env node
// Bundles the teaching page (web/app/main.mjs → app.mjs, web/app/embed.mjs → embed.mjs) into
// build/site. The page's modules import the library by its source path (web/lib/…); each library
// module that the package ships (dist/) stays a separate file, ./lib/<name>.mjs beside the bundle,
// so the page and the API load one copy of it (one option table, one stage list), not a bundled
// second one. Library modules the package does not ship (the PyTorch lines) are bundled.
// Usage: node scripts/build-site.mjs [--package]   (after scripts/build.sh dist)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(root, 'web', 'lib');
const DIST = path.join(root, 'dist');

// With --package: only embed.html's module, into dist/ itself, where the library modules are its
// neighbours (./name.mjs), so that the npm package's dist/embed.html works wherever dist/ is served.
const forPackage = process.argv.includes('--package');
const LIB_PREFIX = forPackage ? './' : './lib/';

const sharedLibrary = {
  name: 'attention-lab-shared-library',
  setup(b) {
    b.onResolve({ filter: /\.mjs$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      if (path.dirname(file) !== LIB) return undefined;
      const name = path.basename(file);
      return fs.existsSync(path.join(DIST, name))
        ? { path: `${LIB_PREFIX}${name}`, external: true }
        : undefined;
    });
  },
};

const embed = path.join(root, 'web', 'app', 'embed.mjs');
await build({
  entryPoints: forPackage ? { embed } : { app: path.join(root, 'web', 'app', 'main.mjs'), embed },
  outdir: forPackage ? DIST : path.join(root, 'build', 'site'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  format: 'esm',
  target: 'es2022',
  sourcemap: !forPackage,
  minify: forPackage,
  plugins: [sharedLibrary],
  logLevel: 'warning',
});
