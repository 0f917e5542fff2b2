// The npm tarball against the packaging conventions, and the two ways of hosting it that need no
// bundler help: publint and arethetypeswrong find nothing; one declaration file per entry point;
// the licences of what the bundles hold ship with it; package.json says where the project lives;
// dist/embed.html works served straight from node_modules; and an esbuild bundle, which does not
// emit the .wasm files, gets a clear error and works once told where the files are (baseUrl).
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
const npm = (cwd, args) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    timeout: 180000,
    env: ENV,
  });
const said = (err) => `exit ${err.code}\n${err.stdout ?? ''}${err.stderr ?? ''}`;
const readJson = (...parts) => JSON.parse(fs.readFileSync(path.join(...parts), 'utf8'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-conventions-'));
const problems = [];
let browser;
after(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const once = (make) => {
  let promise;
  return () => (promise ??= make());
};

const packed = once(async () => {
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'attention-core.wasm')), 'dist/ is not built');
  const { stdout } = await npm(ROOT, ['pack', '--pack-destination', work, '--json']);
  const [info] = JSON.parse(stdout);
  return { ...info, paths: info.files.map((f) => f.path), tarball: path.join(work, info.filename) };
});

// The tarball installed (offline: the package has no dependencies) into an empty project.
const installed = once(async () => {
  const { tarball } = await packed();
  const dir = path.join(work, 'app');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "app", "private": true }\n');
  await npm(dir, ['install', tarball, '--offline']).catch((err) => assert.fail(said(err)));
  return dir;
});

test('publint finds nothing in the tarball, not even a suggestion', async () => {
  const { publint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const { tarball } = await packed();
  const bytes = fs.readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) },
    level: 'suggestion',
    strict: true,
  });
  assert.deepEqual(
    messages.map((m) => `${m.type}: ${formatMessage(m, pkg)}`),
    [],
  );
});

test('arethetypeswrong finds no problem for an ES-module package (profile esm-only)', async () => {
  const { tarball } = await packed();
  const cli = path.join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
  const args = [cli, tarball, '--profile', 'esm-only', '--format', 'json'];
  // Exit 1 with the report on stdout when it finds a problem that the profile does not ignore.
  const { stdout, code = 0 } = await run(process.execPath, args, { timeout: 120000 }).catch(
    (err) => (err.stdout ? err : assert.fail(said(err))),
  );
  const report = JSON.parse(stdout);
  const entries = Object.keys(report.analysis.entrypoints);
  assert.ok(entries.includes('.') && entries.includes('./element'), entries.join(', '));
  // esm-only: require() from CommonJS (node16-cjs) and node10, which has no exports map, are
  // outside what an ES-module package promises.
  const ignored = new Set(['node10', 'node16-cjs']);
  const found = Object.values(report.problems)
    .flat()
    .filter((p) => !ignored.has(p.resolutionKind))
    .map((p) => `${p.kind} ${p.entrypoint ?? ''} ${p.resolutionKind ?? ''}`);
  assert.deepEqual(found, []);
  assert.equal(code, 0, 'attw --profile esm-only exits 0');
});

test('one declaration file per entry point, named like its module', async () => {
  const { paths } = await packed();
  const pkg = readJson(ROOT, 'package.json');
  assert.equal(pkg.type, 'module');
  const declarations = paths.filter((f) => /\.d\.(m|c)?ts$/.test(f));
  assert.deepEqual(declarations.sort(), ['dist/attention-lab.d.mts', 'dist/index.d.mts']);
  assert.equal(pkg.exports['.'].types, './dist/index.d.mts');
  assert.equal(pkg.exports['./element'].types, './dist/attention-lab.d.mts');
  assert.equal(pkg.types, './dist/index.d.mts');
});

