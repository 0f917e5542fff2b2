#!/usr/bin/env node
// Builds dist/attention-lab.js: the <attention-lab> element (web/element/element.mjs) with the
// page's UI modules bundled in, the page's stylesheet adapted for a shadow root inlined as text,
// and the API left external as ./index.mjs, ./contract.mjs and ./stage-text.mjs (beside it in
// dist/), so the WASM core, the tokenizer and the pthread worker load relative to this script
// wherever it is hosted. Beside it, attention-lab-labs.js: the lecture labs and their styles, which
// only an element with a `lab` attribute loads (lab-mode.mjs), and attention-lab-exercises.js: the
// exercises and theirs, which only an element with an `exercise` attribute loads
// (exercise-mode.mjs), and attention-lab-strings-de.js: the interface's German words, which only an
// element with lang="de" loads (web/app/strings/index.mjs).
// Usage: node web/element/build.mjs [outfile]   (default dist/attention-lab.js; the labs' and the
// exercises' files go beside it)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const outfile = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'attention-lab.js'));

// The page's CSS is written for a document: its :root variables, body typography and viewport
// media queries become the host's variables, the frame's typography and container queries. Every
// rewrite must match, so a change to the stylesheet cannot silently break the element's look.
const REWRITES = [
  [/^:root \{/m, ':host {'],
  [/^html \{[^}]*\}\n/m, ''],
  [/^body \{/m, '.lab-frame {'],
  [/@media \(min-width: 62rem\) \{/, '@container (min-width: 62rem) {'],
  [/@media \(max-width: 30rem\) \{\n  :root \{/, '@container (max-width: 30rem) {\n  .layout {'],
];

const APP = path.join(root, 'web', 'app');

// The page's stylesheet is styles.css with its parts @imported in cascade order; the element gets
// them inlined in that order (a shadow root's constructed sheet cannot @import).
export function stylesheetFiles() {
  const entry = fs.readFileSync(path.join(APP, 'styles.css'), 'utf8');
  const parts = [...entry.matchAll(/^@import url\("([\w-]+\.css)"\);$/gm)].map((m) =>
    path.join(APP, m[1]),
  );
  const rest = entry
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^@import url\("[\w-]+\.css"\);$/gm, '')
    .trim();
  if (!parts.length || rest)
    throw new Error(
      'web/app/styles.css must hold only @import url("….css") lines: update web/element/build.mjs',
    );
  return parts;
}

// The element's lesson has no lab and no step's code or downloads (the page passes those to
// mountAttentionLab, so their modules are not bundled), and so none of their styles: the labs'
// file carries the labs' (labStyles).
const isLabStyles = (file) => /^styles-(labs|code)/.test(path.basename(file));

/** The labs' styles for a shadow root: the document's :root variables become the host's. */
export function labStyles() {
  return stylesheetFiles()
    .filter(isLabStyles)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/:root\b/g, ':host');
}

// The exercises' own stylesheet: linked by the pages beside styles.css, not imported by it.
const EXERCISE_CSS = path.join(APP, 'styles-exercises.css');

/**
 * The exercises' styles for a shadow root: they sit in a lab's body (styles-labs.css) and take its
 * look, then their own; the document's :root variables become the host's.
 */
export function exerciseStyles() {
  return [path.join(APP, 'styles-labs.css'), EXERCISE_CSS]
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n')
    .replace(/:root\b/g, ':host');
}

const STYLE_TEXTS = {
  styles: shadowStyles,
  'lab-styles': labStyles,
  'exercise-styles': exerciseStyles,
};

export function shadowStyles() {
  let css = stylesheetFiles()
    .filter((file) => !isLabStyles(file))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  for (const [pattern, replacement] of REWRITES) {
    if (!pattern.test(css))
      throw new Error(
        `web/app/styles*.css no longer match ${pattern}: update web/element/build.mjs`,
      );
    css = css.replace(pattern, replacement);
  }
  css += '\n' + fs.readFileSync(path.join(here, 'element.css'), 'utf8');
  return css;
}

const stylesPlugin = {
  name: 'attention-lab-styles',
  setup(b) {
    b.onResolve({ filter: /^attention-lab:((lab|exercise)-)?styles$/ }, (args) => ({
      path: args.path.slice('attention-lab:'.length),
      namespace: 'attention-lab-styles',
    }));
    b.onLoad({ filter: /.*/, namespace: 'attention-lab-styles' }, (args) => ({
      contents: STYLE_TEXTS[args.path](),
      loader: 'text',
      watchFiles: [
        path.join(APP, 'styles.css'),
        ...stylesheetFiles(),
        EXERCISE_CSS,
        path.join(here, 'element.css'),
      ],
    }));
    // The API stays a separate file beside the bundle: ./index.mjs relative to the script; so do
    // the labs and the exercises, loaded only for a `lab` or an `exercise` attribute.
    b.onResolve({ filter: /^\.\/index\.mjs$/ }, (args) =>
      args.importer === path.join(here, 'element.mjs')
        ? { path: './index.mjs', external: true }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/attention-lab-labs\.js$/ }, (args) =>
      args.importer === path.join(here, 'lab-mode.mjs')
        ? { path: './attention-lab-labs.js', external: true }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/attention-lab-exercises\.js$/ }, (args) =>
      args.importer === path.join(here, 'exercise-mode.mjs')
        ? { path: './attention-lab-exercises.js', external: true }
        : undefined,
    );
    // Another language's words: a file of their own, loaded only by an element with that `lang`.
    b.onResolve({ filter: /^\.\/de\.mjs$/ }, (args) =>
      args.importer === path.join(root, 'web', 'app', 'strings', 'index.mjs')
        ? { path: './attention-lab-strings-de.js', external: true }
        : undefined,
    );
    // So does the core's contract, which the page's modules read their options from: the API
    // imports the same file, so it is loaded once, not bundled a second time.
    b.onResolve({ filter: /\/contract\.mjs$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === path.join(root, 'web', 'lib', 'contract.mjs')
        ? { path: './contract.mjs', external: true }
        : undefined,
    );
    // And each stage's sentence (with present.mjs, which it imports): the package ships it for the
    // CLI, so the element reads that file rather than carrying a second copy of every sentence.
    b.onResolve({ filter: /\/stage-text\.mjs$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === path.join(root, 'web', 'lib', 'stage-text.mjs')
        ? { path: './stage-text.mjs', external: true }
        : undefined,
    );
  },
};

const bundle = (entry, file, banner) =>
  build({
    entryPoints: [path.join(here, entry)],
    outfile: file,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    banner: { js: banner },
    plugins: [stylesPlugin],
    logLevel: 'warning',
  });

await bundle(
  'element.mjs',
  outfile,
  '// attention-lab <attention-lab> custom element. MIT licence. Needs ./index.mjs and the core files beside it.',
);
await bundle(
  'labs-entry.mjs',
  path.join(path.dirname(outfile), 'attention-lab-labs.js'),
  '// attention-lab: the lecture labs for <attention-lab lab="…">. MIT licence. Loaded by attention-lab.js.',
);
await bundle(
  '../app/strings/de.mjs',
  path.join(path.dirname(outfile), 'attention-lab-strings-de.js'),
  '// attention-lab: the interface in German for <attention-lab lang="de">. MIT licence. Loaded by attention-lab.js.',
);
await bundle(
  'exercises-entry.mjs',
  path.join(path.dirname(outfile), 'attention-lab-exercises.js'),
  '// attention-lab: the exercises for <attention-lab exercise="…">. MIT licence. Loaded by attention-lab.js.',
);
