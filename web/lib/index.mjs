// attention-lab's JavaScript API: createAttentionLab() loads the WASM core and returns an object
// whose forward() runs causal multi-head self-attention and returns every stage of the lecture.
import createAttentionCore from './attention-core.mjs';
import { AttentionLabError, fromCoreError } from './errors.mjs';
import { normalizeOptions, normalizeWeights, toFloat32, isNumberArray } from './options.mjs';
import { tokenize, VOCABULARY } from './tokenizer.mjs';

export { AttentionLabError } from './errors.mjs';
export { DEFAULTS, OPTION_NAMES } from './options.mjs';

/** The lectures' example sentences. */
export const PRESETS = Object.freeze([
  { id: 'journey', sentence: 'Your journey starts with one step', dIn: 3, note: "the lecture notebook's own 3-d vectors" },
  { id: 'dog', sentence: 'the dog chased the ball but it could not catch it', note: "what does 'it' attend to?" },
  { id: 'dogs-animals', sentence: 'all dogs are animals', note: 'same words as the next one, other order' },
  { id: 'animals-dogs', sentence: 'all animals are dogs', note: 'causal attention sees the order' },
]);

/** At most this many tokens per sentence in embed(). */
export const MAX_SENTENCE_TOKENS = 1024;

const call = (fn) => {
  try {
    return fn();
  } catch (error) {
    throw fromCoreError(error);
  }
};

// Frees the WASM memory of models that were garbage-collected without dispose().
const finalizer =
  typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((model) => model.delete()) : null;

class AttentionModel {
  #core;
  #model;
  #options;

  constructor(core, options) {
    this.#core = core;
    this.#options = options;
    const { inputs, weights, ...config } = options;
    this.#model = call(() => new core.Model(config, normalizeWeights(weights)));
    finalizer?.register(this, this.#model, this);
  }

  /** The options this model was created with (defaults filled in). */
  get options() {
    const { inputs, weights, ...config } = this.#options;
    return config;
  }

  /** inputs: (B,T,d_in) row-major; returns { output, trace }. */
  forward(inputs) {
    const model = this.#alive();
    const data = toFloat32(inputs, 'inputs');
    const { batch, tokens, dIn } = this.#options;
    const needed = batch * tokens * dIn;
    if (data.length !== needed) {
      throw new AttentionLabError(
        `inputs has ${data.length} values; this model needs batch × tokens × dIn = ` +
          `${batch} × ${tokens} × ${dIn} = ${needed} (row-major (B,T,d_in))`,
        { option: 'inputs', kind: 'InputError' },
      );
    }
    call(() => {
      model.inputView().set(data);
      model.run();
    });
    // Views on WASM memory die with the next call: copy them out.
    const output = { shape: model.outputShape(), data: model.outputView().slice() };
    const trace = {};
    for (let i = 0, n = model.traceSize(); i < n; ++i) {
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

  #alive() {
    if (!this.#model) {
      throw new AttentionLabError('this model was disposed; create a new one with lab.createModel()', {
        option: 'model',
        kind: 'Error',
      });
    }
    return this.#model;
  }
}

class AttentionLab {
  #core;
  #stages;

  constructor(core) {
    this.#core = core;
    this.#stages = Object.freeze(core.stageList().map((s) => Object.freeze(s)));
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
    const inputs = options?.inputs;
    if (inputs === undefined) {
      throw new AttentionLabError('inputs is required: a Float32Array or number[] holding (B,T,d_in) row-major', {
        option: 'inputs',
        kind: 'InputError',
      });
    }
    const model = this.createModel(options);
    try {
      return model.forward(inputs);
    } finally {
      model.dispose();
    }
  }

  /** A model that keeps its weights (and its dropout random stream) between forward() calls. */
  createModel(options) {
    const inputs = options?.inputs;
    const count = inputs === undefined ? undefined : isNumberArray(inputs) ? inputs.length : -1;
    if (count === -1) toFloat32(inputs, 'inputs');
    return new AttentionModel(this.#core, normalizeOptions(options, count));
  }

  /** GPT-2 tokens of a sentence: [{ id, text }]. */
  tokenize(sentence) {
    return tokenize(checkSentence(sentence));
  }

  /**
   * Sentence → tokens → embeddings (B,T,d_in): the same token always gets the same d_in-vector for
   * a given seed. The lecture's sentence with dIn = 3 uses the notebook's own vectors.
   */
  embed(sentence, { dIn = 3, seed = 123, batch = 1 } = {}) {
    const tokens = this.tokenize(sentence);
    if (tokens.length > MAX_SENTENCE_TOKENS) {
      throw new AttentionLabError(
        `the sentence has ${tokens.length} tokens; at most ${MAX_SENTENCE_TOKENS} are allowed`,
        { option: 'sentence', kind: 'InputError' },
      );
    }
    for (const [key, value] of Object.entries({ dIn, seed, batch })) {
      if (!Number.isInteger(value) || value < (key === 'seed' ? 0 : 1)) {
        throw new AttentionLabError(`${key} = ${value}: must be an integer ≥ ${key === 'seed' ? 0 : 1}`, {
          option: key,
        });
      }
    }
    const preset = this.#core.lecturePreset();
    const fromLecture = dIn === preset.dIn && sentence.trim() === preset.sentence;
    const one = fromLecture
      ? preset.embeddings
      : call(() => this.#core.tokenEmbeddings(tokens.map((t) => t.id), dIn, seed));
    const inputs = new Float32Array(batch * one.length);
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

function checkSentence(sentence) {
  if (typeof sentence !== 'string') {
    throw new AttentionLabError(`the sentence must be a string, not ${typeof sentence}`, {
      option: 'sentence',
      kind: 'InputError',
    });
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
 * Loads the WASM core. Options: locateFile(path, prefix) to serve the .wasm from elsewhere,
 * or wasmBinary (an ArrayBuffer / Uint8Array) to pass it directly.
 */
export async function createAttentionLab({ locateFile, wasmBinary } = {}) {
  const moduleOptions = {};
  if (locateFile) moduleOptions.locateFile = locateFile;
  if (wasmBinary) moduleOptions.wasmBinary = wasmBinary;
  const core = await createAttentionCore(moduleOptions);
  return new AttentionLab(core);
}
