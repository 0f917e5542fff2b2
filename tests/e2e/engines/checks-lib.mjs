// The library and the embeddings, for any engine (driver.mjs): the build the loader picks (relaxed
// SIMD or SIMD128, threads or one) reported and checked against what the engine offers; a seeded
// forward pass in training mode and a short training run give exactly Node's bits; asking for two
// threads where they cannot run names the missing feature; the <attention-lab> element under a
// strict Content-Security-Policy, and the iframe embed page on a course page on another origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { referenceForward, referenceTrace, compareCells } from '../helpers.mjs';
import { train } from '../../../dist/index.mjs';
import { kebabCase } from '../../../web/lib/setting-text.mjs';
import { SETTINGS, query, shownErrors, pageReady, bits } from './context.mjs';

// A short seeded training run, small enough for one thread of any engine.
const TRAINING = {
  text: 'The dog saw the ball. It ran to it, and the cat watched. '.repeat(30),
  steps: 3,
  batch: 2,
  width: 8,
  heads: 2,
  context: 8,
};

/** The course pages (tests/embed's, with this file's settings): the element under a strict CSP, an iframe. */
export function coursePages({ cdn, site }) {
  const attributes = Object.entries(SETTINGS)
    .map(([name, value]) => `${kebabCase(name)}="${value}"`)
    .join(' ');
  // Exactly what docs/EMBEDDING.md says the element needs, and nothing more.
  const csp =
    `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; connect-src ${cdn.origin}; ` +
    "worker-src blob:; style-src 'self'; img-src data:";
  const head = '<meta charset="utf-8"><title>course page</title><link rel="icon" href="data:,">';
  return {
    '/csp.html': `<!doctype html><html lang="en"><head>${head}
      <meta http-equiv="Content-Security-Policy" content="${csp}">
      <script type="module" src="${cdn.origin}/attention-lab.js"></script></head>
      <body><attention-lab id="a" ${attributes} stage="softmax"></attention-lab></body></html>`,
    '/iframe.html': `<!doctype html><html lang="en"><head>${head}</head><body>
      <iframe title="attention-lab" style="width:900px;height:800px"
      src="${site.origin}/embed.html${query(SETTINGS, { step: 'softmax' })}"></iframe></body></html>`,
  };
}

// In the page: the build createAttentionLab picks, the bits of a seeded training-mode forward pass,
// and the bytes of a short training run.
async function inPage(settings, training) {
  const { createAttentionLab, train } = await import(new URL('lib/index.mjs', location.href).href);
  const lab = await createAttentionLab();
  const { dIn, seed, batch } = settings;
  const { inputs } = lab.embed(settings.sentence, { dIn, seed, batch });
  const { sentence, weights, ...options } = settings;
  const result = lab.forward({ ...options, inputs, trace: true });
  const asBits = (a) => Array.from(new Uint32Array(Float32Array.from(a).buffer));
  const trace = Object.fromEntries(
    Object.entries(result.trace).map(([k, t]) => [k, asBits(t.data)]),
  );
  const trained = await train(training);
  return {
    build: lab.build,
    relaxedSimd: lab.relaxedSimd,
    isolated: globalThis.crossOriginIsolated,
    cores: navigator.hardwareConcurrency,
    output: asBits(result.output.data),
    trace,
    file: Array.from(trained.file),
  };
}

// In the page: two threads asked for: the build, or the refusal's message.
async function twoThreads() {
  const { createAttentionLab } = await import(new URL('lib/index.mjs', location.href).href);
  try {
    return { build: (await createAttentionLab({ threads: 2 })).build };
  } catch (e) {
    return { error: `${e.name} (${e.option}): ${e.message}` };
  }
}

/**
 * Registers the library and embedding checks for the engine of `ctx`; `threads`: whether the
 * engine runs the threaded build on a cross-origin-isolated page, `relaxedSimd`: whether it
 * validates relaxed SIMD.
 */
