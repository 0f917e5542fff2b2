// Training the language model of docs/TRAINING.md from JavaScript: train({ text }) tokenises the
// text as the page tokenises a sentence (GPT-2's byte-pair encoding), holds out a part of it, and
// runs the core's whole training run (cpp/attention/train/training_run.hpp: the vocabulary cut, AdamW,
// dropout in training only, the held-out loss, the unigram and bigram baselines, every head's
// measured role) in its own WebAssembly module, dist/attention-train.wasm, loaded on the first
// call only. The result's file is a weights file like the shipped one: lab.loadWeights(file).
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { unwrap } from './model.mjs';
import { requireEngineFeatures } from './loader.mjs';
import { nodeRequire } from './node-builtin.mjs';
import { checkOptions, coreOptionsOf, corpusOf, yieldToEventLoop } from './train-input.mjs';

export {
  HELDOUT_SHARE,
  MAX_TRAINING_CHARS,
  MAX_PIECE_CHARS,
  encodeInPieces,
} from './train-input.mjs';

let modulePromise;
function loadTrainingModule() {
  requireEngineFeatures(); // the training module is built like the core
  modulePromise ??= Promise.all([import('./attention-train.mjs'), nodeRequire()])
    .then(([{ default: factory }, require]) => factory(require ? { nodeRequire: require } : {}))
    .catch((cause) => {
      modulePromise = undefined; // a failed load can be tried again
      throw new AttentionLabError(
        `the training module (attention-train.wasm) could not be loaded: ${cause?.message ?? cause}`,
        { option: 'train', kind: 'Error', cause },
      );
    });
  return modulePromise;
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

// Each option's value, checked by the core before the text is tokenised (seconds for a long
// text): a run without a corpus reads the options first and stops at the corpus, so any other
// error is the options'.
function checkValues(core, options) {
  const probe = new core.TrainingRun(null, null, coreOptionsOf(options));
  try {
    const error = probe.error();
    if (error !== undefined && fromCoreError(error).option !== 'corpus')
      throw trainingError(fromCoreError(error));
  } finally {
    probe.delete();
  }
}

function unwrapTraining(result) {
  try {
    return unwrap(result);
  } catch (error) {
    throw trainingError(error);
  }
}

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
  checkOptions(options);
  const core = await loadTrainingModule();
  checkValues(core, options);
  const context = options.context ?? 64;
  const corpus = await corpusOf(options, context);
  const run = new core.TrainingRun(corpus.train, corpus.heldout, coreOptionsOf(options));
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
