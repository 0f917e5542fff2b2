// Every JavaScript example in README.md and docs/*.md, as a reader copies it: each ```js / ```mjs /
// ```ts block runs in Node against the built package (dist/, imported as 'attention-lab' through
// the package's exports map) and type-checks under `tsc --strict` with the options `tsc --init`
// turns on, against dist's declarations. An HTML comment right before a block says when it is not
// a whole program:
//   <!-- example: browser -->          a page's script: type-checked with the DOM, not run in Node
//   <!-- example: not code -->         the shape of a message or value, neither run nor checked
//   <!-- example: given lab, inputs --> uses names the text around it defines (GIVEN below)
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)]
  .filter((f) => f.endsWith('.md'))
  .sort();

// What a `given` name stands for: its declaration for tsc, and its value when the example runs.
const GIVEN = {
  lab: {
    type: "import('attention-lab').AttentionLab",
    value: "await (await import('attention-lab')).createAttentionLab()",
  },
  inputs: {
    type: 'Float32Array',
    value: "lab.embed('Your journey starts with one step', { dIn: 3 }).inputs",
  },
  batches: { type: 'Float32Array[]', value: '[new Float32Array(1024 * 768)]' },
  myText: {
    type: 'string',
    value: "'The dog saw the ball. It ran to it and the cat watched. '.repeat(60)",
  },
  record: {
    type: '(slug: string, correct: boolean, attempts: number) => void',
    value: '() => {}',
  },
  showMessageNextTo: {
    type: '(option: string | undefined, message: string) => void',
    value: '() => {}',
  },
};

/** The examples of one Markdown file: [{ file, line, lang, code, marks: { browser, notCode, given } }]. */
function examplesOf(file) {
  const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  const examples = [];
  for (let i = 0; i < lines.length; ++i) {
    const open = /^```(js|mjs|ts)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    assert.ok(end > i, `${file}:${i + 1}: the code block is not closed`);
    const mark = /^<!-- example: (.*) -->$/.exec(lines.slice(0, i).findLast((l) => l.trim()) ?? '');
    const words = (mark?.[1] ?? '').split(';').map((w) => w.trim());
    const given =
      words
        .find((w) => w.startsWith('given '))
        ?.slice(6)
        .split(/,\s*/) ?? [];
    for (const name of given) assert.ok(GIVEN[name], `${file}:${i + 1}: no GIVEN for '${name}'`);
    examples.push({
      file,
      line: i + 1,
      lang: open[1],
      code: lines.slice(i + 1, end).join('\n'),
      browser: words.includes('browser'),
      notCode: words.includes('not code'),
      given,
    });
    i = end;
  }
  return examples;
}

const EXAMPLES = FILES.flatMap(examplesOf);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-examples-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));
// 'attention-lab' is this repository's package.json and dist/, as an installed package would be.
fs.mkdirSync(path.join(work, 'node_modules'));
fs.symlinkSync(ROOT, path.join(work, 'node_modules', 'attention-lab'), 'dir');
fs.writeFileSync(path.join(work, 'package.json'), '{ "type": "module", "private": true }\n');

const name = (e) => `${e.file.replace(/\W+/g, '-')}-${e.line}`;

test('the docs have examples, and every one is run, type-checked or marked as not code', () => {
  assert.ok(EXAMPLES.length >= 10, `${EXAMPLES.length} examples`);
  assert.ok(EXAMPLES.some((e) => e.file === 'README.md' && !e.browser && !e.notCode));
  assert.ok(EXAMPLES.filter((e) => e.notCode).length <= 3, 'only a few blocks are not code');
});

for (const example of EXAMPLES.filter((e) => !e.browser && !e.notCode)) {
  test(`${example.file}:${example.line} runs in Node`, async () => {
    const prelude = example.given.map((g) => `const ${g} = ${GIVEN[g].value};`).join('\n');
    const file = path.join(work, `${name(example)}.mjs`);
    fs.writeFileSync(file, `${prelude}\n${example.code}\n`);
    await run(process.execPath, [file], { cwd: work, timeout: 300_000 }).catch((err) =>
      assert.fail(`${example.file}:${example.line}:\n${err.stderr || err.message}`),
    );
  });
}

test('every example type-checks under tsc --strict and the options tsc --init turns on', async () => {
  const checked = EXAMPLES.filter((e) => !e.notCode);
  const files = checked.map((example) => {
    const declared = example.given.map((g) => `declare const ${g}: ${GIVEN[g].type};`);
    const element = example.browser ? ["import 'attention-lab/element';"] : [];
    const file = `${name(example)}.mts`;
    fs.writeFileSync(
      path.join(work, file),
      [...element, ...declared, example.code, 'export {};', ''].join('\n'),
    );
    return file;
  });
  fs.writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        target: 'esnext',
        lib: ['esnext', 'dom'],
        types: [],
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        noUncheckedSideEffectImports: true,
        moduleDetection: 'force',
        skipLibCheck: true,
        noEmit: true,
      },
      files,
    }),
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await run(process.execPath, [tsc, '-p', work], { cwd: work, timeout: 180_000 }).catch((err) => {
    const where = (text) =>
      text.replace(/^(\S+)-(\d+)\.mts\((\d+),/gm, (_, f, line, at) => `${f}:${line} (+${at},`);
    assert.fail(`tsc found errors:\n${where(err.stdout)}`);
  });
});
