#!/usr/bin/env node
// Builds dist/attention-lab.js: the <attention-lab> element (web/embed/element.mjs) with the
// page's UI modules and d3-scale-chromatic bundled in, the page's stylesheet adapted for a shadow
// root inlined as text, and the API left external as ./index.mjs (beside it in dist/), so the WASM
// core, the tokenizer and the pthread worker load relative to this script wherever it is hosted.
// Usage: node web/embed/build.mjs [outfile]   (default dist/attention-lab.js)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const outfile = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'attention-lab.js'));

// The page's CSS is written for a document: its :root variables, body typography and viewport
// media queries become the host's variables, the frame's typography and container queries. Every
// rewrite must match, so a change to styles.css cannot silently break the element's look.
const REWRITES = [
  [/^:root \{/m, ':host {'],
  [/^html \{[^}]*\}\n/m, ''],
  [/^body \{/m, '.lab-frame {'],
  [/@media \(min-width: 62rem\) \{/, '@container (min-width: 62rem) {'],
  [/@media \(max-width: 30rem\) \{\n  :root \{/, '@container (max-width: 30rem) {\n  .layout {'],
];

export function shadowStyles() {
  let css = fs.readFileSync(path.join(root, 'web', 'app', 'styles.css'), 'utf8');
  for (const [pattern, replacement] of REWRITES) {
    if (!pattern.test(css)) throw new Error(`web/app/styles.css no longer matches ${pattern}: update web/embed/build.mjs`);
    css = css.replace(pattern, replacement);
  }
  css += '\n' + fs.readFileSync(path.join(here, 'element.css'), 'utf8');
  return css;
}

const stylesPlugin = {
  name: 'attention-lab-styles',
  setup(b) {
    b.onResolve({ filter: /^attention-lab:styles$/ }, () => ({ path: 'styles', namespace: 'attention-lab-styles' }));
    b.onLoad({ filter: /.*/, namespace: 'attention-lab-styles' }, () => ({
      contents: shadowStyles(),
      loader: 'text',
      watchFiles: [path.join(root, 'web', 'app', 'styles.css'), path.join(here, 'element.css')],
    }));
    // The API stays a separate file beside the bundle: ./index.mjs relative to the script.
    b.onResolve({ filter: /^\.\/index\.mjs$/ }, (args) =>
      args.importer === path.join(here, 'element.mjs') ? { path: './index.mjs', external: true } : undefined);
  },
};

await build({
  entryPoints: [path.join(here, 'element.mjs')],
  outfile,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  banner: { js: '// attention-lab <attention-lab> custom element. MIT licence. Needs ./index.mjs and the core files beside it.' },
  plugins: [stylesPlugin],
  logLevel: 'warning',
});
