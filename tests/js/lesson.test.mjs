// `attention-lab lesson` without a browser (tests/e2e/lesson.test.mjs opens what it writes): bad
// options are refused with what is allowed, the output's folder first; the lesson file holds its
// core and state and a policy that names its own script and style; --scorm writes a zip that unzip
// and a reader of our own accept, with a SCORM 1.2 manifest launching the lesson file. Also the
// pages' inline script (the message for a page opened from disk) is the one their policy allows.
// Needs: bash scripts/build.sh dist
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readZip } from './zip-reader.mjs';
import { crc32 } from '../../dist/cli/zip.mjs';
import { chooseLesson } from '../../dist/cli/lesson.mjs';
import { STEPS, findStep } from '../../web/app/stages/index.mjs';
import { STAGES } from '../../dist/index.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(ROOT, 'dist', 'cli.mjs');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-lesson-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (...args) => {
  const r = spawnSync(process.execPath, [CLI, 'lesson', ...args], { cwd: tmp, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const file = (name) => path.join(tmp, name);
const config = (html) =>
  JSON.parse(
    html.match(/<script type="application\/json" id="attention-lab-lesson">(.*?)<\/script>/s)[1],
  );

test('an unknown step, lab or exercise is refused with the valid ones, and nothing is written', () => {
  const cases = [
    [
      ['--step', 'sofmax'],
      /unknown step 'sofmax': the steps are embeddings, qkv, .*softmax.*output \(or a stage they show: inputs, .*attentionWeights/,
    ],
    [
      ['--lab', 'maskin'],
      /unknown lab 'maskin': the labs are lecture-order, sqrt-dh, masking, .*export \[option: lab\]/,
    ],
    [
      ['--exercise', 'x'],
      /unknown exercise 'x': the exercises are mask-cells, .*chapter-3-3 \[option: exercise\]/,
    ],
    [
      ['--lab', 'masking', '--exercise', 'mask-cells'],
      /--lab and --exercise: a lesson shows one step, one lab or one exercise/,
    ],
    [['--sentence', '  '], /--sentence is empty/],
  ];
  for (const [args, message] of cases) {
    const r = run(...args, '--out', 'bad.html');
    assert.equal(r.code, 1, args.join(' '));
    assert.match(r.stderr, message);
    assert.doesNotMatch(r.stderr, /internal error/);
  }
  assert.equal(fs.existsSync(file('bad.html')), false);
  const help = run('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: attention-lab lesson/);
  assert.match(help.stdout, /Exercises: mask-cells, /);
  for (const line of help.stdout.split('\n'))
    assert.ok([...line].length <= 80, `help line > 80 columns: ${line}`);
  const usage = run('--weights', 'learned');
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--weights 'learned': allowed are random, trained/);
});

test('--step names a step, or a stage as the page reads it: the same step as the page', () => {
  for (const name of [...STEPS.map((s) => s.slug), ...STAGES.map((s) => s.name)]) {
    const index = findStep(name);
    if (index < 0) continue; // a stage no step shows (none today): the page falls back
    const { query } = chooseLesson({ step: name, weights: 'random' });
    assert.equal(new URLSearchParams(query).get('step'), STEPS[index].slug, name);
  }
});

test('--out is checked before anything else: a missing folder, a folder, a file as folder', () => {
  fs.writeFileSync(file('plain.txt'), 'x');
  const cases = [
    [path.join(tmp, 'missing', 'a.html'), /the folder .*missing does not exist \[option: out\]/],
    [tmp, /is a folder; give a file name inside it/],
    [path.join(tmp, 'plain.txt', 'a.html'), /plain\.txt is not a folder/],
  ];
  for (const [out, message] of cases) {
    // An unknown step too: the output is the first thing said.
    const r = run('--out', out, '--step', 'nope');
    assert.equal(r.code, 1, out);
    assert.match(r.stderr, message);
  }
});

test('the lesson file carries its state, the core and a policy naming its own script and style', () => {
  const r = run(
    '--step',
    'attentionWeights',
    '--sentence',
    'all dogs are animals',
    '--out',
    'a.html',
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^wrote a\.html \(lesson file, [\d.]+ MB\): Softmax: rows of weights\n$/);
  const html = fs.readFileSync(file('a.html'), 'utf8');
  const c = config(html);
  assert.deepEqual(new URLSearchParams(c.query).get('step'), 'softmax');
  assert.equal(new URLSearchParams(c.query).get('sentence'), 'all dogs are animals');
  assert.deepEqual(
    Buffer.from(c.core, 'base64'),
    fs.readFileSync(path.join(ROOT, 'dist', 'attention-core.wasm')),
  );
  assert.equal(c.weights, null, 'random weights: the trained ones stay out');
  assert.equal(c.scorm, false);
  const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scripts = [...html.matchAll(/<script type="module">(.*?)<\/script>/gs)].map((m) => m[1]);
  assert.equal(scripts.length, 2, 'the tokenizer, then the lesson page');
  const style = html.match(/<style>(.*?)<\/style>/s)[1];
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/)[1];
  assert.ok(csp.includes(`script-src ${scripts.map(hash).join(' ')} 'wasm-unsafe-eval'`), csp);
  assert.ok(csp.includes(`style-src ${hash(style)}`), csp);
  assert.match(csp, /default-src 'none'/);
  // Nothing to fetch: no src or href but the data: icon.
  assert.deepEqual(
    [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]),
    ['data:,'],
  );
});

test('the trained weights go in for --weights trained and for a lab that reads them', () => {
  const trained = fs.readFileSync(path.join(ROOT, 'dist', 'brown.atlm'));
  for (const [args, name] of [
    [['--weights', 'trained'], 't.html'],
    [['--lab', 'causality'], 'c.html'],
  ]) {
    assert.equal(run(...args, '--out', name).code, 0);
    const c = config(fs.readFileSync(file(name), 'utf8'));
    assert.deepEqual(Buffer.from(c.weights, 'base64'), trained, args.join(' '));
  }
});

test('--scorm: a zip with a SCORM 1.2 manifest whose one SCO launches the lesson file', () => {
  const r = run('--exercise', 'softmax-argmax', '--scorm', '--out', 'p.zip');
  assert.equal(r.code, 0, r.stderr);
  const bytes = fs.readFileSync(file('p.zip'));
  const entries = readZip(bytes);
  assert.deepEqual(
    entries.map((e) => e.name),
    ['imsmanifest.xml', 'lesson.html'],
  );
  assert.deepEqual(
    entries.map((e) => e.method),
    [8, 8],
  );
  const manifest = entries[0].data.toString('utf8');
  assert.match(manifest, /<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>/);
  assert.match(
    manifest,
    /<resource identifier="lesson-file" type="webcontent" adlcp:scormtype="sco" href="lesson.html">/,
  );
  assert.match(manifest, /identifierref="lesson-file"/);
  assert.match(manifest, /<adlcp:masteryscore>100<\/adlcp:masteryscore>/);
  assert.equal(config(entries[1].data.toString('utf8')).scorm, true);
  const unzip = spawnSync('unzip', ['-t', file('p.zip')], { encoding: 'utf8' });
  if (unzip.error?.code !== 'ENOENT') {
    assert.equal(unzip.status, 0, unzip.stdout + unzip.stderr);
    assert.match(unzip.stdout, /No errors detected/);
  }
  // The writer's CRC-32 is the standard one (the check value of "123456789").
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
});

test("the pages' inline script (the message for a page opened from disk) is allowed by their policy", () => {
  for (const name of ['index.html', 'embed.html']) {
    const html = fs.readFileSync(path.join(ROOT, 'web', 'app', name), 'utf8');
    const script = html.match(/<script>([\s\S]*?)<\/script>/)[1];
    const hash = createHash('sha256').update(script).digest('base64');
    assert.ok(html.includes(`'sha256-${hash}'`), `${name}: the policy lists the script's hash`);
    assert.match(script, /location\.protocol === 'file:'/);
  }
});
