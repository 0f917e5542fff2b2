// The causality lab's numbers, all the core's: the page's sentence (A) and the student's variant (B,
// one token changed or one appended) through the page's model (lab.forward, in evaluation mode)
// with the causal mask and without it, compared cell by cell as float32 bits; and the trained
// model's next-token predictions for both (lab.loadWeights('trained').explain).
import { pageForward } from '../kit/page.mjs';
import { PageError, isInputError } from '../../compute.mjs';
import { translator } from '../../strings/words.mjs';
import WORDS from './words.mjs';

// The lab's English words, for a compute called without the harness's t (as the tests do).
const english = translator(null, 'lab.causality.', WORDS);

/** The 0-based index of the token that changes (T: one is appended), for `at` of a T-token sentence. */
export function changedIndex(at, T, t = english) {
  if (at === 'append') return T;
  if (at === 'last') return T - 1;
  const n = Number(at);
  if (n > T + 1) throw new PageError('at', t('error.at', { n, T }));
  return n - 1; // n = T + 1 appends
}

const UTF8 = new TextEncoder();

// A token's length in UTF-8 bytes, from its text: whole characters as themselves, the bytes of a
// character split between tokens as tokenText writes them ("⟨E6 88⟩", two bytes).
const tokenBytes = (text) =>
  text
    .split(/(⟨[0-9A-F]{2}(?: [0-9A-F]{2})*⟩)/)
    .reduce((n, part, i) => n + (i % 2 ? (part.length - 1) / 3 : UTF8.encode(part).length), 0);

// A byte offset of `bytes` moved back (down = true) or on to the start of a character.
function charBoundary(bytes, offset, down) {
  let at = Math.min(offset, bytes.length);
  while (at > 0 && at < bytes.length && (bytes[at] & 0xc0) === 0x80) at += down ? -1 : 1;
  return at;
}

/**
 * Sentence B: sentence A with its token k replaced by `word`, or `word` appended when k is A's
 * length. A is cut at its tokens' byte offsets (a cut inside a character, where GPT-2 splits one
 * between tokens, moves to the character's edge); the word is joined with a space where A's token
 * had one (or, appended, where A has spaces at all).
 */
export function variantSentence(sentence, texts, k, word, t = english) {
  const w = String(word).trim();
  if (w === '') throw new PageError('word', t('error.empty'));
  const bytes = UTF8.encode(sentence);
  const ends = texts.reduce((acc, t) => [...acc, acc.at(-1) + tokenBytes(t)], [0]);
  const decode = (from, to) => new TextDecoder().decode(bytes.subarray(from, to));
  const before = decode(0, charBoundary(bytes, ends[k], true));
  const after = k < texts.length ? decode(charBoundary(bytes, ends[k + 1], false)) : '';
  const spaced = k < texts.length ? /^\s/.test(texts[k]) : /\s/.test(sentence);
  return `${before}${before && spaced ? ' ' : ''}${w}${after}`;
}

/** The first position where two lists of token ids differ (the shorter one's length if none). */
export function firstDifference(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; ++i) if (a[i] !== b[i]) return i;
  return n;
}

// A float32 tensor's bits: equal bits is what "bit for bit" means (0 and −0 would differ).
const bitsOf = (data) =>
  data instanceof Float32Array
    ? new Uint32Array(data.buffer, data.byteOffset, data.length)
    : new Uint32Array(Float32Array.from(data).buffer);

// One cell (r, c) of A's and B's (B, h, T, T) weights over every batch item and head. A key that
// one sentence does not have counts as weight 0 (+0: all bits clear).
function weightCell(a, b, r, c) {
  const [items, heads, Ta] = a.shape;
  const Tb = b.shape[2];
  let same = true;
  let delta = 0;
  for (let bh = 0; bh < items * heads; ++bh) {
    const ia = c < Ta ? (bh * Ta + r) * Ta + c : -1;
    const ib = c < Tb ? (bh * Tb + r) * Tb + c : -1;
    const va = ia < 0 ? 0 : a.data[ia];
    const vb = ib < 0 ? 0 : b.data[ib];
    if ((ia < 0 ? 0 : a.bits[ia]) !== (ib < 0 ? 0 : b.bits[ib])) same = false;
    if (va !== vb) delta = Math.max(delta, Math.abs(va - vb));
  }
  return { same, delta };
}

/**
 * A's and B's attention weights (B, h, T, T) compared cell by cell over every batch item and head:
 * cells[r][c] = { same (every bit equal), delta (largest |Δ|) }, or null where row r exists in one
 * sentence only; rows: per query row { state: 'same' | 'differs' | 'new', delta }.
 */
export function weightsDiff(weightsA, weightsB) {
  const a = { ...weightsA, bits: bitsOf(weightsA.data) };
  const b = { ...weightsB, bits: bitsOf(weightsB.data) };
  const [Ta, Tb] = [a.shape[2], b.shape[2]];
  const n = Math.max(Ta, Tb);
  const cells = Array.from({ length: n }, (_, r) =>
    r >= Math.min(Ta, Tb) ? null : Array.from({ length: n }, (_, c) => weightCell(a, b, r, c)),
  );
  const rows = cells.map((row) =>
    row === null
      ? { state: 'new', delta: null }
      : {
          state: row.every((cell) => cell.same) ? 'same' : 'differs',
          delta: Math.max(...row.map((cell) => cell.delta)),
        },
  );
  return { cells, rows };
}

