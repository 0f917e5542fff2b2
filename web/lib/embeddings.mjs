// Sentences into the core: GPT-2 tokens (length-checked first: byte-pair encoding takes more than
// linear time within one long word) and the deterministic per-token embeddings, or the lecture
// notebook's own vectors for its sentence.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { readPlainOptions } from './options.mjs';
import { tokenize } from './tokens.mjs';
import { VOCABULARY, MAX_SENTENCE_CHARS } from './vocabulary.mjs';
import { LIMITS } from './contract.mjs';
import { unwrap } from './model.mjs';

/** At most this many tokens per sentence in embed(). */
export const MAX_SENTENCE_TOKENS = 1024;

/** GPT-2 tokens of a sentence: [{ id, text }]. */
export function tokenizeSentence(sentence) {
  return tokenize(checkSentence(sentence));
}

/** { sentence, tokens, inputs, shape, source, vocabulary } (see AttentionLab.embed). */
export function embedSentence(core, sentence, options = {}) {
  const given = readPlainOptions(options, ['dIn', 'seed', 'batch'], 'embed() options', 'options');
  const { dIn = 3, seed = 123, batch = 1 } = given;
  // Sizes first (cheap), then the sentence; nothing is allocated before both are known to fit.
  for (const [key, value] of Object.entries({ dIn, seed, batch })) {
    const error = core.checkOption(key, value);
    if (error !== undefined) throw fromCoreError(error);
  }
  const text = checkSentence(sentence).trim();
  const tokens = tokenize(text);
  if (tokens.length > MAX_SENTENCE_TOKENS) {
    throw new AttentionLabError(
      `the sentence has ${tokens.length} tokens; at most ${MAX_SENTENCE_TOKENS} are allowed`,
      { option: 'sentence', kind: 'InputError' },
    );
  }
  const count = batch * tokens.length * dIn;
  if (count > LIMITS.maxEmbedValues) {
    throw new AttentionLabError(
      `batch × tokens × dIn = ${batch} × ${tokens.length} × ${dIn} = ${count} values is more than embed() ` +
        `makes (${LIMITS.maxEmbedValues}, 64 MiB of float32); use a smaller batch or dIn`,
      { option: 'batch', kind: 'MemoryError' },
    );
  }
  const preset = core.lecturePreset();
  const fromLecture = dIn === preset.dIn && text === preset.sentence;
  const ids = tokens.map((t) => t.id);
  const one = fromLecture ? preset.embeddings : unwrap(core.tokenEmbeddings(ids, dIn, seed));
  const inputs = new Float32Array(count);
  for (let b = 0; b < batch; ++b) inputs.set(one, b * one.length);
  return {
    sentence,
    tokens,
    inputs,
    shape: [batch, tokens.length, dIn],
    source: fromLecture ? 'lecture' : 'seeded',
    vocabulary: VOCABULARY,
  };
}

function checkSentence(sentence) {
  if (typeof sentence !== 'string') {
    throw new AttentionLabError(`the sentence must be a string, not ${typeof sentence}`, {
      option: 'sentence',
      kind: 'InputError',
    });
  }
  // Checked before tokenising: byte-pair encoding costs more than linear time within one long word.
  if (sentence.length > MAX_SENTENCE_CHARS) {
    throw new AttentionLabError(
      `the sentence has ${sentence.length} characters; at most ${MAX_SENTENCE_CHARS} are allowed`,
      { option: 'sentence', kind: 'InputError' },
    );
  }
  if (sentence.trim() === '') {
    throw new AttentionLabError('the sentence is empty; type at least one word', {
      option: 'sentence',
      kind: 'InputError',
    });
  }
  return sentence;
}
