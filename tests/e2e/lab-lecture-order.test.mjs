// Lab 1, "From no weights to multi-head": ?lab=lecture-order shows the six classes in the lecture's
// order, each with the numbers the notebook printed to 4 decimals (PyTorch's, from the fixtures,
// and the literal values docs/NOTEBOOK.md quotes) and equal to the API's; axe finds nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ROOT, nodeLab, pageSuite, axeViolations, withSetup } from './helpers.mjs';
import fs from 'node:fs';

const suite = pageSuite();
const { newPage, problems } = suite;

const SENTENCE = 'Your journey starts with one step';

/**
 * The tensors PyTorch printed, from a fixture of tests/fixtures (format: tests/support/fixture.hpp;
 * only its `tensor <name> <ndim> <dims…>` records and their value lines are read here).
 */
function fixture(name) {
  const lines = fs
    .readFileSync(path.join(ROOT, 'tests', 'fixtures', `${name}.txt`), 'utf8')
    .split('\n');
  const tensors = {};
  lines.forEach((line, i) => {
    const [kind, tensor, ndim, ...dims] = line.trim().split(/\s+/);
    if (kind !== 'tensor') return;
    assert.equal(dims.length, Number(ndim), `${name}: ${tensor}`);
    tensors[tensor] = {
      shape: dims.map(Number),
      data: lines[i + 1].trim().split(/\s+/).map(Number),
    };
  });
  return tensors;
}

/** Rows `rows` of the first (…, T, cols) matrix of a tensor, as arrays. */
function rowsOf({ shape, data }, rows) {
  const cols = shape.at(-1);
  return rows.map((r) => Array.from(data.slice(r * cols, (r + 1) * cols)));
}
const ALL = [0, 1, 2, 3, 4, 5];

// Each table of the lab: the API call that computes it, and PyTorch's printed tensor.
const TABLES = {
  'simplified.scoresOfJourney': [
    { module: 'simplified' },
    'attentionScores',
    [1],
    fixture('notebook/notebook_simplified').attentionScores,
  ],
  'simplified.sumNormalisedOfJourney': [
    { module: 'simplified' },
    'sumNormalisedWeights',
    [1],
    fixture('notebook/notebook_simplified').sumNormalisedWeights,
  ],
  'simplified.weightsOfJourney': [
    { module: 'simplified' },
    'attentionWeights',
    [1],
    fixture('notebook/notebook_simplified').attentionWeights,
  ],
  'simplified.context': [
    { module: 'simplified' },
    'output',
    ALL,
    fixture('notebook/notebook_simplified').output,
  ],
  'sa_v1.context': [
    { module: 'sa_v1', dOut: 2, seed: 123 },
    'output',
    ALL,
    fixture('notebook/notebook_sa_v1').output,
  ],
  'sa_v2.weights': [
    { module: 'sa_v2', dOut: 2, seed: 789 },
    'attentionWeights',
    ALL,
    fixture('notebook/notebook_sa_v2').attentionWeights,
  ],
  'sa_v2.context': [
    { module: 'sa_v2', dOut: 2, seed: 789 },
    'output',
    ALL,
    fixture('notebook/notebook_sa_v2').output,
  ],
  'causal.weights': [
    { module: 'causal', dOut: 2, seed: 789 },
    'attentionWeights',
    ALL,
    fixture('notebook/notebook_causal').attentionWeights,
  ],
  'causal.context': [
    { module: 'causal', dOut: 2, seed: 123, batch: 2 },
    'output',
    ALL,
    fixture('lecture_causal').output,
  ],
  'wrapper.context': [
    { module: 'wrapper', dOut: 2, heads: 2, seed: 123, batch: 2 },
    'output',
    ALL,
    fixture('lecture_wrapper').output,
  ],
  'mha.context': [
    { module: 'mha', dOut: 2, heads: 2, seed: 123, batch: 2 },
    'output',
    ALL,
    fixture('lecture_mha').output,
  ],
};

