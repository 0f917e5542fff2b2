// WebKit for the engine tests: WebKitGTK's WebKitWebDriver starting MiniBrowser (Safari's engine,
// JavaScriptCore), spoken to in plain W3C WebDriver over HTTP with fetch. MiniBrowser needs a
// display, so the driver runs under xvfb-run (its --headless mode hung here). The driver, Xvfb and
// the browser run in one process group of their own, which close() ends whole, and which is also
// ended if the test process exits without closing (a failed before hook, an uncaught error).
import { spawn } from 'node:child_process';
import { need, freePort, expression, unwrap, withWaitFor, sleep } from './driver.mjs';

const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER =
  process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// WebDriver's codes for the keys the checks press (the W3C spec's table of normalised keys).
const KEYS = {
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Backspace: '\uE003',
};

// One WebDriver command; a WebDriver error becomes an Error with its name and message.
function client(base) {
  return async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok)
      throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  };
}

// Starts the driver under xvfb-run in a process group of its own; resolves once it answers. The
// driver is stopped by itself: xvfb-run then stops Xvfb and removes its temporary folder, which a
// signal to xvfb-run would leave behind; MiniBrowser, losing its display, ends too.
async function startDriver() {
  need({
    '/usr/bin/xvfb-run': 'xvfb',
    '/usr/bin/xauth': 'xauth',
    [WEBKIT_DRIVER]: 'webkit2gtk-driver',
    [MINIBROWSER]: 'libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver)',
  });
  const port = await freePort();
  // sh prints its pid, then becomes the driver (exec): that pid is the driver's.
  const shell = 'echo "driver pid $$"; exec "$0" "$@"';
  const child = spawn(
    '/usr/bin/xvfb-run',
    ['-a', 'sh', '-c', shell, WEBKIT_DRIVER, `--port=${port}`],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const kill = (pid, signal) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already exited
    }
  };
  const stopDriver = () => {
    const pid = Number(output.match(/driver pid (\d+)/)?.[1]);
    if (pid) kill(pid, 'SIGTERM');
  };
  process.once('exit', stopDriver);
  const stop = async () => {
    process.off('exit', stopDriver);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      stopDriver();
      await Promise.race([exited, sleep(10000)]);
    }
    kill(-child.pid, 'SIGKILL'); // whatever outlived the driver and Xvfb
  };
  const call = client(`http://127.0.0.1:${port}`);
  for (let tries = 0; ; ++tries) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${output}`);
    try {
      if ((await call('GET', '/status')).ready) return { call, stop };
    } catch (err) {
      if (tries > 300) {
        await stop();
        throw new Error(`WebKitWebDriver did not answer: ${err.message} ${output}`);
      }
    }
    await sleep(100);
  }
}

// The window's outer size that gives the page `width` × `height` (MiniBrowser's toolbar eats some).
async function setViewport(session, run, { width, height }) {
  await session('POST', '/window/rect', { width, height });
  const [w, h] = await run(() => [innerWidth, innerHeight]);
  if (w !== width || h !== height)
    await session('POST', '/window/rect', { width: 2 * width - w, height: 2 * height - h });
}

function keyActions(keys) {
  const actions = [...keys].flatMap((value) => [
    { type: 'keyDown', value },
    { type: 'keyUp', value },
  ]);
  return { actions: [{ type: 'key', id: 'keyboard', actions }] };
}

function webkitPage(session) {
  const run = async (fn, ...args) =>
    unwrap(
      await session('POST', '/execute/async', {
        script: `const done = arguments[0]; ${expression(fn, args)}.then(done);`,
        args: [],
      }),
      fn,
    );
  return withWaitFor({
    problems: [],
    evaluate: run,
    press: (key) => session('POST', '/actions', keyActions(KEYS[key] ?? key)),
    type: (text) => session('POST', '/actions', keyActions(text)),
    setViewport: (size) => setViewport(session, run, size),
    enterFrame: () => session('POST', '/frame', { id: 0 }),
    leaveFrame: () => session('POST', '/frame/parent', {}),
    url: () => session('GET', '/url'),
    close: () => session('POST', '/url', { url: 'about:blank' }),
  });
}

/** WebKit: one MiniBrowser window, so one page at a time (open() navigates it). */
export async function webkit() {
  const driver = await startDriver();
  let id;
  try {
    const created = await driver.call('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        },
      },
    });
    id = created.sessionId;
    const session = (method, path, body) => driver.call(method, `/session/${id}${path}`, body);
    await session('POST', '/timeouts', { script: 60000, pageLoad: 60000 });
    return {
      name: 'webkit',
      version: created.capabilities.browserVersion,
      async open(url, viewport) {
        const page = webkitPage(session);
        await page.setViewport(viewport);
        // Commands may reach the old document while the new one loads: mark the old one, then wait
        // for a document without the mark at the new path (a page may rewrite its query at once).
        await page.evaluate(() => (window.__leaving = true)).catch(() => {});
        await session('POST', '/url', { url });
        const { href, pathname } = new URL(url);
        await page.waitFor(
          (to, path) => location.href === to || (!window.__leaving && location.pathname === path),
          href,
          pathname,
        );
        return page;
      },
      async close() {
        await Promise.race([driver.call('DELETE', `/session/${id}`).catch(() => {}), sleep(5000)]);
        await driver.stop();
      },
    };
  } catch (err) {
    await driver.stop();
    throw err;
  }
}
