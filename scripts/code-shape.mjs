// The shape of the source: files over 300 lines, functions with over 60 lines of their own, view
// modules that call the core, and comments that tell history instead of why. `node
// scripts/code-shape.mjs` prints every finding and the counts; `--json` prints them as JSON (what
// tests/js/code-shape.test.mjs reads). The limits are the page redesign's: a newcomer should be able
// to read any file in one sitting and any function on one screen.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_FILE_LINES = 300;
export const MAX_FUNCTION_LINES = 60;

// Source files: C++ and JavaScript under cpp/ and web/. Generated files, declarations, stylesheets
// and data are not source a reader steps through.
const SOURCE = /\.(cpp|hpp|h|mjs|js)$/;
const NOT_SOURCE = [/\.d\.m?ts$/, /(^|\/)build\//, /(^|\/)node_modules\//];

function listFiles(dir) {
  const out = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(file));
    else out.push(file);
  }
  return out;
}

export function sourceFiles(root = ROOT) {
  return ['cpp', 'web']
    .flatMap((d) => listFiles(path.join(root, d)))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .filter((f) => SOURCE.test(f) && !NOT_SOURCE.some((re) => re.test(f)))
    .sort();
}

// A generated file says so in the comment at its top: "generated" and "Do not edit" (as
// scripts/contract.mjs writes web/lib/contract.mjs). Its length is that of what it describes, and
// its reader changes the script that writes it, not the file: measured, it would only be split by
// hand and then overwritten.
export function isGenerated(text) {
  const header = text.match(/^(#![^\n]*\n)?([ \t]*\/\/[^\n]*\n)*/)[0];
  return /\bgenerated\b/i.test(header) && /\bdo not edit\b/i.test(header);
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// --- JavaScript: the TypeScript parser, so that functions are real syntax, not guesses.

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node) ||
  ts.isConstructorDeclaration(node);

function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)))
    return parent.name.getText(source);
  return '(anonymous)';
}

/** [{ name, line, own }]: every function of a JS file with its lines less its nested functions'. */
export function jsFunctions(text, file = 'x.mjs') {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const line = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  const span = (node) => line(node.getEnd()) - line(node.getStart(source)) + 1;
  const found = [];
  // Returns the lines that nested functions inside `node` take (outermost nested ones only).
  function nestedLines(node) {
    let lines = 0;
    node.forEachChild(function visit(child) {
      if (isFunction(child)) {
        lines += span(child);
        record(child);
      } else child.forEachChild(visit);
    });
    return lines;
  }
  function record(fn) {
    const own = span(fn) - nestedLines(fn);
    found.push({ name: functionName(fn, source), line: line(fn.getStart(source)) + 1, own });
  }
  source.forEachChild(function visit(child) {
    if (isFunction(child)) record(child);
    else child.forEachChild(visit);
  });
  return found;
}

// --- C++: a scanner over code with comments and literals blanked, tracking braces. A brace opens a
// function body when what comes before it ends with a parameter list (and qualifiers), is not a
// control statement, and is not inside a class body's initialiser.

function blankCpp(text) {
  // Comments, string and character literals become spaces (newlines kept), so braces inside them
  // do not count. Raw strings are rare here and handled as plain strings.
  let out = '';
  for (let i = 0; i < text.length;) {
    const two = text.slice(i, i + 2);
    if (two === '//') {
      while (i < text.length && text[i] !== '\n') ((out += ' '), ++i);
    } else if (two === '/*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; ++i) out += text[i] === '\n' ? '\n' : ' ';
    } else if (text[i] === '"' || text[i] === "'") {
      const quote = text[i];
      out += ' ';
      ++i;
      while (i < text.length && text[i] !== quote && text[i] !== '\n') {
        if (text[i] === '\\') ((out += ' '), ++i);
        out += ' ';
        ++i;
      }
      out += ' ';
      ++i;
    } else out += text[i++];
  }
  return out;
}

const CONTROL = /\b(if|for|while|switch|catch|else|do|try)\s*(\(|$)/;
const NOT_FUNCTION = /\b(namespace|class|struct|enum|union|extern)\b/;

/** [{ name, line, own }]: every C++ function body (lambdas counted on their own). */
export function cppFunctions(text) {
  const code = blankCpp(text);
  const found = [];
  const stack = []; // { kind: 'function'|'other', name, line, nested }
  let head = ''; // the code since the last ; { or }
  let line = 1;
  for (let i = 0; i < code.length; ++i) {
    const c = code[i];
    if (c === '\n') ++line;
    if (c === '{') {
      const before = head.replace(/\s+/g, ' ').trim();
      let kind = 'other';
      let name = '';
      const lambda =
        /\]\s*(\([^()]*(\([^()]*\)[^()]*)*\))?\s*(mutable\s*)?(->\s*[\w:<>, *&]+)?\s*$/.test(
          before,
        );
      const fn =
        /\)\s*(const|noexcept|override|final|mutable|\s|->\s*[\w:<>, *&]+)*$/.test(before) ||
        /\)\s*:\s*[\w:]+\s*[({]/.test(before); // a constructor's initialiser list
      if (lambda && /\[[^\]]*\]/.test(before)) {
        kind = 'function';
        name = '(lambda)';
      } else if (fn && !NOT_FUNCTION.test(before.split('(')[0]) && !CONTROL.test(before)) {
        kind = 'function';
        const m = before.match(/([~\w:]+|operator\s*\S+)\s*\([^()]*(\([^()]*\)[^()]*)*\)[^()]*$/);
        name = m ? m[1] : '(function)';
      }
      stack.push({ kind, name, line, start: line });
      head = '';
    } else if (c === '}') {
      const open = stack.pop();
      if (open?.kind === 'function') {
        const lines = line - open.start + 1;
        const nested = open.nested ?? 0;
        found.push({ name: open.name, line: open.start, own: lines - nested });
        // The enclosing function (if any) does not count these lines as its own.
        const outer = [...stack].reverse().find((s) => s.kind === 'function');
        if (outer) outer.nested = (outer.nested ?? 0) + lines;
      }
      head = '';
    } else if (c === ';') head = '';
    else head += c;
  }
  return found;
}

