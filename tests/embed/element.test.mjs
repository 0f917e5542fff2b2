// The <attention-lab> element and the iframe embed page in headless Chromium, hosted the way course
// authors host them: the script on another origin (127.0.0.2, with CORS) than the page
// (127.0.0.1). Without isolation headers the element runs single-threaded, with COOP/COEP it uses
// threads, with identical numbers; an iframe in a non-isolated page is single-threaded; two
// elements on one page stay independent; invalid attributes show the core's message inside the
// element and keep the last valid state; and nothing writes to the console.
// Needs: bash scripts/build.sh dist && bash scripts/build.sh site
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  serve,
  launch,
  watchedPage,
  reference,
  artifact,
  checkDist,
  ROOT,
  serveSite,
} from './helpers.mjs';
import { cellPoint } from '../e2e/helpers.mjs';

const SENTENCE = 'the dog chased the ball';
const DOG = 'the dog chased the ball but it could not catch it';
const ATTRS = `sentence="${SENTENCE}" d-in="3" heads="2" d-out="6" dropout="0.1" seed="123" stage="softmax"`;
// The element's settings for ATTRS: the page's defaults for everything not given.
const SETTINGS = {
  sentence: SENTENCE,
  weights: 'random',
  dIn: 3,
  dOut: 6,
  heads: 2,
  batch: 2,
  dropout: 0.1,
  training: false,
  seed: 123,
  qkvBias: false,
  causal: true,
  masking: 'neg-inf',
  layout: 'fused',
  module: 'mha',
};

let cdn; // 127.0.0.2: dist/ with CORS + CORP, as a CDN serves it
let site; // 127.0.0.2: build/site (embed.html) with COOP/COEP + CORP cross-origin
let plain; // 127.0.0.1: the course pages, no isolation headers (the usual LMS)
let isolated; // 127.0.0.1: the same pages with COOP/COEP
let browser;
const problems = [];

const page = (body, { script = `${cdn.origin}/attention-lab.js` } = {}) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,">
<script type="module" src="${script}"></script></head>
<body><main><h1>Week 3: attention</h1>${body}</main></body></html>`;

before(async () => {
  checkDist();
  cdn = await serve({ root: path.join(ROOT, 'dist'), host: '127.0.0.2', cors: true });
  site = await serveSite({
    host: '127.0.0.2',
    cors: true,
    isolation: true,
  });
  const pages = {
    '/one.html': page(`<attention-lab id="a" ${ATTRS}></attention-lab>`),
    '/two.html': page(`<attention-lab id="a" ${ATTRS}></attention-lab>
      <p>Between the two.</p>
      <attention-lab id="b" layout="full" stage="scores"></attention-lab>`),
    '/trained.html': page(
      `<attention-lab id="t" weights="trained" sentence="${DOG}" stage="softmax"></attention-lab>`,
    ),
    '/invalid.html': page(`<attention-lab id="a" heads="5" d-out="6" stage="scores"></attention-lab>
      <attention-lab id="b" stage="no-such-step"></attention-lab>`),
    '/iframe.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"></head>
      <body><h1>Quiz</h1><iframe id="embed" title="attention-lab" allow="cross-origin-isolated" style="width:900px;height:1000px;border:1px solid #ccc"
      src="${site.origin}/embed.html?sentence=${encodeURIComponent(SENTENCE)}&stage=softmax&dIn=3&heads=2&dOut=6&dropout=0.1"></iframe></body></html>`,
  };
  // A strict policy, as some LMSs send: exactly what EMBEDDING.md says the element needs.
  const csp =
    `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; connect-src ${cdn.origin}; ` +
    "worker-src blob:; style-src 'self'; img-src data:";
  pages['/csp.html'] = page(`<attention-lab id="a" ${ATTRS}></attention-lab>`).replace(
    '<title>',
    `<meta http-equiv="Content-Security-Policy" content="${csp}"><title>`,
  );
  // The same policy without blob: in worker-src: the threaded build's workers cannot start.
  pages['/csp-no-blob.html'] = pages['/csp.html'].replace('worker-src blob:', "worker-src 'self'");
  plain = await serve({ pages });
  isolated = await serve({ pages, isolation: true });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const s of [cdn, site, plain, isolated]) await s?.close();
});

