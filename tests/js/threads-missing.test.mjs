// Which piece is missing when two threads are asked for and cannot run, named by the loader as the
// browser lacks it: cross-origin isolation (the usual page), or SharedArrayBuffer itself on an
// isolated page (WebKitGTK: crossOriginIsolated is true, SharedArrayBuffer undefined). The loader
// reads its environment from globalThis, so a fresh copy of it (its own module URL) is loaded
// with Node's `process` hidden, and each browser is stubbed on globalThis for the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// loader.mjs as a browser page loads it: Node's `process` hidden while the module is evaluated.
async function browserLoader(name) {
  const process = globalThis.process;
  Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true });
  try {
    return await import(`../../dist/loader.mjs?${name}`);
  } finally {
    Object.defineProperty(globalThis, 'process', {
      value: process,
      configurable: true,
      writable: true,
    });
  }
}

// loadCore({ threads: 2 }) with globalThis as `browser` sets it: its refusal (thrown before any
// file is fetched), or null.
async function refusal(loader, browser) {
  const saved = {};
  for (const key of Object.keys(browser)) {
    saved[key] = Object.getOwnPropertyDescriptor(globalThis, key);
    if (browser[key] === undefined) delete globalThis[key];
    else Object.defineProperty(globalThis, key, { value: browser[key], configurable: true });
  }
  let pending;
  try {
    pending = loader.loadCore({ threads: 2 }); // the check runs before its first await
  } finally {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, key, descriptor);
      else delete globalThis[key];
    }
  }
  return pending.then(
    () => null,
    (e) => e,
  );
}

test('an isolated page without SharedArrayBuffer: the message names SharedArrayBuffer', async () => {
  const loader = await browserLoader('webkit');
  const e = await refusal(loader, { crossOriginIsolated: true, SharedArrayBuffer: undefined });
  assert.equal(e?.name, 'AttentionLabError');
  assert.equal(e.option, 'threads');
  assert.match(e.message, /^threads = 2: this browser has no SharedArrayBuffer/);
  assert.match(e.message, /although the page is cross-origin isolated/);
  assert.doesNotMatch(e.message, /not cross-origin isolated|Cross-Origin-Opener-Policy/);
});

test('a page that is not isolated: the message names isolation and the headers that give it', async () => {
  const loader = await browserLoader('plain');
  for (const shared of [undefined, SharedArrayBuffer]) {
    const e = await refusal(loader, { crossOriginIsolated: false, SharedArrayBuffer: shared });
    assert.equal(e?.name, 'AttentionLabError');
    assert.equal(e.option, 'threads');
    assert.match(e.message, /^threads = 2: this page is not cross-origin isolated/);
    assert.match(e.message, /Cross-Origin-Opener-Policy: same-origin/);
  }
});
