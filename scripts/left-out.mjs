// The single-file builds (the lesson file, a notebook's view) run the single-thread core from the
// bytes they carry. The modules they leave out (the threaded build, its worker, the training
// module) are replaced by stubs that fail with the build's reason if they are ever asked for.
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
