// scripts/serve.mjs: MIME types, cross-origin isolation headers (and --no-isolation), path
// traversal refused, a busy port falls back to a free one; files replaced or removed while they are
// served, directory names that are not Latin-1, redirects that must stay on the site, bad requests
// that must not stop the server; --cors and --corp for course pages on other origins, and the
// command line refusing what it does not know.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startServer, launch, ROOT } from './helpers.mjs';

const SERVE = path.join(ROOT, 'scripts', 'serve.mjs');

// A raw request: fetch() would normalise "..", which is exactly what we must send. `agent: false`
// gives it a connection of its own, so a response cut off by the server cannot hang the next one.
function get(port, rawPath, method = 'GET', { headers = {}, agent, timeout = 10000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: rawPath, method, headers, agent, timeout },
      (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${method} ${rawPath}: no answer within ${timeout} ms`)),
    );
    req.on('error', reject);
    req.end();
  });
}

/** Runs serve.mjs with these arguments until it exits; { code, stdout, stderr }. A server that
 *  starts listening instead (the arguments were accepted) is stopped and reported as code 'listening'. */
function runServe(args, env = {}) {
  const child = spawn(process.execPath, [SERVE, ...args], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let listening = false;
  child.stdout.on('data', (d) => {
    stdout += d;
    if (/http:\/\/127\.0\.0\.1:\d+\//.test(stdout) && !listening) {
      listening = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: listening ? 'listening' : code, stdout, stderr })),
  );
}

/** A fresh directory with these files ({ 'dir/name': content }); removed by the returned cleanup. */
function tempRoot(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-test-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
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
  // Public files: any origin may load them, a sandboxed iframe's (origin null) too.
  assert.equal(page.headers['cross-origin-resource-policy'], 'cross-origin');
  assert.equal(page.headers['access-control-allow-origin'], '*');
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
    assert.equal(
      Number(res.headers['content-length']),
      Buffer.byteLength(res.body, 'latin1'),
      path,
    );
  }
  const head = await get(server.port, '/index.html', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
  assert.equal((await get(server.port, '/missing.txt')).status, 404);
  assert.equal((await get(server.port, '/', 'POST')).status, 405);
  const lib = await get(server.port, '/lib');
  assert.equal(lib.status, 301);
  assert.equal(lib.headers.location, '/lib/');
});

test('refuses path traversal', async () => {
  for (const path of [
    '/../package.json',
    '/lib/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/..%2f..%2fpackage.json',
    '/lib/..%5c..%5cpackage.json',
    '/%00index.html',
    '/%zz',
  ]) {
    const res = await get(server.port, path);
    assert.ok([400, 403, 404].includes(res.status), `${path} → ${res.status}`);
    assert.doesNotMatch(res.body, /"name": "attention-lab"/, path);
  }
});

test('refuses symlinks that lead out of the root and follows those that stay inside', async (t) => {
  const outside = tempRoot({
    'secret.txt': 'outside the root\n',
    'index.html': 'outside the root\n',
  });
  const { dir, cleanup } = tempRoot({ 'index.html': '<p>root</p>\n', 'lib/a.txt': 'inside\n' });
  fs.symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(dir, 'secret.txt'));
  fs.symlinkSync(outside.dir, path.join(dir, 'out'));
  fs.symlinkSync(path.join(dir, 'lib', 'a.txt'), path.join(dir, 'a.txt'));
  const own = await startServer({ args: ['--root', dir] });
  t.after(async () => {
    await own.stop();
    cleanup();
    outside.cleanup();
  });
  for (const target of ['/secret.txt', '/out/secret.txt', '/out/']) {
    const res = await get(own.port, target);
    assert.equal(res.status, 403, target);
    assert.doesNotMatch(res.body, /outside the root/, target);
  }
  assert.equal((await get(own.port, '/a.txt')).body, 'inside\n');
});

// A page on any site can make a browser send requests to 127.0.0.1 under its own name: DNS
// rebinding points attacker.example at 127.0.0.1, and the browser then sends Host:
// attacker.example. Answering such a request would hand that site the files under the root.
test('answers only to loopback names in Host (DNS rebinding) and to the names --allow-host adds', async (t) => {
  const { dir, cleanup } = tempRoot({ 'index.html': '<p>root</p>\n', 'page.txt': 'page\n' });
  const servers = [];
  t.after(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    cleanup();
  });
  const own = await startServer({ args: ['--root', dir] });
  servers.push(own);
  const withHost = (port, host, target = '/page.txt', method = 'GET') =>
    get(port, target, method, { headers: { Host: host } });
  for (const host of ['localhost', '127.0.0.1', '[::1]', 'LOCALHOST'])
    for (const port of ['', `:${own.port}`]) {
      const res = await withHost(own.port, `${host}${port}`);
      assert.equal(res.status, 200, `${host}${port}`);
      assert.equal(res.body, 'page\n', `${host}${port}`);
    }
  for (const host of [
    `attacker.example:${own.port}`,
    'attacker.example',
    `lab.example:${own.port}`,
    `localhost.attacker.example:${own.port}`,
    `127.0.0.1.attacker.example:${own.port}`,
    `127.0.0.2:${own.port}`,
    `0.0.0.0:${own.port}`,
    `localhost:${own.port}@attacker.example`,
    `[::1].attacker.example`,
  ]) {
    for (const [target, method] of [
      ['/page.txt', 'GET'],
      ['/', 'GET'],
      ['/page.txt', 'HEAD'],
      ['/missing', 'GET'],
    ]) {
      const res = await withHost(own.port, host, target, method);
      assert.ok([403, 421].includes(res.status), `${host} ${method} ${target} → ${res.status}`);
      assert.doesNotMatch(res.body, /page|root/, `${host} ${method} ${target}`);
    }
  }
  const named = await startServer({ args: ['--root', dir, '--allow-host', 'lab.example'] });
  servers.push(named);
  const named200 = await withHost(named.port, `lab.example:${named.port}`);
  assert.equal(named200.status, 200);
  assert.equal(named200.body, 'page\n');
  assert.equal((await withHost(named.port, `LAB.example`)).status, 200);
  assert.equal((await withHost(named.port, `localhost:${named.port}`)).status, 200);
  assert.ok([403, 421].includes((await withHost(named.port, 'attacker.example')).status));
});

test('never serves dot-files or dot-folders: /.git/config is a 404 even with --root .', async (t) => {
  const { dir, cleanup } = tempRoot({
    'index.html': '<p>root</p>\n',
    '.git/config': '[remote "origin"] secret\n',
    '.env': 'TOKEN=secret\n',
    'lib/.npmrc': '//registry/:_authToken=secret\n',
    'lib/a.txt': 'inside\n',
    '.hidden/index.html': 'secret\n',
  });
  // A link with a plain name to a dot-file inside the root: the file it names is a dot-file.
  fs.symlinkSync(path.join(dir, '.env'), path.join(dir, 'env.txt'));
  fs.symlinkSync(path.join(dir, '.git'), path.join(dir, 'git'));
  const own = await startServer({ args: ['--root', dir] });
  t.after(async () => {
    await own.stop();
    cleanup();
  });
  for (const target of [
    '/.git/config',
    '/.git/',
    '/.git',
    '/.env',
    '/%2Eenv',
    '/%2egit/config',
    '/lib/.npmrc',
    '/.hidden/',
    '/.hidden/index.html',
    '/env.txt',
    '/git/config',
  ]) {
    for (const method of ['GET', 'HEAD']) {
      const res = await get(own.port, target, method);
      assert.equal(res.status, 404, `${method} ${target}`);
      assert.doesNotMatch(res.body, /secret/, `${method} ${target}`);
    }
  }
  assert.equal((await get(own.port, '/lib/a.txt')).body, 'inside\n');
  assert.equal((await get(own.port, '/')).body, '<p>root</p>\n');
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
    assert.equal(res.headers['cross-origin-resource-policy'], undefined);
  } finally {
    await other.stop();
    blocker.close();
  }
});

// A rebuild while serving. Another process replaces files by rename (the old bytes
// stay readable through an open descriptor), deletes and recreates them, and removes the whole root
// (`rm -rf build/site` in scripts/build.sh) while requests for them run concurrently. The server
// must survive, and no response may mix two versions of a file or announce a length it does not send.
test('keeps serving while files are replaced or removed under it (a rebuild while serving)', async (t) => {
  const A = 'A'.repeat(3000);
  const B = 'B'.repeat(150000); // larger than one read chunk (64 KiB), so reads span the churn
  const { dir, cleanup } = tempRoot({});
  const site = path.join(dir, 'site');
  const write = () => {
    fs.mkdirSync(site, { recursive: true });
    for (const name of ['index.html', 'a.txt', 'b.txt']) fs.writeFileSync(path.join(site, name), A);
  };
  write();
  const own = await startServer({ args: ['--root', site] });
  const churn = spawn(
    process.execPath,
    [
      '-e',
      `
    const fs = require('node:fs'), path = require('node:path');
    const [site, A, B] = [process.argv[1], 'A'.repeat(3000), 'B'.repeat(150000)];
    const end = Date.now() + Number(process.argv[2]);
    for (let i = 0; Date.now() < end; i++) {
      const body = i % 2 ? A : B;
      try {
        if (i % 200 === 199) fs.rmSync(site, { recursive: true, force: true });
        fs.mkdirSync(site, { recursive: true });
        fs.writeFileSync(path.join(site, 'a.tmp'), body);
        fs.renameSync(path.join(site, 'a.tmp'), path.join(site, 'a.txt'));
        fs.rmSync(path.join(site, 'b.txt'), { force: true });
        fs.writeFileSync(path.join(site, 'b.txt'), body);
        fs.writeFileSync(path.join(site, 'index.html.tmp'), body);
        fs.renameSync(path.join(site, 'index.html.tmp'), path.join(site, 'index.html'));
      } catch {}
    }`,
      site,
      '2500',
    ],
    { stdio: 'inherit' },
  );
  const churning = new Promise((r) => churn.on('exit', r));
  t.after(async () => {
    // The churn must be over before the directory goes, or it recreates it.
    churn.kill();
    await churning;
    await own.stop();
    cleanup();
  });
  let running = true;
  churning.then(() => (running = false));
  const seen = { complete: 0, cut: 0, statuses: new Set() };
  // a.txt and index.html are replaced by rename, so each answer is one whole version; b.txt is
  // deleted and written anew, so an answer may catch it half-written, but never with more or fewer
  // bytes than its Content-Length says.
  const wholeVersion = (body) => body === A || body === B;
  const partOfAVersion = (body) => A.startsWith(body) || B.startsWith(body);
  const worker = async (target) => {
    while (running) {
      let res;
      try {
        res = await get(own.port, target, 'GET', { agent: false });
      } catch (err) {
        if (err.code === 'ECONNREFUSED') throw new Error(`the server stopped:\n${own.output()}`);
        seen.cut++; // cut off on purpose: the file shrank under the read (allowed)
        continue;
      }
      seen.statuses.add(res.status);
      if (res.status !== 200) continue;
      assert.equal(res.body.length, Number(res.headers['content-length']), target);
      assert.ok(
        (target === '/b.txt' ? partOfAVersion : wholeVersion)(res.body),
        `${target}: ${res.body.length} bytes of no version`,
      );
      seen.complete++;
    }
  };
  await Promise.all(
    ['/a.txt', '/b.txt', '/', '/a.txt', '/b.txt', '/', '/a.txt', '/b.txt'].map(worker),
  );
  await churning;
  write();
  const after = await get(own.port, '/b.txt');
  assert.equal(after.status, 200, `the server no longer answers:\n${own.output()}`);
  assert.equal(after.body, A);
  assert.ok(seen.complete > 50, `only ${seen.complete} complete responses`);
  assert.deepEqual(
    [...seen.statuses].filter((s) => s !== 200 && s !== 404),
    [],
    'only 200 or 404 while files come and go',
  );
});

// A Location header must be ASCII; Node throws otherwise, which must not stop the server.
test('redirects a directory whose name is not Latin-1 (or needs escaping) to its percent-encoded path', async (t) => {
  const { dir, cleanup } = tempRoot({
    'index.html': '<p>root</p>\n',
    '日本/index.html': '<p>nihon</p>\n',
    '100% a#b?/index.html': '<p>escaped</p>\n',
  });
  const own = await startServer({ args: ['--root', dir] });
  t.after(async () => {
    await own.stop();
    cleanup();
  });
  for (const [target, location, body] of [
    ['/%E6%97%A5%E6%9C%AC', '/%E6%97%A5%E6%9C%AC/', '<p>nihon</p>\n'],
    ['/%E6%97%A5%E6%9C%AC?stage=softmax', '/%E6%97%A5%E6%9C%AC/?stage=softmax', '<p>nihon</p>\n'],
    ['/100%25%20a%23b%3F', '/100%25%20a%23b%3F/', '<p>escaped</p>\n'],
  ]) {
    const res = await get(own.port, target);
    assert.equal(res.status, 301, target);
    assert.equal(res.headers.location, location, target);
    const followed = await get(own.port, res.headers.location);
    assert.equal(followed.status, 200, location);
    assert.equal(Buffer.from(followed.body, 'latin1').toString('utf8'), body, location);
  }
  assert.equal((await get(own.port, '/')).status, 200, 'the server still answers');
});

// "//lib/" in a Location is scheme-relative, i.e. http://lib/, off this site.
// Repeated slashes are collapsed (the Location is rebuilt from the path's segments); encoded
// slashes and backslashes are refused with 400.
test('never redirects off-site: repeated, encoded or backslashed slashes', async () => {
  const base = `http://127.0.0.1:${server.port}`;
  for (const target of [
    '//lib',
    '///lib',
    '//lib?x=//y',
    '/%2F%2Flib',
    '/%2flib',
    '//%2Flib',
    '/%2F/lib',
    '/%2F%2F127.0.0.2',
    '/\\lib',
    '/\\\\lib',
    '/%5Clib',
    '/%5C%5Clib',
    '/%5C/lib',
    '/.//lib',
    '/lib//',
  ]) {
    const res = await get(server.port, target);
    assert.ok([200, 301, 400, 403, 404].includes(res.status), `${target} → ${res.status}`);
    if (res.status !== 301) continue;
    const location = res.headers.location;
    assert.match(location, /^\/(?![/\\])/, `${target} → Location ${location}`);
    assert.equal(new URL(location, `${base}/`).origin, base, `${target} → ${location}`);
  }
  assert.equal((await get(server.port, '//lib')).headers.location, '/lib/');
  assert.equal((await get(server.port, '/%2F%2Flib')).status, 400);
  assert.equal((await get(server.port, '/%5Clib')).status, 400);
});

