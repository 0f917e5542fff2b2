// attention-lab's JavaScript API: createAttentionLab() loads the WASM core and returns an object
// whose forward() runs causal multi-head self-attention and returns every stage of the lecture.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { normalizeOptions, normalizeWeights, toFloat32, readPlainOptions } from './options.mjs';
import { tokenize, VOCABULARY, MAX_SENTENCE_CHARS } from './tokenizer.mjs';
import { AttentionModel, unwrap } from './model.mjs';
import { loadCore } from './loader.mjs';

export { AttentionLabError } from './errors.mjs';
export { DEFAULTS, OPTION_NAMES } from './options.mjs';
export { OPTIONS, STAGES, LIMITS } from './contract.mjs';
export { MAX_SENTENCE_CHARS } from './tokenizer.mjs';
export { MAX_THREADS } from './loader.mjs';

/** The lectures' example sentences. */
export const PRESETS = Object.freeze(
  [
    {
      id: 'journey',
      sentence: 'Your journey starts with one step',
      dIn: 3,
      note: "the lecture notebook's own 3-d vectors",
    },
    {
      id: 'dog',
      sentence: 'the dog chased the ball but it could not catch it',
      note: "what does 'it' attend to?",
    },
    {
      id: 'dogs-animals',
      sentence: 'all dogs are animals',
      note: 'same words as the next one, other order',
    },
    {
      id: 'animals-dogs',
      sentence: 'all animals are dogs',
      note: 'causal attention sees the order',
    },
  ].map((preset) => Object.freeze(preset)),
);

/** At most this many tokens per sentence in embed(). */
export const MAX_SENTENCE_TOKENS = 1024;

class AttentionLab {
  #core;
  #engine;
  #stages;
  #build;
  #limits;
  #options;
  #state = { terminated: false }; // shared with this lab's models

  constructor(core, engine, build) {
    this.#core = core;
    this.#engine = engine;
    this.#build = build;
    this.#stages = Object.freeze(core.stageList().map((s) => Object.freeze(s)));
    this.#limits = Object.freeze(core.limits());
    this.#options = Object.freeze(core.optionTable().map((o) => Object.freeze(o)));
  }

  /**
   * The core's option table: [{ name, type, default, min?, max?, maxExclusive?, choices?, meaning,
   * help, rule, inferred }], in lecture order (the same as the exported OPTIONS).
   */
  get options() {
    return this.#options;
  }

  /** The core's limits: { poolSize, maxDimension, maxTensorElements }. */
  get limits() {
    return this.#limits;
  }

  /** 'single' (no threads, any page) or 'threads' (needs a cross-origin-isolated page in browsers). */
  get build() {
    return this.#build;
  }

  /** Threads used by forward passes without a trace (the calling thread included). */
  get threads() {
    return this.#engine ? this.#engine.threads() : 1;
  }

  /** Whether the core runs WebAssembly SIMD128 kernels (always true: both builds need SIMD). */
  get simd() {
    return this.#core.simd() === 'wasm-simd128';
  }

  /** The WASM memory's current size in bytes; memory only grows, so this is also its peak. */
  memoryBytes() {
    return this.#core.memoryBytes();
  }

  /**
   * For leak checks: the WASM memory's size, the bytes malloc has handed out and not taken back,
   * and the number of live Embind handles (JS values the core holds).
   */
  diagnostics() {
    return {
      memoryBytes: this.#core.memoryBytes(),
      heapBytesInUse: this.#core.heapBytesInUse(),
      handles: this.#core.count_emval_handles(),
    };
  }

