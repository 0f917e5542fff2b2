// Training the language model of docs/TRAINING.md from JavaScript: train({ text }) tokenises the
// text as the page tokenises a sentence (GPT-2's byte-pair encoding), holds out a part of it, and
// runs the core's whole training run (cpp/attention/training_run.hpp: the vocabulary cut, AdamW,
// dropout in training only, the held-out loss, the unigram and bigram baselines, every head's
// measured role) in its own WebAssembly module, dist/attention-train.wasm, loaded on the first
// call only. The result's file is a weights file like the shipped one: lab.loadWeights(file).
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { MAX_SENTENCE_CHARS, encodeText, tokenText } from './tokenizer.mjs';
import { unwrap } from './model.mjs';
import { requireEngineFeatures } from './loader.mjs';

/** Word classes as cpp/attention/corpus.hpp numbers them (scripts/prepare_corpus.mjs writes them). */
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

let modulePromise;
function loadTrainingModule() {
  requireEngineFeatures(); // the training module is built like the core
  modulePromise ??= import('./attention-train.mjs')
    .then(({ default: factory }) => factory({}))
    .catch((cause) => {
      modulePromise = undefined; // a failed load can be tried again
      throw new AttentionLabError(
        `the training module (attention-train.wasm) could not be loaded: ${cause?.message ?? cause}`,
        { option: 'train', kind: 'Error', cause },
      );
    });
  return modulePromise;
}

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
async function corpusOf(options, context) {
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

function check(options) {
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

// The core's out-of-memory error speaks of forward()'s options (trace, tokens); in train() it
// names train()'s own. (maxBytes's estimate refuses most such runs before they start.)
function trainingError(error) {
  if (error?.kind !== 'MemoryError' || error.option !== 'memory') return error;
  return new AttentionLabError(
    'out of WebAssembly memory while training: use a smaller batch, width, context or ' +
      'vocabulary (maxBytes is the estimate train() checks before it starts)',
    { option: 'memory', kind: 'MemoryError', cause: error },
  );
}

function unwrapTraining(result) {
  try {
    return unwrap(result);
  } catch (error) {
    throw trainingError(error);
  }
}

// Gives the event loop a turn between steps: progress is drawn, `signal` can fire.
const yieldToEventLoop = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Trains a language model around the lecture's attention block. Options: `text` (and optionally
 * `heldout`; without it the text's last tenth is held out), or `corpus` ({ train, heldout } from
 * readCorpus); the model's `vocabulary` (2048), `width` (64), `heads` (4), `context` (64),
 * `dropout` (0.1); training `steps` (3000), `batch` (32), `learningRate` (0.01), `warmup` (100),
 * `finalRate` (0.1), `weightDecay` (0.1), `clip` (1), `seed` (123); the limits checked before
 * training starts, `maxFlops` (1e11: the work of one step, about ten seconds on one thread; the
 * signal is heard between steps) and `maxBytes` (2^30: the memory of the whole run), refused with
 * a WorkError or MemoryError naming the estimate; `float32` (false: int8 rows);
 * `onProgress({ step, steps, loss, rate, tokens, seconds, tokensPerSecond, secondsLeft })`,
 * `onMeasuring(info)` (after the last step, before the measurements: one blocking call),
 * `signal` (an AbortSignal, checked while the text is tokenised and between steps; the
 * measurements after the last step are one call), `stepsPerCall` (1).
 * Resolves { file: Uint8Array (a weights file: lab.loadWeights(file)), info, report: { heldout,
 * perplexity, heldoutFloat32, heldoutUntrained, unigram, bigram }, seconds (training),
 * measuringSeconds }. The same options give the same file, byte for byte.
 */
export async function train(options) {
  check(options);
  const context = options.context ?? 64;
  const corpus = await corpusOf(options, Number.isInteger(context) && context > 0 ? context : 64);
  const core = await loadTrainingModule();
  const coreOptions = {};
  for (const key of [...MODEL_OPTIONS, ...TRAINING_OPTIONS])
    if (options[key] !== undefined) coreOptions[key] = options[key];
  coreOptions.corpus =
    options.corpus !== undefined
      ? 'corpus given to train() as tokens'
      : `text given to train() (${options.heldout !== undefined ? 'held-out text given' : 'its last tenth held out'})`;
  const run = new core.TrainingRun(corpus.train, corpus.heldout, coreOptions);
  try {
    const error = run.error();
    if (error !== undefined) throw trainingError(fromCoreError(error));
    const info = run.info();
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    for (let done = 0; done < info.steps;) {
      options.signal?.throwIfAborted();
      const step = unwrapTraining(run.step(options.stepsPerCall ?? 1));
      done = step.step;
      if (options.onProgress) {
        const elapsed = seconds();
        options.onProgress({
          ...step,
          steps: info.steps,
          seconds: elapsed,
          tokensPerSecond: step.tokens / Math.max(elapsed, 1e-9),
          secondsLeft: (elapsed / done) * (info.steps - done),
        });
      }
      await yieldToEventLoop();
    }
    const trained = seconds();
    options.onMeasuring?.(info);
    const { file, report } = unwrapTraining(run.finish(options.float32 === true));
    return {
      file,
      info,
      report: { ...report, perplexity: Math.exp(report.heldout) },
      seconds: trained,
      measuringSeconds: seconds() - trained,
    };
  } finally {
    run.delete();
  }
}

/**
 * A corpus file of scripts/prepare_corpus.mjs ("ATCP": GPT-2 ids with their Brown Corpus word
 * classes), read by the core: { ids: Int32Array, classes: Uint8Array }, for train({ corpus }).
 */
export async function readCorpus(bytes) {
  if (!(bytes instanceof Uint8Array)) {
    throw new AttentionLabError('readCorpus() needs the file as a Uint8Array', {
      option: 'corpus',
      kind: 'InputError',
    });
  }
  const core = await loadTrainingModule();
  return unwrap(core.parseCorpus(bytes));
}
