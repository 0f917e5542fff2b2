// attention-lab's JavaScript API: createAttentionLab() loads the WASM core and returns an object
// whose forward() runs causal multi-head self-attention and returns every stage of the lecture.
import { AttentionLabError } from './errors.mjs';
import { normalizeOptions, normalizeWeights, toFloat32 } from './options.mjs';
import { tokenizeSentence, embedSentence } from './embeddings.mjs';
import { AttentionModel } from './model.mjs';
import {
  headExperiment,
  describeModel,
  dropout,
  dropoutStatistics,
  maskingLimits,
} from './experiments.mjs';
import { loadCore } from './loader.mjs';
import { giveUpLate } from './threads-start.mjs';
import { canTokenize, loadTokenizer, tokenizerAt, tokenizerMode } from './tokens.mjs';
import { baseUrlFile } from './core-files.mjs';
import { PRESETS } from './presets.mjs';
import { TrainedModel, weightsBytes } from './trained.mjs';

export { AttentionLabError } from './errors.mjs';
export { DEFAULTS, OPTION_NAMES } from './options.mjs';
export { OPTIONS, STAGES, LIMITS } from './contract.mjs';
export { MAX_SENTENCE_CHARS } from './vocabulary.mjs';
export { MAX_SENTENCE_TOKENS } from './embeddings.mjs';
export { SIZE_PRESETS } from './sizes.mjs';
export { MAX_THREADS } from './loader.mjs';
export { WEIGHTS, NEXT_TOKENS, roleLabel } from './trained.mjs';
export { train, readCorpus, HELDOUT_SHARE, MAX_TRAINING_CHARS } from './train.mjs';
export { PRESETS } from './presets.mjs';

class AttentionLab {
  #core;
  #engine;
  #stages;
  #build;
  #threadsNote;
  #limits;
  #options;
  #state = { terminated: false }; // shared with this lab's models
  #weights = new Map(); // name → Promise<TrainedModel>: each file is read once per lab

  constructor(core, engine, build, threadsNote = '', settled = null) {
    this.#core = core;
    this.#engine = engine;
    this.#build = build;
    this.#threadsNote = threadsNote;
    // Made while its workers load (waitForThreads: false): workers that never load are given up.
    giveUpLate(settled, engine)?.then((note) => note && (this.#threadsNote = note));
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

  /** Why the lab runs on one thread where the page offers threads (its CSP, say), or ''. */
  get threadsNote() {
    return this.#threadsNote;
  }

  /** Threads used by passes without a trace and fused passes with one (the calling thread included). */
  get threads() {
    return this.#engine ? this.#engine.threads() : 1;
  }

  /** Whether the core runs WebAssembly SIMD kernels (always true: every build needs SIMD128). */
  get simd() {
    return this.#core.simd().startsWith('wasm-');
  }

  /** Whether the kernels use relaxed SIMD's fused multiply-add (the relaxed build is loaded). */
  get relaxedSimd() {
    return this.#core.simd() === 'wasm-relaxed-simd';
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
   * inside WASM. Returns [{ heads, loopMs, fusedMs, maxDifference }] (medians, ms per pass).
   */
  headExperiment(options = {}) {
    return headExperiment(this.#alive(), options);
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

  /**
   * A model described without building it: { stages: [{ name, dims, shape }], parameters:
   * [{ name, shape, count }], parameterCount, width, headSize, flops, traceBytes, runsHere, whyNot }.
   * Takes forward()'s options without inputs (tokens and dIn are then required); works for sizes
   * that could not run here, GPT-3's included.
   */
  describe(options) {
    return describeModel(this.#core, options);
  }

  /**
   * torch.manual_seed(seed); torch.nn.Dropout(p)(input), on any tensor: { output, mask }, each
   * { shape, data }. rng 'cpu' gives PyTorch's default CPU mask (the notebook's), 'mkl' the mask of
   * PyTorch builds with MKL on Intel CPUs. Defaults: the notebook's p 0.5, seed 123.
   */
  dropout(options) {
    return dropout(this.#core, options);
  }

  /**
   * What 1/(1−p) buys: `draws` dropouts of `input`, draw k seeded with seed + k. { keptShare,
   * maxError, meanAbsError } per draw (the errors of the running mean of the dropped values against
   * the input) and the final mean { shape, data }.
   */
  dropoutStatistics(options) {
    return dropoutStatistics(this.#core, options);
  }

  /**
   * The lecture's two masking routes on one row whose future score exceeds its past by each gap:
   * [{ gap, unmasked, naive?, negInf, maxDifference?, failure? }] (see docs/API.md).
   */
  maskingLimits(options) {
    return maskingLimits(this.#core, options);
  }

  /**
   * Trained weights: 'trained' (the language model trained on the Brown Corpus that ships with the
   * package, docs/TRAINING.md), or the bytes of a weights file. The file is fetched (browsers,
   * relative to this module) or read (Node) on the first call only; later calls give the same
   * model. Resolves to a TrainedModel (explain(sentence), roles(), info, stateDict()).
   */
  async loadWeights(source = 'trained') {
    this.#alive();
    const named = typeof source === 'string';
    const cached = named ? this.#weights.get(source) : undefined;
    if (cached !== undefined) {
      const model = await cached;
      if (!model.disposed) return model;
    }
    // explain() tokenises and names the next tokens: the tokenizer is loaded alongside.
    const loading = Promise.all([weightsBytes(source), loadTokenizer()]).then(
      ([bytes]) => new TrainedModel(this.#core, bytes, (options) => this.createModel(options)),
    );
    if (named) {
      this.#weights.set(source, loading);
      loading.catch(() => this.#weights.delete(source)); // a failed read can be tried again
    }
    return loading;
  }

  /**
   * Loads the tokenizer's tables, if createAttentionLab was given tokenizer: 'lazy'; resolves when
   * tokenize() and embed() take any sentence.
   */
  async loadTokenizer() {
    await loadTokenizer();
  }

  /** Whether tokenize(sentence) and embed(sentence) can answer now, before loadTokenizer(). */
  canTokenize(sentence) {
    return canTokenize(sentence);
  }

  /** GPT-2 tokens of a sentence: [{ id, text }]. */
  tokenize(sentence) {
    return tokenizeSentence(sentence);
  }

  /**
   * Sentence → tokens → embeddings (B,T,d_in): the same token always gets the same d_in-vector for
   * a given seed. The lecture's sentence with dIn = 3 uses the notebook's own vectors.
   */
  embed(sentence, options = {}) {
    return embedSentence(this.#core, sentence, options);
  }
}

/**
 * Loads the WASM core. Options (threads, relaxedSimd, locateFile, baseUrl, wasmBinary, tokenizer,
 * waitForThreads): CreateAttentionLabOptions in index.d.ts, and docs/API.md.
 */
export async function createAttentionLab(options = {}) {
  const eager = tokenizerMode(options) === 'eager';
  tokenizerAt(baseUrlFile(options.baseUrl, 'tokenizer.mjs'));
  // Both load at once; when both fail (a bundle served without the package's files), the core's
  // failure is the one reported: it names the file, the HTTP status and baseUrl.
  const tokens = eager ? loadTokenizer() : null;
  tokens?.catch(() => {});
  const { core, engine, build, note, settled } = await loadCore(options);
  await tokens;
  return new AttentionLab(core, engine, build, note, settled);
}
