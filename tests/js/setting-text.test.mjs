// The one text ⇄ value codec of settings (web/lib/setting-text.mjs), shared by the page's URL, the
// element's attributes and the command line's flags.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kebabCase, readText, readLenient, writeText } from '../../web/lib/setting-text.mjs';
import { OPTIONS } from '../../web/lib/contract.mjs';
import { flagOf } from '../../web/lib/cli/flags.mjs';

test('kebab-case names: one conversion for flags and attributes', () => {
  assert.equal(kebabCase('dOut'), 'd-out');
  assert.equal(kebabCase('qkvBias'), 'qkv-bias');
  assert.equal(kebabCase('maxFlops'), 'max-flops');
  assert.equal(kebabCase('heads'), 'heads');
  for (const { name } of OPTIONS) assert.equal(flagOf(name), `--${kebabCase(name)}`);
});

test('text read as each contract type, and what it must be when it does not read', () => {
  const integer = { type: 'integer' };
  assert.deepEqual(readText(integer, ' 4 '), { value: 4 });
  assert.deepEqual(readText(integer, 'two'), { error: 'must be a whole number', empty: false });
  assert.deepEqual(readText(integer, ' '), { error: 'must be a whole number', empty: true });
  assert.deepEqual(readText({ type: 'number' }, '0.25'), { value: 0.25 });
  assert.deepEqual(readText({ type: 'number' }, 'x'), { error: 'must be a number', empty: false });
  for (const word of ['true', 'ON', '1', 'yes'])
    assert.deepEqual(readText({ type: 'boolean' }, word), { value: true });
  for (const word of ['false', 'Off', '0', 'no'])
    assert.deepEqual(readText({ type: 'boolean' }, word), { value: false });
  assert.match(readText({ type: 'boolean' }, 'maybe').error, /^must be one of true, 1/);
  const choice = { type: 'choice', choices: ['causal', 'mha'] };
  assert.deepEqual(readText(choice, 'mha'), { value: 'mha' });
  assert.deepEqual(readText(choice, 'MHA'), { error: 'allowed are causal, mha' });
  assert.deepEqual(readText({ type: 'text' }, ''), { error: 'needs a value', empty: true });
});

test('the page and element keep unreadable text for the core to name, and write what they read', () => {
  assert.equal(readLenient({ type: 'integer' }, 'two'), 'two');
  assert.equal(readLenient({ type: 'integer' }, '  '), '');
  assert.equal(readLenient({ type: 'boolean' }, 'maybe'), 'maybe');
  assert.equal(readLenient({ type: 'choice', choices: ['a'] }, 'b'), 'b');
  for (const { spec, value } of [
    { spec: { type: 'integer' }, value: 12 },
    { spec: { type: 'number' }, value: 0.1 },
    { spec: { type: 'boolean' }, value: false },
    { spec: { type: 'boolean' }, value: true },
    { spec: { type: 'choice', choices: ['mha'] }, value: 'mha' },
    { spec: { type: 'text' }, value: 'the cat' },
  ])
    assert.deepEqual(readText(spec, writeText(spec, value)), { value });
});
