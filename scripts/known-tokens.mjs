#!/usr/bin/env node
// Writes web/lib/known-tokens.mjs: the GPT-2 tokens of the sentences a page shows before anyone
// types (the set-ups' and the presets' sentences), computed by the tokenizer itself, so that the
// page can draw them before its tables load. tests/js/known-tokens.test.mjs checks the file
// against the tokenizer and the sentences.
// Usage: node scripts/known-tokens.mjs   (after changing a preset or a set-up's sentence)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokenize } from '../web/lib/tokenizer.mjs';
import { PRESETS } from '../web/lib/presets.mjs';
import { SETUPS } from '../web/app/state/settings.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const KNOWN_TOKENS_FILE = path.join(ROOT, 'web', 'lib', 'known-tokens.mjs');

/** The sentences to carry: every set-up's and every preset's, once each, in that order. */
export const knownSentences = () => [
  ...new Set([...SETUPS.map((s) => s.settings.sentence), ...PRESETS.map((p) => p.sentence)]),
];

/** The file's text for these sentences. */
export function knownTokensSource(sentences = knownSentences()) {
  const entries = sentences.map(
    (s) => `  ${JSON.stringify(s)}: ${JSON.stringify(tokenize(s).map((t) => [t.id, t.text]))},`,
  );
  return [
    '// Written by scripts/known-tokens.mjs with the tokenizer (tokenizer.mjs); do not edit.',
    "// The GPT-2 tokens, [id, text], of the page's set-up and preset sentences: tokens.mjs answers",
    '// for them before the tokenizer has loaded.',
    'export const KNOWN_TOKENS = Object.freeze({',
    ...entries,
    '});',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(KNOWN_TOKENS_FILE, knownTokensSource());
  console.log(`wrote ${path.relative(ROOT, KNOWN_TOKENS_FILE)}`);
}
