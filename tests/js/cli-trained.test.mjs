// The command line with the trained weights (its main(), run in-process by cli-in-process.mjs):
// `explain "…" --weights trained` prints the trained block's numbers, each head's measured role and
// the top-5 next tokens, all equal to the API's; `heads --json` prints every head's role shares,
// trained and random, as the weights file records them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createAttentionLab } from '../../dist/index.mjs';
import { PLAIN, formatNumber, percent, trainedTokenLabel } from '../../dist/present.mjs';
import { cliInProcess } from './cli-in-process.mjs';

const DOG = 'the dog chased the ball but it could not catch it';
const lab = await createAttentionLab();
const model = await lab.loadWeights('trained');

const cli = cliInProcess();
after(() => cli.close());
const run = (args) => cli.run(args);

test('explain --weights trained: the roles, the trained numbers and the next tokens', async () => {
  const { code, stdout, stderr } = await run(['explain', DOG, '--weights', 'trained']);
  assert.equal(code, 0, stderr);
  const api = model.explain(DOG);
  for (const head of model.roles().trained) assert.ok(stdout.includes(head.label), head.label);
  assert.match(stdout, /held-out loss \d+\.\d{3}\s+nats\/token/);
  assert.match(stdout, /mode {6}eval: no dropout/);
  // The first query's attention weights: 1 on itself in every head (the causal mask), and the
  // output's first number as the API computes it.
  const output = api.forward.trace.output.data;
  assert.ok(stdout.includes(formatNumber(output[0], 4, PLAIN)));
  // The top-5 after "catch", in the API's order with its percentages.
  const t = api.tokens.findIndex((tok) => tok.text === ' catch');
  const line = stdout.split('\n').find((l) => l.trimStart().startsWith('catch') && l.includes('→'));
  assert.ok(line, stdout);
  const expected = api.next[t]
    .map((n) => `${trainedTokenLabel(n)} ${percent(n.probability)}`)
    .join(' | ');
  assert.ok(line.includes(expected.slice(0, 40)), `${line}\nexpected ${expected}`);
});

test('explain --weights trained --stage attentionWeights prints that stage only', async () => {
  const { code, stdout } = await run([
    'explain',
    DOG,
    '--weights',
    'trained',
    '--stage',
    'attentionWeights',
  ]);
  assert.equal(code, 0);
  assert.match(stdout, /attentionWeights \(B=1, h=\d+, T=\d+, T=\d+\)/);
  assert.doesNotMatch(stdout, /next tokens/);
});

test('the architecture flags are refused with the trained weights, not ignored', async () => {
  const { code, stderr } = await run(['explain', DOG, '--weights', 'trained', '--heads', '3']);
  assert.equal(code, 2);
  assert.match(stderr, /--heads: the architecture and weight options apply to the random weights/);
  const long = await run(['explain', Array(70).fill('dog').join(' '), '--weights', 'trained']);
  assert.equal(long.code, 1);
  assert.match(long.stderr, /the trained model reads at most 64 .*\[option: sentence\]/);
  const bad = await run(['explain', DOG, '--weights', 'gpt2']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--weights 'gpt2': allowed are random, trained/);
});

test('heads --json: every head × role share, trained and random, as the file records them', async () => {
  const { code, stdout, stderr } = await run(['heads', '--weights', 'trained', '--json']);
  assert.equal(code, 0, stderr);
  const json = JSON.parse(stdout);
  const roles = model.roles();
  const names = roles.roles.map((r) => r.name);
  const rows = (heads) =>
    heads.flatMap((head) =>
      names.map((role) => ({ head: head.head, role, share: head.shares[role] })),
    );
  assert.deepEqual(json.trained, rows(roles.trained));
  assert.deepEqual(json.random, rows(roles.random));
  assert.equal(json.trained.length, model.info.heads * names.length);
  assert.deepEqual(
    json.labels.map((l) => l.label),
    roles.trained.map((h) => h.label),
  );
});

test('heads (text) and its help', async () => {
  const text = await run(['heads']);
  assert.equal(text.code, 0, text.stderr);
  for (const head of model.roles().trained) assert.ok(text.stdout.includes(head.label));
  const help = await run(['heads', '--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Usage: attention-lab heads/);
  assert.match((await await run(['--help'])).stdout, /attention-lab heads/);
  assert.equal((await await run(['heads', 'extra'])).code, 2);
});
