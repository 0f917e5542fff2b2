#!/usr/bin/env node
// Measures the teaching page's first load as a student meets it: cold (a fresh browser context,
// the cache disabled) in headless Chromium, from build/site served by scripts/serve.mjs, until the
// page marks itself ready (<html data-ready="true">), and when the step's title was first drawn
// (the page's first paint of the step, before the core has computed its numbers). For each CPU speed (1× and 4× slower through
// Chromium's own throttling, a school laptop) it loads the page several times and prints the
// median time to ready, with the requests and bytes (uncompressed and as transferred) that were
// started before it. The figures are the browser's own (Resource Timing), on this machine's CPU,
// which is printed beside them: compare figures from one machine only.
//
// Usage: node scripts/measure-load.mjs [--runs N] [--rates 1,4] [--query ?…] [--no-isolation]
//                                      [--root DIR] [--waterfall] [--json]
//   (after bash scripts/build.sh site; npm run measure:load -- --waterfall)
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const USAGE = `Usage: node scripts/measure-load.mjs [options]
  --runs N          loads per CPU speed; the median is reported (default 3)
  --rates LIST      CPU slow-down factors, comma-separated (default 1,4)
  --query Q         the page's query string, e.g. "?sentence=hello+world" (default: none)
  --no-isolation    serve without COOP/COEP (the single-threaded build)
  --root DIR        serve DIR instead of build/site (e.g. another build, to compare)
  --waterfall       also print each request of the median load: start, end, size
  --json            print the figures as JSON instead
`;

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      rates: { type: 'string', default: '1,4' },
      query: { type: 'string', default: '' },
      'no-isolation': { type: 'boolean' },
      root: { type: 'string' },
      waterfall: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const runs = Number(values.runs);
  const rates = values.rates.split(',').map(Number);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs ${values.runs}: a whole number ≥ 1`);
  if (rates.some((r) => !(r >= 1))) throw new Error(`--rates ${values.rates}: numbers ≥ 1`);
  return { ...values, runs, rates, isolation: !values['no-isolation'] };
}

/** scripts/serve.mjs on a free port; resolves { url, stop() }. */
function serve(isolation, root) {
  const args = [
    path.join(ROOT, 'scripts', 'serve.mjs'),
    ...(isolation ? [] : ['--no-isolation']),
    ...(root ? ['--root', root] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve({ url: m[0], stop: () => child.kill('SIGTERM') });
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

// Runs in the page before any of its scripts: notes the moment the step's title is first in the
// page and the moment <html data-ready> turns "true" (performance.now(), the clock Resource Timing
// uses), keeps every resource entry, and then tells the script through the binding READY_BINDING.
const READY_BINDING = '__measureLoadReady';
function watchReady(binding) {
  performance.setResourceTimingBufferSize(1000);
  const note = () => {
    if (window.__titleAt === undefined && document.getElementById('stage-title'))
      window.__titleAt = performance.now();
    const state = document.documentElement?.dataset.ready;
    if (state && window.__readyAt === undefined) {
      window.__readyAt = { state, at: performance.now() };
      window[binding]?.(state);
    }
  };
  // The document, not <html>: this runs before <html> exists.
  new MutationObserver(note).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-ready'],
  });
}

/** What the page fetched before `readyAt` (ms), the document included. */
function requestsBefore(entries, readyAt) {
  return entries
    .filter((e) => e.startTime <= readyAt)
    .map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.responseEnd,
      decoded: e.decodedBodySize,
      transferred: e.transferSize,
    }));
}

// Waits for the page's call of READY_BINDING (a CDP binding, not Playwright's waitForFunction:
// that evaluates Playwright's 300 kB helper script in the page while it loads, on the main thread
// the load is measured on).
function readyCalled(cdp) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the page was not ready within 60 s')), 60000);
    cdp.on('Runtime.bindingCalled', ({ name }) => {
      if (name !== READY_BINDING) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

/** One cold load at CPU slow-down `rate`: { ready (ms), title (ms), requests: [...] }. */
async function loadOnce(browser, url, rate) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: READY_BINDING });
    const ready = readyCalled(cdp);
    await page.addInitScript(watchReady, READY_BINDING);
    await page.goto(url, { waitUntil: 'commit' });
    await ready;
    const { readyAt, titleAt, entries } = await page.evaluate(() => ({
      readyAt: window.__readyAt,
      titleAt: window.__titleAt,
      entries: performance
        .getEntriesByType('navigation')
        .concat(performance.getEntriesByType('resource'))
        .map((e) => e.toJSON()),
    }));
    if (readyAt.state !== 'true') throw new Error(`the page marked itself ${readyAt.state}`);
    return { ready: readyAt.at, title: titleAt, requests: requestsBefore(entries, readyAt.at) };
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;

/** The loads at one rate, summarised by the median load (by time to ready). */
function summarise(rate, loads) {
  const byTime = [...loads].sort((a, b) => a.ready - b.ready);
  const mid = byTime[Math.floor((byTime.length - 1) / 2)];
  return {
    rate,
    readyMs: Math.round(median(loads.map((l) => l.ready))),
    stepTitleMs: Math.round(median(loads.map((l) => l.title))),
    runsMs: loads.map((l) => Math.round(l.ready)),
    requests: mid.requests.length,
    decodedBytes: sum(mid.requests.map((r) => r.decoded)),
    transferredBytes: sum(mid.requests.map((r) => r.transferred)),
    waterfall: mid.requests,
  };
}

function printWaterfall(base, requests) {
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const name = r.name.startsWith(base) ? r.name.slice(base.length) || '/' : r.name;
    console.log(
      `    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms  ` +
        `${kB(r.decoded).padStart(7)} (${kB(r.transferred).padStart(7)} sent)  ${name}`,
    );
  }
}

function print(results, { url, cpu, waterfall }) {
  console.log(`first load of ${url} (cold, median of ${results[0].runsMs.length})`);
  console.log(`CPU: ${cpu}`);
  for (const r of results) {
    console.log(
      `  ${r.rate}× CPU: step title drawn at ${r.stepTitleMs} ms, ready ${r.readyMs} ms ` +
        `(runs ${r.runsMs.join(', ')}); before ready: ` +
        `${r.requests} requests, ${kB(r.decodedBytes)} uncompressed, ${kB(r.transferredBytes)} transferred`,
    );
    if (waterfall) printWaterfall(url.replace(/\?.*$/, ''), r.waterfall);
  }
}

async function main() {
  let opts;
  try {
    opts = options();
  } catch (err) {
    console.error(`measure-load.mjs: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (opts.help) return void process.stdout.write(USAGE);
  const server = await serve(opts.isolation, opts.root);
  const browser = await launchChromium();
  try {
    const url = `${server.url}${opts.query}`;
    // One load first, not counted: the server's and the OS's file caches, not the browser's.
    await loadOnce(browser, url, 1);
    const results = [];
    for (const rate of opts.rates) {
      const loads = [];
      for (let i = 0; i < opts.runs; i++) loads.push(await loadOnce(browser, url, rate));
      results.push(summarise(rate, loads));
    }
    const cpu = `${os.cpus()[0]?.model ?? 'unknown'} × ${os.availableParallelism()}`;
    if (opts.json) console.log(JSON.stringify({ url, cpu, results }, null, 2));
    else print(results, { url, cpu, waterfall: opts.waterfall });
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
