// The npm tarball as developers use it: `npm pack`, then `npm install <tarball>` into empty projects
// and one forward pass checked against the API's numbers, in Node 20 (no flags; the process must
// exit by itself), in a Vite build and in a webpack 5 build (each served by a tiny static server and
// run in headless Chromium, without and with cross-origin isolation, the element included).
// Installs use npm's cache first (--prefer-offline; the bundlers are the versions this repository
// pins, so `npm ci` here has cached them). Needs: bash scripts/build.sh dist
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, watchedPage, reference, checkDist, ROOT } from './helpers.mjs';

const run = promisify(execFile);
const npm = (cwd, args, timeout = 120000) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd, timeout, env: { ...process.env, npm_config_update_notifier: 'false' },
  });
const versionOf = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

// What every app computes: the lecture's example (its own vectors, batch 2, 2 heads).
const SETTINGS = {
  sentence: 'Your journey starts with one step', dIn: 3, dOut: 2, heads: 2, batch: 2, dropout: 0, training: false,
  seed: 123, qkvBias: false, causal: true, masking: 'neg-inf', layout: 'fused', module: 'mha',
};
const APP = `import { createAttentionLab, PRESETS } from 'attention-lab';
import 'attention-lab/element';

async function main() {
  const lab = await createAttentionLab();
  const { inputs } = lab.embed(PRESETS[0].sentence, { dIn: 3, batch: 2 });
  const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123 });
  window.__result = { build: lab.build, output: Array.from(output.data), weights: Array.from(trace.attentionWeights.data) };
  document.querySelector('#out').textContent = JSON.stringify(window.__result.output.slice(0, 2));
  document.documentElement.dataset.ready = 'true';
}
main().catch((err) => {
  document.querySelector('#out').textContent = String(err);
  document.documentElement.dataset.ready = 'error';
});
`;
const BODY = '<pre id="out">computing…</pre><attention-lab id="el" sentence="all dogs are animals" stage="softmax"></attention-lab>';
const html = (title, script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">${script}</head>
<body>${BODY}</body></html>
`;

let work;
let tarball;
let browser;
let expected;
const problems = [];

before(async () => {
  checkDist();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-embed-'));
  const { stdout } = await npm(ROOT, ['pack', '--pack-destination', work, '--json']);
  tarball = path.join(work, JSON.parse(stdout)[0].filename);
  const ref = await reference(SETTINGS);
  expected = { output: Array.from(ref.output.data), weights: Array.from(ref.trace.attentionWeights.data) };
  browser = await launch();
});

after(async () => {
  await browser?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

function project(name, files, { type = 'module' } = {}) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `attention-lab-${name}`, version: '1.0.0', private: true, type }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// Serves a built app and checks it in Chromium: without isolation the single-threaded build, with
// COOP/COEP the threaded one; both must give the API's numbers, and the element must render.
async function checkApp(dir) {
  for (const isolation of [false, true]) {
    const server = await serve({ root: dir, isolation });
    const page = await watchedPage(browser, problems);
    try {
      await page.goto(server.url('/'));
      await page.waitForFunction(() => document.documentElement.dataset.ready, null, { timeout: 30000 });
      const result = await page.evaluate(() => window.__result ?? document.querySelector('#out').textContent);
      assert.equal(typeof result, 'object', `the app failed: ${result}`);
      assert.equal(result.build, isolation ? 'threads' : 'single');
      assert.deepEqual(result.output, expected.output);
      assert.deepEqual(result.weights, expected.weights);
      await page.waitForFunction(() => document.querySelector('#el').build, null, { timeout: 30000 });
      assert.ok(await page.evaluate(() => document.querySelector('#el').shadowRoot.querySelectorAll('#stage td[data-i]').length > 0));
    } finally {
      await page.close();
      await server.close();
    }
  }
}

test('Node 20: import from attention-lab, the API\'s numbers, types in the exports map, exits by itself', async () => {
  const dir = project('node', {
    'forward.mjs': `import { createAttentionLab, PRESETS } from 'attention-lab';
const lab = await createAttentionLab();
const { inputs } = lab.embed(PRESETS[0].sentence, { dIn: 3, batch: 2 });
const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123 });
const threaded = await createAttentionLab({ threads: 2 });
const again = threaded.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123, trace: false });
console.log(JSON.stringify({ build: lab.build, threads: threaded.threads, output: Array.from(output.data),
  weights: Array.from(trace.attentionWeights.data), threadedOutput: Array.from(again.output.data),
  element: import.meta.resolve('attention-lab/element') }));
