// The element under hostile use: attribute values that carry markup, quotes, direction marks, NUL,
// absurd numbers or unknown names are answered with a message (or drawn as plain text) and never
// become markup; twenty elements on a cross-origin-isolated page share one core and one pool of
// worker threads; removing and re-inserting an element reuses that core; nothing writes an error to
// the console. Workers and core instances are counted by wrapping window.Worker and WebAssembly's
// instantiate functions before the page's scripts run.
// Needs: bash scripts/build.sh dist
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, watchedPage, reference, checkDist, ROOT } from './helpers.mjs';
import { MAX_THREADS } from '../../dist/index.mjs';

const ATTRS = 'sentence="the dog chased the ball" d-in="3" heads="2" d-out="6" seed="7"';
const page = (body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,">
<script type="module" src="/attention-lab.js"></script></head><body><main>${body}</main></body></html>`;
const many = Array.from(
  { length: 20 },
  (_, i) => `<attention-lab id="e${i}" ${ATTRS}></attention-lab>`,
);

let server;
let browser;
const problems = [];

before(async () => {
  checkDist();
  server = await serve({
    root: path.join(ROOT, 'dist'),
    isolation: true,
    pages: {
      '/one.html': page(`<attention-lab id="a" ${ATTRS}></attention-lab>`),
      '/many.html': page(many.join('\n')),
    },
  });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// Before the page's scripts: count the workers made and the WebAssembly instances started on the
// page's thread, and mark any script that hostile text would run.
function countResources() {
  window.__made = { workers: 0, cores: 0 };
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(...args) {
      super(...args);
      window.__made.workers += 1;
    }
  };
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const real = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      window.__made.cores += 1;
      return real.apply(this, args);
    };
  }
}

async function open(file) {
  const p = await watchedPage(browser, problems);
  await p.addInitScript(countResources);
  await p.goto(server.url(file));
  await p.waitForFunction(
    () => [...document.querySelectorAll('attention-lab')].every((el) => el.build),
    null,
    { timeout: 60000 },
  );
  return p;
}

// Sets one attribute and waits for the element's answer: { type: 'change' | 'error', message }.
const setAttr = (p, name, value) =>
  p.evaluate(
    ([name, value]) =>
      new Promise((resolve) => {
        const el = document.getElementById('a');
        const done = (type) => (e) => resolve({ type, message: e.detail.message ?? '' });
        el.addEventListener('attention-lab-change', done('change'), { once: true });
        el.addEventListener('attention-lab-error', done('error'), { once: true });
        setTimeout(() => resolve({ type: 'no answer', message: '' }), 20000);
        el.setAttribute(name, value);
      }),
    [name, value],
  );

// Elements whose names or attributes hostile text would bring, anywhere in the element's shadow
// tree or the page; and whether any hostile script ran.
const injected = (p) =>
  p.evaluate(() => {
    const found = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (/^(x-pwned|script|img|iframe)$/i.test(el.localName)) found.push(el.localName);
        if (el.hasAttribute('data-pwned') || el.hasAttribute('onerror'))
          found.push(`[${el.localName}]`);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document.body);
    if (window.__pwned) found.push('script ran');
    return found;
  });

const MARKUP = '<x-pwned data-pwned="1"></x-pwned><img src=x onerror="window.__pwned=1">';
const HOSTILE = [
  ['sentence', `the dog ${MARKUP}<script>window.__pwned=1</script> ran`],
  ['sentence', `"quoted" 'single' \`back\` ]]> &amp; &lt;b&gt;`],
  ['sentence', 'שלום \u202Eevil\u202C \u200F mark \u2066iso\u2069'],
  ['sentence', 'a\u0000b\u0001c \uFFFE \uD800 lone'],
  ['sentence', 'word '.repeat(1200)],
  ['sentence', ''],
  ['heads', '1e309'],
  ['heads', '-3'],
  ['heads', 'NaN'],
  ['heads', MARKUP],
  ['d-out', '99999999999999'],
  ['d-in', '0'],
  ['seed', '-1'],
  ['seed', '1e400'],
  ['seed', `"${MARKUP}`],
  ['dropout', '2'],
  ['dropout', '-0.5'],
  ['dropout', 'Infinity'],
  ['batch', '4294967298'],
  ['stage', MARKUP],
  ['stage', 'constructor'],
  ['stage', '__proto__'],
  ['head', '-1'],
  ['head', '1e9'],
  ['item', 'NaN'],
  ['masking', MARKUP],
  ['layout', `full ${MARKUP}`],
];