async function open(server, file, options) {
  const p = await watchedPage(browser, problems, options);
  await p.goto(server.url(file));
  await p.waitForFunction(
    () => [...document.querySelectorAll('attention-lab')].every((el) => el.build),
    null,
    { timeout: 30000 },
  );
  return p;
}

// The numbers an element shows: every cell of its stage section, exact values.
const cells = (p, id) =>
  p.evaluate(
    (id) =>
      [
        ...document
          .getElementById(id)
          .shadowRoot.querySelectorAll('#stage [data-tensor] td[data-i]'),
      ].map(
        (td) =>
          `${td.closest('[data-tensor]').dataset.tensor}[${td.dataset.i}]=${td.dataset.value}`,
      ),
    id,
  );
const outputOf = (p, id) =>
  p.evaluate((id) => Array.from(document.getElementById(id).result.output.data), id);
const stepOf = (p, id) =>
  p.evaluate(
    (id) => document.getElementById(id).shadowRoot.querySelector('#stage').dataset.step,
    id,
  );

function compareWithTrace(shown, trace) {
  const bad = [];
  for (const cell of shown) {
    const [, stage, i, value] = cell.match(/^(\w+)\[(\d+)\]=(.*)$/);
    const expected = trace[stage].data[Number(i)];
    if (!(expected === Number(value) || Math.abs(expected - Number(value)) <= 1e-6))
      bad.push(`${cell} (API: ${expected})`);
  }
  return bad;
}

let singleShown;
let singleOutput;

test("script from another origin, page without isolation headers: single-threaded, the API's numbers", async () => {
  const before = cdn.requests.length;
  const p = await open(plain, '/one.html');
  assert.equal(await p.evaluate(() => crossOriginIsolated), false);
  assert.equal(await p.evaluate(() => document.getElementById('a').build), 'single');
  assert.equal(await stepOf(p, 'a'), 'softmax');
  singleShown = await cells(p, 'a');
  singleOutput = await outputOf(p, 'a');
  assert.ok(singleShown.length >= 50, `${singleShown.length} cells shown`);
  const ref = await reference(SETTINGS);
  assert.deepEqual(compareWithTrace(singleShown, ref.trace), []);
  assert.deepEqual(singleOutput, Array.from(ref.output.data));
  assert.deepEqual(await p.evaluate(() => document.getElementById('a').state.settings), SETTINGS);
  // The core was loaded relative to the script (the CDN), not the page.
  const loaded = cdn.requests.slice(before);
  for (const file of [
    '/attention-lab.js',
    '/index.mjs',
    '/tokenizer.mjs',
    '/attention-core.mjs',
    '/attention-core-relaxed.wasm', // Chromium validates relaxed SIMD: the fused multiply-add twin
  ]) {
    assert.ok(loaded.includes(file), `${file} from the script's origin`);
  }
  assert.ok(
    !plain.requests.some((r) => r.endsWith('.wasm') || r.endsWith('.mjs')),
    'nothing loaded from the page origin',
  );
  await p.screenshot({ path: artifact('embed-element-compact.png'), fullPage: true });
  await p.close();
});

test('the same page with COOP/COEP: threads (worker from a blob: URL), identical numbers', async () => {
  const before = cdn.requests.length;
  const p = await open(isolated, '/one.html');
  assert.equal(await p.evaluate(() => crossOriginIsolated), true);
  assert.equal(await p.evaluate(() => document.getElementById('a').build), 'threads');
  assert.ok((await p.evaluate(() => document.getElementById('a').threads)) >= 1);
  assert.deepEqual(await cells(p, 'a'), singleShown);
  assert.deepEqual(await outputOf(p, 'a'), singleOutput);
  const loaded = cdn.requests.slice(before);
  assert.ok(loaded.includes('/attention-core-threads-relaxed.wasm'));
  assert.ok(loaded.includes('/attention-core-threads.worker-source.mjs'));
  assert.ok(
    !loaded.includes('/attention-core-threads.worker.js'),
    'the worker starts from a blob: URL',
  );
  // The workers imported the core themselves (cross-origin, with CORS), once each.
  assert.ok(
    loaded.filter((r) => r === '/attention-core-threads.mjs').length >= 2,
    loaded.join(' '),
  );
  await p.close();
});

