#!/usr/bin/env node
// Bundles the teaching page (web/app/main.mjs → app.mjs, web/app/embed.mjs → embed.mjs) into
// build/site: everything a page's first view runs (its modules and the library's, web/lib) in one
// module, so that a first load fetches one script, not one level of imports after another. What
// the page needs only later is split off into chunks imported when first used: the labs, the
// exercises, the tokenizer (the default sentence and the presets carry their tokens), the training
// code. Those chunks import what they share with the first view from the page's module itself
// (./app.mjs), which is loaded by then, so the first view needs no shared chunk of its own.
// preload.mjs, inlined in the HTML's <head> (its hash added to the page's Content-Security-Policy),
// runs as the parser reaches it and starts fetching the WebAssembly build this engine will run (a
// host whose own Content-Security-Policy header lacks that hash refuses it: its page then fetches the
// core after its module has run, as without the preload); the
// stylesheet's @imports and the exercises' styles are one file; the icon is inlined in the HTML as a PNG.
// The WebAssembly cores' emscripten modules stay files of their own under ./lib/ (copied there from
// dist/ by scripts/build.sh): their pthread workers import the threaded one by its URL, and their
// .wasm files are found beside them; the library's `new URL('./…', import.meta.url)` are pointed
// there too.
// Usage: node scripts/build-site.mjs   (after scripts/build.sh dist has filled build/site/lib/)
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iconDataUrl } from './icon-png.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIB = path.join(root, 'web', 'lib');
const APP = path.join(root, 'web', 'app');
const OUT = path.join(root, 'build', 'site');
const ICON_PX = 32; // the icon's pixels: a tab's 16 px at twice the density

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

const absolute = (file) => path.resolve(root, file);

/**
 * The modules a page's first view runs (its entry's static imports, transitively), and which of
 * them the lazily loaded modules import: from a first build that writes nothing.
 */
async function firstViewModules(entry) {
  const { metafile } = await build({
    ...common,
    entryPoints: [entry],
    splitting: true,
    write: false,
    metafile: true,
    plugins: [libraryFiles],
  });
  const { inputs } = metafile;
  const eager = new Set([entry]);
  for (const file of eager)
    for (const i of inputs[path.relative(root, file)]?.imports ?? [])
      if (i.kind === 'import-statement' && !i.external) eager.add(absolute(i.path));
  const shared = new Set();
  for (const [file, { imports }] of Object.entries(inputs))
    if (!eager.has(absolute(file)))
      for (const i of imports)
        if (!i.external && eager.has(absolute(i.path))) shared.add(absolute(i.path));
  return { eager, shared: [...shared].sort() };
}

/** The names each module exports (a build of the modules alone, unbundled, that writes nothing). */
async function exportsOf(files) {
  if (!files.length) return new Map();
  const { metafile } = await build({
    entryPoints: files,
    outdir: OUT,
    outbase: root,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  const names = new Map();
  for (const out of Object.values(metafile.outputs))
    if (out.entryPoint) names.set(absolute(out.entryPoint), out.exports);
  return names;
}

/**
 * The page's entry, which also exports what the lazy modules share with the first view (module i's
 * `name` as `_i_name`), and a plugin that sends a lazy module's import of such a module to those
 * exports of the page's module: one instance of each, already loaded, no chunk shared by the two.
 */
function shareThroughEntry(name, entry, { eager, shared }, names) {
  const reexports = (i, list, from) =>
    `export { ${list.map((n) => (from ? `_${i}_${n} as ${n}` : `${n} as _${i}_${n}`)).join(', ')} }`;
  const lines = [`import ${JSON.stringify(entry)};`];
  shared.forEach((file, i) => {
    const list = names.get(file) ?? [];
    if (list.length) lines.push(`${reexports(i, list, false)} from ${JSON.stringify(file)};`);
  });
  const facade = {
    name: 'attention-lab-share-through-entry',
    setup(b) {
      b.onResolve({ filter: /^page-entry$/ }, () => ({ path: 'entry', namespace: 'page' }));
      // The page's own module runs for what it does (package.json's sideEffects lists none).
      b.onResolve({ filter: /.*/, namespace: 'page' }, (args) =>
        args.path === entry ? { path: entry, sideEffects: true } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'page' }, () => ({
        contents: lines.join('\n'),
        resolveDir: APP,
      }));
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.namespace !== 'file' || eager.has(args.importer) || args.pluginData) return;
        const found = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: true,
        });
        const i = shared.indexOf(found.path);
        return i < 0 ? found : { path: String(i), namespace: 'shared' };
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `${reexports(args.path, names.get(shared[Number(args.path)]) ?? [], true)} from './${name}.mjs';`,
      }));
      b.onResolve({ filter: new RegExp(`^\\./${name}\\.mjs$`) }, (args) =>
        args.namespace === 'shared' ? { path: args.path, external: true } : undefined,
      );
    },
  };
  return facade;
}

