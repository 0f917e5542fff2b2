#!/usr/bin/env node
// Bundles the teaching page (web/app/main.mjs → app.mjs, web/app/embed.mjs → embed.mjs) into
// build/site: the page's modules and the library's (web/lib) in one module each, so that a first
// load does not fetch one level of imports after another. What the page needs only later is split
// off into chunks imported when first used: the labs, the exercises, the tokenizer (the default
// sentence and the presets carry their tokens), the training code. The chunks the bundle imports
// at once are named in the HTML (modulepreload), so they load beside it, not after it; preload.mjs
// runs first and starts fetching the WebAssembly build this engine will run; the stylesheet's
// @imports are inlined into one file.
// The WebAssembly cores' emscripten modules stay files of their own under ./lib/ (copied there from
// dist/ by scripts/build.sh): their pthread workers import the threaded one by its URL, and their
// .wasm files are found beside them; the library's `new URL('./…', import.meta.url)` are pointed
// there too.
// Usage: node scripts/build-site.mjs   (after scripts/build.sh dist)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(root, 'web', 'lib');
const APP = path.join(root, 'web', 'app');
const OUT = path.join(root, 'build', 'site');

// The emscripten modules (built into dist/, not in web/lib) and the worker source beside them.
const CORE_MODULE = /^\.\/attention-(core|core-threads|train)(\.worker-source)?\.mjs$/;

const libraryFiles = {
  name: 'attention-lab-library-files',
  setup(b) {
    b.onResolve({ filter: CORE_MODULE }, (args) =>
      path.dirname(args.importer) === LIB
        ? { path: `./lib/${path.basename(args.path)}`, external: true }
        : undefined,
    );
    // The library finds its .wasm and weights relative to its own module; bundled, that module is
    // a file at the site's root (chunks are written there too), and the files are in ./lib/.
    b.onLoad({ filter: /\.mjs$/ }, async (args) => {
      if (path.dirname(args.path) !== LIB) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', "new URL('./lib/', import.meta.url).href"),
        loader: 'js',
      };
    });
  },
};

const common = {
  outdir: OUT,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
};

/** Bundles one page's entry; returns the chunks its bundle imports statically (file names). */
async function bundlePage(name, entry) {
  // One build per page, not one with both entries: their shared code would become a chunk found
  // only after the entry has loaded.
  const { metafile } = await build({
    ...common,
    entryPoints: { [name]: path.join(APP, entry) },
    outExtension: { '.js': '.mjs' },
    chunkNames: `${name}-[name]-[hash]`,
    splitting: true,
    metafile: true,
    plugins: [libraryFiles],
  });
  const out = path
    .relative(root, path.join(OUT, `${name}.mjs`))
    .split(path.sep)
    .join('/');
  return metafile.outputs[out].imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => path.basename(i.path));
}

/** The page's HTML with preload.mjs before its bundle and its bundle's chunks preloaded. */
function rewriteHtml(file, bundle, chunks) {
  const html = fs.readFileSync(file, 'utf8');
  const tag = `<script type="module" src="${bundle}"></script>`;
  if (!html.includes(tag)) throw new Error(`${file}: ${tag} not found`);
  const links = chunks.map((c) => `<link rel="modulepreload" href="${c}" />`);
  const head = ['<script type="module" async src="preload.mjs"></script>', tag, ...links];
  fs.writeFileSync(file, html.replace(tag, head.join('\n    ')));
}

const PAGES = [
  { name: 'app', entry: 'main.mjs', html: 'index.html' },
  { name: 'embed', entry: 'embed.mjs', html: 'embed.html' },
];
for (const page of PAGES)
  rewriteHtml(
    path.join(OUT, page.html),
    `${page.name}.mjs`,
    await bundlePage(page.name, page.entry),
  );
await build({
  ...common,
  entryPoints: { preload: path.join(APP, 'preload.mjs') },
  outExtension: { '.js': '.mjs' },
});
await build({ ...common, entryPoints: { styles: path.join(APP, 'styles.css') } });
