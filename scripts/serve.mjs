#!/usr/bin/env node
// A tiny static server for the teaching page (build/site): node:http only, 127.0.0.1 only. It is
// what `npm start` runs, what the browser tests load the page from, and a way to host the files of
// dist/ for course pages on other origins. Every file is sent with Access-Control-Allow-Origin: *
// (--cors narrows it to one origin): an iframe with sandbox="allow-scripts" has no origin, and its
// module scripts and .wasm load only with that header; the files are the published page anyway.
//
// Usage: node scripts/serve.mjs [--root DIR] [--no-isolation] [--cors ORIGIN|*] [--corp VALUE]
//                               [--allow-host NAME]…
//   PORT env: the port (default 8080; 0 = any free port); a busy port falls back to a free one.
//   --root DIR        the directory to serve (default: build/site next to this script's folder).
//   --no-isolation    leave out COOP/COEP, which make the page cross-origin isolated (threads).
//   --cors ORIGIN|*   send Access-Control-Allow-Origin: ORIGIN (with Vary: Origin) instead of *, and
//                     answer CORS preflights (OPTIONS) with 204: a course page on ORIGIN may then
//                     load the <attention-lab> script, its modules and its .wasm from here.
//   --corp VALUE      Cross-Origin-Resource-Policy: same-origin, same-site or cross-origin. Default:
//                     cross-origin (a require-corp page elsewhere, or the page in a sandboxed
//                     iframe, needs it), none at all with --no-isolation unless --cors.
//   --allow-host NAME also answer requests whose Host header names NAME (repeatable). Without it,
//                     only localhost, 127.0.0.1 and [::1] are answered (421 otherwise): a web page
//                     can point a name of its own at 127.0.0.1 (DNS rebinding) and would otherwise
//                     read everything under the root with the visitor's browser.
// Files and folders whose name starts with a dot (.git, .env) are never served (404). A file with a
// precompressed copy beside it (app.mjs.br, app.mjs.gz: scripts/precompress.mjs) is sent as that
// copy, with Content-Encoding, to a browser whose Accept-Encoding takes it.
// Unknown options and bad values exit with code 2. Run with --help for this list.
//
// Every request is answered (or its connection closed) and none can stop the server: files are
// opened once and streamed from that descriptor, so a rebuild that replaces or removes them while
// they are served (scripts/build.sh does `rm -rf build/site`) yields the old bytes, a 404 or a
// cut-off connection, never an unhandled error.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { CONTENT_TYPES } from './content-types.mjs';
import { COMPRESSIBLE, acceptedEncodings, openEncoded } from './serve-encoding.mjs';

const HOST = '127.0.0.1';
const DEFAULT_PORT = 8080;
const DEFAULT_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'site');
// Our own URLs are short; a longer one is a probe or a mistake, and is refused before any decoding.
const MAX_URL_LENGTH = 4096;
const CORP_VALUES = ['same-origin', 'same-site', 'cross-origin'];
// The names a browser on this machine uses for the address we listen on. Any other name in a Host
// header means a page made the browser resolve its own name to 127.0.0.1 (DNS rebinding).
const LOOPBACK_NAMES = ['localhost', HOST, '[::1]'];

const USAGE = `Usage: node scripts/serve.mjs [options]
Serves DIR (default: build/site, the teaching page) on http://${HOST}:PORT/.
PORT comes from the environment: default ${DEFAULT_PORT}, 0 for any free port; a busy port falls
back to a free one.

Files and folders whose name starts with a dot (.git, .env) are never served.

Options:
  --root DIR          the directory to serve
  --no-isolation      leave out COOP/COEP (no cross-origin isolation, so no threads; same numbers)
  --cors ORIGIN|*     allow only pages on ORIGIN (e.g. https://lms.example.edu), or any origin (*),
                      to load these files (default: Access-Control-Allow-Origin: *, no
                      preflights), and answer CORS preflights (OPTIONS) with 204
  --corp VALUE        the Cross-Origin-Resource-Policy: same-origin, same-site or cross-origin
                      (default: cross-origin; none with --no-isolation, unless --cors or
                      given)
  --allow-host NAME   also answer requests for the host name NAME (repeatable); by default only
                      localhost, 127.0.0.1 and [::1] are answered, so that no other site can read
                      these files through a name it points at 127.0.0.1 (DNS rebinding)
  -h, --help          show this help
`;