test('a strict Content-Security-Policy: the element works, single and threaded, with the same numbers', async () => {
  for (const server of [plain, isolated]) {
    const p = await open(server, '/csp.html');
    assert.equal(
      await p.evaluate(() => document.getElementById('a').build),
      server === plain ? 'single' : 'threads',
    );
    assert.deepEqual(await cells(p, 'a'), singleShown);
    assert.equal(
      await p.evaluate(
        () =>
          getComputedStyle(document.getElementById('a').shadowRoot.querySelector('.step-link'))
            .borderRadius,
      ),
      '999px',
    );
    await p.close();
  }
});

// A cross-origin-isolated page whose policy forbids workers from blob: URLs: the threads cannot
// start, so the element runs on one thread, says why in the console, and ready settles. (A page of
// its own: the browser reports the refused worker as a console error, which is the point here.)
test('an isolated page whose CSP forbids blob: workers: one thread, a console note, ready settles', async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const p = await context.newPage();
  const notes = [];
  p.on('console', (msg) => notes.push(`${msg.type()}: ${msg.text()}`));
  try {
    await p.goto(isolated.url('/csp-no-blob.html'));
    assert.equal(await p.evaluate(() => crossOriginIsolated), true);
    await p.waitForFunction(() => customElements.get('attention-lab'), null, { timeout: 10000 });
    const build = await p.evaluate(
      () =>
        Promise.race([
          document.getElementById('a').ready.then((el) => el.build),
          new Promise((resolve) => setTimeout(() => resolve('ready did not settle'), 30000)),
        ]),
      null,
    );
    assert.equal(build, 'single');
    assert.deepEqual(await cells(p, 'a'), singleShown);
    assert.ok(
      notes.some((n) => /^warning: attention-lab: .*one thread.*worker-src/.test(n)),
      notes.join('\n'),
    );
  } finally {
    await context.close();
  }
});

test('two elements on one page: attributes and UI changes stay in their own element', async () => {
  const p = await open(plain, '/two.html');
  const a0 = await cells(p, 'a');
  const b0 = await cells(p, 'b');
  assert.equal(await stepOf(p, 'b'), 'scores');

  // Attributes → recompute (set together: applied together).
  await p.evaluate(() => {
    const a = document.getElementById('a');
    a.setAttribute('heads', '3');
    a.setAttribute('d-out', '9');
  });
  await p.waitForFunction(() => document.getElementById('a').result.settings.heads === 3);
  assert.notDeepEqual(await cells(p, 'a'), a0);
  assert.deepEqual(await cells(p, 'b'), b0, 'b did not change');
  const aSettings = await p.evaluate(() => document.getElementById('a').state.settings);
  const ref = await reference(aSettings);
  assert.deepEqual(compareWithTrace(await cells(p, 'a'), ref.trace), []);

  // The element's stepper → its stage attribute; the other element stays.
  await p.locator('#a .transport button.next').click();
  assert.equal(await p.getAttribute('#a', 'stage'), 'dropout');
  assert.equal(await stepOf(p, 'a'), 'dropout');
  assert.equal(await p.getAttribute('#b', 'stage'), 'scores');
  assert.equal(await stepOf(p, 'b'), 'scores');

  // Keyboard shortcuts act on the element that has focus only.
  await p.locator('#b .step-link[data-slug="scale"]').click();
  await p.keyboard.press('ArrowRight');
  assert.equal(await stepOf(p, 'b'), 'mask');
  assert.equal(await stepOf(p, 'a'), 'dropout');
  assert.equal(await p.getAttribute('#b', 'stage'), 'mask');

  // The full layout's controls → attributes.
  const b1 = await cells(p, 'b');
  await p.locator('#b #ctl-dOut').fill('4');
  await p.waitForFunction(() => document.getElementById('b').getAttribute('d-out') === '4');
  assert.equal(await p.evaluate(() => document.getElementById('b').result.settings.dOut), 4);
  assert.notDeepEqual(await cells(p, 'b'), b1);
  await p.locator('#b [data-control="training"] input[value="true"]').check();
  assert.equal(await p.getAttribute('#b', 'training'), 'true');
  assert.equal(
    await p.evaluate(() => document.getElementById('a').result.settings.training),
    false,
  );
  assert.equal(await p.getAttribute('#a', 'd-out'), '9');
  // Each element keeps its own tooltip and ids inside its shadow root; none in the document.
  assert.equal(
    await p.evaluate(() => document.querySelectorAll('[id^="ctl-"], #stage, .tooltip').length),
    0,
  );
  await p.close();
});

