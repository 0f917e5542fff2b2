// The tokens the library carries for the page's first sentences (web/lib/known-tokens.mjs, written
// by scripts/known-tokens.mjs) are the tokenizer's, and cover every set-up and preset; with the
// tokenizer left to load later (tokenizer: 'lazy'), those sentences embed at once, any other asks
// for it, and once loaded every sentence gives what the eager library gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN_TOKENS } from '../../web/lib/known-tokens.mjs';
import { tokenize } from '../../web/lib/tokenizer.mjs';
import { knownSentences } from '../../scripts/known-tokens.mjs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createAttentionLab } from '../../dist/index.mjs';

const run = promisify(execFile);

test('the carried tokens are the tokenizer’s, for exactly the set-ups’ and presets’ sentences', () => {
  assert.deepEqual(Object.keys(KNOWN_TOKENS).sort(), knownSentences().sort());
  for (const [sentence, tokens] of Object.entries(KNOWN_TOKENS)) {
    const real = tokenize(sentence).map((t) => [t.id, t.text]);
    assert.deepEqual(tokens, real, sentence);
  }
});

// In a process of its own: the tokenizer, once loaded, is loaded for every lab of the process.
const LAZY_SCRIPT = `
  import { createAttentionLab } from ${JSON.stringify(new URL('../../dist/index.mjs', import.meta.url).href)};
  const lab = await createAttentionLab({ tokenizer: 'lazy' });
  const known = 'the dog chased the ball but it could not catch it';
  const typed = 'a sentence nobody carries tokens for';
  const out = { knownReady: lab.canTokenize(known), typedReady: lab.canTokenize(typed) };
  out.known = Array.from(lab.embed(known, { dIn: 4 }).inputs);
  try { lab.embed(typed); } catch (err) { out.refused = { name: err.name, option: err.option, message: err.message }; }
  await lab.loadTokenizer();
  out.typedLoaded = lab.canTokenize(typed);
  out.typed = lab.embed(typed, { dIn: 4 });
  out.typed.inputs = Array.from(out.typed.inputs);
  console.log(JSON.stringify(out));
`;

test('tokenizer: lazy embeds the known sentences at once and asks for the tokenizer otherwise', async () => {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', LAZY_SCRIPT]);
  const out = JSON.parse(stdout);
  const eager = await createAttentionLab();
  assert.equal(out.knownReady, true);
  assert.equal(out.typedReady, false);
  const known = 'the dog chased the ball but it could not catch it';
  assert.deepEqual(out.known, Array.from(eager.embed(known, { dIn: 4 }).inputs));
  assert.equal(out.refused?.name, 'AttentionLabError');
  assert.equal(out.refused.option, 'sentence');
  assert.match(out.refused.message, /loadTokenizer/);
  assert.equal(out.typedLoaded, true);
  const typed = eager.embed('a sentence nobody carries tokens for', { dIn: 4 });
  assert.deepEqual(out.typed, { ...typed, inputs: Array.from(typed.inputs) });
});

test('tokenizer: a value other than eager or lazy is refused with the allowed ones', async () => {
  await assert.rejects(createAttentionLab({ tokenizer: 'later' }), {
    name: 'AttentionLabError',
    option: 'tokenizer',
    message: /allowed are 'eager' or 'lazy'/,
  });
});