// Each bad request gets its own 4xx, and the server goes on serving.
test('answers bad requests with a 4xx and keeps serving', async () => {
  for (const [target, expected] of [
    ['/%zz', [400]],
    ['/%E6%97', [400]], // a truncated UTF-8 sequence
    ['/%00index.html', [400]],
    ['/index.html%00.txt', [400]],
    ['/lib%00/', [400]],
    ['/..', [400, 403]],
    ['/lib/../../package.json', [400, 403]],
    ['/%2e%2e/package.json', [400, 403]],
    ['/./index.html', [400, 403]],
    ['http://example.com/index.html', [400]], // proxy form
    [`/${'a'.repeat(5000)}`, [414]],
    [`/?q=${'q'.repeat(5000)}`, [414]],
    [`/${'a'.repeat(4095)}`, [404]], // exactly 4 KB is still looked up
    ['/index.html/', [404]], // a file is not a directory (its relative links would break)
  ]) {
    const res = await get(server.port, target);
    assert.ok(
      expected.includes(res.status),
      `${target.slice(0, 40)} → ${res.status}, expected ${expected}`,
    );
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'OPTIONS']) {
    const res = await get(server.port, '/index.html', method);
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.allow, 'GET, HEAD', method);
  }
  assert.equal((await get(server.port, '/')).status, 200);
  assert.equal((await get(server.port, '/index.html', 'HEAD')).status, 200);
});