test('a result read from an element keeps its numbers while later edits reuse the arrays of those no one holds', async () => {
  const p = await open(plain, '/two.html');
  const setSentence = async (sentence) => {
    await p.evaluate((s) => document.getElementById('a').setAttribute('sentence', s), sentence);
    await p.waitForFunction(
      (s) => document.getElementById('a').state.settings.sentence === s,
      sentence,
    );
  };
  await setSentence('the dog sat on the mat');
  await p.evaluate(() => {
    window.held = document.getElementById('a').result;
    window.copy = Object.fromEntries(
      Object.entries(window.held.trace).map(([k, t]) => [k, Array.from(t.data)]),
    );
  });
  // Three more 6-token sentences: the second edit would write into the held result's arrays
  // (every stage has the same length), the third writes into those of the first edit's result.
  for (const sentence of ['the cat sat on the mat', 'one two three four five six', 'a b c d e f'])
    await setSentence(sentence);
  assert.equal(
    await p.evaluate(() =>
      Object.entries(window.held.trace).every(([k, t]) =>
        t.data.every((v, i) => Object.is(v, window.copy[k][i])),
      ),
    ),
    true,
    'the held result is unchanged',
  );
  const ref = await reference(await p.evaluate(() => document.getElementById('a').state.settings));
  assert.deepEqual(compareWithTrace(await cells(p, 'a'), ref.trace), [], 'the shown numbers');
  assert.deepEqual(await outputOf(p, 'a'), Array.from(ref.output.data));
  await p.close();
});

test("invalid attributes: the core's message inside the element, the last valid state stays", async () => {
  const p = await open(plain, '/one.html');
  const before = await cells(p, 'a');
  const output = await outputOf(p, 'a');
  await p.evaluate(() => document.getElementById('a').setAttribute('heads', '4'));
  const banner = p.locator('#a .lab-error');
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.textContent(), /heads = 4 does not divide dOut = 6/);
  assert.deepEqual(await cells(p, 'a'), before);
  assert.deepEqual(await outputOf(p, 'a'), output);
  assert.equal(await p.evaluate(() => document.getElementById('a').state.settings.heads), 2);

  await p.evaluate(() => document.getElementById('a').setAttribute('dropout', 'lots'));
  await p.waitForFunction(() =>
    /dropout = 'lots'/.test(
      document.getElementById('a').shadowRoot.querySelector('.lab-error').textContent,
    ),
  );
  await p.evaluate(() => {
    const a = document.getElementById('a');
    a.setAttribute('heads', '3');
    a.setAttribute('dropout', '0.1');
  });
  await banner.waitFor({ state: 'hidden' });
  assert.equal(await p.evaluate(() => document.getElementById('a').state.settings.heads), 3);

  await p.evaluate(() => document.getElementById('a').setAttribute('stage', 'nowhere'));
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.textContent(), /stage = 'nowhere'.*embeddings, qkv/);
  assert.equal(await stepOf(p, 'a'), 'softmax');
  await p.evaluate(() => document.getElementById('a').setAttribute('stage', 'attentionScores'));
  await banner.waitFor({ state: 'hidden' });
  assert.equal(await stepOf(p, 'a'), 'scores');
  assert.equal(
    await p.getAttribute('#a', 'stage'),
    'attentionScores',
    'a trace stage name is kept as written',
  );
  await p.close();

  // Invalid from the start: the message, and the defaults underneath.
  const q = await open(plain, '/invalid.html');
  assert.match(
    await q.locator('#a .lab-error').textContent(),
    /heads = 5 does not divide dOut = 6/,
  );
  assert.equal(await q.evaluate(() => document.getElementById('a').state.settings.heads), 2);
  assert.equal(await stepOf(q, 'a'), 'scores');
  assert.match(await q.locator('#b .lab-error').textContent(), /stage = 'no-such-step'/);
  assert.equal(await stepOf(q, 'b'), 'embeddings');
  await q.close();
});

