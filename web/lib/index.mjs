// attention-lab's JavaScript API: createAttentionLab() loads the WASM core and returns an object
// whose forward() runs causal multi-head self-attention and returns every stage of the lecture.
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { normalizeOptions, normalizeWeights, toFloat32, isNumberArray, readPlainOptions } from './options.mjs';
import { tokenize, VOCABULARY, MAX_SENTENCE_CHARS } from './tokenizer.mjs';
import { LIMITS } from './contract.mjs';

export { AttentionLabError } from './errors.mjs';
export { DEFAULTS, OPTION_NAMES } from './options.mjs';
export { OPTIONS, STAGES, LIMITS } from './contract.mjs';
export { MAX_SENTENCE_CHARS } from './tokenizer.mjs';

/** The lectures' example sentences. */
export const PRESETS = Object.freeze(
  [
    { id: 'journey', sentence: 'Your journey starts with one step', dIn: 3, note: "the lecture notebook's own 3-d vectors" },
    { id: 'dog', sentence: 'the dog chased the ball but it could not catch it', note: "what does 'it' attend to?" },
    { id: 'dogs-animals', sentence: 'all dogs are animals', note: 'same words as the next one, other order' },
    { id: 'animals-dogs', sentence: 'all animals are dogs', note: 'causal attention sees the order' },
  ].map((preset) => Object.freeze(preset)),
);

/** At most this many tokens per sentence in embed(). */
export const MAX_SENTENCE_TOKENS = 1024;

// The core never throws across its boundary (a JS exception through WebAssembly frames would skip
// C++ destructors and leak): it returns { value } or { error }, and the error becomes an
// AttentionLabError here.
function unwrap(result) {
  if (result.error !== undefined) throw fromCoreError(result.error);
  return result.value;
}

// Copies a result into the caller's array: element by element when it is small (a subarray view
// would cost more than the copy for the lecture's shapes), in one block otherwise.
function copyIntoArray(into, heap, start) {
  const count = into.length;
  if (count > 256) into.set(heap.subarray(start, start + count));
  else for (let i = 0; i < count; ++i) into[i] = heap[start + i];
}

// The float view of WASM memory. The threaded build's memory is a growable SharedArrayBuffer: when
// a worker thread grows it, the main thread's HEAPF32 still covers the old size, so compare it with
// the memory's current buffer and renew the view.
function heapF32(core) {
  const buffer = core.wasmMemory?.buffer;
  if (buffer !== undefined && core.HEAPF32.buffer !== buffer) core.HEAPF32 = new Float32Array(buffer);
  return core.HEAPF32;
}

// Frees the WASM memory of models that were garbage-collected without dispose().
const finalizer =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((model) => model.delete()) : null;

class AttentionModel {
  #core;
  #lab;
  #model;
  #options;
  #inputCount;

  #inputOffset;
  #handle;
  #outputShape;
  #outputCount;

  // `options` and `weights` are the checked, plain copies made by createModel: no user code runs
  // from here on.
  constructor(core, lab, engine, options, weights) {
    this.#core = core;
    this.#lab = lab;
    this.#options = options;
    this.#inputCount = options.batch * options.tokens * options.dIn;
    const model = new core.Model(options, weights, engine);
    const error = model.error();
    if (error !== undefined) {
      model.delete();
      throw fromCoreError(error);
    }
    this.#model = model;
    finalizer?.register(this, model, this);
    // The input buffer never moves; the core knows the output's shape (B, T, D).
    this.#inputOffset = model.inputPointer() / 4;
    this.#handle = model.handle();
    this.#outputShape = model.outputShape();
    this.#outputCount = this.#outputShape.reduce((a, b) => a * b, 1);
  }

