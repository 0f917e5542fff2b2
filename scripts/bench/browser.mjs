// `npm run bench -- --browser`: the same benchmark inside headless Chromium. Builds the bench page
// (bash scripts/build.sh bench → build/bench), serves it cross-origin isolated with
// scripts/serve.mjs (COOP/COEP, so threads), opens bench.html?run with this run's options in the
// query, forwards the page's log to stderr, and prints and saves what the page measured, with the
// facts a page cannot know (the CPU model, Chromium's version) added here.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, CHROMIUM } from '../chromium.mjs';
import { cpuShares, cpuSnapshot } from './cpu.mjs';
import { machineInfo, printReport, writeJson } from './report-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUN_TIMEOUT_MS = 60 * 60 * 1000;

/** The page's query for these options (web/bench/driver.mjs optionsFromQuery reads it). */
export function pageQuery(opts) {
  const q = new URLSearchParams({
    only: opts.only.join(','),
    impl: opts.impl.filter((i) => i !== 'native').join(','),
    threads: opts.threads.join(','),
    'ort-models': opts.ortModels.join(','),
    reps: opts.reps,
    warmup: opts.warmup,
    budget: opts.budgetSec,
    'sample-ms': opts.sampleMs,
    'gap-ms': opts.gapMs,
    tolerance: opts.tolerance,
  });
  if (!opts.settle) q.set('settle', '0');
  if (opts.s5Peers) q.set('s5-peers', '');
  q.set('run', '');
  return q.toString();
}

function buildPage(log) {
  log('building the bench page: bash scripts/build.sh bench');
  const res = spawnSync('bash', ['scripts/build.sh', 'bench'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('bash scripts/build.sh bench failed');
}

/** scripts/serve.mjs on a free port with COOP/COEP: { url, stop() }. */
function serve() {
  const child = spawn(
    process.execPath,
    [path.join(root, 'scripts/serve.mjs'), '--root', path.join(root, 'build/bench')],
    { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d) => {
      out += d;
      const url = out.match(/http:\/\/127\.0\.0\.1:\d+\//)?.[0];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
  });
}

/** Runs the page to the end; resolves its result (window.benchResult). */
async function runPage(browser, url, log) {
  const page = await browser.newPage();
  page.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('[bench] ')) log(text.slice(8));
    else if (msg.type() === 'error' || msg.type() === 'warning') log(`page ${msg.type()}: ${text}`);
  });
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(
    () => ['done', 'error'].includes(document.documentElement.dataset.state),
    null,
    { timeout: RUN_TIMEOUT_MS, polling: 500 },
  );
  const { result, error } = await page.evaluate(() => ({
    result: window.benchResult ?? null,
    error: window.benchError ?? null,
  }));
  if (!result) throw new Error(`the bench page failed: ${error ?? 'no result'}`);
  return result;
}

export async function benchInBrowser(opts, log) {
  const cpuStart = cpuSnapshot();
  buildPage(log);
  const server = await serve();
  const browser = await launchChromium({ exposeGc: true }); // gc() between runs, as --expose-gc in Node
  let result;
  const chromiumVersion = browser.version();
  try {
    const url = `${server.url}bench.html?${pageQuery(opts)}`;
    log(`Chromium ${chromiumVersion}: ${url}`);
    result = await runPage(browser, url, log);
  } finally {
    await browser.close();
    server.stop();
  }

  const machine = machineInfo();
  const self = process.cpuUsage();
  machine.cpuShares = cpuShares(cpuStart, cpuSnapshot(), (self.user + self.system) / 1000);
  const env = result.environment;
  const browserInfo = {
    name: 'Chromium (headless)',
    version: chromiumVersion,
    executable: CHROMIUM,
    ...env,
  };
  const notes = [...result.notes];
  const others = machine.cpuShares?.others ?? 0;
  if (others > 0.1)
    notes.push(
      `WARNING: other processes used ${(100 * others).toFixed(0)}% of the machine's CPU during the run: absolute times are inflated; the ratios from the interleaved rounds hold up better.`,
    );

  printReport({
    heading:
      `attention-lab benchmark in the browser — ${machine.cpuModel} × ${machine.cpuCount}, ` +
      `Chromium ${chromiumVersion} (cross-origin isolated: ${env.crossOriginIsolated ? 'yes' : 'no'}, ` +
      `relaxed SIMD: ${env.relaxedSimd ? 'yes' : 'no'}), ${result.date}`,
    rows: result.rows,
    notes: [...notes, `attention-lab's kernels: ${JSON.stringify(result.engineFlags)}`],
    targets: result.targets,
  });
  if (opts.json) {
    const file = writeJson(
      {
        machine,
        browser: browserInfo,
        engineFlags: result.engineFlags,
        options: result.options,
        engines: result.engines,
        elapsedSec: result.elapsedSec,
        notes,
        rows: result.rows,
        targets: result.targets,
      },
      'bench-browser',
    );
    console.log(`\nJSON: ${file}`);
  }
  return result;
}
