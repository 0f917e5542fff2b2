// The npm tarball as users get it: `npm pack` the repository (dist/ must be built), check what the
// tarball holds, then `npm install <tarball>` into empty projects and use it the way users do:
// - Node 20, no flags: `import … from 'attention-lab'`, the lecture example and the API's numbers on
//   both builds, an AttentionLabError, and the process exits by itself;
// - the CLI through `npx attention-lab` (explain, heads, train and --weights FILE, --version, a
//   bad option, forward --config);
// - a strict TypeScript consumer (nodenext resolution) through the exports map, both entry points;
// - a Vite build and a webpack 5 build, each served by a tiny static server and run in headless
//   Chromium without and with cross-origin isolation, the <attention-lab> element included.
// The package has no run-time dependencies, so its install is --offline; the bundlers are the
// versions this repository pins, run from its node_modules in the app's folder (the app resolves
// 'attention-lab' from its own install of the tarball, as a user's app does).
// Run: node --test tests/pack/   (needs: bash scripts/build.sh wasm && bash scripts/build.sh dist)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve, launch, watchedPage, reference, ROOT } from '../embed/helpers.mjs';

const run = promisify(execFile);
const ENV = { ...process.env, npm_config_update_notifier: 'false' };
const npm = (cwd, args, timeout = 180000) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, timeout, env: ENV });
const npx = (cwd, args) =>
  run('npx', ['--no-install', 'attention-lab', ...args], { cwd, timeout: 60000, env: ENV });
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(...parts), 'utf8'));
/** What a failed child process said, for assertion messages. */
const said = (err) =>
  `exit ${err.code}${err.signal ? ` (${err.signal})` : ''}\n${err.stdout ?? ''}${err.stderr ?? ''}`;

// What the package must hold; nothing outside dist/ but the package's metadata.
const REQUIRED = [
  'package.json',
  'dist/index.mjs',
  'dist/index.d.mts',
  'dist/errors.mjs',
  'dist/options.mjs',
  'dist/tokenizer.mjs',
  'dist/cli.mjs',
  'dist/attention-core.mjs',
  'dist/attention-core.wasm',
  'dist/attention-core-threads.mjs',
  'dist/attention-core-threads.wasm',
  'dist/attention-core-threads.worker-source.mjs',
  'dist/attention-core-threads.worker.cjs',
  'dist/attention-lab.js',
  'dist/attention-lab-labs.js',
  'dist/attention-lab-exercises.js',
  'dist/attention-lab-strings-de.js',
  'dist/attention-lab.d.mts',
  'dist/trained.mjs',
  'dist/brown.atlm',
  'dist/train.mjs',
  'dist/attention-train.mjs',
  'dist/attention-train.wasm',
  'dist/cli/lesson.mjs',
  'dist/lesson/page.js',
  'dist/lesson/page.css',
  'dist/lesson/catalogue.json',
  'dist/notebook/element.js',
  'dist/notebook/limits.json',
  'dist/python/attention_lab/__init__.py',
  'dist/python/attention_lab/tensors.py',
  'dist/THIRD_PARTY_NOTICES.md',
  'dist/embed.html',
  'dist/embed.mjs',
  'dist/styles.css',
];
const ALLOWED = /^(dist\/|package\.json$|README|LICENSE|CHANGELOG)/;

