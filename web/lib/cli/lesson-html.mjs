// The lesson file's HTML: the page's stylesheet, the lesson's state, the core and (when needed)
// the trained weights, and the bundled lesson page, all inside one document (dist/lesson/ holds
// what scripts/build-lesson.mjs built; the core and the weights are the package's own files). It
// fetches nothing, so it runs from file://, an LMS's file area and a sandboxed iframe. Its
// Content-Security-Policy allows exactly its own script and style (by hash) and WebAssembly.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const DIST = new URL('../', import.meta.url);
const read = (name) => readFileSync(new URL(name, DIST));

/** The steps, labs and exercises a lesson can show (dist/lesson/catalogue.json). */
export const readCatalogue = () => JSON.parse(read('lesson/catalogue.json').toString('utf8'));

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// Text inside <script> ends at the first "</script", and "<!--" switches the parser's state. In
// the bundle both sit only in strings and regular expressions (the tokenizer's vocabulary holds
// " <!--"), where the escape \x3C reads as "<" again.
const scriptText = (js) => js.replace(/<(\/script|!--)/gi, '\\x3C$1');

/** The global through which the tokenizer's script hands its exports to the lesson page. */
export const TOKENIZER_GLOBAL = 'attention-lab.tokenizer';

// The package's tokenizer (dist/tokenizer.mjs, most of a lesson file's script) inlined once, as a
// module script of its own that puts its exports on a global, which the lesson page's bundle reads
// in its place (scripts/build-lesson.mjs): the package then carries the vocabulary once. esbuild
// ends an ESM bundle with its one export list, `export{a as b,…};`.
function tokenizerScript() {
  const source = read('tokenizer.mjs').toString('utf8');
  const list = /export\s*\{([^}]*)\};?\s*$/.exec(source);
  if (!list)
    throw new Error('dist/tokenizer.mjs does not end with its export list: rebuild the package');
  const fields = list[1]
    .split(',')
    .map((spec) => spec.trim().split(/\s+as\s+/))
    .filter(([local]) => local)
    .map(([local, name = local]) => `${JSON.stringify(name)}:${local}`);
  const key = JSON.stringify(TOKENIZER_GLOBAL);
  return `${source.slice(0, list.index)}globalThis[Symbol.for(${key})]={${fields.join(',')}};`;
}

// JSON inside <script type="application/json">: "<" escaped, so no "</script" can end it.
const jsonText = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/**
 * The lesson file's text. lesson: { query (the page's URL format), title, trained (carry the
 * trained weights), scorm (report to an LMS) }.
 */
export function lessonHtml({ query, title, trained, scorm }) {
  const css = read('lesson/page.css').toString('utf8');
  const tokenizer = scriptText(tokenizerScript());
  const js = scriptText(read('lesson/page.js').toString('utf8'));
  const config = jsonText({
    query,
    scorm: Boolean(scorm),
    core: read('attention-core.wasm').toString('base64'),
    weights: trained ? read('brown.atlm').toString('base64') : null,
  });
  const csp = [
    "default-src 'none'",
    `script-src ${sha256(tokenizer)} ${sha256(js)} 'wasm-unsafe-eval'`,
    `style-src ${sha256(css)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="generator" content="attention-lab lesson">
<title>${escapeHtml(title)} · attention-lab</title>
<link rel="icon" href="data:,">
<style>${css}</style>
<script type="application/json" id="attention-lab-lesson">${config}</script>
<script type="module">${tokenizer}</script>
<script type="module">${js}</script>
</head>
<body class="embed">
<header><h1 class="visually-hidden">attention-lab: ${escapeHtml(title)}</h1></header>
<div id="app" class="app"></div>
<footer class="embed-foot"><span>attention-lab: every number computed live by the lecture’s model, inside this file.</span></footer>
<noscript><p class="panel-message error">This lesson computes attention with JavaScript and WebAssembly; please enable JavaScript.</p></noscript>
</body>
</html>
`;
}
