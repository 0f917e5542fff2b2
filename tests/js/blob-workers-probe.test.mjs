// Whether a page may start workers from blob: URLs is asked once per document: the teaching page's
// preload starts the probe while the page's code arrives (web/app/preload.mjs), and the loader's
// later ask gets that answer instead of starting a second worker and waiting for it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blobWorkersAllowed, probeBlobWorkersEarly } from '../../web/lib/features.mjs';

// A stand-in for the browser's Worker: answers (or fails, as a page's policy makes it) a moment
// after it is made, and counts how many were made.
function fakeWorkers(allowed) {
  const made = [];
  globalThis.Worker = class {
    constructor(url) {
      made.push(url);
      setTimeout(() => (allowed ? this.onmessage?.({ data: 0 }) : this.onerror?.({})), 5);
    }
    terminate() {}
  };
  return made;
}

test('probed early, every later ask shares the one answer', async () => {
  const made = fakeWorkers(true);
  try {
    probeBlobWorkersEarly();
    probeBlobWorkersEarly();
    const [a, b] = await Promise.all([blobWorkersAllowed(), blobWorkersAllowed()]);
    assert.deepEqual([a, b], [true, true]);
    assert.equal(made.length, 1, 'one probe worker for the document');
  } finally {
    delete globalThis[Symbol.for('attention-lab.blob-workers-allowed')];
    delete globalThis.Worker;
  }
});

test('not probed early, each ask probes; a refused worker answers false', async () => {
  const made = fakeWorkers(false);
  try {
    assert.equal(await blobWorkersAllowed(), false);
    assert.equal(await blobWorkersAllowed(), false);
    assert.equal(made.length, 2);
  } finally {
    delete globalThis.Worker;
  }
});