/**
 * Bundles one page's entry: one module for its first view, chunks for what loads on first use.
 * Returns the chunks the page's module still imports at once (esbuild's runtime helpers, which
 * the lazy chunks share with it), to be preloaded beside it.
 */
async function bundlePage(name, entryFile) {
  const entry = path.join(APP, entryFile);
  const modules = await firstViewModules(entry);
  const names = await exportsOf(modules.shared);
  // One build per page, not one with both entries: their shared code would become a chunk found
  // only after the entry has loaded.
  const { metafile } = await build({
    ...common,
    entryPoints: { [name]: 'page-entry' },
    outExtension: { '.js': '.mjs' },
    chunkNames: `${name}-[name]-[hash]`,
    splitting: true,
    metafile: true,
    plugins: [shareThroughEntry(name, entry, modules, names), libraryFiles],
  });
  const out = path
    .relative(root, path.join(OUT, `${name}.mjs`))
    .split(path.sep)
    .join('/');
  return metafile.outputs[out].imports
    .filter((i) => i.kind === 'import-statement' && !i.external)
    .map((i) => path.basename(i.path));
}

/** preload.mjs as a classic script, for the pages' <head>. */
async function preloadScript() {
  const { outputFiles } = await build({
    ...common,
    entryPoints: [path.join(APP, 'preload.mjs')],
    format: 'iife',
    sourcemap: false,
    write: false,
  });
  const code = outputFiles[0].text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('preload.mjs: cannot be inlined in <script>');
  return code;
}

/** The page's HTML: the preload inlined before its bundle and its chunks, one stylesheet, the icon. */
function rewriteHtml(file, bundle, chunks, preload) {
  let html = fs.readFileSync(file, 'utf8');
  const replace = (from, to) => {
    if (!html.includes(from)) throw new Error(`${file}: ${from} not found`);
    html = html.replace(from, to);
  };
  const tag = `<script type="module" src="${bundle}"></script>`;
  const links = chunks.map((c) => `<link rel="modulepreload" href="${c}" />`);
  replace(tag, [tag, ...links].join('\n    '));
  // Before the stylesheet, which an inline script would wait for.
  const styles = '<link rel="stylesheet" href="styles.css" />';
  replace(styles, `<script>${preload}</script>\n    ${styles}`);
  const hash = createHash('sha256').update(preload, 'utf8').digest('base64');
  replace("script-src 'self' ", `script-src 'self' 'sha256-${hash}' `);
  replace('<link rel="stylesheet" href="styles-exercises.css" />\n    ', '');
  // A PNG: Chromium loads an SVG icon as a document again for every write of the address.
  const icon = fs.readFileSync(path.join(APP, 'icon.svg'), 'utf8').trim();
  replace(
    'href="icon.svg" type="image/svg+xml"',
    `href="${iconDataUrl(icon, ICON_PX)}" type="image/png" sizes="${ICON_PX}x${ICON_PX}"`,
  );
  fs.writeFileSync(file, html);
}

const PAGES = [
  { name: 'app', entry: 'main.mjs', html: 'index.html' },
  { name: 'embed', entry: 'embed.mjs', html: 'embed.html' },
];
const preload = await preloadScript();
for (const page of PAGES) {
  const chunks = await bundlePage(page.name, page.entry);
  rewriteHtml(path.join(OUT, page.html), `${page.name}.mjs`, chunks, preload);
}
// The core's emscripten modules in ./lib/ minified (their locals renamed: about half the bytes of
// the module the page loads before its first numbers). dist/ keeps emscripten's own output.
for (const file of fs.readdirSync(path.join(OUT, 'lib')))
  if (/^attention-(core|core-threads|train)(\.worker-source)?\.mjs$/.test(file))
    await build({
      entryPoints: [path.join(OUT, 'lib', file)],
      outfile: path.join(OUT, 'lib', file),
      allowOverwrite: true,
      format: 'esm',
      minify: true,
      target: 'es2022',
      logLevel: 'warning',
    });
// The page's styles and the exercises' in one file, in the order the page had them.
await build({
  ...common,
  stdin: {
    contents: '@import "./styles.css";\n@import "./styles-exercises.css";\n',
    resolveDir: APP,
    loader: 'css',
    sourcefile: 'page-styles.css',
  },
  outfile: path.join(OUT, 'styles.css'),
  outdir: undefined,
});
