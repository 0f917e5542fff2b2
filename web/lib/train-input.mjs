// What train() is given, made ready for the core: its options checked by name and type (the core
// checks the values), and its text cut into GPT-2 tokens with their word classes, the held-out part
// set apart. The run itself, in the training module, is train.mjs's.
import { AttentionLabError } from './errors.mjs';
import { MAX_SENTENCE_CHARS } from './vocabulary.mjs';
import { encodeText, loadTokenizer, tokenText } from './tokens.mjs';

/** Word classes as cpp/attention/train/corpus.hpp numbers them (scripts/prepare_corpus.mjs writes them). */
const PUNCTUATION = 6;
const OTHER = 0;

/** The held-out share of a text given without `heldout`: its last tenth, by tokens. */
export const HELDOUT_SHARE = 0.1;

/** The most characters of text train() tokenises (about 2.5 million GPT-2 tokens of English). */
export const MAX_TRAINING_CHARS = 10_000_000;

// The options the core reads; anything else is refused by name, so that a typo is not ignored.
const MODEL_OPTIONS = ['vocabulary', 'width', 'heads', 'context', 'dropout'];
const TRAINING_OPTIONS = [
  'steps',
  'batch',
  'learningRate',
  'warmup',
  'finalRate',
  'weightDecay',
  'clip',
  'seed',
  'maxFlops',
  'maxBytes',
];
const OWN_OPTIONS = [
  'text',
  'heldout',
  'corpus',
  'float32',
  'onProgress',
  'onMeasuring',
  'signal',
  'stepsPerCall',
];
const KNOWN = new Set([...MODEL_OPTIONS, ...TRAINING_OPTIONS, ...OWN_OPTIONS]);

// Punctuation is the one word class that plain text shows without a tagger: a token whose visible
// characters are all punctuation. Every other token is "other" (docs/TRAINING.md: which roles a
// text without tags can measure).
const classCache = new Map();
function classOf(id) {
  let cls = classCache.get(id);
  if (cls === undefined) {
    const text = tokenText(id).trim();
    cls = text !== '' && /^[\p{P}\p{S}]+$/u.test(text) ? PUNCTUATION : OTHER;
    classCache.set(id, cls);
  }
  return cls;
}

/**
 * The longest piece of text tokenised in one call. Byte-pair encoding takes worse than quadratic
 * time within one run of letters (a Chinese text has no spaces), so train() cuts its text into
 * pieces: between words where it can (which changes no token: GPT-2's pre-tokeniser never joins
 * a space run's last space to what precedes it), and a word or space run longer than this into
 * pieces of this length (its tokens then differ a little from one call's, as for a sentence
 * longer than MAX_SENTENCE_CHARS). Between pieces train() checks its signal.
 */
export const MAX_PIECE_CHARS = MAX_SENTENCE_CHARS;

const isSpace = (c) => /\s/u.test(c);

// Where the piece of text from `from` ends: the last space that starts a word within
// MAX_PIECE_CHARS, else MAX_PIECE_CHARS on (not between the two halves of a surrogate pair).
function pieceEnd(text, from) {
  const limit = from + MAX_PIECE_CHARS;
  if (limit >= text.length) return text.length;
  for (let i = limit - 1; i > from; --i) if (isSpace(text[i]) && !isSpace(text[i + 1])) return i;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

// The text's GPT-2 ids, a piece at a time, hearing `signal` between pieces and giving the event
// loop a turn now and then (so that an abort can arrive at all).
export async function encodeInPieces(text, signal) {
  await loadTokenizer();
  const ids = [];
  let turn = performance.now();
  for (let from = 0; from < text.length;) {
    signal?.throwIfAborted();
    const to = pieceEnd(text, from);
    for (const id of encodeText(text.slice(from, to))) ids.push(id);
    from = to;
    if (performance.now() - turn > 50) {
      await yieldToEventLoop();
      turn = performance.now();
    }
  }
  signal?.throwIfAborted();
  return ids;
}

async function textTokens(text, option, signal) {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new AttentionLabError(`${option} must be a non-empty string of training text`, {
      option,
      kind: 'InputError',
    });
  }
  if (text.length > MAX_TRAINING_CHARS) {
    throw new AttentionLabError(
      `${option} has ${text.length} characters; train() reads at most ${MAX_TRAINING_CHARS}`,
      { option, kind: 'InputError' },
    );
  }
  const ids = Int32Array.from(await encodeInPieces(text, signal));
  return { ids, classes: Uint8Array.from(ids, classOf) };
}

