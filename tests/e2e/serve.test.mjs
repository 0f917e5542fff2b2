// scripts/serve.mjs: MIME types, cross-origin isolation headers (and --no-isolation), path
// traversal refused, a busy port falls back to a free one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { startServer } from './helpers.mjs';

// A raw request: fetch() would normalise "..", which is exactly what we must send.
function get(port, rawPath, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

test('serves the page, the modules and the wasm with the right types and COOP/COEP', async () => {
  const page = await get(server.port, '/');
  assert.equal(page.status, 200);
  assert.match(page.headers['content-type'], /^text\/html/);
  assert.match(page.body, /<script type="module" src="app.mjs">/);
  assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(page.headers['cross-origin-embedder-policy'], 'require-corp');
  for (const [path, type] of [
    ['/app.mjs', /^text\/javascript/],
    ['/lib/index.mjs', /^text\/javascript/],
    ['/lib/attention-core.wasm', /^application\/wasm$/],
    ['/styles.css', /^text\/css/],
    ['/icon.svg', /^image\/svg\+xml/],
  ]) {
    const res = await get(server.port, path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers['content-type'], type, path);
  }
  const head = await get(server.port, '/index.html', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal((await get(server.port, '/missing.txt')).status, 404);
  assert.equal((await get(server.port, '/', 'POST')).status, 405);
});

test('refuses path traversal', async () => {
  for (const path of ['/../package.json', '/lib/../../package.json', '/%2e%2e/package.json', '/%2E%2E%2Fpackage.json',
    '/..%2f..%2fpackage.json', '/lib/..%5c..%5cpackage.json', '/%00index.html', '/%zz']) {
    const res = await get(server.port, path);
    assert.ok([400, 403, 404].includes(res.status), `${path} → ${res.status}`);
    assert.doesNotMatch(res.body, /"name": "attention-lab"/, path);
  }
});

test('--no-isolation omits COOP/COEP; a busy PORT falls back to a free port', async () => {
  const blocker = net.createServer();
  await new Promise((r) => blocker.listen(0, '127.0.0.1', r));
  const busy = blocker.address().port;
  const other = await startServer({ args: ['--no-isolation'], env: { PORT: String(busy) } });
  try {
    assert.notEqual(other.port, busy);
    assert.match(other.output(), /busy/);
    const res = await get(other.port, '/');
    assert.equal(res.status, 200);
    assert.equal(res.headers['cross-origin-opener-policy'], undefined);
    assert.equal(res.headers['cross-origin-embedder-policy'], undefined);
  } finally {
    await other.stop();
    blocker.close();
  }
});