// What every app computes: the lecture's example (its own vectors, batch 2, 2 heads).
const SETTINGS = {
  sentence: 'Your journey starts with one step',
  dIn: 3,
  dOut: 2,
  heads: 2,
  batch: 2,
  dropout: 0,
  training: false,
  seed: 123,
  qkvBias: false,
  causal: true,
  masking: 'neg-inf',
  layout: 'fused',
  module: 'mha',
};
const BOOK_FIRST_ROW = [0.319, 0.4858];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-pack-'));
const problems = [];
let browser;
after(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// Each step runs once, the first time a test needs it; a test whose step failed fails with its cause.
const once = (make) => {
  let promise;
  return () => (promise ??= make());
};

const packed = once(async () => {
  const missing = REQUIRED.filter(
    (f) => f.startsWith('dist/') && !fs.existsSync(path.join(ROOT, f)),
  );
  assert.deepEqual(
    missing,
    [],
    'dist/ is not built: run `bash scripts/build.sh wasm && bash scripts/build.sh dist`',
  );
  const { stdout } = await npm(ROOT, ['pack', '--pack-destination', work, '--json']);
  const [info] = JSON.parse(stdout);
  return { ...info, tarball: path.join(work, info.filename) };
});

const expected = once(async () => {
  const ref = await reference(SETTINGS);
  return {
    output: Array.from(ref.output.data),
    weights: Array.from(ref.trace.attentionWeights.data),
  };
});

function project(name, files, { type = 'module' } = {}) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  const pkg = { name: `attention-lab-${name}`, version: '1.0.0', private: true, type };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// The Node project: the package alone, installed offline (it has no dependencies).
const nodeProject = once(async () => {
  const { tarball } = await packed();
  const dir = project('node', {
    'forward.mjs': `import { createAttentionLab, AttentionLabError, PRESETS } from 'attention-lab';
const lab = await createAttentionLab();
const { inputs } = lab.embed(PRESETS[0].sentence, { dIn: 3, batch: 2 });
const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, module: 'mha', seed: 123 });
const threaded = await createAttentionLab({ threads: 2 });
const again = threaded.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123, trace: false });
let error = null;
try {
  lab.forward({ inputs, batch: 2, dIn: 3, dOut: 4, heads: 3 });
} catch (e) {
  error = { isAttentionLabError: e instanceof AttentionLabError, option: e.option, kind: e.kind, message: e.message };
}
console.log(JSON.stringify({
  build: lab.build, threads: threaded.threads, shape: output.shape, output: Array.from(output.data),
  stages: Object.keys(trace), weights: Array.from(trace.attentionWeights.data),
  threadedOutput: Array.from(again.output.data), error, element: import.meta.resolve('attention-lab/element'),
}));
`,
    'config.json': JSON.stringify({
      inputs: [0.43, 0.15, 0.89, 0.55, 0.87, 0.66],
      dIn: 3,
      dOut: 2,
      heads: 2,
    }),
  });
  try {
    await npm(dir, ['install', tarball, '--offline']);
  } catch (err) {
    assert.fail(`npm install <tarball> --offline: ${said(err)}`);
  }
  return dir;
});

test('npm pack: the tarball holds dist/ and the package metadata, and nothing else', async (t) => {
  const { files, filename, size, unpackedSize, entryCount } = await packed();
  const paths = files.map((f) => f.path);
  t.diagnostic(
    `${filename}: ${(size / 1000).toFixed(1)} kB packed, ${(unpackedSize / 1000).toFixed(1)} kB unpacked, ${entryCount} files`,
  );
  assert.ok(fs.statSync((await packed()).tarball).size > 0, 'npm pack wrote the tarball');
  assert.deepEqual(
    REQUIRED.filter((f) => !paths.includes(f)),
    [],
    `missing from the tarball; it holds:\n${paths.join('\n')}`,
  );
  assert.deepEqual(
    paths.filter((f) => !ALLOWED.test(f)),
    [],
    'stray files in the tarball',
  );
});

test('the exports map: every entry and its types are in the installed package, and the bin is linked', async () => {
  const dir = await nodeProject();
  const installed = path.join(dir, 'node_modules', 'attention-lab');
  const pkg = readJson(installed, 'package.json');
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (entry.includes('*')) continue;
    for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
      assert.ok(
        fs.existsSync(path.join(installed, file)),
        `exports['${entry}'] → ${file} is not in the package`,
      );
    }
  }
  for (const entry of ['.', './element'])
    assert.ok(pkg.exports[entry]?.types, `exports['${entry}'] has types`);
  assert.ok(fs.existsSync(path.join(installed, pkg.types)), `types: ${pkg.types}`);
  const bin = path.join(dir, 'node_modules', '.bin', 'attention-lab');
  assert.ok(fs.existsSync(bin), 'node_modules/.bin/attention-lab is linked');
  fs.accessSync(bin, fs.constants.X_OK);
});

test("Node 20: import from 'attention-lab', the lecture example and the API's numbers; exits by itself", async () => {
  const dir = await nodeProject();
  let stdout;
  try {
    ({ stdout } = await run(process.execPath, ['forward.mjs'], { cwd: dir, timeout: 60000 }));
  } catch (err) {
    assert.fail(
      err.killed
        ? `timed out after 60 s: the script did not exit by itself (open handles?)\n${said(err)}`
        : said(err),
    );
  }
  const result = JSON.parse(stdout);
  const { output, weights } = await expected();
  assert.equal(result.build, 'single');
  assert.equal(result.threads, 2);
  assert.deepEqual(result.shape, [2, 6, 2]);
  for (const [i, v] of BOOK_FIRST_ROW.entries())
    assert.ok(
      Math.abs(result.output[i] - v) < 1e-4,
      `the book's first row: ${result.output.slice(0, 2)}`,
    );
  assert.ok(result.stages.length >= 16, `the trace has ${result.stages.length} stages`);
  assert.deepEqual(result.output, output);
  assert.deepEqual(result.weights, weights);
  for (const [i, v] of result.threadedOutput.entries())
    assert.ok(Math.abs(v - output[i]) < 1e-6, `threaded output[${i}]`);
  assert.deepEqual(
    {
      isAttentionLabError: result.error?.isAttentionLabError,
      option: result.error?.option,
      kind: result.error?.kind,
    },
    { isAttentionLabError: true, option: 'heads', kind: 'OptionError' },
    `heads 3 / dOut 4: ${JSON.stringify(result.error)}`,
  );
  assert.match(result.element, /node_modules\/attention-lab\/dist\/attention-lab\.js$/);
});

