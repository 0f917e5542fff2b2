// "Copy as PyTorch" with hostile sentences (web/lib/pytorch.mjs): whatever the sentence, the
// snippet is Python that parses, the sentence changes only its comments (the same program as
// for a harmless sentence of the same tokens), and the sentence in its third line reads back as
// itself. Checked with /usr/bin/python3's ast module on the snippet's UTF-8 bytes, as a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createAttentionLab } from '../../dist/index.mjs';
import { pytorchSnippet } from '../../web/lib/pytorch.mjs';

const PYTHON = '/usr/bin/python3';
const lab = await createAttentionLab();
const BASE = {
  dIn: 3,
  dOut: 2,
  heads: 2,
  qkvBias: false,
  causal: true,
  dropout: 0,
  training: false,
  seed: 123,
  module: 'mha',
  masking: 'neg-inf',
  layout: 'fused',
  batch: 1,
};
const HOSTILE = [
  `"""; import os; os.system("echo pwned") #`,
  `'''\n__import__("os").system("echo pwned")\n'''`,
  'a\\\nimport os',
  'end\r\nexec("1/0")\rprint(1)',
  'x\u2028import os\u2029y\u0085z\u000b\u000c',
  'nul\u0000byte',
  'lone \ud800 and \udfff surrogates',
  'right \u202e to left \u2066 isolates \u2069',
  '# -*- coding: latin-1 -*-',
  '\\N{BULLET} \\x00 {sentence} %s',
];

// For each case: ast.parse of the bytes, the program's AST equal to the harmless twin's, and the
// sentence read back from line 3 (JSON) equal to the input.
const CHECK = `
import ast, json, sys
cases = json.load(sys.stdin)
for c in cases:
    hostile = c["snippet"].encode("utf-8")
    twin = c["twin"].encode("utf-8")
    same = ast.dump(ast.parse(hostile)) == ast.dump(ast.parse(twin))
    line = c["snippet"].split("\\n")[2]
    start = line.index(" on ") + 4
    read, _ = json.JSONDecoder().raw_decode(line[start:])
    print(json.dumps({"same": same, "roundTrip": read == c["sentence"]}))
`;

function snippetFor(sentence, tokensText) {
  const embedded = lab.embed(sentence, { dIn: BASE.dIn, seed: BASE.seed, batch: 1 });
  const tokens = tokensText ? embedded.tokens.map(() => ({ text: tokensText })) : embedded.tokens;
  return pytorchSnippet({
    settings: { ...BASE, sentence: tokensText ? tokensText : sentence },
    tokens,
    inputs: embedded.inputs,
    shape: embedded.shape,
    stages: ['output'],
  });
}

test(
  'the PyTorch snippet of a hostile sentence is the same program, the sentence only in comments',
  { skip: !existsSync(PYTHON) && 'no /usr/bin/python3' },
  () => {
    const cases = HOSTILE.map((sentence) => {
      const snippet = snippetFor(sentence);
      assert.doesNotMatch(snippet, /[\u0000\u2028\u2029\u202e]|[\ud800-\udbff](?![\udc00-\udfff])/);
      return { sentence, snippet, twin: snippetFor(sentence, 'x') };
    });
    const r = spawnSync(PYTHON, ['-c', CHECK], { input: JSON.stringify(cases), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const results = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    results.forEach((result, k) =>
      assert.deepEqual(result, { same: true, roundTrip: true }, JSON.stringify(HOSTILE[k])),
    );
  },
);
