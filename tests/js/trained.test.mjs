// The trained weights through the API: lab.loadWeights('trained') reads the shipped file once per
// lab; explain() gives the sentence's tokens, the block's inputs, the forward pass of the trained
// block and the top-5 next tokens; roles() the heads' measured shares; bad input is refused by name.
// Also the done-when, read from the shipped file's facts: the held-out loss beats the
// bigram baseline, and two heads have different roles, each at least twice the random model's.
// Runs on the built package: `bash scripts/build.sh dist && node --test tests/js/trained.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  createAttentionLab,
  AttentionLabError,
  NEXT_TOKENS,
  WEIGHTS,
  roleLabel,
} from '../../dist/index.mjs';
import { refused } from './support.mjs';

const FILE = new URL(`../../dist/${WEIGHTS.trained}`, import.meta.url);
const DOG = 'the dog chased the ball but it could not catch it';
const lab = await createAttentionLab();
const model = await lab.loadWeights('trained');

test('the file is read once per lab; its sizes are the trained block', async () => {
  assert.equal(await lab.loadWeights('trained'), model);
  assert.equal(await lab.loadWeights(), model);
  const { vocabulary, width, heads, context, facts } = model.info;
  assert.equal(width % heads, 0);
  assert.equal(Number(facts['tokens.heldout']) > 100000, true);
  const state = model.stateDict();
  assert.deepEqual(Object.keys(state).sort(), [
    'W_key.weight',
    'W_query.weight',
    'W_value.weight',
    'out_proj.bias',
    'out_proj.weight',
  ]);
  assert.deepEqual(state['W_query.weight'].shape, [width, width]);
  assert.ok(vocabulary > 1000 && context >= 32);
});

test('explain(): tokens, the inputs, the trained forward pass and the next tokens', () => {
  const run = model.explain(DOG);
  const T = run.tokens.length;
  const { width: d, heads: h, vocabulary } = model.info;
  assert.deepEqual(
    run.tokens.map((t) => [t.id, t.text]),
    lab.tokenize(DOG).map((t) => [t.id, t.text]),
  );
  for (const t of run.tokens) {
    assert.equal(t.shared, t.modelId === vocabulary - 1);
    assert.ok(t.modelId >= 0 && t.modelId < vocabulary);
  }
  // The corpus's most frequent words have ids of their own.
  for (const word of [' the', ' dog', ' it', ' could', ' not'])
    assert.equal(run.tokens.find((t) => t.text === word)?.shared, false, word);
  assert.deepEqual(run.inputs.shape, [1, T, d]);
  assert.deepEqual(Array.from(run.forward.trace.inputs.data), Array.from(run.inputs.data));
  // The forward pass is lab.forward()'s with the block's weights and options, in evaluation mode.
  const again = lab.forward({
    ...run.options,
    inputs: run.inputs.data,
    weights: model.stateDict(),
  });
  assert.deepEqual(Array.from(again.output.data), Array.from(run.forward.output.data));
  const weights = run.forward.trace.attentionWeights;
  assert.deepEqual(weights.shape, [1, h, T, T]);
  for (let r = 0; r < h * T; ++r) {
    const t = r % T;
    const row = weights.data.subarray(r * T, (r + 1) * T);
    assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-5);
    for (let k = t + 1; k < T; ++k) assert.equal(row[k], 0); // the causal mask
  }
  assert.equal(run.next.length, T);
  for (const row of run.next) {
    assert.equal(row.length, NEXT_TOKENS);
    let total = 0;
    for (let k = 0; k < row.length; ++k) {
      const n = row[k];
      assert.ok(n.probability > 0 && n.probability <= 1);
      if (k > 0) assert.ok(n.probability <= row[k - 1].probability);
      assert.equal(n.shared, n.modelId === vocabulary - 1);
      assert.equal(n.id === -1, n.shared);
      total += n.probability;
    }
    assert.ok(total <= 1 + 1e-9);
  }
  // A trained model is sure of some next tokens, where a random one spreads about 1/V over all.
  const best = run.next.map((row) => row[0].probability);
  assert.ok(Math.max(...best) > 0.2, `most probable next tokens: ${best}`);
});