  /** The options this model was created with (defaults filled in). */
  get options() {
    return { ...this.#options };
  }

  /**
   * inputs: (B,T,d_in) row-major; returns { output, trace }. With { output: Float32Array } the
   * result is written into that array (and returned as output.data) instead of a new one.
   */
  forward(inputs, options) {
    // Read everything the caller passed first: a getter may dispose this model or terminate its
    // lab, and only then is the model looked at.
    const into = this.#outputArray(options);
    const length = isNumberArray(inputs) ? inputs.length : undefined;
    if (length !== undefined && length !== this.#inputCount) {
      const { batch, tokens, dIn } = this.#options;
      throw new AttentionLabError(
        `inputs has ${length} values; this model needs batch × tokens × dIn = ` +
          `${batch} × ${tokens} × ${dIn} = ${this.#inputCount} (row-major (B,T,d_in))`,
        { option: 'inputs', kind: 'InputError' },
      );
    }
    const data = toFloat32(inputs, 'inputs', this.#inputCount);
    const model = this.#alive();
    // Copy through the heap directly: no views or shape arrays are created per call, which is
    // most of the cost of a forward pass for the lecture's tiny shapes.
    // (The heap view is looked up each time: it is replaced when the memory grows.)
    const core = this.#core;
    heapF32(core).set(data, this.#inputOffset);
    // One plain WASM call (no Embind invoker); 0 means the core kept an error for error().
    const address = core._attention_lab_run(this.#handle);
    if (address === 0) throw fromCoreError(model.error());
    const pointer = address / 4;
    const heap = heapF32(core);
    if (into !== undefined) copyIntoArray(into, heap, pointer);
    // A result owns its memory: a new array per call (or the caller's own, with { output }).
    const output = {
      shape: this.#outputShape.slice(),
      data: into ?? heap.slice(pointer, pointer + this.#outputCount),
    };
    const trace = {};
    if (!this.#options.trace) return { output, trace };
    for (let i = 0, n = model.traceSize(); i < n; ++i) {
      // Views on WASM memory die with the next call: copy them out.
      trace[model.traceName(i)] = { shape: model.traceShape(i), data: model.traceView(i).slice() };
    }
    return { output, trace };
  }

  /** The parameters under their PyTorch state_dict names: { key: { shape, data } }. */
  stateDict() {
    return this.#alive().stateDict();
  }

  /** Frees the model's WASM memory; the model cannot be used afterwards. */
  dispose() {
    if (!this.#model) return;
    finalizer?.unregister(this);
    this.#model.delete();
    this.#model = null;
  }

  // A caller's array for the output (forward's second argument, { output }): reusing one saves
  // allocating a new array per call and, for large outputs, the operating system mapping in fresh
  // pages for it (9 ms for the 3 MB of T = 1024, d = 768 on our 2-vCPU test machine).
  #outputArray(options) {
    if (options === undefined) return undefined;
    const { output: into } = readPlainOptions(options, ['output'], "forward()'s second argument", 'output');
    if (into === undefined) return undefined;
    const [batch, tokens, width] = this.#outputShape;
    const wanted = `a Float32Array of batch × tokens × width = ${batch} × ${tokens} × ${width} = ${this.#outputCount} values`;
    if (!(into instanceof Float32Array)) {
      const got = into === null ? 'null' : ArrayBuffer.isView(into) ? into.constructor.name : typeof into;
      throw new AttentionLabError(`output must be ${wanted} (it receives the result); got ${got}`, { option: 'output' });
    }
    if (into.length !== this.#outputCount) {
      throw new AttentionLabError(`output has ${into.length} values; it must be ${wanted}`, { option: 'output' });
    }
    return into;
  }

  #alive() {
    if (!this.#model) {
      throw new AttentionLabError('this model was disposed; create a new one with lab.createModel()', {
        option: 'model',
        kind: 'Error',
      });
    }
    if (this.#lab.terminated) {
      throw new AttentionLabError('the lab of this model was terminated; create a new lab with createAttentionLab()', {
        option: 'lab',
        kind: 'Error',
      });
    }
    return this.#model;
  }
}

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
    const { heads = [2, 400, 4000], headSize = 3, tokens = 6, batch = 2, dIn = 3, repeats = 15, seed = 123 } = given;
    if (!Array.isArray(heads) || heads.length === 0 || heads.some((h) => !Number.isInteger(h) || h < 1)) {
      throw new AttentionLabError(`heads must be a list of positive integers such as [2, 400, 4000], not ${describe(heads)}`, { option: 'heads' });
    }
    for (const [key, value] of Object.entries({ headSize, tokens, batch, dIn, repeats, seed })) {
      if (!Number.isInteger(value)) {
        throw new AttentionLabError(`${key} = ${describe(value)}: must be an integer`, { option: key });
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
      throw new AttentionLabError('this lab was terminated; create a new one with createAttentionLab()', { option: 'lab', kind: 'Error' });
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
      throw new AttentionLabError('inputs is required: a Float32Array or number[] holding (B,T,d_in) row-major', {
        option: 'inputs',
        kind: 'InputError',
      });
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
    const { config, inputs, weights } = normalizeOptions(options, (name, value) => this.#core.checkOption(name, value));
    const limit = this.#limits.maxTensorElements;
    return { config, inputs: inputs === undefined ? undefined : toFloat32(inputs, 'inputs', limit), weights: normalizeWeights(weights, limit) };
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
      : unwrap(this.#core.tokenEmbeddings(tokens.map((t) => t.id), dIn, seed));
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
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
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

// A tiny module using one SIMD128 instruction: what wasm-feature-detect checks, inlined.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

function hasSimd() {
  try {
    return WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';

// Threads need SharedArrayBuffer, which browsers give only to cross-origin-isolated pages.
function canUseThreads() {
  if (typeof SharedArrayBuffer !== 'function') return false;
  return inNode || globalThis.crossOriginIsolated === true;
}

/** The most threads the threaded build can use (its pthread pool size, from the core). */
export const MAX_THREADS = LIMITS.poolSize;

function chooseThreads(threads) {
  if (threads === 'auto' || threads === undefined) {
    if (inNode || !canUseThreads()) return 1;
    return Math.max(1, Math.min(MAX_THREADS, globalThis.navigator?.hardwareConcurrency ?? 1));
  }
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new AttentionLabError(`threads = ${threads}: allowed are 'auto' or an integer from 1 to ${MAX_THREADS}`, { option: 'threads' });
  }
  if (threads > 1 && !canUseThreads()) {
    throw new AttentionLabError(
      `threads = ${threads}: this page is not cross-origin isolated, so WebAssembly threads are unavailable; ` +
        "use threads: 'auto' or 1, or serve the page with Cross-Origin-Opener-Policy: same-origin and " +
        'Cross-Origin-Embedder-Policy: require-corp',
      { option: 'threads' },
    );
  }
  return threads;
}

// The threaded build starts its pthread workers from emscripten's worker script. In browsers that
// script is started from a blob: URL holding its source (inlined at build time): `new Worker(url)`
// is refused for a script on another origin (a CDN), and bundlers then never see a worker to
// rewrite. The worker imports the core module itself, from its absolute URL (CORS applies).
// Node keeps the plain file path (its workers cannot start from blob: URLs).
const THREADS_WORKER = 'attention-core-threads.worker.js';
let workerBlobUrl;
async function threadedBrowserOptions(locateFile) {
  if (!workerBlobUrl) {
    const { default: source } = await import('./attention-core-threads.worker-source.mjs');
    workerBlobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  }
  const wasmUrl = new URL('./attention-core-threads.wasm', import.meta.url).href;
  return {
    mainScriptUrlOrBlob: new URL('./attention-core-threads.mjs', import.meta.url).href,
    locateFile: (path, prefix) => {
      if (path === THREADS_WORKER) return workerBlobUrl;
      if (locateFile) return locateFile(path, prefix);
      return path === 'attention-core-threads.wasm' ? wasmUrl : prefix + path;
    },
  };
}

/**
 * Loads the WASM core. Options: threads ('auto' (default): threads on cross-origin-isolated pages,
 * one thread elsewhere and in Node; or a number), locateFile(path, prefix) to serve the .wasm from
 * elsewhere, wasmBinary to pass it directly.
 */
export async function createAttentionLab({ threads = 'auto', locateFile, wasmBinary } = {}) {
  if (!hasSimd()) {
    throw new AttentionLabError(
      'this browser does not support WebAssembly SIMD (Chrome 91+, Firefox 89+, Safari 16.4+ do); attention-lab needs it',
      { option: 'simd', kind: 'Error' },
    );
  }
  const count = chooseThreads(threads);
  const build = count > 1 ? 'threads' : 'single';
  const moduleOptions = {};
  if (locateFile) moduleOptions.locateFile = locateFile;
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  if (build === 'threads' && !inNode) Object.assign(moduleOptions, await threadedBrowserOptions(locateFile));
  const factory =
    build === 'threads'
      ? (await import('./attention-core-threads.mjs')).default
      : (await import('./attention-core.mjs')).default;
  const core = await factory(moduleOptions);
  if (inNode && build === 'threads') {
    // Worker threads must not keep Node alive: a script that is done should exit.
    for (const worker of [...(core.PThread?.unusedWorkers ?? []), ...(core.PThread?.runningWorkers ?? [])]) {
      worker.unref?.();
    }
  }
  const engine = new core.Engine(count);
  const error = engine.error();
  if (error !== undefined) {
    engine.delete();
    throw fromCoreError(error);
  }
  return new AttentionLab(core, engine, build);
}