// With weights="trained" the random weights' settings are not drawn, but they stay in the state:
// a refused one must not enter it, and its message is shown and sent as an event.
test('a refused value with trained weights: state keeps the last valid settings, the error is told apart', async () => {
  const p = await open(plain, '/trained.html');
  await p.evaluate(() => document.getElementById('t').ready.then(() => {}));
  const before = await p.evaluate(() => document.getElementById('t').state.settings);
  const errors = p.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .getElementById('t')
          .addEventListener('attention-lab-error', (e) => resolve(e.detail), { once: true }),
      ),
  );
  await p.evaluate(() => document.getElementById('t').setAttribute('d-out', '1e308'));
  const banner = p.locator('#t .lab-error');
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.textContent(), /dOut = 1e\+308/);
  assert.equal((await errors).option, 'dOut');
  assert.deepEqual(await p.evaluate(() => document.getElementById('t').state.settings), before);
  await p.evaluate(() => document.getElementById('t').setAttribute('d-out', '6'));
  await banner.waitFor({ state: 'hidden' });
  assert.equal(await p.evaluate(() => document.getElementById('t').state.settings.dOut), 6);
  assert.equal(await p.evaluate(() => document.getElementById('t').result.source), 'trained');
  await p.close();
});

test('layout="full" shows the page\'s controls; switching layouts keeps the state', async () => {
  const p = await open(plain, '/one.html');
  await p.locator('#a .transport button.next').click(); // → dropout
  await p.evaluate(() => document.getElementById('a').setAttribute('layout', 'full'));
  await p.locator('#a #ctl-sentence').waitFor();
  await p.waitForFunction(() => document.getElementById('a').shadowRoot.querySelector('#stage'));
  assert.equal(await p.inputValue('#a #ctl-sentence'), SENTENCE);
  assert.equal(await p.inputValue('#a #ctl-dOut'), '6');
  assert.equal(await stepOf(p, 'a'), 'dropout');
  // An invalid value typed into a control: the message next to it, the attribute keeps the valid one.
  await p.locator('#a #ctl-heads').fill('4');
  assert.match(
    await p.locator('#a #msg-heads').textContent(),
    /heads = 4 does not divide dOut = 6/,
  );
  assert.equal(await p.getAttribute('#a', 'heads'), '2');
  await p.locator('#a #ctl-heads').fill('3');
  assert.equal(await p.getAttribute('#a', 'heads'), '3');
  // The heads' layout shares the attribute with the UI layout: layout="full loop".
  await p.locator('#a #ctl-layout').selectOption('loop');
  assert.equal(await p.getAttribute('#a', 'layout'), 'full loop');
  await p.screenshot({ path: artifact('embed-element-full.png'), fullPage: true });
  await p.evaluate(() => document.getElementById('a').setAttribute('layout', 'compact loop'));
  await p.waitForFunction(
    () =>
      !document.getElementById('a').shadowRoot.querySelector('#ctl-sentence') &&
      document.getElementById('a').shadowRoot.querySelector('#stage'),
  );
  assert.equal(await stepOf(p, 'a'), 'dropout');
  assert.equal(await p.evaluate(() => document.getElementById('a').state.settings.layout), 'loop');
  await p.close();
});