test('a rare token shares the last id; the sentence must fit the context', async () => {
  const rare = model.explain('Zyzzyva quokkas');
  assert.ok(rare.tokens.some((t) => t.shared && t.modelId === model.info.vocabulary - 1));
  const long = Array.from({ length: model.info.context + 1 }, () => 'dog').join(' ');
  assert.throws(
    () => model.explain(long),
    (e) =>
      e instanceof AttentionLabError &&
      e.option === 'sentence' &&
      /65 tokens; the trained model reads at most 64/.test(e.message),
  );
  assert.throws(() => model.explain('   '), { option: 'sentence' });
  assert.throws(() => model.explain(42), { option: 'sentence' });
});

test('roles(): every head measured, labelled by its largest lift over the random model', () => {
  const roles = model.roles();
  const names = roles.roles.map((r) => r.name);
  assert.deepEqual(names.slice(0, 4), ['previous', 'first', 'self', 'punctuation']);
  assert.equal(roles.trained.length, model.info.heads);
  assert.equal(roles.random.length, model.info.heads);
  const randomMean = (name) =>
    roles.random.reduce((a, head) => a + head.shares[name], 0) / roles.random.length;
  roles.trained.forEach((head, i) => {
    assert.equal(head.head, i + 1);
    for (const name of names) assert.ok(head.shares[name] >= 0 && head.shares[name] <= 1);
    const lifts = names.map((name) => head.shares[name] / randomMean(name));
    const best = names[lifts.indexOf(Math.max(...lifts))];
    assert.equal(head.role, best);
    assert.equal(head.share, head.shares[best]);
    assert.ok(Math.abs(head.lift - Math.max(...lifts)) < 1e-9);
    assert.equal(head.label, roleLabel(head.head, head.share, head.description));
    assert.match(head.label, /^head \d+: \d+ % of its weight on /);
  });
});

test("the shipped file meets the issue's done-when (from its facts)", () => {
  const facts = model.info.facts;
  assert.ok(Number(facts['loss.heldout']) < Number(facts['loss.bigram']), JSON.stringify(facts));
  const roles = model.roles();
  const strong = roles.trained.filter((head) => head.lift >= 2);
  const kinds = new Set(strong.map((head) => head.role));
  assert.ok(kinds.size >= 2, JSON.stringify(roles.trained.map((h) => [h.role, h.lift])));
});

test('the bytes of a file load too; a damaged or unknown file is refused by name', async () => {
  const bytes = new Uint8Array(fs.readFileSync(FILE));
  const fromBytes = await lab.loadWeights(bytes);
  assert.notEqual(fromBytes, model);
  assert.deepEqual(fromBytes.roles(), model.roles());
  fromBytes.dispose();
  assert.throws(() => fromBytes.explain(DOG), { option: 'weights' });

  const damaged = bytes.slice();
  damaged[damaged.length >> 1] ^= 0x10;
  await refused(lab.loadWeights(damaged), 'weightsFile', /CRC-32 does not match/);
  await refused(lab.loadWeights(bytes.slice(0, 1000)), 'weightsFile', /truncated/);
  await refused(lab.loadWeights(new Uint8Array(64)), 'weightsFile', /ATLM/);
  await refused(lab.loadWeights('gpt2'), 'weights', /unknown weights 'gpt2'.*'trained'/);
  await refused(lab.loadWeights(42), 'weights', /unknown weights number/);
});

test('a disposed model is read again by the next loadWeights()', async () => {
  const other = await createAttentionLab();
  const first = await other.loadWeights('trained');
  first.dispose();
  const second = await other.loadWeights('trained');
  assert.notEqual(second, first);
  assert.deepEqual(second.explain(DOG).next[0], model.explain(DOG).next[0]);
  second.dispose();
});