/** A mistake on the command line: printed with a hint, exit code 2. */
class UsageError extends Error {}

/** The serialized origin `value` stands for, or a UsageError saying what is wrong with it. */
function parseCorsOrigin(value) {
  if (value === '*') return value;
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--cors ${value}: not an origin; give * or scheme://host[:port], e.g. https://lms.example.edu`,
    );
  }
  // Browsers compare Access-Control-Allow-Origin with the page's origin character by character, so
  // "https://LMS.example.edu/" would silently never match: insist on the exact serialized form.
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== value) {
    const hint = ['http:', 'https:'].includes(url.protocol) ? ` (did you mean ${url.origin}?)` : '';
    throw new UsageError(`--cors ${value}: an origin is scheme://host[:port] with no path${hint}`);
  }
  return value;
}

/** --allow-host's NAME in lower case, or a UsageError: a bare host name, no scheme or port. */
function parseAllowedHost(value) {
  if (value === '') throw new UsageError('--allow-host needs a host name, e.g. lab.example');
  // A DNS name (letters, digits, hyphens and dots) or a bracketed IPv6 address.
  if (!/^([a-z0-9-]+(\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])$/i.test(value)) {
    throw new UsageError(
      `--allow-host ${value}: a host name without scheme, port or path, e.g. lab.example`,
    );
  }
  return value.toLowerCase();
}

/** The Cross-Origin-Resource-Policy to send, or null for none. */
function chooseCorp({ corp, cors, isolation }) {
  if (corp !== undefined) {
    if (!CORP_VALUES.includes(corp))
      throw new UsageError(`--corp ${corp}: must be one of ${CORP_VALUES.join(', ')}`);
    return corp;
  }
  // A page on another origin that is itself cross-origin isolated (COEP) refuses our files without
  // CORP: cross-origin, whatever our own isolation is; that is why --cors changes the default.
  if (cors) return 'cross-origin';
  // Isolated, our own page enforces COEP on what it loads; in a sandboxed iframe (origin null)
  // every file is cross-origin to it, and its stylesheets (no-cors requests) load only with CORP
  // cross-origin. Anyone may read the files through CORS (*) anyway: same-origin protects nothing.
  return isolation ? 'cross-origin' : null;
}

/** The command line as { help, root, isolation, cors, corp, hosts }; throws UsageError. */
function parseOptions(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        root: { type: 'string' },
        'no-isolation': { type: 'boolean' },
        cors: { type: 'string' },
        corp: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError(describeParseError(err));
  }
  const { values } = parsed;
  if (values.root === '') throw new UsageError('--root needs a directory');
  const isolation = !values['no-isolation'];
  const cors = values.cors === undefined ? null : parseCorsOrigin(values.cors);
  return {
    help: Boolean(values.help),
    root: path.resolve(values.root ?? DEFAULT_ROOT),
    isolation,
    cors,
    corp: chooseCorp({ corp: values.corp, cors, isolation }),
    hosts: new Set([...LOOPBACK_NAMES, ...(values['allow-host'] ?? []).map(parseAllowedHost)]),
  };
}

/** parseArgs's messages mention internals ("To specify a positional argument…"): say it shorter. */
function describeParseError(err) {
  const option = err.message.match(/'(-[^' ]+)/)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? err.message}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${err.message.match(/'([^']*)'/)?.[1] ?? err.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take/.test(err.message)) return `${option} takes no value`;
      // "ambiguous": the next word starts with "-", so it may be the next option rather than a value.
      if (/ambiguous/.test(err.message))
        return `${option} needs a value (write ${option}=VALUE for one starting with "-")`;
      return `${option ?? 'an option'} needs a value`;
    default:
      return err.message;
  }
}