test('--cors * lets any origin load the files: ACAO *, CORP cross-origin, preflights get 204', async (t) => {
  const own = await startServer({ args: ['--cors', '*'] });
  t.after(() => own.stop());
  const res = await get(own.port, '/lib/attention-lab.js', 'GET', {
    headers: { Origin: 'https://lms.example.edu' },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers['access-control-allow-origin'], '*');
  assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
  // Vary names Accept-Encoding (a compressed copy may be sent), never Origin: the answer is the same for every origin.
  assert.equal(res.headers.vary, 'Accept-Encoding');
  assert.equal(
    res.headers['cross-origin-embedder-policy'],
    'require-corp',
    'the own pages stay isolated',
  );
  assert.equal((await get(own.port, '/missing.wasm')).headers['access-control-allow-origin'], '*');
  const pre = await get(own.port, '/lib/attention-core.wasm', 'OPTIONS', {
    headers: {
      Origin: 'https://lms.example.edu',
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'range',
    },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.body, '');
  assert.equal(pre.headers['access-control-allow-origin'], '*');
  assert.match(pre.headers['access-control-allow-methods'], /\bGET\b/);
  assert.equal(pre.headers['access-control-allow-headers'], 'range');
  const put = await get(own.port, '/index.html', 'PUT');
  assert.equal(put.status, 405);
  assert.equal(put.headers.allow, 'GET, HEAD, OPTIONS');
});

test('--cors ORIGIN sends that origin with Vary: Origin; --corp overrides the policy', async (t) => {
  const cases = [
    [
      ['--cors', 'https://lms.example.edu'],
      {
        acao: 'https://lms.example.edu',
        vary: 'Origin, Accept-Encoding',
        corp: 'cross-origin',
        coep: 'require-corp',
      },
    ],
    [
      ['--cors', 'http://127.0.0.1:9000', '--corp', 'same-site'],
      {
        acao: 'http://127.0.0.1:9000',
        vary: 'Origin, Accept-Encoding',
        corp: 'same-site',
        coep: 'require-corp',
      },
    ],
    [
      ['--corp', 'same-origin'],
      { acao: '*', vary: 'Accept-Encoding', corp: 'same-origin', coep: 'require-corp' },
    ],
    [
      ['--corp=same-site', '--no-isolation'],
      { acao: '*', vary: 'Accept-Encoding', corp: 'same-site', coep: undefined },
    ],
    [
      ['--no-isolation', '--cors', '*'],
      { acao: '*', vary: 'Accept-Encoding', corp: 'cross-origin', coep: undefined },
    ],
  ];
  for (const [args, expected] of cases) {
    const own = await startServer({ args });
    try {
      const res = await get(own.port, '/lib/index.mjs');
      assert.equal(res.status, 200, args.join(' '));
      assert.deepEqual(
        {
          acao: res.headers['access-control-allow-origin'],
          vary: res.headers.vary,
          corp: res.headers['cross-origin-resource-policy'],
          coep: res.headers['cross-origin-embedder-policy'],
        },
        expected,
        args.join(' '),
      );
      const pre = await get(own.port, '/lib/index.mjs', 'OPTIONS', {
        headers: { Origin: 'https://lms.example.edu', 'Access-Control-Request-Method': 'GET' },
      });
      // Preflights are answered only with --cors (simple GETs need none).
      const cors = args.some((a) => a.startsWith('--cors'));
      assert.equal(pre.status, cors ? 204 : 405, `OPTIONS with ${args.join(' ')}`);
    } finally {
      await own.stop();
    }
  }
});

test('unknown options and bad values exit with code 2 and say what is wrong; --help lists the options', async () => {
  for (const [args, message] of [
    [['--frobnicate'], /unknown option --frobnicate/],
    [['--no-isolaton'], /unknown option --no-isolaton/],
    [['stray'], /unexpected argument stray/],
    [['--root'], /--root needs a value/],
    [['--cors'], /--cors needs a value/],
    [['--cors', 'lms.example.edu'], /--cors lms\.example\.edu: not an origin/],
    [['--cors', 'https://LMS.example.edu/'], /did you mean https:\/\/lms\.example\.edu\?/],
    [['--cors', 'https://lms.example.edu/course/7'], /no path/],
    [
      ['--corp', 'cross-site'],
      /--corp cross-site: must be one of same-origin, same-site, cross-origin/,
    ],
    [['--no-isolation=yes'], /--no-isolation takes no value/],
    [['--allow-host', ''], /--allow-host needs a host name/],
    [['--allow-host', 'lab.example:8080'], /--allow-host lab\.example:8080: a host name/],
    [['--allow-host', 'https://lab.example'], /--allow-host https:\/\/lab\.example: a host name/],
  ]) {
    const run = await runServe(args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
    assert.match(run.stderr, message, args.join(' '));
  }
  assert.equal((await runServe([], { PORT: 'http' })).code, 2);
  const help = await runServe(['--help']);
  assert.equal(help.code, 0, help.stdout + help.stderr);
  for (const option of [
    '--root DIR',
    '--no-isolation',
    '--cors ORIGIN|*',
    '--corp',
    '--allow-host NAME',
    'PORT',
  ])
    assert.ok(help.stdout.includes(option), option);
});

// The whole point of --cors: a course page on another origin, itself cross-origin isolated (COEP),
// loads the element from this server and runs it with threads. With --cors for another origin it
// cannot.
test('a cross-origin-isolated course page on another origin runs the element from a --cors server', async (t) => {
  const cdn = await startServer({ args: ['--cors', '*'] });
  const plainCdn = await startServer({ args: ['--cors', 'https://elsewhere.example'] });
  const coursePage = (
    port,
  ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
    <link rel="icon" href="data:,"><script type="module" src="http://127.0.0.1:${port}/lib/attention-lab.js"></script></head>
    <body><attention-lab sentence="the dog chased the ball" heads="2" d-out="6" stage="softmax"></attention-lab></body></html>`;
  const { dir, cleanup } = tempRoot({
    'cors.html': coursePage(cdn.port),
    'plain.html': coursePage(plainCdn.port),
  });
  // The course site: another port is another origin; serve.mjs sends it COOP/COEP by default.
  const course = await startServer({ args: ['--root', dir] });
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await Promise.all([cdn.stop(), plainCdn.stop(), course.stop()]);
    cleanup();
  });
  const page = await browser.newPage();
  await page.goto(`${course.url}cors.html`);
  // Waits for the element to be defined (the script loaded) and drawn; a blocked script times out.
  await page.waitForFunction(() => customElements.get('attention-lab'), null, { timeout: 10000 });
  const loaded = await page.evaluate(async () => {
    const el = document.querySelector('attention-lab');
    await el.ready;
    return { isolated: crossOriginIsolated, build: el.build, shape: el.result.output.shape };
  });
  assert.deepEqual(loaded, { isolated: true, build: 'threads', shape: [2, 5, 6] });

  const blocked = await browser.newPage();
  const failed = [];
  blocked.on('requestfailed', (req) => failed.push(req.url()));
  await blocked.goto(`${course.url}plain.html`);
  await blocked.waitForLoadState('load');
  assert.equal(await blocked.evaluate(() => customElements.get('attention-lab')), undefined);
  assert.ok(
    failed.some((url) => url.endsWith('/lib/attention-lab.js')),
    `failed: ${failed}`,
  );
});
