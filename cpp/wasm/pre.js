// Runs inside emscripten's module factory, before its environment detection. Emscripten 3.1.6's
// ES-module output calls require() and reads __dirname in Node, which an ES module does not have,
// and it would fetch() a file path in Node 20. Local definitions fix all three without touching
// import.meta (which 3.1.6's minifier cannot parse here); in browsers and bundlers they are inert,
// and because `require` is a local variable, bundlers do not try to resolve 'fs' or 'path'.
var attentionLabInNode =
  typeof process == 'object' &&
  typeof process.versions == 'object' &&
  typeof process.versions.node == 'string';
var require = attentionLabInNode ? (id) => process.getBuiltinModule(id) : undefined;
var __dirname =
  attentionLabInNode && _scriptDir ? require('url').fileURLToPath(new URL('.', _scriptDir)) : '';
var fetch = attentionLabInNode ? undefined : globalThis.fetch;
// In Node, find the .wasm beside this file as a path (emscripten would pass a file: URL to fs).
if (attentionLabInNode && !Module['locateFile'] && !Module['wasmBinary']) {
  Module['locateFile'] = (path) => __dirname + path;
}