test('contained and accessible: its own tooltip, no axe violations of any impact, fits 320 px', async () => {
  const p = await open(plain, '/two.html');
  // Cell (1, 1) of head 1's drawn map: its 8th number.
  const point = await cellPoint(p, '#stage .map[data-head="0"]', 1, 1, '#a');
  await p.mouse.move(point.x, point.y);
  const tip = p.locator('#a .tooltip');
  await tip.waitFor({ state: 'visible' });
  assert.equal(await p.locator('#b .tooltip').isVisible(), false);
  const [c, t] = [point.cell, await tip.boundingBox()];
  assert.ok(
    Math.abs(t.y - (c.y + c.height + 8)) < 2 || Math.abs(t.y + t.height - (c.y - 8)) < 2,
    'the tooltip sits just below or above the cell',
  );
  assert.ok(
    t.x <= c.x + c.width && t.x + t.width >= c.x,
    'the tooltip overlaps the cell horizontally',
  );
  assert.match(await p.locator('#a #readout').textContent(), /attentionWeights\[/);

  await p.addScriptTag({ path: path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js') });
  const results = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  assert.deepEqual(serious, []);
  await p.close();

  const narrow = await open(plain, '/two.html', { viewport: { width: 320, height: 640 } });
  for (const id of ['a', 'b']) {
    for (const slug of ['embeddings', 'split', 'softmax', 'output']) {
      await narrow.locator(`#${id} .step-link[data-slug="${slug}"]`).click();
      const { scroll, width } = await narrow.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: innerWidth,
      }));
      assert.ok(
        scroll <= width,
        `#${id} ${slug}: the page is ${scroll} px wide in a ${width} px viewport`,
      );
    }
  }
  await narrow.screenshot({ path: artifact('embed-element-320.png'), fullPage: true });
  await narrow.close();
});

test('the iframe embed page in a non-isolated page: compact, single-threaded, the URL holds the state', async () => {
  const p = await watchedPage(browser, problems);
  await p.goto(plain.url('/iframe.html'));
  const frame = p.frames().find((f) => f.url().includes('/embed.html'));
  assert.ok(frame, 'the iframe loaded');
  await frame.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
    timeout: 30000,
  });
  assert.equal(
    await frame.evaluate(() => crossOriginIsolated),
    false,
    'never isolated inside a non-isolated parent',
  );
  assert.equal(await frame.evaluate(() => document.documentElement.dataset.build), 'single');
  assert.equal(await frame.locator('#stage').getAttribute('data-step'), 'softmax');
  assert.equal(await frame.locator('#ctl-sentence').count(), 0, 'compact: no settings');
  const shown = await frame.$$eval('#stage [data-tensor] td[data-i]', (tds) =>
    tds.map(
      (td) => `${td.closest('[data-tensor]').dataset.tensor}[${td.dataset.i}]=${td.dataset.value}`,
    ),
  );
  assert.deepEqual(shown, singleShown, 'the same numbers as the element');
  assert.equal(
    await frame.locator('#boot-note').count(),
    0,
    'the note for a blocked script is gone',
  );
  await frame.locator('.transport button.next').click();
  await frame.waitForFunction(() => new URL(location.href).searchParams.get('step') === 'dropout');
  const full = await frame.getAttribute('#open-full', 'href');
  assert.match(full, /^\.\/\?sentence=the\+dog/);
  assert.match(full, /step=dropout/);
  await p.screenshot({ path: artifact('embed-iframe.png') });
  await p.close();
});