// { train, heldout } as the core reads them: { ids: Int32Array, classes: Uint8Array } each.
export async function corpusOf(options, context) {
  if (options.corpus !== undefined) {
    const { train, heldout } = options.corpus ?? {};
    const check = (part, name) => {
      if (!(part?.ids instanceof Int32Array) || !(part?.classes instanceof Uint8Array)) {
        throw new AttentionLabError(
          `corpus.${name} must be { ids: Int32Array, classes: Uint8Array } (readCorpus() gives them)`,
          { option: 'corpus', kind: 'InputError' },
        );
      }
      return part;
    };
    if (options.text !== undefined || options.heldout !== undefined) {
      throw new AttentionLabError('give either text (and heldout) or corpus, not both', {
        option: 'corpus',
      });
    }
    return { train: check(train, 'train'), heldout: check(heldout, 'heldout') };
  }
  const all = await textTokens(options.text, 'text', options.signal);
  if (options.heldout !== undefined)
    return { train: all, heldout: await textTokens(options.heldout, 'heldout', options.signal) };
  const cut = Math.floor(all.ids.length * (1 - HELDOUT_SHARE));
  if (all.ids.length - cut < 3 || cut < context + 1) {
    throw new AttentionLabError(
      `text has ${all.ids.length} tokens: too few to hold out its last tenth and still train on ` +
        `windows of ${context} + 1 tokens; give more text, a shorter context, or heldout`,
      { option: 'text', kind: 'InputError' },
    );
  }
  const part = (from, to) => ({
    ids: all.ids.subarray(from, to),
    classes: all.classes.subarray(from, to),
  });
  return { train: part(0, cut), heldout: part(cut, all.ids.length) };
}

export function checkOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new AttentionLabError('train() needs an options object, e.g. { text }', {
      option: 'options',
    });
  }
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) {
      throw new AttentionLabError(
        `unknown option '${key}'; train() knows ${[...KNOWN].join(', ')}`,
        { option: key },
      );
    }
  }
  for (const key of ['onProgress', 'onMeasuring']) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      throw new AttentionLabError(`${key} must be a function`, { option: key });
    }
  }
  // An AbortSignal, or anything that reads like one (a signal of another realm, an iframe's).
  const { signal } = options;
  if (signal != null && (typeof signal.throwIfAborted !== 'function' || !('aborted' in signal))) {
    throw new AttentionLabError('signal must be an AbortSignal (new AbortController().signal)', {
      option: 'signal',
    });
  }
  if (options.float32 !== undefined && typeof options.float32 !== 'boolean') {
    throw new AttentionLabError('float32 must be true or false', { option: 'float32' });
  }
  const { stepsPerCall = 1 } = options;
  if (!Number.isInteger(stepsPerCall) || stepsPerCall < 1 || stepsPerCall > 1000) {
    throw new AttentionLabError('stepsPerCall must be an integer from 1 to 1000', {
      option: 'stepsPerCall',
    });
  }
}

/** The options the core reads, and the line the weights file's facts give for its corpus. */
export function coreOptionsOf(options) {
  const coreOptions = {};
  for (const key of [...MODEL_OPTIONS, ...TRAINING_OPTIONS])
    if (options[key] !== undefined) coreOptions[key] = options[key];
  coreOptions.corpus =
    options.corpus !== undefined
      ? 'corpus given to train() as tokens'
      : `text given to train() (${options.heldout !== undefined ? 'held-out text given' : 'its last tenth held out'})`;
  return coreOptions;
}

// Gives the event loop a turn between steps: progress is drawn, `signal` can fire.
export const yieldToEventLoop = () => new Promise((resolve) => setTimeout(resolve, 0));