/** The headers every response carries, from the options. */
function commonHeaders({ isolation, cors, corp }) {
  // no-cache: a rebuilt page shows up on reload without stale modules mixed in.
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
  if (isolation) {
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
  }
  if (corp) headers['Cross-Origin-Resource-Policy'] = corp;
  // Any origin by default: a sandboxed iframe's requests come from the opaque origin "null".
  headers['Access-Control-Allow-Origin'] = cors ?? '*';
  // A cache in between must not hand a response meant for one origin to another.
  if (cors && cors !== '*') headers.Vary = 'Origin';
  return headers;
}

function send(res, status, body, headers) {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(body);
}

/**
 * Whether the Host header names this server: one of `hosts` (lower case), with or without a port.
 * A request without one (HTTP/1.0) names nothing and is refused too.
 */
function hostAllowed(header, hosts) {
  if (typeof header !== 'string') return false;
  const match = /^(\[[^\]]*\]|[^:[\]]*)(:\d{1,5})?$/.exec(header);
  return match !== null && hosts.has(match[1].toLowerCase());
}

/** Whether a file or folder name is hidden (.git, .env): such names are never served. */
const isDotName = (name) => name.startsWith('.');

/**
 * The request target as { segments, directoryUrl, query } (segments decoded, none empty), or
 * { status } when it is refused. Empty segments ("//") are dropped: browsers send them
 * only for a mistyped link, and redirects are rebuilt from the segments, so "//lib" can never turn
 * into the scheme-relative (off-site) "//lib/". A segment that decodes to a slash, a backslash or
 * NUL is refused instead: no file we serve has such a name, and letting "%2F" through would make
 * several URLs name one file and reopen that hole.
 */
function parseTarget(url) {
  if (url.length > MAX_URL_LENGTH) return { status: 414 };
  // Origin-form only: "http://host/x" (proxy form) and "*" are not for a static server.
  if (!url.startsWith('/')) return { status: 400 };
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const segments = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let name;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return { status: 400 };
    }
    if (/[/\\\0]/.test(name)) return { status: 400 };
    // Browsers resolve dot segments before sending, so one here is an attempt to leave the root.
    if (name === '.' || name === '..') return { status: 403 };
    if (isDotName(name)) return { status: 404 };
    segments.push(name);
  }
  return { segments, directoryUrl: rawPath.endsWith('/'), query };
}

/** A same-site path for a directory's URL: exactly one leading slash, every byte encoded. */
function directoryLocation(segments, query) {
  const pathPart = `/${segments.map(encodeURIComponent).join('/')}/`;
  // Keep the query (the page reads its settings from it) when it is plain visible ASCII, which
  // a header can carry as is; Node's parser already refuses anything else in a request line.
  return /^\?[\x21-\x7e]*$/.test(query) ? pathPart + query : pathPart;
}

// The body of each refusal; plain text, as nobody but a developer reads them.
const MESSAGES = {
  400: 'bad request\n',
  403: 'forbidden\n',
  404: 'not found\n',
  414: 'URI too long\n',
  421: 'misdirected request: this server answers to localhost, 127.0.0.1 and [::1] only (and to the names given with --allow-host)\n',
};

/** A filesystem error as the status to answer with (500: unexpected, logged). */
function statusOf(err) {
  if (err.status) return err.status;
  if (['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP'].includes(err.code)) return 404;
  if (['EACCES', 'EPERM'].includes(err.code)) return 403;
  return 500;
}

/** An error that already says which status to answer with. */
function refusal(status) {
  return Object.assign(new Error(MESSAGES[status]), { status });
}

