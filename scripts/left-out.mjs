// What the single-file builds (the lesson file, a notebook's view) share: esbuild's options, and
// the stubs of what they leave out. They run the single-thread core from the bytes they carry; the
// threaded build, its worker and the training module are replaced by stubs that fail with the
// build's reason if they are ever asked for.
export const SINGLE_THREAD_STUBS = Object.freeze({
  'attention-core-threads.mjs': 'export default () => Promise.reject(new Error(LEFT_OUT));',
  'attention-core-threads.worker-source.mjs': "export default '';",
  'attention-train.mjs': 'export default () => Promise.reject(new Error(LEFT_OUT));',
});

/** esbuild: each module resolved into the 'left-out' namespace loads as its stub in `stubs`. */
export function loadLeftOut(build, reason, stubs) {
  build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
    contents: `const LEFT_OUT = ${JSON.stringify(reason)};\n${stubs[args.path]}`,
    loader: 'js',
  }));
}

/** esbuild's options for one self-contained browser module (the plugins and files are the build's). */
export const SINGLE_FILE = Object.freeze({
  bundle: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  minify: true,
  legalComments: 'eof',
  logLevel: 'warning',
});
