// One small interface over the three browser engines the page is tested in, so that one set of
// checks runs in each: Chromium (Debian's, through scripts/chromium.mjs and playwright-core),
// Firefox (Debian's ESR, through puppeteer-core over WebDriver BiDi) and WebKit (WebKitGTK's
// MiniBrowser, Safari's engine, through WebKitWebDriver: plain W3C WebDriver over HTTP, spoken
// with fetch). Playwright's own Firefox and WebKit are patched builds that cannot be downloaded
// here, hence two more drivers.
//
// launchEngine(name) → { name, version, open(url, viewport), close() }; a page has
// evaluate(fn, ...args), waitFor(fn, ...args), press(key), type(text), setViewport(size),
// enterFrame(), leaveFrame(), url(), close() and `problems` (page errors and console errors, where
// the driver reports them: classic WebDriver does not, so WebKit's checks read the page's own
// error display). Every function runs in the page as an expression, with JSON arguments and a
// JSON result; a rejection comes back as an Error naming the page's error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { launchChromium } from '../../../scripts/chromium.mjs';

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * Throws when a program an engine needs is missing: a missing browser fails, never skips.
 * `needs`: { file: the Debian package that installs it }.
 */
export function need(needs) {
  for (const [file, pkg] of Object.entries(needs))
    if (!fs.existsSync(file))
      throw new Error(`${file} is missing: install Debian's ${pkg} (bash scripts/setup.sh does)`);
}

// `fn` (a function or an expression) called with `args`, its result or error as plain data.
function expression(fn, args) {
  const call = typeof fn === 'function' ? `(${fn})(...${JSON.stringify(args)})` : `(${fn})`;
  return `Promise.resolve().then(() => ${call}).then((value) => ({ value }), (e) => ({ error: String(e?.name) + ': ' + String(e?.message ?? e) }))`;
}

function unwrap(result, fn) {
  if (result?.error !== undefined) {
    const what = String(fn).slice(0, 80).replace(/\s+/g, ' ');
    throw new Error(`in the page: ${result.error} (evaluating ${what}…)`);
  }
  return result?.value;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The shared part of a page: waitFor polls evaluate until the result is truthy.
function withWaitFor(page) {
  page.waitFor = async (fn, ...args) => {
    const timeout = 30000;
    const start = Date.now();
    let last;
    while (Date.now() - start < timeout) {
      last = await page.evaluate(fn, ...args);
      if (last) return last;
      await sleep(50);
    }
    throw new Error(`waitFor timed out after ${timeout} ms: ${String(fn).slice(0, 120)}`);
  };
  return page;
}

// Chromium and Firefox: playwright-core's and puppeteer-core's pages have the same shape for
// what is used here (evaluate, keyboard, frames, url, close).
function scriptedPage(page, problems, { viewport, frames }) {
  let frame = page;
  return withWaitFor({
    problems,
    evaluate: async (fn, ...args) => unwrap(await frame.evaluate(expression(fn, args)), fn),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    setViewport: viewport,
    enterFrame: () => (frame = frames()[1]),
    leaveFrame: () => (frame = page),
    url: () => page.url(),
    close: () => page.close(),
  });
}

function watch(page, problems) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
}

async function chromium() {
  need({ [process.env.CHROMIUM ?? '/usr/bin/chromium']: 'chromium' });
  const browser = await launchChromium();
  return {
    name: 'chromium',
    version: browser.version(),
    async open(url, viewport) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = [];
      watch(page, problems);
      await page.goto(url);
      const p = scriptedPage(page, problems, {
        viewport: (size) => page.setViewportSize(size),
        frames: () => page.frames(),
      });
      p.close = () => context.close();
      return p;
    },
    close: () => browser.close(),
  };
}

async function firefox() {
  need({ [FIREFOX]: 'firefox-esr' });
  const { default: puppeteer } = await import('puppeteer-core');
  // A profile of our own, removed on close and also when the process exits without closing
  // (puppeteer-core stops Firefox then, but leaves its profile in the temporary folder).
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-firefox-'));
  const removeProfile = () => fs.rmSync(profile, { recursive: true, force: true });
  process.once('exit', removeProfile);
  let browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      userDataDir: profile,
    });
  } catch (err) {
    removeProfile();
    throw err;
  }
  return {
    name: 'firefox',
    version: await browser.version(),
    async open(url, viewport) {
      const page = await browser.newPage();
      const problems = [];
      watch(page, problems);
      await page.setViewport(viewport);
      await page.goto(url);
      return scriptedPage(page, problems, {
        viewport: (size) => page.setViewport(size),
        frames: () => page.frames(),
      });
    },
    async close() {
      await browser.close();
      process.off('exit', removeProfile);
      removeProfile();
    },
  };
}

// WebKit's driver lives in its own module (it imports this one's helpers).
const webkit = () => import('./webkit.mjs').then((m) => m.webkit());
const ENGINES = { chromium, firefox, webkit };

/** Starts engine `name` ('chromium', 'firefox' or 'webkit'); see the header. */
export function launchEngine(name) {
  if (!(name in ENGINES)) throw new Error(`unknown engine '${name}': ${Object.keys(ENGINES)}`);
  return ENGINES[name]();
}

/** A free TCP port on 127.0.0.1 (for a driver that takes --port). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export { expression, unwrap, withWaitFor, sleep };