// sandbox="allow-scripts" without allow-same-origin gives the page the origin null, and a host
// that sends no CORS headers (as most do) has its module scripts refused there: the static page
// must then say what the iframe needs, not stay blank.
test('the iframe embed page sandboxed without allow-same-origin says what the iframe needs', async () => {
  const host = await serve({ root: path.join(ROOT, 'build', 'site'), host: '127.0.0.2' });
  const lms = await serve({
    pages: {
      '/sandboxed.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,"></head>
        <body><iframe id="embed" title="attention-lab" sandbox="allow-scripts" style="width:900px;height:700px"
        src="${host.origin}/embed.html?sentence=the+dog"></iframe></body></html>`,
    },
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  try {
    const p = await context.newPage();
    await p.goto(lms.url('/sandboxed.html'));
    const frame = p.frames().find((f) => f.url().includes('/embed.html'));
    assert.ok(frame, 'the iframe loaded');
    assert.equal(await frame.evaluate(() => self.origin), 'null');
    const note = frame.locator('#boot-note');
    await note.waitFor({ state: 'visible', timeout: 15000 });
    assert.match(await note.textContent(), /sandbox="allow-scripts allow-same-origin"/);
    assert.equal(await frame.locator('#stage').count(), 0, 'no script ran');
  } finally {
    await context.close();
    await Promise.all([host.close(), lms.close()]);
  }
});

test('weights="trained": the trained heads with their measured roles, the file from the script\'s origin', async () => {
  const p = await open(plain, '/trained.html');
  const requests = [];
  p.on('request', (r) => requests.push(r.url()));
  await p.waitForFunction(
    () => document.getElementById('t').shadowRoot.querySelectorAll('.role-caption').length > 0,
  );
  // Each head map's caption carries its head's role, the whole sentence as its tooltip.
  const labels = await p.evaluate(() =>
    [
      ...document
        .getElementById('t')
        .shadowRoot.querySelectorAll('.map[data-tensor="attentionWeights"] .role-caption'),
    ].map((el) => el.title),
  );
  const { createAttentionLab } = await import(path.join(ROOT, 'dist', 'index.mjs'));
  const model = await (await createAttentionLab()).loadWeights('trained');
  assert.deepEqual(
    labels,
    model.roles().trained.map((h) => `${h.label}, ${h.lift.toFixed(1)}× the random model`),
  );
  const run = model.explain(DOG);
  assert.deepEqual(compareWithTrace(await cells(p, 't'), run.forward.trace), []);
  // Back to the lecture's weights by attribute: no head roles, no new download.
  await p.evaluate(() => document.getElementById('t').setAttribute('weights', 'random'));
  await p.waitForFunction(
    () => document.getElementById('t').shadowRoot.querySelectorAll('.role-caption').length === 0,
  );
  assert.deepEqual(
    requests.filter((u) => u.endsWith('.atlm')),
    [],
  );
  await p.close();
});

test('a browser without WebAssembly SIMD gets a message inside the element, not a blank box', async () => {
  const p = await watchedPage(browser, []);
  await p.addInitScript(() => {
    WebAssembly.validate = () => false;
  });
  await p.goto(plain.url('/one.html'));
  const message = p.locator('#a .panel-message.error');
  await message.waitFor({ timeout: 20000 });
  assert.match(await message.textContent(), /does not support WebAssembly SIMD/);
  assert.equal(await p.evaluate(() => document.getElementById('a').build), null);
  await p.close();
});

test('examples/browser/index.html works as plain files', async () => {
  const repo = await serve({ root: ROOT });
  try {
    const p = await watchedPage(browser, problems);
    await p.goto(repo.url('/examples/browser/index.html'));
    await p.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, {
      timeout: 30000,
    });
    const first = await p.evaluate(() =>
      JSON.parse(document.querySelector('#output').dataset.first),
    );
    assert.ok(
      Math.abs(first[0] - 0.319) < 1e-3 && Math.abs(first[1] - 0.4858) < 1e-3,
      `first row ${first}`,
    );
    await p.waitForFunction(() => document.querySelector('attention-lab')?.build);
    await p.close();
  } finally {
    await repo.close();
  }
});

test('no console errors, page errors or failed requests', () => {
  assert.deepEqual(problems, []);
});
