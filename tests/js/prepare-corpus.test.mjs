// scripts/prepare_corpus.mjs without the corpus: Brown tags map to the word classes the head roles
// use, and a document's tokens are GPT-2's for its whole text, as the page tokenises a sentence,
// each carrying its word's class and the sentence and document starts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/r50k_base';
import { CLASSES, classOf, readDocument, tokenizeDocument } from '../../scripts/prepare_corpus.mjs';

test('Brown tags map to word classes', () => {
  assert.equal(classOf('pps'), CLASSES.pronoun); // he, it
  assert.equal(classOf('ppss+md'), CLASSES.pronoun); // I'll: the first part decides
  assert.equal(classOf('nn-tl'), CLASSES.noun); // a title's noun
  assert.equal(classOf('np$'), CLASSES.noun);
  assert.equal(classOf('at'), CLASSES.determiner);
  assert.equal(classOf('jj'), CLASSES.adjective);
  assert.equal(classOf('vbd'), CLASSES.verb);
  assert.equal(classOf('.'), CLASSES.punctuation);
  assert.equal(classOf("''"), CLASSES.punctuation);
  assert.equal(classOf('in'), CLASSES.other);
});

test('a document: running text, encoded whole, each token with its word class', () => {
  const doc = readDocument(
    "\n\n\tThe/at dog/nn said/vbd ``/`` it/pps can't/md* ''/'' ./.\n\n\tHe/pps ran/vbd ./.\n",
  );
  const { text, tokens } = tokenizeDocument(doc);
  assert.equal(text, 'The dog said "it can\'t". He ran.');
  assert.deepEqual(
    tokens.map((t) => t.id),
    encode(text),
  );
  const classes = tokens.map((t) => t.cls);
  assert.equal(classes[0], CLASSES.determiner); // The
  assert.equal(classes[1], CLASSES.noun); // " dog"
  // Sentence starts (bit 0) on "The" and "He"; the document start (bit 1) on "The" only.
  const starts = tokens.flatMap((t, i) => (t.flags & 1 ? [i] : []));
  assert.equal(starts.length, 2);
  assert.equal(tokens[starts[0]].flags, 3);
  assert.equal(tokens[starts[1]].flags, 1);
  assert.equal(tokens[starts[1]].cls, CLASSES.pronoun);
});