/** Whether `real` is `realRoot` or lies inside it (both already free of symlinks). */
function isInside(realRoot, real) {
  const rel = path.relative(realRoot, real);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/**
 * Opens root/segments once and fstats that descriptor: everything after (type, size, bytes) comes
 * from the same file, even if a rebuild replaces or deletes the path meanwhile. Symlinks are
 * followed only while the target stays inside the root. Resolves { handle, stat, real }; handle is
 * null for a directory that the platform will not open (Windows: EISDIR).
 */
async function openInRoot(root, segments) {
  // The root's real path is looked up per request: a rebuild removes and recreates it.
  const realRoot = await fs.promises.realpath(root);
  const real = await fs.promises.realpath(path.join(realRoot, ...segments));
  if (!isInside(realRoot, real)) throw refusal(403);
  // A link with a plain name may still lead to a hidden file or folder inside the root.
  if (path.relative(realRoot, real).split(path.sep).some(isDotName)) throw refusal(404);
  let handle;
  try {
    // O_NOFOLLOW: if the checked path became a symlink since, refuse rather than follow it out.
    // O_NONBLOCK: opening a FIFO would otherwise wait for a writer, holding a libuv thread for good
    // (fstat then shows it is no file); it changes nothing for regular files.
    const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
    handle = await fs.promises.open(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (err) {
    if (err.code === 'EISDIR') return { handle: null, stat: await fs.promises.stat(real), real };
    throw err;
  }
  try {
    return { handle, stat: await handle.stat(), real };
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}

/**
 * What a GET/HEAD target names: { file } (opened, see openInRoot) or { location } for a directory
 * asked for without its trailing slash. Throws a refusal or a filesystem error otherwise.
 */
async function resolveTarget(root, target) {
  const file = await openInRoot(root, target.segments);
  if (file.stat.isDirectory()) {
    await file.handle?.close();
    if (!target.directoryUrl) return { location: directoryLocation(target.segments, target.query) };
    return resolveTarget(root, {
      ...target,
      segments: [...target.segments, 'index.html'],
      directoryUrl: false,
    });
  }
  // "/index.html/" names a directory that does not exist: answering with the file would break
  // the page's relative links, so it is a 404 as on any other server.
  if (!file.stat.isFile() || target.directoryUrl) {
    await file.handle?.close();
    throw refusal(404);
  }
  return { file };
}

/** Streams an opened file; takes over its handle (closed when the stream ends or fails). */
function streamFile(req, res, { handle, stat, real }, headers) {
  if (res.destroyed) {
    // The client left while the file was being opened: no 'close' event will come to clean up.
    handle.close().catch(() => {});
    return;
  }
  const type = CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': stat.size });
  if (req.method === 'HEAD' || stat.size === 0) {
    handle.close().catch(() => {});
    res.end();
    return;
  }
  // Reads at most the size we announced; the handle closes itself when the stream is done.
  const stream = handle.createReadStream({ start: 0, end: stat.size - 1 });
  stream.on('error', (err) => abort(req, res, err, headers));
  // The client went away (or we cut it off): stop reading and release the descriptor.
  res.on('close', () => stream.destroy());
  stream.on('end', () => {
    // A file truncated in place delivers fewer bytes than Content-Length; ending normally would
    // leave the client waiting for the rest, so cut the connection to tell it the body is broken.
    if (stream.bytesRead === stat.size) res.end();
    else res.destroy();
  });
  stream.pipe(res, { end: false });
}

/** A failure while answering: a 500 if nothing was sent yet, otherwise cut the response. */
function abort(req, res, err, headers) {
  console.error(`${req.method} ${req.url}: ${err.stack ?? err}`);
  if (!res.headersSent) {
    try {
      return send(res, 500, 'internal server error\n', headers);
    } catch {
      // Fall through: nothing sensible can be sent any more.
    }
  }
  res.destroy();
}

/** Answers a CORS preflight; only called when --cors is on. */
function preflight(req, res, headers) {
  const allowed = {
    ...headers,
    Allow: 'GET, HEAD, OPTIONS',
    'Access-Control-Allow-Methods': 'GET, HEAD',
    'Access-Control-Max-Age': '600',
  };
  // Headers a page asks to send (e.g. Range) are harmless to a static server: allow what is asked,
  // if it is a plain list of header names, which is all that may be echoed into our own header.
  const asked = req.headers['access-control-request-headers'];
  if (asked && /^[\w!#$%&'*+.^`|~-]+(\s*,\s*[\w!#$%&'*+.^`|~-]+)*$/.test(asked)) {
    allowed['Access-Control-Allow-Headers'] = asked;
    allowed.Vary = allowed.Vary
      ? `${allowed.Vary}, Access-Control-Request-Headers`
      : 'Access-Control-Request-Headers';
  }
  res.writeHead(204, allowed);
  res.end();
}

/** Answers one request; every failure is a rejected promise, handled by the caller. */
async function answer(req, res, options, headers) {
  if (!hostAllowed(req.headers.host, options.hosts)) return send(res, 421, MESSAGES[421], headers);
  if (req.method === 'OPTIONS' && options.cors) return preflight(req, res, headers);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'method not allowed\n', {
      ...headers,
      Allow: options.cors ? 'GET, HEAD, OPTIONS' : 'GET, HEAD',
    });
  }
  const target = parseTarget(req.url ?? '/');
  if (target.status) return send(res, target.status, MESSAGES[target.status], headers);
  let resolved;
  try {
    resolved = await resolveTarget(options.root, target);
  } catch (err) {
    const status = statusOf(err);
    if (status === 500) throw err;
    return send(res, status, MESSAGES[status], headers);
  }
  if (resolved.location) return send(res, 301, '', { ...headers, Location: resolved.location });
  const chosen = await chooseEncoding(req, resolved.file, headers);
  streamFile(req, res, chosen.file, chosen.headers);
}

/**
 * The file, or its precompressed copy (scripts/precompress.mjs) in an encoding the request
 * accepts, as static hosts serve them: { file, headers } with Content-Encoding for a copy.
 */
async function chooseEncoding(req, file, headers) {
  if (!COMPRESSIBLE.test(file.real)) return { file, headers };
  // Sent or not, the answer depends on Accept-Encoding: a cache in between must know it.
  const vary = {
    ...headers,
    Vary: headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding',
  };
  const names = acceptedEncodings(req.headers['accept-encoding']);
  const copy = await openEncoded(file.real, file.stat, names);
  if (!copy) return { file, headers: vary };
  await file.handle.close().catch(() => {});
  return {
    // Named by the original, for its Content-Type.
    file: { handle: copy.handle, stat: copy.stat, real: file.real },
    headers: { ...vary, 'Content-Encoding': copy.name },
  };
}

function createServer(options) {
  const headers = commonHeaders(options);
  return http.createServer((req, res) => {
    answer(req, res, options, headers).catch((err) => abort(req, res, err, headers));
  });
}

/** The page not built yet is the usual reason for a 404 on "/": say so at start. Another root
 *  (dist/ for --cors) needs no index.html. */
function warnIfUnbuilt(root) {
  const hint = root === path.resolve(DEFAULT_ROOT) ? '; run: bash scripts/build.sh site' : '';
  if (!fs.existsSync(root)) console.error(`warning: ${root} does not exist${hint}`);
  else if (hint && !fs.existsSync(path.join(root, 'index.html')))
    console.error(`warning: ${root}/index.html is missing${hint}`);
}

function listen(server, options, port) {
  server.once('error', (err) => {
    if (err.code === 'EADDRINUSE' && port !== 0) {
      console.error(`port ${port} is busy; using a free port instead`);
      listen(server, options, 0);
    } else {
      console.error(err.message);
      process.exit(1);
    }
  });
  server.listen(port, HOST, () => {
    const { port: actual } = server.address();
    warnIfUnbuilt(options.root);
    const notes = [
      options.isolation ? '' : 'no COOP/COEP',
      options.cors ? `CORS for ${options.cors}` : '',
      options.corp && options.corp !== 'same-origin' ? `CORP ${options.corp}` : '',
    ].filter(Boolean);
    console.log(
      `attention-lab page: http://${HOST}:${actual}/ (serving ${options.root}${notes.map((n) => `, ${n}`).join('')})`,
    );
  });
}

/** PORT from the environment; throws UsageError. */
function requestedPort(value) {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`PORT=${value}: must be a port number (0 for any free port)`);
  }
  return port;
}

function main() {
  let options;
  let port;
  try {
    options = parseOptions(process.argv.slice(2));
    if (options.help) {
      process.stdout.write(USAGE);
      return;
    }
    port = requestedPort(process.env.PORT);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`serve.mjs: ${err.message}\n(node scripts/serve.mjs --help lists the options)`);
    process.exit(2);
  }
  const server = createServer(options);
  listen(server, options, port);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    });
}

main();
