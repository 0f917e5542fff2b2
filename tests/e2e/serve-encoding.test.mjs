// scripts/serve.mjs sends the brotli or gzip copy of a file (scripts/precompress.mjs) to a client
// that accepts it, with Content-Encoding, Vary: Accept-Encoding and the original's Content-Type;
// the copy decodes to the file's bytes. No copy for a client that accepts none, and none older
// than its file. The built page (build/site) carries its copies.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, checkSite, ROOT } from './helpers.mjs';
import { precompress } from '../../scripts/precompress.mjs';
import { acceptedEncodings } from '../../scripts/serve-encoding.mjs';

// The raw bytes and headers of one request, not decoded.
function get(port, url, acceptEncoding) {
  const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const DECODE = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
const decoded = (res) => {
  const encoding = res.headers['content-encoding'];
  return encoding ? DECODE[encoding](res.body) : res.body;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-encoding-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const text = Buffer.from('export const words = "attention ".repeat(400);\n'.repeat(200));
// Bytes that look like a module's code: they compress, as the real .wasm does.
const wasm = Buffer.concat([Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]), text]);
fs.writeFileSync(path.join(dir, 'app.mjs'), text);
fs.writeFileSync(path.join(dir, 'core.wasm'), wasm);
fs.writeFileSync(path.join(dir, 'stale.mjs'), text);
precompress(dir);
// A copy older than its file (the file rebuilt since) is not its bytes any more.
fs.writeFileSync(path.join(dir, 'stale.mjs.br'), zlib.brotliCompressSync(Buffer.from('old')));
const past = new Date(Date.now() - 60000);
fs.utimesSync(path.join(dir, 'stale.mjs.br'), past, past);

test('Accept-Encoding is read as browsers and proxies write it', () => {
  assert.deepEqual(acceptedEncodings('gzip, deflate, br, zstd'), ['br', 'gzip']);
  assert.deepEqual(acceptedEncodings('gzip;q=0.5, br;q=0'), ['gzip']);
  assert.deepEqual(acceptedEncodings('*'), ['br', 'gzip']);
  assert.deepEqual(acceptedEncodings('*, br;q=0'), ['gzip']);
  assert.deepEqual(acceptedEncodings('identity'), []);
  assert.deepEqual(acceptedEncodings(undefined), []);
});

test('the copy the client accepts, with Content-Encoding and Vary; the same bytes once decoded', async () => {
  const server = await startServer({ args: ['--root', dir] });
  try {
    const cases = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=1', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [file, bytes, type] of [
      ['/app.mjs', text, /^text\/javascript/],
      ['/core.wasm', wasm, /^application\/wasm$/],
    ]) {
      for (const [accept, encoding] of cases) {
        const res = await get(server.port, file, accept);
        const what = `${file} with Accept-Encoding: ${accept}`;
        assert.equal(res.status, 200, what);
        assert.equal(res.headers['content-encoding'], encoding, what);
        assert.match(res.headers['content-type'], type, what);
        assert.match(res.headers.vary ?? '', /Accept-Encoding/, what);
        assert.equal(Number(res.headers['content-length']), res.body.length, what);
        if (encoding) assert.ok(res.body.length < bytes.length, `${what}: smaller`);
        assert.deepEqual(decoded(res), bytes, what);
      }
    }
    const stale = await get(server.port, '/stale.mjs', 'br, gzip');
    assert.equal(stale.headers['content-encoding'], 'gzip');
    assert.deepEqual(decoded(stale), text);
  } finally {
    await server.stop();
  }
});

test('the built page: its bundle, stylesheet, HTML and .wasm come compressed and decode to the files', async () => {
  checkSite();
  const site = path.join(ROOT, 'build', 'site');
  const server = await startServer();
  try {
    const files = [
      '/',
      '/app.mjs',
      '/styles.css',
      '/lib/attention-core.wasm',
      '/lib/attention-core-threads-relaxed.wasm',
    ];
    for (const url of files) {
      const file = path.join(site, url === '/' ? 'index.html' : url);
      for (const accept of ['br', 'gzip']) {
        const res = await get(server.port, url, accept);
        assert.equal(res.headers['content-encoding'], accept, `${url} (${accept})`);
        assert.deepEqual(decoded(res), fs.readFileSync(file), `${url} (${accept})`);
      }
    }
  } finally {
    await server.stop();
  }
});