test('the CLI through npx: explain, heads (the trained weights), train, --version, a bad option, forward --config', async () => {
  const dir = await nodeProject();
  fs.writeFileSync(path.join(dir, 'text.txt'), 'The dog saw the ball. It ran to it. '.repeat(40));
  const ok = (args) => npx(dir, args).catch((err) => assert.fail(said(err)));
  const small = ['--steps', '2', '--batch', '2', '--width', '8', '--heads', '2', '--context', '8'];
  // Two npx runs at a time (each is mostly npm's and Node's start-up): the ones that need no other
  // run's file in one chain, train and the heads of its file in the other.
  const [[explain, heads, version, bad, forward], [trained, mine]] = await Promise.all([
    (async () => [
      await ok(['explain', 'hello world']),
      await ok(['heads', '--json']),
      await ok(['--version']),
      await npx(dir, ['explain', 'hello world', '--heads', '3', '--d-out', '4']).then(
        (r) => assert.fail(`a bad option exited 0:\n${r.stdout}`),
        (err) => err,
      ),
      await ok(['forward', '--config', 'config.json']),
    ])(),
    (async () => [
      await ok(['train', '--text', 'text.txt', '--out', 'mine.atlm', ...small]),
      await ok(['heads', '--weights', 'mine.atlm', '--json']),
    ])(),
  ]);
  assert.match(explain.stdout, /attentionWeights \(B=1, h=2, T=2, T=2\)/);
  assert.match(explain.stdout, /output \(B=1, T=2, D=2\)/);

  // The trained weights: read from the installed package's dist/, beside trained.mjs.
  const roles = JSON.parse(heads.stdout);
  assert.ok(roles.labels.length >= 2 && roles.trained.length === roles.random.length);

  // train(): the training module loads from the installed package's dist/ too.
  assert.match(trained.stdout, /held-out loss \d/);
  assert.equal(JSON.parse(mine.stdout).labels.length, 2);

  assert.equal(version.stdout.trim(), readJson(ROOT, 'package.json').version);

  assert.equal(bad.code, 1, said(bad));
  assert.match(`${bad.stdout}${bad.stderr}`, /heads = 3 does not divide dOut = 4/);
  assert.doesNotMatch(`${bad.stdout}${bad.stderr}`, /^\s+at /m, 'no stack trace');

  const result = JSON.parse(forward.stdout);
  assert.deepEqual(result.output.shape, [1, 2, 2]);
  assert.ok(
    result.trace.maskedScores.data.includes('-Infinity'),
    'maskedScores holds -Infinity (as JSON text)',
  );
});

test('the CLI through npx writes a lesson file and a SCORM package from the installed package', async () => {
  const dir = await nodeProject();
  // The two at once: each writes its own file.
  const written = await Promise.all(
    [
      ['--step', 'softmax', '--out', 'lesson.html'],
      ['--scorm', '--out', 'lesson.zip'],
    ].map((args) => npx(dir, ['lesson', ...args]).catch((err) => assert.fail(said(err)))),
  );
  for (const r of written) assert.match(r.stdout, /^wrote lesson\.(html|zip)/);
  const html = fs.readFileSync(path.join(dir, 'lesson.html'), 'utf8');
  const core = fs.readFileSync(
    path.join(dir, 'node_modules', 'attention-lab', 'dist', 'attention-core.wasm'),
  );
  assert.ok(html.includes(core.toString('base64')), 'the installed core is inlined');
  assert.equal(fs.readFileSync(path.join(dir, 'lesson.zip')).readUInt32LE(0), 0x04034b50, 'a zip');
});

