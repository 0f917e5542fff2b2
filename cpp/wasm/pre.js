// Runs inside emscripten's module factory, before its environment detection. Emscripten 3.1.6's
// ES-module output calls require() and reads __dirname in Node, which an ES module does not have,
// and it would fetch() a file path in Node 20. Local definitions fix all three without touching
// import.meta (which 3.1.6's minifier cannot parse here); in browsers and bundlers they are inert,
// and because `require` is a local variable, bundlers do not try to resolve 'fs' or 'path'.
var attentionLabInNode =
  typeof process == 'object' &&
  typeof process.versions == 'object' &&
  typeof process.versions.node == 'string';
// Node's built-in modules: process.getBuiltinModule (Node 20.16+); before that, the require the
// loader passes as Module.nodeRequire, or, inside a pthread worker, the one emscripten's worker
// script puts on globalThis.
var attentionLabRequire =
  attentionLabInNode &&
  (typeof process.getBuiltinModule == 'function'
    ? (id) => process.getBuiltinModule(id)
    : Module['nodeRequire'] || globalThis.require);
if (attentionLabInNode && typeof attentionLabRequire != 'function') {
  throw new Error(
    'attention-lab: this Node.js has no process.getBuiltinModule (Node 20.16+); ' +
      'load the core through createAttentionLab(), which passes a require',
  );
}
var require = attentionLabInNode ? attentionLabRequire : undefined;
var __dirname =
  attentionLabInNode && _scriptDir ? require('url').fileURLToPath(new URL('.', _scriptDir)) : '';
var fetch = attentionLabInNode ? undefined : globalThis.fetch;
// In Node, find the .wasm beside this file as a path (emscripten would pass a file: URL to fs),
// and the threaded build's CommonJS worker script by its name in the package ("type": "module"
// would make Node read a .js file there as an ES module).
if (attentionLabInNode && !Module['locateFile'] && !Module['wasmBinary']) {
  Module['locateFile'] = (path) =>
    __dirname + (path.endsWith('.worker.js') ? path.replace(/\.js$/, '.cjs') : path);
}
// The threaded build's pthread pool holds the workers its engine will start, no more: the loader
// passes Module.pthreadPoolSize (the engine's threads less the calling one), so a two-core machine
// starts and loads one worker, not four of which it would use one. Without it, or out of range,
// the pool is the build's most (`most`). CMakeLists.txt names this function as emscripten's
// PTHREAD_POOL_SIZE, which the glue evaluates when it starts.
function attentionLabPoolSize(most) {
  var wanted = Module['pthreadPoolSize'];
  return typeof wanted == 'number' && wanted >= 1 && wanted <= most && wanted === Math.floor(wanted)
    ? wanted
    : most;
}