`,
  });
  await npm(dir, ['install', tarball, '--offline']);
  const { stdout } = await run(process.execPath, ['forward.mjs'], { cwd: dir, timeout: 60000 });
  const result = JSON.parse(stdout);
  assert.equal(result.build, 'single');
  assert.equal(result.threads, 2);
  assert.deepEqual(result.output, expected.output);
  assert.deepEqual(result.weights, expected.weights);
  for (const [i, v] of result.threadedOutput.entries()) assert.ok(Math.abs(v - expected.output[i]) < 1e-6, `threaded output[${i}]`);
  assert.match(result.element, /node_modules\/attention-lab\/dist\/attention-lab\.js$/);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'attention-lab', 'package.json'), 'utf8'));
  for (const entry of ['.', './element']) {
    assert.ok(fs.existsSync(path.join(dir, 'node_modules', 'attention-lab', pkg.exports[entry].types)), `types of ${entry}`);
  }

  // A TypeScript consumer (nodenext resolution, strict) type-checks against both entry points, and
  // a wrong use is caught.
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, lib: ['es2022', 'dom'], types: [] },
    files: ['consumer.mts'],
  }));
  fs.writeFileSync(path.join(dir, 'consumer.mts'), `import { createAttentionLab, AttentionLabError, type ForwardResult } from 'attention-lab';
import type { AttentionLabElement, AttentionLabState } from 'attention-lab/element';
const lab = await createAttentionLab({ threads: 'auto' });
const result: ForwardResult = lab.forward({ inputs: new Float32Array(6), dIn: 3, heads: 2 });
const weights: Float32Array | undefined = result.trace.attentionWeights?.data;
const el: AttentionLabElement | null = document.querySelector('attention-lab');
const state: AttentionLabState | null = el ? el.state : null;
el?.addEventListener('attention-lab-change', (e) => e.detail.changed.join());
const build: 'single' | 'threads' | null | undefined = el?.build;
export { weights, state, build, AttentionLabError };
`);
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await run(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 60000 });
  } catch (err) {
    assert.fail(`tsc found errors:\n${err.stdout}${err.stderr}`);
  }
  fs.appendFileSync(path.join(dir, 'consumer.mts'), "lab.forward({ inputs: [1], masking: 'sometimes' });\n");
  await assert.rejects(run(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 60000 }),
    (err) => /consumer\.mts.*sometimes.*MaskingName/.test(err.stdout));
});

test('a Vite build finds the wasm files by itself and computes the API\'s numbers', async () => {
  const dir = project('vite', {
    'index.html': html('vite app', '<script type="module" src="/src/main.js"></script>'),
    'src/main.js': APP,
  });
  await npm(dir, ['install', tarball, `vite@${versionOf('vite')}`, '--prefer-offline']);
  await run(process.execPath, [path.join(dir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], { cwd: dir, timeout: 120000 });
  const assets = fs.readdirSync(path.join(dir, 'dist', 'assets'));
  assert.ok(assets.some((f) => /^attention-core-.*\.wasm$/.test(f)), assets.join(' '));
  await checkApp(path.join(dir, 'dist'));
});

test('a webpack 5 build finds the wasm files by itself and computes the API\'s numbers', async () => {
  const dir = project('webpack', {
    'src/index.js': APP,
    'webpack.config.js': `import path from 'node:path';
import { fileURLToPath } from 'node:url';
const here = path.dirname(fileURLToPath(import.meta.url));
export default {
  mode: 'production',
  entry: './src/index.js',
  output: { path: path.join(here, 'dist'), filename: 'main.js', clean: true },
  performance: { hints: false },
};
`,
  });
  await npm(dir, ['install', tarball, `webpack@${versionOf('webpack')}`, `webpack-cli@${versionOf('webpack-cli')}`, '--prefer-offline']);
  const { stdout } = await run(process.execPath, [path.join(dir, 'node_modules', 'webpack-cli', 'bin', 'cli.js')], { cwd: dir, timeout: 180000 });
  assert.doesNotMatch(stdout, /WARNING|ERROR/, stdout);
  fs.writeFileSync(path.join(dir, 'dist', 'index.html'), html('webpack app', '<script defer src="main.js"></script>'));
  assert.ok(fs.readdirSync(path.join(dir, 'dist')).some((f) => f.endsWith('.wasm')));
  await checkApp(path.join(dir, 'dist'));
});

test('no console errors in the bundled apps', () => {
  assert.deepEqual(problems, []);
});