/** A's and B's context vectors (B, T, D) compared row by row over every batch item and column. */
export function contextDiff(outA, outB) {
  const [items, Ta, D] = outA.shape;
  const Tb = outB.shape[1];
  const [a, b] = [bitsOf(outA.data), bitsOf(outB.data)];
  return Array.from({ length: Math.max(Ta, Tb) }, (_, r) => {
    if (r >= Math.min(Ta, Tb)) return { state: 'new', delta: null };
    let same = true;
    let delta = 0;
    for (let item = 0; item < items; ++item)
      for (let c = 0; c < D; ++c) {
        const [ia, ib] = [(item * Ta + r) * D + c, (item * Tb + r) * D + c];
        if (a[ia] !== b[ib]) same = false;
        delta = Math.max(delta, Math.abs(outA.data[ia] - outB.data[ib]));
      }
    return { state: same ? 'same' : 'differs', delta };
  });
}

// Sentence B's inputs (batch × T_B × d_in) for the random weights: the page's own rows for the
// tokens before the first change (the notebook's vectors stay the notebook's), lab.embed's rows
// from there on, one copy per batch item as the page stacks its sentence.
function randomVariant(core, page, textB) {
  const [batch, Ta, dIn] = page.inputs.shape;
  const embedded = core.embed(textB, { dIn, seed: page.settings.seed, batch: 1 });
  const first = firstDifference(
    page.tokens.map((t) => t.id),
    embedded.tokens.map((t) => t.id),
  );
  const Tb = embedded.tokens.length;
  const one = Float32Array.from(embedded.inputs);
  one.set(page.inputs.data.subarray(0, Math.min(first, Ta) * dIn));
  const inputs = new Float32Array(batch * Tb * dIn);
  for (let item = 0; item < batch; ++item) inputs.set(one, item * Tb * dIn);
  return { tokens: embedded.tokens, inputs };
}

// Sentence B through the trained model: its own token + position embeddings (those of the tokens
// before the change are A's, as every row of an embedding depends on its token and position only).
function trainedVariant(model, textB) {
  const run = model.explain(textB);
  return { tokens: run.tokens, inputs: run.inputs.data };
}

/** Both sentences through the page's model with the mask on or off: the weights and context diffs. */
function compare(core, page, inputsB, causal) {
  const options = { causal, training: false };
  const a = pageForward(core, page, options);
  const b = pageForward(core, page, { ...options, inputs: inputsB });
  const head = (w, T) =>
    Array.from({ length: T }, (_, r) => Array.from(w.data.subarray(r * T, (r + 1) * T)));
  return {
    weights: weightsDiff(a.trace.attentionWeights, b.trace.attentionWeights),
    context: contextDiff(a.output, b.output),
    // Head 1 of batch item 1, for the tables of numbers.
    headA: head(a.trace.attentionWeights, a.trace.attentionWeights.shape[2]),
    headB: head(b.trace.attentionWeights, b.trace.attentionWeights.shape[2]),
  };
}

// Whether two rows of explain()'s top-5 are the same: the same tokens, the same probabilities.
const sameNext = (a, b) =>
  a.length === b.length &&
  a.every((n, i) => n.id === b[i].id && Object.is(n.probability, b[i].probability));

/**
 * The trained model's top-5 next tokens for both sentences: which rows are the same, the row after
 * the last shared token and the row after the first changed one; or { error } when the trained
 * model refuses a sentence (longer than its context).
 */
export async function prediction(core, sentenceA, textB) {
  let a, b, vocabulary;
  try {
    const model = await core.loadWeights('trained');
    [a, b] = [model.explain(sentenceA), model.explain(textB)];
    vocabulary = model.info.vocabulary;
  } catch (err) {
    if (isInputError(err)) return { error: err.message };
    throw err;
  }
  const first = firstDifference(
    a.tokens.map((t) => t.id),
    b.tokens.map((t) => t.id),
  );
  const label = (run, t) => run.tokens.slice(0, t + 1).map((x) => x.text);
  return {
    vocabulary,
    first,
    sameRows: a.next.slice(0, first).map((row, t) => sameNext(row, b.next[t])),
    shared:
      first > 0
        ? { tokens: label(a, first - 1), a: a.next[first - 1], b: b.next[first - 1] }
        : null,
    changed:
      first < Math.min(a.tokens.length, b.tokens.length)
        ? { a: a.next[first], b: b.next[first], tokensA: label(a, first), tokensB: label(b, first) }
        : null,
  };
}

/**
 * { sentenceA, sentenceB, tokensA, tokensB, k (the chosen index), first (where the token ids first
 * differ), trained, training (the page computes in training mode), masked, open, next }.
 */
export async function compute(core, page, { at, word }, { t = english } = {}) {
  const tokensA = page.tokens.map((token) => token.text);
  const sentenceA = page.settings.sentence.trim();
  const k = changedIndex(at, tokensA.length, t);
  const sentenceB = variantSentence(sentenceA, tokensA, k, word, t);
  const model = page.trained ? await core.loadWeights('trained') : null;
  const variant = model ? trainedVariant(model, sentenceB) : randomVariant(core, page, sentenceB);
  const first = firstDifference(
    page.tokens.map((token) => token.id),
    variant.tokens.map((token) => token.id),
  );
  if (first === tokensA.length && variant.tokens.length === tokensA.length)
    throw new PageError('word', t('error.same', { word: word.trim() }));
  return {
    sentenceA,
    sentenceB,
    tokensA,
    tokensB: variant.tokens.map((token) => token.text),
    k,
    first,
    trained: page.trained,
    training: Boolean(page.settings.training),
    masked: compare(core, page, variant.inputs, true),
    open: compare(core, page, variant.inputs, false),
    next: await prediction(core, sentenceA, sentenceB),
  };
}