// --- View modules: the modules that draw. They read plain data and never call the core.

/** Folders whose modules only draw (the page's views). */
export const VIEW_DIRS = ['web/app/stages/', 'web/app/ui/', 'web/app/render/', 'web/app/views/'];
const isViewModule = (file) =>
  VIEW_DIRS.some((d) => file.startsWith(d)) ||
  /^web\/app\/(labs|exercises)\/[^/]+\/view[^/]*\.mjs$/.test(file);

// The core's surface as a view would reach it: the API's methods and the page's compute module.
const CORE_CALL =
  /\.(forward|embed|createModel|tokenize|loadWeights|stateDict|trainingPreview|runExperiment|headExperiment|train|weights)\s*\(/;
const CORE_IMPORT =
  /from\s+['"][^'"]*(\/lib\/(index|model|loader|embed|experiments|trained|train)\.mjs|compute\.mjs|controller\.mjs)['"]/;

export function callsCore(text) {
  const code = blankCpp(text); // the same blanking works for JS comments and strings
  const reasons = [];
  const call = code.match(CORE_CALL);
  if (call) reasons.push(`calls .${call[1]}()`);
  const imp = text.match(CORE_IMPORT);
  if (imp) reasons.push(`imports ${imp[1]}`);
  return reasons;
}

// --- History in comments: issue numbers, helpers, audit items, dated runs.

const HISTORY = [
  /\bissue\s*#?\d+/i,
  /\bhelper\s+[A-Z]\b/,
  /\baudit item\b/i,
  /\b(it|this|they|we|which|that|was|were)\s+used to\b/i,
  /\bused to (be|leak|have|take|cost|fail|crash|throw|show|return|say|print)\b/i,
  /\bpreviously\b/i,
  /\b(19|20)\d\d-\d\d-\d\d\b/,
  /\bstop\s+\d+\b/i,
];

export function historyComments(text, file) {
  const comments = [];
  const re = file.match(/\.(mjs|js|cpp|hpp|h)$/) ? /\/\/[^\n]*|\/\*[\s\S]*?\*\//g : null;
  if (!re) return comments;
  for (const m of text.matchAll(re)) {
    const hit = HISTORY.find((h) => h.test(m[0]));
    if (hit) {
      const line = text.slice(0, m.index).split('\n').length;
      comments.push({ line, text: m[0].trim().slice(0, 100) });
    }
  }
  return comments;
}

/**
 * Every finding of the tree: { longFiles, longFunctions, viewsCallingCore, history, skipped },
 * where skipped lists the generated files left unmeasured: [{ file, reason: 'generated' }].
 */
export function measure(root = ROOT) {
  const report = {
    longFiles: [],
    longFunctions: [],
    viewsCallingCore: [],
    history: [],
    skipped: [],
  };
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    if (isGenerated(text)) {
      report.skipped.push({ file, reason: 'generated' });
      continue;
    }
    const lines = lineCount(text);
    if (lines > MAX_FILE_LINES) report.longFiles.push({ file, lines });
    const fns = /\.(cpp|hpp|h)$/.test(file) ? cppFunctions(text) : jsFunctions(text, file);
    for (const fn of fns)
      if (fn.own > MAX_FUNCTION_LINES) report.longFunctions.push({ file, ...fn });
    if (isViewModule(file)) {
      const reasons = callsCore(text);
      if (reasons.length) report.viewsCallingCore.push({ file, reasons });
    }
    for (const h of historyComments(text, file)) report.history.push({ file, ...h });
  }
  return report;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = measure();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const section = (title, rows, fmt) => {
      console.log(`${title}: ${rows.length}`);
      for (const r of rows) console.log(`  ${fmt(r)}`);
    };
    section(`files over ${MAX_FILE_LINES} lines`, report.longFiles, (r) => `${r.file} ${r.lines}`);
    section(
      `functions over ${MAX_FUNCTION_LINES} lines of their own`,
      report.longFunctions,
      (r) => `${r.file}:${r.line} ${r.name} ${r.own}`,
    );
    section(
      'view modules that call the core',
      report.viewsCallingCore,
      (r) => `${r.file}: ${r.reasons.join(', ')}`,
    );
    section('comments that tell history', report.history, (r) => `${r.file}:${r.line} ${r.text}`);
    for (const r of report.skipped) console.log(`skipped (${r.reason}): ${r.file}`);
  }
}
