#!/usr/bin/env node
// A tiny static server for the teaching page (build/site): node:http only, 127.0.0.1 only.
// Usage: node scripts/serve.mjs [--no-isolation] [--root DIR]   (PORT env, default 8080; a busy
// port falls back to a free one). Sends COOP/COEP (cross-origin isolation) unless --no-isolation.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES } from './content-types.mjs';

const args = process.argv.slice(2);
const isolation = !args.includes('--no-isolation');
const rootArg = args.includes('--root') ? args[args.indexOf('--root') + 1] : null;
const root = path.resolve(rootArg ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'site'));
const host = '127.0.0.1';


function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

const server = http.createServer((req, res) => {
  const common = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
  if (isolation) {
    common['Cross-Origin-Opener-Policy'] = 'same-origin';
    common['Cross-Origin-Embedder-Policy'] = 'require-corp';
    common['Cross-Origin-Resource-Policy'] = 'same-origin';
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n', { ...common, Allow: 'GET, HEAD' });

  // Refuse anything that could leave the root: encoded or plain "..", backslashes, NUL bytes.
  const rawPath = (req.url ?? '/').split(/[?#]/)[0];
  let decoded;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return send(res, 400, 'bad request\n', common);
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) {
    return send(res, 403, 'forbidden\n', common);
  }
  let file = path.join(root, decoded);
  if (file !== root && !file.startsWith(root + path.sep)) return send(res, 403, 'forbidden\n', common);

  fs.stat(file, (err, stat) => {
    if (!err && stat.isDirectory()) {
      if (!decoded.endsWith('/')) return send(res, 301, '', { ...common, Location: `${decoded}/` });
      file = path.join(file, 'index.html');
    }
    fs.realpath(file, (err2, real) => {
      if (err2) return send(res, 404, 'not found\n', common);
      if (real !== root && !real.startsWith(fs.realpathSync(root) + path.sep)) return send(res, 403, 'forbidden\n', common);
      fs.stat(real, (err3, st) => {
        if (err3 || !st.isFile()) return send(res, 404, 'not found\n', common);
        const type = CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream';
        res.writeHead(200, { ...common, 'Content-Type': type, 'Content-Length': st.size });
        if (req.method === 'HEAD') return res.end();
        fs.createReadStream(real).pipe(res);
      });
    });
  });
});

function listen(port) {
  server.once('error', (err) => {
    if (err.code === 'EADDRINUSE' && port !== 0) {
      console.error(`port ${port} is busy; using a free port instead`);
      listen(0);
    } else {
      console.error(err.message);
      process.exit(1);
    }
  });
  server.listen(port, host, () => {
    const { port: actual } = server.address();
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      console.error(`warning: ${root}/index.html is missing; run: bash scripts/build.sh site`);
    }
    console.log(`attention-lab page: http://${host}:${actual}/ (serving ${root}${isolation ? '' : ', no COOP/COEP'})`);
  });
}

const requested = process.env.PORT === undefined || process.env.PORT === '' ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(requested) || requested < 0 || requested > 65535) {
  console.error(`PORT=${process.env.PORT}: must be a port number (0 for any free port)`);
  process.exit(2);
}
listen(requested);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