// The values docs/NOTEBOOK.md quotes from the notebook's printouts.
const QUOTED = {
  'simplified.scoresOfJourney': [[0.9544, 1.495, 1.4754, 0.8434, 0.707, 1.0865]],
  'simplified.sumNormalisedOfJourney': [[0.1455, 0.2278, 0.2249, 0.1285, 0.1077, 0.1656]],
  'simplified.weightsOfJourney': [[0.1385, 0.2379, 0.2333, 0.124, 0.1082, 0.1581]],
  'sa_v1.context': [
    [0.2996, 0.8053],
    [0.3061, 0.821],
  ],
  'sa_v2.context': [[-0.0739, 0.0713]],
  'wrapper.context': [[-0.4519, 0.2216, 0.4772, 0.1063]],
  'mha.context': [[0.319, 0.4858]],
};

const shown = (page) =>
  page.$$eval('#lab-panel table[data-numbers]', (tables) =>
    Object.fromEntries(
      tables.map((t) => [
        t.dataset.numbers,
        [...t.querySelectorAll('tbody tr')].map((tr) =>
          [...tr.querySelectorAll('td')].map((td) => ({
            text: td.textContent,
            value: Number(td.dataset.value),
          })),
        ),
      ]),
    ),
  );
const asNumber = (text) => Number(text.replace('\u2212', '-'));

test('?lab=lecture-order shows the notebook’s printed numbers to 4 decimals, equal to the API’s', async () => {
  const page = await newPage(withSetup('notebook', '?lab=lecture-order'));
  await page.locator('#lab-panel[data-lab="lecture-order"]').waitFor();
  const modules = await page.$$eval('#lab-panel .lab-class', (s) => s.map((e) => e.dataset.module));
  assert.deepEqual(
    modules,
    ['simplified', 'sa_v1', 'sa_v2', 'causal', 'wrapper', 'mha'],
    "the lecture's order",
  );
  const changed = await page.$$eval('#lab-panel .lab-changed', (ps) =>
    ps.map((p) => p.textContent),
  );
  assert.equal(changed.length, 6, 'one "what changed" line per class');

  const tables = await shown(page);
  assert.deepEqual(Object.keys(tables).sort(), Object.keys(TABLES).sort());
  const lab = await nodeLab();
  for (const [name, [options, stage, rows, printed]] of Object.entries(TABLES)) {
    const batch = options.batch ?? 1;
    const { inputs } = lab.embed(SENTENCE, { dIn: 3, batch });
    const result = lab.forward({ inputs, dIn: 3, ...options });
    const api = rowsOf(stage === 'output' ? result.output : result.trace[stage], rows);
    const torch = rowsOf(printed, rows);
    const cells = tables[name];
    assert.equal(cells.length, rows.length, `${name}: rows`);
    cells.forEach((row, r) =>
      row.forEach(({ text, value }, c) => {
        assert.equal(value, api[r][c], `${name}[${r}][${c}]: the API's number`);
        assert.equal(
          asNumber(text).toFixed(4),
          torch[r][c].toFixed(4),
          `${name}[${r}][${c}]: PyTorch printed ${torch[r][c]}`,
        );
      }),
    );
    for (const [r, quoted] of (QUOTED[name] ?? []).entries())
      quoted.forEach((v, c) =>
        assert.equal(
          asNumber(cells[r][c].text),
          v,
          `${name}[${r}][${c}]: the notebook printed ${v}`,
        ),
      );
  }
  await page.close();
});

test('axe-core finds no violations in lab 1', async () => {
  const page = await newPage(withSetup('notebook', '?lab=lecture-order'), { bypassCSP: true });
  assert.deepEqual(await axeViolations(page, '#lab-panel'), []);
  await page.close();
});

test('no console errors, page errors or dialogs', () => {
  assert.deepEqual(problems, []);
});
