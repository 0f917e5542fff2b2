// The element's own tensors: `inputs`, `weights` and `tokens` set by the page draw exactly what
// lab.forward({ inputs, weights, … }) computes in Node for those tensors, for each of the lecture's
// three classes; bad values show the API's message in the element and keep the last valid state.
// One browser, one page.
// Needs: bash scripts/build.sh dist
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serve, launch, watchedPage, checkDist, nodeLab, ROOT } from './helpers.mjs';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>own tensors</title><link rel="icon" href="data:,">
<script type="module" src="/attention-lab.js"></script></head>
<body><attention-lab id="a" stage="softmax" heads="2"></attention-lab></body></html>`;

let server;
let browser;
let page;
let lab;
const problems = [];

before(async () => {
  checkDist();
  lab = await nodeLab();
  server = await serve({ root: path.join(ROOT, 'dist'), pages: { '/own.html': PAGE } });
  browser = await launch();
  page = await watchedPage(browser, problems);
  await page.goto(server.url('/own.html'));
  await page.waitForFunction(() => document.querySelector('#a').result, null, { timeout: 60000 });
});

after(async () => {
  await page?.close();
  await browser?.close();
  await server?.close();
});

// Numbers that are not a seed's: (B, T, d_in) = (2, 4, 3) and a module's parameters.
const numbers = (n, k) => Array.from({ length: n }, (_, i) => Math.sin(1.7 * i + k) * 0.6);
const X = [0, 1].map((b) => [0, 1, 2, 3].map((t) => numbers(3, 10 * b + 3 * t)));
const linear = (rows, cols, k) => numbers(rows * cols, k);
const STATE_DICTS = {
  mha: {
    'W_query.weight': linear(4, 3, 1),
    'W_key.weight': linear(4, 3, 2),
    'W_value.weight': linear(4, 3, 3),
    'out_proj.weight': linear(4, 4, 4),
    'out_proj.bias': numbers(4, 5),
  },
  wrapper: Object.fromEntries(
    [0, 1, 2].flatMap((i) =>
      ['W_query', 'W_key', 'W_value'].flatMap((w, j) => [
        [`heads.${i}.${w}.weight`, linear(2, 3, 10 * i + j)],
        [`heads.${i}.${w}.bias`, numbers(2, 7 * i + j)],
      ]),
    ),
  ),
  causal: {
    'W_query.weight': linear(2, 3, 21),
    'W_key.weight': linear(2, 3, 22),
    'W_value.weight': linear(2, 3, 23),
  },
};

// Sets the properties in one turn and waits for the element's answer.
const setOwn = (own) =>
  page.evaluate((own) => {
    const el = document.querySelector('#a');
    return new Promise((resolve) => {
      const done = (type) => (event) => {
        el.removeEventListener('attention-lab-change', onChange);
        el.removeEventListener('attention-lab-error', onError);
        resolve({ type, message: event.detail.message ?? '' });
      };
      const onChange = done('change');
      const onError = done('error');
      el.addEventListener('attention-lab-change', onChange);
      el.addEventListener('attention-lab-error', onError);
      setTimeout(() => resolve({ type: 'no answer within 10 s', message: '' }), 10_000);
      Object.assign(el, own);
    });
  }, own);

const shown = () =>
  page.evaluate(() => {
    const el = document.querySelector('#a');
    const { result, shadowRoot } = el;
    return {
      source: result.source,
      settings: result.settings,
      tokens: result.tokens.map((t) => t.text),
      output: Array.from(result.output.data),
      weights: Array.from(result.trace.attentionWeights.data),
      strip: [...shadowRoot.querySelectorAll('ol.tokens .tok')].map((n) => n.textContent),
      error: shadowRoot.querySelector('.own-error')?.textContent ?? null,
    };
  });

for (const [module, weights] of Object.entries(STATE_DICTS)) {
  test(`${module}: the element draws lab.forward's numbers for the page's own inputs and weights`, async () => {
    const tokens = ['Your', 'journey', 'starts', 'here'];
    assert.equal((await setOwn({ inputs: X, weights, tokens })).type, 'change');
    const got = await shown();
    const heads = module === 'mha' ? 2 : module === 'wrapper' ? 3 : 1;
    const expected = lab.forward({
      inputs: X.flat(2),
      weights,
      module,
      heads,
      dIn: 3,
      batch: 2,
      dOut: module === 'mha' ? 4 : 2,
      qkvBias: module === 'wrapper',
    });
    assert.equal(got.source, 'own');
    assert.deepEqual(got.tokens, tokens);
    assert.deepEqual(got.strip, tokens);
    assert.equal(got.settings.module, module);
    assert.deepEqual(got.output, Array.from(expected.output.data), 'output, bit for bit');
    assert.deepEqual(got.weights, Array.from(expected.trace.attentionWeights.data));
    assert.equal(got.error, null);
  });
}

test('inputs as { data, shape } alone: the seeded weights of the attributes on the own rows', async () => {
  const data = X.flat(2);
  await setOwn({ weights: null, tokens: null, inputs: { data, shape: [2, 4, 3] } });
  const got = await shown();
  const expected = lab.forward({ inputs: data, dIn: 3, batch: 2, dOut: 6, heads: 2, seed: 123 });
  assert.deepEqual(got.output, Array.from(expected.output.data));
  assert.deepEqual(got.tokens, ['t1', 't2', 't3', 't4'], 'rows without labels are numbered');
});

test("weights alone: the sentence's embeddings at the d-in attribute, through the page's module", async () => {
  await page.evaluate(() => document.querySelector('#a').setAttribute('d-in', '3'));
  const weights = STATE_DICTS.causal;
  assert.equal((await setOwn({ inputs: null, tokens: null, weights })).type, 'change');
  const got = await shown();
  const { inputs, tokens } = lab.embed(got.settings.sentence, { dIn: 3, seed: 123, batch: 2 });
  const expected = lab.forward({ inputs, weights, module: 'causal', dIn: 3, dOut: 2, batch: 2 });
  assert.equal(got.source, 'seeded');
  assert.deepEqual(
    got.tokens,
    tokens.map((t) => t.text),
  );
  assert.deepEqual(got.output, Array.from(expected.output.data));
});

test("bad tensors show the API's message in the element and keep the last valid state", async () => {
  const before = await shown();
  const cases = [
    [{ inputs: [[[1, 2, 3]], [[1, 2]]] }, /inputs\[1\]\[0\] must hold d_in = 3 numbers/],
    [{ inputs: X, weights: { ...STATE_DICTS.causal, 'W_key.weight': [1, 2] } }, /W_key\.weight/],
    [
      { weights: { ...STATE_DICTS.causal, 'W_value.weight': linear(2, 3, 1).fill(NaN) } },
      /finite|NaN/,
    ],
    [{ weights: { nonsense: [1] } }, /CausalAttention .*MultiHeadAttention/],
    [{ weights: null, tokens: ['a', 'b'] }, /tokens must be T = 4 labels/],
  ];
  for (const [own, message] of cases) {
    const answer = await setOwn({ inputs: X, weights: STATE_DICTS.causal, tokens: null, ...own });
    assert.equal(answer.type, 'error', `${JSON.stringify(own).slice(0, 80)} is refused`);
    assert.match(answer.message, message);
    const now = await shown();
    assert.match(now.error, message, 'the message is shown in the element');
    assert.deepEqual(now.output, before.output, 'the last valid numbers stay drawn');
  }
  assert.deepEqual(problems, [], 'no page errors');
});
