#!/usr/bin/env node
// Builds what `attention-lab lesson` needs to write a lesson file, into dist/lesson/ (shipped in
// the npm package, where the CLI has no bundler): page.js, the lesson page (web/app/lesson.mjs)
// bundled with the library (but the tokenizer, inlined from dist/ by the CLI) and the
// single-thread core's glue into one module script to inline;
// page.css, the page's stylesheets in cascade order; catalogue.json, the steps, labs and
// exercises the CLI offers (read from the page's own lists, so the two cannot drift). The core's
// .wasm and the trained weights are inlined by the CLI from the package's own files.
// Usage: node scripts/build-lesson.mjs   (after the core's glue is in dist/: scripts/build.sh dist)
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TOKENIZER_GLOBAL } from '../web/lib/cli/lesson-html.mjs';
import { loadLeftOut, SINGLE_FILE, SINGLE_THREAD_STUBS } from './left-out.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP = path.join(root, 'web', 'app');
const LIB = path.join(root, 'web', 'lib');
const DIST = path.join(root, 'dist');
const OUT = path.join(DIST, 'lesson');

// The core's glue lives in dist/ only. A lesson runs the single-thread build from the bytes it
// carries, so the threaded build, its worker and the training module are left out: the lab is
// created with threads: 1 and never trains.
const LEFT_OUT = SINGLE_THREAD_STUBS;
const coreFiles = {
  name: 'attention-lab-lesson-core',
  setup(b) {
    b.onResolve({ filter: /^\.\/attention-(core|train)[\w.-]*\.mjs$/ }, (args) => {
      if (args.resolveDir !== LIB) return undefined;
      const name = path.basename(args.path);
      if (name in LEFT_OUT) return { path: name, namespace: 'left-out' };
      return { path: path.join(DIST, name) };
    });
    loadLeftOut(b, 'a lesson file carries the single-thread core only', LEFT_OUT);
  },
};

// The tokenizer is not bundled: the lesson file carries the package's own dist/tokenizer.mjs as a
// script of its own (cli/lesson-html.mjs), which hands its exports over through a global; the
// bundle reads them from there, under the names the module exports. The library imports it by its
// URL (tokens.mjs), which a file opened from disk cannot: here by its name, which this resolves.
const TOKENIZER_IMPORT =
  'import(/* webpackIgnore: true */ /* @vite-ignore */ givenUrl ?? tokenizerUrl())';
const sharedTokenizer = {
  name: 'attention-lab-lesson-tokenizer',
  setup(b) {
    b.onLoad({ filter: /[\\/]tokens\.mjs$/ }, async (args) => {
      if (path.dirname(args.path) !== LIB) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes(TOKENIZER_IMPORT))
        throw new Error(`${args.path}: ${TOKENIZER_IMPORT} not found`);
      return {
        contents: text.replace(TOKENIZER_IMPORT, "import('./tokenizer.mjs')"),
        loader: 'js',
      };
    });
    b.onResolve({ filter: /^\.\/tokenizer\.mjs$/ }, (args) =>
      args.resolveDir === LIB ? { path: 'tokenizer', namespace: 'shared-tokenizer' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'shared-tokenizer' }, async () => {
      const names = Object.keys(await import(pathToFileURL(path.join(LIB, 'tokenizer.mjs')).href));
      const key = JSON.stringify(TOKENIZER_GLOBAL);
      return {
        contents: [
          `const shared = globalThis[Symbol.for(${key})];`,
          "if (!shared) throw new Error('the lesson file lacks its tokenizer script');",
          ...names.map((name) => `export const ${name} = shared.${name};`),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

// The page's stylesheet is styles.css with its parts @imported in cascade order, then the
// exercises' file, which the pages link on their own.
function stylesheet() {
  const entry = fs.readFileSync(path.join(APP, 'styles.css'), 'utf8');
  const parts = [...entry.matchAll(/^@import url\("([\w-]+\.css)"\);$/gm)].map((m) => m[1]);
  if (!parts.length) throw new Error('web/app/styles.css has no @import lines: update this script');
  return [...parts, 'styles-exercises.css']
    .map((file) => fs.readFileSync(path.join(APP, file), 'utf8'))
    .join('\n');
}

async function catalogue() {
  const load = (file) => import(pathToFileURL(path.join(APP, file)).href);
  const [{ STEPS }, { LABS }, { EXERCISES }, { choicesOf }] = await Promise.all([
    load('stages/index.mjs'),
    load('labs/index.mjs'),
    load('exercises/index.mjs'),
    load('state/settings.mjs'),
  ]);
  const maskings = choicesOf('masking');
  return {
    steps: STEPS.map((s) => ({
      slug: s.slug,
      title: s.title,
      // The stage each step is about (per masking), then every stage it shows: ?step= resolves
      // a stage name by the first, then the second (web/app/stages/index.mjs, findStep).
      main: [...new Set(maskings.map((masking) => s.main({ masking })))],
      stages: s.traceStages,
    })),
    labs: LABS.map((l) => ({
      slug: l.slug,
      title: l.title,
      trainedWeights: Boolean(l.trainedWeights),
    })),
    exercises: EXERCISES.map((e) => ({ slug: e.slug, title: e.title })),
  };
}

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
await build({
  entryPoints: [path.join(APP, 'lesson.mjs')],
  outfile: path.join(OUT, 'page.js'),
  ...SINGLE_FILE,
  plugins: [coreFiles, sharedTokenizer],
});
fs.writeFileSync(path.join(OUT, 'page.css'), stylesheet());
fs.writeFileSync(
  path.join(OUT, 'catalogue.json'),
  `${JSON.stringify(await catalogue(), null, 1)}\n`,
);