test("the bundled code's licences ship in THIRD_PARTY_NOTICES.md, copied from each package", async () => {
  const { paths } = await packed();
  assert.ok(paths.includes('dist/THIRD_PARTY_NOTICES.md'), 'dist/THIRD_PARTY_NOTICES.md');
  const dir = await installed();
  const notices = fs.readFileSync(
    path.join(dir, 'node_modules', 'attention-lab', 'dist', 'THIRD_PARTY_NOTICES.md'),
    'utf8',
  );
  const licence = fs.readFileSync(
    path.join(ROOT, 'node_modules', 'gpt-tokenizer', 'LICENSE'),
    'utf8',
  );
  assert.ok(notices.includes(licence.trim()), "gpt-tokenizer's LICENSE, word for word");
  assert.match(notices, /## gpt-tokenizer \d+\.\d+\.\d+ \(MIT\)/);
  assert.match(notices, /Eigen .*Mozilla Public License 2\.0/);
});

test('package.json says where the project lives: repository, homepage, bugs', () => {
  const pkg = readJson(ROOT, 'package.json');
  assert.match(pkg.repository?.url ?? '', /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
  assert.match(pkg.homepage ?? '', /^https:\/\/github\.com\/[\w-]+\/[\w-]+#readme$/);
  assert.match(pkg.bugs?.url ?? '', /^https:\/\/github\.com\/[\w-]+\/[\w-]+\/issues$/);
});

test('node_modules/attention-lab/dist/embed.html, served as installed, shows its step', async () => {
  const dir = await installed();
  browser ??= await launch();
  const server = await serve({ root: path.join(dir, 'node_modules', 'attention-lab') });
  const page = await watchedPage(browser, problems);
  try {
    await page.goto(
      server.url('/dist/embed.html?sentence=dream+big+and+work+for+it&stage=softmax'),
    );
    await page.waitForFunction(() => document.documentElement.dataset.ready, null, {
      timeout: 30000,
    });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), 'true');
    const step = await page.evaluate(() => document.querySelector('#stage')?.dataset.step);
    assert.equal(step, 'softmax');
    const cells = await page.evaluate(() => document.querySelectorAll('#stage td[data-i]').length);
    assert.ok(cells > 0, 'the step draws its numbers');
  } finally {
    await page.close();
    await server.close();
  }
});

// esbuild bundles the package's modules but does not emit the files they load with
// `new URL('./x.wasm', import.meta.url)`. The app passes ?base=… on to createAttentionLab.
const ESBUILD_APP = `import { createAttentionLab, AttentionLabError, PRESETS } from 'attention-lab';
const baseUrl = new URLSearchParams(location.search).get('base') ?? undefined;
try {
  const lab = await createAttentionLab(baseUrl ? { baseUrl } : {});
  const { inputs } = lab.embed(PRESETS[0].sentence, { dIn: 3, batch: 2 });
  const { output, trace } = lab.forward({ inputs, batch: 2, dIn: 3, dOut: 2, heads: 2, seed: 123 });
  window.__result = { build: lab.build, output: Array.from(output.data), weights: Array.from(trace.attentionWeights.data) };
  document.documentElement.dataset.ready = 'true';
} catch (e) {
  window.__result = { error: { isAttentionLabError: e instanceof AttentionLabError, option: e.option, message: e.message } };
  document.documentElement.dataset.ready = 'error';
}
`;

const esbuildApp = once(async () => {
  const dir = await installed();
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'main.js'), ESBUILD_APP);
  const out = path.join(dir, 'out');
  const esbuild = path.join(ROOT, 'node_modules', 'esbuild', 'bin', 'esbuild');
  const args = ['src/main.js', '--bundle', '--format=esm', '--platform=browser', `--outdir=${out}`];
  await run(esbuild, [...args, '--log-level=error'], { cwd: dir, timeout: 120000 }).catch((err) =>
    assert.fail(`esbuild: ${said(err)}`),
  );
  fs.writeFileSync(
    path.join(out, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>esbuild app</title>' +
      '<link rel="icon" href="data:,"><script type="module" src="main.js"></script></head><body></body></html>\n',
  );
  return { dir, out };
});

async function openApp(out, query, { isolation = false } = {}) {
  browser ??= await launch();
  const server = await serve({ root: out, isolation });
  const page = await watchedPage(browser, []); // the missing file's 404 is this test's point
  try {
    await page.goto(server.url(`/index.html${query}`));
    await page.waitForFunction(() => document.documentElement.dataset.ready, null, {
      timeout: 30000,
    });
    return await page.evaluate(() => window.__result);
  } finally {
    await page.close();
    await server.close();
  }
}

test('an esbuild bundle without the .wasm files: an AttentionLabError naming the URL and the fix', async () => {
  const { out } = await esbuildApp();
  const { error } = await openApp(out, '');
  assert.ok(error, 'the app did not fail');
  assert.equal(error.isAttentionLabError, true, error.message);
  assert.equal(error.option, 'baseUrl');
  assert.match(error.message, /http:\/\/[^ ]+\/attention-core(-relaxed)?\.wasm did not load/);
  assert.match(error.message, /HTTP 404/);
  assert.match(error.message, /baseUrl/);
  assert.doesNotMatch(error.message, /ASSERTIONS|Aborted/);
});

test("an esbuild bundle with createAttentionLab({ baseUrl }) computes the API's numbers, single and threaded", async () => {
  const { dir, out } = await esbuildApp();
  fs.cpSync(
    path.join(dir, 'node_modules', 'attention-lab', 'dist'),
    path.join(out, 'vendor', 'attention-lab'),
    { recursive: true },
  );
  const ref = await reference({
    sentence: 'Your journey starts with one step',
    dIn: 3,
    dOut: 2,
    heads: 2,
    batch: 2,
    seed: 123,
  });
  for (const isolation of [false, true]) {
    const result = await openApp(out, '?base=/vendor/attention-lab/', { isolation });
    assert.equal(result.error, undefined, result.error?.message);
    assert.equal(result.build, isolation ? 'threads' : 'single');
    assert.deepEqual(result.output, Array.from(ref.output.data));
    assert.deepEqual(result.weights, Array.from(ref.trace.attentionWeights.data));
  }
});

test('no console errors in the served pages', () => {
  assert.deepEqual(problems, []);
});