test('TypeScript (strict, nodenext) type-checks a consumer of both entry points, and catches a wrong use', async () => {
  const dir = await nodeProject();
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        strict: true,
        noEmit: true,
        lib: ['es2022', 'dom'],
        types: [],
      },
      files: ['consumer.mts'],
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'consumer.mts'),
    `import { createAttentionLab, AttentionLabError, type ForwardResult } from 'attention-lab';
import type { AttentionLabElement, AttentionLabState } from 'attention-lab/element';
const lab = await createAttentionLab({ threads: 'auto' });
const result: ForwardResult = lab.forward({ inputs: new Float32Array(6), dIn: 3, heads: 2 });
const weights: Float32Array | undefined = result.trace.attentionWeights?.data;
const el: AttentionLabElement | null = document.querySelector('attention-lab');
const state: AttentionLabState | null = el ? el.state : null;
el?.addEventListener('attention-lab-change', (e) => e.detail.changed.join());
document.addEventListener('exercise-result', (e) => e.detail.correct && e.detail.attempts > 0);
const build: 'single' | 'threads' | null | undefined = el?.build;
export { weights, state, build, AttentionLabError };
`,
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 120000 }).catch((err) =>
    assert.fail(`tsc found errors:\n${said(err)}`),
  );
  fs.appendFileSync(
    path.join(dir, 'consumer.mts'),
    "lab.forward({ inputs: [1], masking: 'sometimes' });\n",
  );
  await assert.rejects(
    run(process.execPath, [tsc, '-p', dir], { cwd: dir, timeout: 120000 }),
    (err) => /consumer\.mts.*sometimes.*MaskingName/.test(err.stdout),
  );
});

// The bundled apps: the same computation, and the element, in a page.
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
const BODY =
  '<pre id="out">computing…</pre><attention-lab id="el" sentence="all dogs are animals" stage="softmax"></attention-lab>';
const html = (title, script) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">${script}</head>
<body>${BODY}</body></html>
`;

// Serves a built app and checks it in Chromium: without isolation the single-threaded build, with
// COOP/COEP the threaded one; both must give the API's numbers, and the element must render.
async function checkApp(dir) {
  browser ??= await launch();
  const { output, weights } = await expected();
  for (const isolation of [false, true]) {
    const server = await serve({ root: dir, isolation });
    const page = await watchedPage(browser, problems);
    try {
      await page.goto(server.url('/'));
      await page.waitForFunction(() => document.documentElement.dataset.ready, null, {
        timeout: 30000,
      });
      const result = await page.evaluate(
        () => window.__result ?? document.querySelector('#out').textContent,
      );
      assert.equal(typeof result, 'object', `the app failed: ${result}`);
      assert.equal(result.build, isolation ? 'threads' : 'single');
      assert.deepEqual(result.output, output);
      assert.deepEqual(result.weights, weights);
      await page.waitForFunction(() => document.querySelector('#el').build, null, {
        timeout: 30000,
      });
      const cells = await page.evaluate(
        () => document.querySelector('#el').shadowRoot.querySelectorAll('#stage td[data-i]').length,
      );
      assert.ok(cells > 0, 'the element renders its stage');
    } finally {
      await page.close();
      await server.close();
    }
  }
}

test("a Vite build finds the wasm files by itself and computes the API's numbers", async () => {
  const { tarball } = await packed();
  const dir = project('vite', {
    'index.html': html('vite app', '<script type="module" src="/src/main.js"></script>'),
    'src/main.js': APP,
  });
  await npm(dir, ['install', tarball, '--offline']);
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await run(process.execPath, [vite, 'build', '--logLevel', 'error'], {
    cwd: dir,
    timeout: 120000,
  }).catch((err) => assert.fail(`vite build: ${said(err)}`));
  const assets = fs.readdirSync(path.join(dir, 'dist', 'assets'));
  assert.ok(
    assets.some((f) => /^attention-core-.*\.wasm$/.test(f)),
    assets.join(' '),
  );
  await checkApp(path.join(dir, 'dist'));
});

test("a webpack 5 build finds the wasm files by itself and computes the API's numbers", async () => {
  const { tarball } = await packed();
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
  await npm(dir, ['install', tarball, '--offline']);
  const cli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const { stdout } = await run(process.execPath, [cli], { cwd: dir, timeout: 180000 }).catch(
    (err) => assert.fail(`webpack: ${said(err)}`),
  );
  assert.doesNotMatch(stdout, /WARNING|ERROR/, stdout);
  fs.writeFileSync(
    path.join(dir, 'dist', 'index.html'),
    html('webpack app', '<script defer src="main.js"></script>'),
  );
  assert.ok(fs.readdirSync(path.join(dir, 'dist')).some((f) => f.endsWith('.wasm')));
  await checkApp(path.join(dir, 'dist'));
});

test('no console errors in the bundled apps', () => {
  assert.deepEqual(problems, []);
});