test('hostile attribute values: a message or plain text, never markup; the element keeps working', async () => {
  const p = await open('/one.html');
  for (const [name, value] of HOSTILE) {
    const answer = await setAttr(p, name, value);
    const where = `${name}=${JSON.stringify(value).slice(0, 80)}`;
    assert.notEqual(answer.type, 'no answer', where);
    assert.deepEqual(await injected(p), [], where);
    if (answer.type === 'error') {
      const banner = await p.evaluate(
        () => document.getElementById('a').shadowRoot.querySelector('.lab-error')?.textContent,
      );
      assert.ok(banner && banner.length > 10, `${where}: the message is shown (${banner})`);
    }
  }
  // Back to valid values: the element computes what the API computes.
  await p.evaluate(() => {
    const a = document.getElementById('a');
    for (const name of ['head', 'item', 'masking', 'batch', 'stage']) a.removeAttribute(name);
    a.setAttribute('layout', 'compact');
  });
  for (const [name, value] of [
    ['dropout', '0.1'],
    ['seed', '7'],
    ['d-in', '3'],
    ['d-out', '6'],
    ['heads', '2'],
    ['sentence', 'the dog chased the ball'],
  ])
    await setAttr(p, name, value);
  const settings = await p.evaluate(() => document.getElementById('a').state.settings);
  assert.equal(settings.sentence, 'the dog chased the ball');
  assert.equal(settings.heads, 2);
  assert.deepEqual(
    await p.evaluate(() => Array.from(document.getElementById('a').result.output.data)),
    Array.from((await reference(settings)).output.data),
  );
  assert.equal(
    await p.evaluate(
      () => document.getElementById('a').shadowRoot.querySelector('.lab-error').hidden,
    ),
    true,
  );
  await p.close();
});

test('hostile lab names: the list of labs, as text; no markup', async () => {
  const p = await open('/one.html');
  for (const lab of ['no-such-lab', '__proto__', MARKUP]) {
    await p.evaluate((lab) => document.getElementById('a').setAttribute('lab', lab), lab);
    await p.waitForFunction(
      () =>
        document
          .getElementById('a')
          .shadowRoot.querySelector('.lab-unknown, [role="alert"]:not([hidden])'),
      null,
      { timeout: 30000 },
    );
    const text = await p.evaluate(
      () =>
        document.getElementById('a').shadowRoot.querySelector('.lab-unknown')?.textContent ?? '',
    );
    assert.match(text, /There is no lab called .* The labs are: /, lab);
    assert.deepEqual(await injected(p), [], lab);
  }
  await p.evaluate(() => document.getElementById('a').setAttribute('lab', 'masking'));
  await p.waitForFunction(
    () => !document.getElementById('a').shadowRoot.querySelector('.lab-unknown'),
    null,
    {
      timeout: 30000,
    },
  );
  await p.close();
});

test('twenty elements on an isolated page: one core, workers bounded by the pool, all drawn and live', async () => {
  const p = await open('/many.html');
  assert.equal(await p.evaluate(() => crossOriginIsolated), true);
  const made = await p.evaluate(() => window.__made);
  // One core for the page (the tokenizer and the core may each instantiate once), and at most the
  // pool's threads plus the one-line probe that checks blob: workers may start.
  assert.ok(made.cores <= 2, `${made.cores} WebAssembly instances`);
  assert.ok(made.workers <= MAX_THREADS + 1, `${made.workers} workers for 20 elements`);
  const builds = await p.evaluate(() =>
    [...document.querySelectorAll('attention-lab')].map((e) => e.build),
  );
  assert.deepEqual(builds, Array(20).fill('threads'));
  // The last element still answers an edit, and the page still draws frames.
  const answer = await p.evaluate(
    () =>
      new Promise((resolve) => {
        const el = document.getElementById('e19');
        el.addEventListener('attention-lab-change', () => resolve('change'), { once: true });
        el.setAttribute('heads', '3');
      }),
  );
  assert.equal(answer, 'change');
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  assert.deepEqual(await p.evaluate(() => window.__made), made, 'an edit starts nothing new');
  await p.close();
});

test('removal and re-insertion: the shared core is reused, the state kept, no errors', async () => {
  const p = await open('/one.html');
  const made = await p.evaluate(() => window.__made);
  const output = await p.evaluate(() =>
    Array.from(document.getElementById('a').result.output.data),
  );
  for (let i = 0; i < 5; i += 1) {
    await p.evaluate(async () => {
      const a = document.getElementById('a');
      const main = a.parentNode;
      a.remove();
      await new Promise((resolve) => setTimeout(resolve, 0)); // the element tears down
      main.append(a);
    });
    await p.waitForFunction(() => document.getElementById('a').result, null, { timeout: 30000 });
  }
  assert.deepEqual(
    await p.evaluate(() => Array.from(document.getElementById('a').result.output.data)),
    output,
  );
  assert.equal(
    await p.evaluate(
      () => document.getElementById('a').shadowRoot.querySelectorAll('.lab-frame').length,
    ),
    1,
  );
  // A new element after the first is gone uses the same core.
  await p.evaluate(() => {
    document.getElementById('a').remove();
    const b = document.createElement('attention-lab');
    b.id = 'b';
    b.setAttribute('heads', '3');
    document.querySelector('main').append(b);
  });
  await p.waitForFunction(() => document.getElementById('b').result, null, { timeout: 30000 });
  assert.deepEqual(await p.evaluate(() => window.__made), made, 'no second core, no new workers');
  await p.close();
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