  /**
   * The lecture's experiment: a loop over per-head modules against one weight-split matmul, timed
   * inside WASM. Returns [{ heads, loopMs, fusedMs, maxDifference }] (medians).
   */
  headExperiment(options = {}) {
    const keys = ['heads', 'headSize', 'tokens', 'batch', 'dIn', 'repeats', 'seed'];
    const given = readPlainOptions(options, keys, 'headExperiment() options', 'options');
    const {
      heads = [2, 400, 4000],
      headSize = 3,
      tokens = 6,
      batch = 2,
      dIn = 3,
      repeats = 15,
      seed = 123,
    } = given;
    if (
      !Array.isArray(heads) ||
      heads.length === 0 ||
      heads.some((h) => !Number.isInteger(h) || h < 1)
    ) {
      throw new AttentionLabError(
        `heads must be a list of positive integers such as [2, 400, 4000], not ${describe(heads)}`,
        { option: 'heads' },
      );
    }
    for (const [key, value] of Object.entries({ headSize, tokens, batch, dIn, repeats, seed })) {
      if (!Number.isInteger(value)) {
        throw new AttentionLabError(`${key} = ${describe(value)}: must be an integer`, {
          option: key,
        });
      }
    }
    const plain = { heads: [...heads], headSize, tokens, batch, dIn, repeats, seed };
    return unwrap(this.#alive().headExperiment(plain));
  }

  /** Stops the worker threads (threaded build); the lab cannot compute afterwards. */
  terminate() {
    if (!this.#engine) return;
    this.#state.terminated = true; // this lab's models refuse to run from now on
    // Stop the pool (its threads leave its loop; models that still hold it run inline), then
    // let go of it: a later model.dispose() never waits for a terminated thread.
    this.#engine.terminate();
    this.#engine.delete();
    this.#engine = null;
    const pthread = this.#core.PThread;
    if (!pthread?.terminateAllThreads) return;
    // Each thread still runs its exit code for a moment, and Emscripten takes it back on this
    // thread's event loop; terminating before that frees memory under a running thread (it then
    // fails with "memory access out of bounds"). So: wait until none is running (at most ~0.2 s).
    const stop = (tries) => {
      if (pthread.runningWorkers.length === 0 || tries === 0) pthread.terminateAllThreads();
      else setTimeout(stop, 2, tries - 1)?.unref?.();
    };
    stop(100);
  }

  #alive() {
    if (!this.#engine) {
      throw new AttentionLabError(
        'this lab was terminated; create a new one with createAttentionLab()',
        { option: 'lab', kind: 'Error' },
      );
    }
    return this.#engine;
  }

  /** Every trace stage the core can produce, in lecture order: [{ name, dims }]. */
  get stages() {
    return this.#stages;
  }

  get presets() {
    return PRESETS;
  }

  /** One forward pass: { output, trace }. */
  forward(options) {
    const { config, inputs, weights } = options === undefined ? {} : this.#normalize(options);
    if (inputs === undefined) {
      throw new AttentionLabError(
        'inputs is required: a Float32Array or number[] holding (B,T,d_in) row-major',
        {
          option: 'inputs',
          kind: 'InputError',
        },
      );
    }
    const model = new AttentionModel(this.#core, this.#state, this.#alive(), config, weights);
    try {
      return model.forward(inputs);
    } finally {
      model.dispose();
    }
  }

  /** A model that keeps its weights (and its dropout random stream) between forward() calls. */
  createModel(options) {
    const { config, weights } = this.#normalize(options);
    return new AttentionModel(this.#core, this.#state, this.#alive(), config, weights);
  }

  // The caller's options as plain, checked copies, read once (getters run here and only here).
  #normalize(options) {
    const { config, inputs, weights } = normalizeOptions(options, (name, value) =>
      this.#core.checkOption(name, value),
    );
    const limit = this.#limits.maxTensorElements;
    return {
      config,
      inputs: inputs === undefined ? undefined : toFloat32(inputs, 'inputs', limit),
      weights: normalizeWeights(weights, limit),
    };
  }

  /** GPT-2 tokens of a sentence: [{ id, text }]. */
  tokenize(sentence) {
    return tokenize(checkSentence(sentence));
  }

  // Refuses a value that does not fit a model option, with the core's own message.
  #check(name, value) {
    const error = this.#core.checkOption(name, value);
    if (error !== undefined) throw fromCoreError(error);
  }

  /**
   * Sentence → tokens → embeddings (B,T,d_in): the same token always gets the same d_in-vector for
   * a given seed. The lecture's sentence with dIn = 3 uses the notebook's own vectors.
   */
  embed(sentence, options = {}) {
    const given = readPlainOptions(options, ['dIn', 'seed', 'batch'], 'embed() options', 'options');
    const { dIn = 3, seed = 123, batch = 1 } = given;
    // Sizes first (cheap), then the sentence; nothing is allocated before both are known to fit.
    for (const [key, value] of Object.entries({ dIn, seed, batch })) this.#check(key, value);
    const text = checkSentence(sentence).trim();
    const tokens = tokenize(text);
    if (tokens.length > MAX_SENTENCE_TOKENS) {
      throw new AttentionLabError(
        `the sentence has ${tokens.length} tokens; at most ${MAX_SENTENCE_TOKENS} are allowed`,
        { option: 'sentence', kind: 'InputError' },
      );
    }
    const count = batch * tokens.length * dIn;
    if (count > this.#limits.maxTensorElements) {
      throw new AttentionLabError(
        `batch × tokens × dIn = ${batch} × ${tokens.length} × ${dIn} = ${count} values is more than one tensor may ` +
          `hold (${this.#limits.maxTensorElements}); use a smaller batch or dIn`,
        { option: 'batch', kind: 'MemoryError' },
      );
    }
    const preset = this.#core.lecturePreset();
    const fromLecture = dIn === preset.dIn && text === preset.sentence;
    const one = fromLecture
      ? preset.embeddings
      : unwrap(
          this.#core.tokenEmbeddings(
            tokens.map((t) => t.id),
            dIn,
            seed,
          ),
        );
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
}

// A short, safe description of any value for a message (never calls the value's own methods).
function describe(value) {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol')
    return `a ${typeof value}`;
  return String(value);
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

/**
 * Loads the WASM core. Options: threads ('auto' (default): threads on cross-origin-isolated pages,
 * one thread elsewhere and in Node; or a number), locateFile(path, prefix) to serve the .wasm from
 * elsewhere, wasmBinary to pass it directly.
 */
export async function createAttentionLab(options = {}) {
  const { core, engine, build } = await loadCore(options);
  return new AttentionLab(core, engine, build);
}
