// The first script the pages run, inlined in their <head> by scripts/build-site.mjs (a classic
// script, run as the parser reaches it): it starts fetching the one build of the WebAssembly core
// this engine will run (its module and its .wasm, through the browser's preload cache) while the
// page's own code is still arriving and compiling, instead of after it has run. The choice is the
// loader's (web/lib/builds.mjs); the core's module then finds its files there. The pages sit at
// the site's root, beside lib/.
import { defaultBuildFiles } from '../lib/builds.mjs';
import { probeBlobWorkersEarly } from '../lib/features.mjs';

const lib = new URL('./lib/', document.baseURI);

function preload(rel, file, as) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = new URL(file, lib).href;
  if (as) {
    // As the core's module fetches it: a CORS-mode request with same-origin credentials.
    link.as = as;
    link.crossOrigin = 'anonymous';
  }
  document.head.append(link);
}

const files = defaultBuildFiles();
preload('modulepreload', files.module);
if (files.threaded) {
  preload('modulepreload', 'attention-core-threads.worker-source.mjs');
  // The threaded build may start only where the page's policy allows workers from blob: URLs; a
  // worker takes tens of milliseconds to answer, so the question is asked now, beside the
  // downloads, not once the page's code has run.
  probeBlobWorkersEarly();
}
preload('preload', files.wasm, 'fetch');