export function libChecks(ctx, { threads, relaxedSimd }) {
  const { engine } = ctx;
  const settings = { ...SETTINGS, training: true };
  const isolatedBuild = (cores) => (threads && cores > 1 ? 'threads' : 'single');

  test(`${engine}: the build it picks, and a seeded pass and a training run with Node's exact bits`, async (t) => {
    const page = await ctx.open(`${ctx.isolated.url}embed.html`);
    const got = await page.evaluate(inPage, settings, TRAINING);
    t.diagnostic(
      `${engine} ${ctx.browser.version}: isolated page: build ${got.build}, relaxed SIMD ` +
        `${got.relaxedSimd} (${got.cores} cores)`,
    );
    assert.equal(got.isolated, true);
    assert.equal(got.build, isolatedBuild(got.cores));
    assert.equal(got.relaxedSimd, relaxedSimd);
    const node = await referenceForward(settings);
    assert.deepEqual(got.output, bits(node.output.data), 'output');
    for (const [stage, tensor] of Object.entries(node.trace))
      assert.deepEqual(got.trace[stage], bits(tensor.data), stage);
    // Sorted: WebKit's WebDriver hands objects back with their keys in another order.
    assert.deepEqual(Object.keys(got.trace).sort(), Object.keys(node.trace).sort());
    const nodeFile = (await train(TRAINING)).file;
    assert.equal(got.file.length, nodeFile.length);
    assert.ok(
      got.file.every((b, i) => b === nodeFile[i]),
      'the weights file differs from Node',
    );
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: two threads asked for: the threaded build, or a message naming what is missing`, async () => {
    const page = await ctx.open(`${ctx.isolated.url}embed.html`);
    const got = await page.evaluate(twoThreads);
    if (threads) assert.deepEqual(got, { build: 'threads' });
    else {
      assert.match(got.error, /^AttentionLabError \(threads\): threads = 2: .*SharedArrayBuffer/);
      assert.doesNotMatch(got.error, /not cross-origin isolated/);
    }
    await page.close();
  });

  test(`${engine}: the element under a strict Content-Security-Policy, script from another origin`, async () => {
    const page = await ctx.open(ctx.course.url('/csp.html'));
    await page.waitFor(() => document.getElementById('a')?.build);
    const got = await page.evaluate(() => {
      const el = document.getElementById('a');
      return {
        build: el.build,
        cores: navigator.hardwareConcurrency,
        output: Array.from(new Uint32Array(Float32Array.from(el.result.output.data).buffer)),
        step: el.shadowRoot.querySelector('#stage').dataset.step,
      };
    });
    assert.equal(got.build, isolatedBuild(got.cores));
    assert.equal(got.step, 'softmax');
    assert.deepEqual(got.output, bits((await referenceForward(SETTINGS)).output.data));
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test(`${engine}: the iframe embed page on a course page of another origin: one thread, the API's numbers`, async () => {
    const page = await ctx.open(ctx.lms.url('/iframe.html'));
    await page.enterFrame();
    await page.waitFor(pageReady);
    const got = await page.evaluate(() => ({
      isolated: globalThis.crossOriginIsolated,
      build: document.documentElement.dataset.build,
      step: document.querySelector('#stage').dataset.step,
      cells: [...document.querySelectorAll('#stage [data-tensor] td[data-i]')].map((td) => ({
        stage: td.closest('[data-tensor]').dataset.tensor,
        i: Number(td.dataset.i),
        value: td.dataset.value,
      })),
    }));
    const errors = await page.evaluate(shownErrors);
    await page.leaveFrame();
    assert.deepEqual(
      { ...got, cells: got.cells.length > 0 },
      {
        isolated: false,
        build: 'single',
        step: 'softmax',
        cells: true,
      },
    );
    assert.deepEqual(compareCells(got.cells, await referenceTrace(SETTINGS), 0), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}
