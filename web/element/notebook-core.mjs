// The API as the notebook build of the element sees it (scripts/build-notebook.mjs bundles the
// element with this module in place of ./index.mjs): the single-thread core from the bytes the
// page carries (a JSON block #attention-lab-core, base64) and no tokenizer (the notebook labels
// the rows), since a notebook's output is a document of its own (an iframe's srcdoc) that has no
// address to fetch files from.
import { createAttentionLab as createLab } from './index.mjs';

export * from './index.mjs';

/** base64 → bytes, without fetch. */
function fromBase64(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; ++i) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** createAttentionLab on one thread, with the core the page carries. */
export function createAttentionLab(options = {}) {
  const block = document.getElementById('attention-lab-core');
  if (!block) return Promise.reject(new Error('the page carries no #attention-lab-core block'));
  const wasmBinary = fromBase64(JSON.parse(block.textContent));
  // A srcdoc document's own address (about:srcdoc) is no base for a file's URL; nothing is fetched.
  const locateFile = (file) => file;
  return createLab({
    ...options,
    threads: 1,
    relaxedSimd: false,
    tokenizer: 'lazy',
    wasmBinary,
    locateFile,
  });
}
