// Shared by the embedding tests: a tiny static server (loopback only) whose headers each test
// chooses (COOP/COEP isolation, CORS and CORP for cross-origin hosting), headless Chromium, and a
// page watcher that records console errors, page errors and failed requests.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../scripts/chromium.mjs';
import { CONTENT_TYPES } from '../../scripts/content-types.mjs';
import { ROOT, ARTIFACTS, artifact, nodeLab, referenceForward } from '../e2e/helpers.mjs';

export { ROOT, ARTIFACTS, artifact, nodeLab };

/**
 * Serves `root` (a directory) and `pages` ({ '/path': html }) on host:0.
 * isolation: COOP same-origin + COEP require-corp on every response; cors: ACAO * and CORP
 * cross-origin (what a CDN must send); headers: more headers on every response (a CSP, say). Resolves { origin, url(path), requests, close() }.
 */
export function serve({
  root,
  pages = {},
  host = '127.0.0.1',
  isolation = false,
  cors = false,
  headers: extra = {},
} = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(pathname);
    const headers = { 'Cache-Control': 'no-store', ...extra };
    if (isolation) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    if (cors) {
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
    } else if (isolation) {
      headers['Cross-Origin-Resource-Policy'] = 'same-origin';
    }
    if (pages[pathname] !== undefined) {
      res.writeHead(200, { ...headers, 'Content-Type': CONTENT_TYPES['.html'] });
      return res.end(pages[pathname]);
    }
    if (!root || pathname.split('/').includes('..')) {
      res.writeHead(404, headers);
      return res.end('not found');
    }
    let file = path.join(root, pathname);
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      res.writeHead(404, headers);
      return res.end('not found');
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      const origin = `http://${host}:${server.address().port}`;
      resolve({
        origin,
        url: (p = '/') => origin + p,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      });
    });
  });
}

/** Headless Chromium, started as every browser test and the benchmark start it. */
export const launch = () => launchChromium();

/** A page that records console errors/warnings, page errors and failed requests in `problems`. */
export async function watchedPage(
  browser,
  problems,
  { viewport = { width: 1100, height: 900 } } = {},
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) =>
    problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`),
  );
  page.close = ((close) => async () => {
    await close();
    await context.close();
  })(page.close.bind(page));
  return page;
}

/** The element's and the page's settings → the API's forward pass (same calls as compute.mjs). */
export const reference = referenceForward;

/**
 * The built site (build/site: embed.html and the page) served with serve()'s `options`; fails
 * clearly when it was not built.
 */
export function serveSite(options = {}) {
  if (!fs.existsSync(path.join(ROOT, 'build', 'site', 'embed.html')))
    throw new Error('build/site/embed.html is missing: run `bash scripts/build.sh site`');
  return serve({ root: path.join(ROOT, 'build', 'site'), ...options });
}

/** Fails clearly when dist/ lacks what the element needs. */
export function checkDist() {
  for (const f of [
    'index.mjs',
    'attention-lab.js',
    'attention-core.wasm',
    'attention-core-threads.worker-source.mjs',
  ]) {
    if (!fs.existsSync(path.join(ROOT, 'dist', f))) {
      throw new Error(
        `dist/${f} is missing: run \`bash scripts/build.sh wasm && bash scripts/build.sh dist\``,
      );
    }
  }
}
