// Node's built-in modules for the package's Node paths, on every Node 20. process.getBuiltinModule
// (Node 20.16+) keeps bundlers for the browser from seeing `node:` imports at all; on older Node a
// dynamic import whose specifier bundlers neither resolve nor rewrite does the same job.

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// A specifier in a variable, marked for webpack and Vite: bundles keep this import as it is, and it
// runs only in Node.
const importBuiltin = (id) => import(/* webpackIgnore: true */ /* @vite-ignore */ id);

/** The built-in module `id` ('node:fs'), or undefined outside Node. */
export async function nodeBuiltin(id) {
  if (!inNode) return undefined;
  if (typeof process.getBuiltinModule === 'function') return process.getBuiltinModule(id);
  const namespace = await importBuiltin(id);
  return namespace.default ?? namespace;
}

/**
 * A require() for the emscripten glue's Node path (its Module.nodeRequire) where Node has no
 * process.getBuiltinModule; undefined where it has one or outside Node.
 */
export async function nodeRequire() {
  if (!inNode || typeof process.getBuiltinModule === 'function') return undefined;
  const { createRequire } = await nodeBuiltin('node:module');
  return createRequire(import.meta.url);
}
