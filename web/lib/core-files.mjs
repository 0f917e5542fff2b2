// Where the core's files are, and fetching its .wasm in browsers. Bundlers that follow
// `new URL('./x.wasm', import.meta.url)` (Vite, webpack) emit the files beside the bundle; others
// (esbuild) do not, and the page then asks for a file that is not there. `baseUrl` names the folder
// that holds the package's dist/ files instead. In browsers the loader fetches the .wasm itself, so
// that a missing or wrong file is an AttentionLabError naming its URL and the fix, not emscripten's
// abort message.
import { AttentionLabError } from './errors.mjs';

const FIX =
  'serve the files of node_modules/attention-lab/dist/ (the .wasm files, ' +
  'attention-core-threads.mjs for threads, brown.atlm for the trained weights) beside your ' +
  "bundle, or pass createAttentionLab({ baseUrl: 'URL of the folder that holds them' }); " +
  'see docs/API.md, "Bundlers"';

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * locateFile for `baseUrl` (a folder's URL, absolute or relative to the page; in Node also a
 * folder's path), or undefined without one.
 */
export function baseUrlLocateFile(baseUrl) {
  if (baseUrl === undefined) return undefined;
  if (inNode && typeof baseUrl === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(baseUrl))
    return (path) => `${baseUrl.replace(/[\\/]*$/, '/')}${path}`;
  const base = folderUrl(baseUrl);
  if (inNode && base.protocol === 'file:')
    return (path) =>
      decodeURIComponent(new URL(path, base).pathname).replace(/^\/([A-Za-z]:)/, '$1');
  return (path) => new URL(path, base).href;
}

/**
 * The URL of the package's file `name` in the folder `baseUrl` names, or undefined without one (and
 * in Node for a folder's path: there the files beside index.mjs are the package's own).
 */
export function baseUrlFile(baseUrl, name) {
  if (baseUrl === undefined) return undefined;
  const found = baseUrlLocateFile(baseUrl)(name);
  return /^[a-z][a-z0-9+.-]*:/i.test(found) && !/^[a-z]:[\\/]/i.test(found) ? found : undefined;
}

function folderUrl(baseUrl) {
  const page = globalThis.location?.href;
  let url;
  try {
    url = new URL(String(baseUrl), page);
  } catch {
    url = undefined;
  }
  if (typeof baseUrl !== 'string' && !(baseUrl instanceof URL)) url = undefined;
  if (!url) {
    throw new AttentionLabError(
      `baseUrl = ${JSON.stringify(String(baseUrl))}: allowed is the URL of the folder that holds ` +
        "the package's dist/ files (absolute, or relative to the page), e.g. '/assets/attention-lab/'",
      { option: 'baseUrl' },
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

async function wasmBytes(url) {
  let response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (cause) {
    throw missing(url, `it could not be fetched (${cause?.message ?? cause})`, cause);
  }
  if (!response.ok) throw missing(url, `the server answered HTTP ${response.status}`);
  return { response, type: response.headers.get('content-type') ?? '' };
}

function missing(url, why, cause) {
  return new AttentionLabError(`the WebAssembly core ${url} did not load: ${why}; ${FIX}`, {
    option: 'baseUrl',
    kind: 'Error',
    cause,
  });
}

// Streaming compilation where the server says application/wasm; the bytes otherwise. Bytes that
// are not WebAssembly (a server's HTML page for an unknown path) are the same missing file.
async function compile(url, imports) {
  const { response, type } = await wasmBytes(url);
  try {
    if (type.startsWith('application/wasm') && WebAssembly.instantiateStreaming)
      return await WebAssembly.instantiateStreaming(response, imports);
    return await WebAssembly.instantiate(await response.arrayBuffer(), imports);
  } catch (cause) {
    if (!(cause instanceof WebAssembly.CompileError)) throw cause;
    const what = type ? ` (${type.split(';')[0]})` : '';
    throw missing(url, `the server sent something that is not WebAssembly${what}`, cause);
  }
}

/**
 * Emscripten's instantiateWasm hook for browsers: fetches and instantiates `url` itself; a failure
 * goes to `fail` (the factory's own promise would never settle), as an AttentionLabError.
 */
export function instantiateFrom(url, fail) {
  return (imports, receiveInstance) => {
    compile(url, imports).then(
      ({ instance, module }) => receiveInstance(instance, module),
      (error) => fail(error),
    );
    return {}; // emscripten waits for receiveInstance
  };
}
